// A listings feed (ADR 046): CSV with a header row, or a JSON array of objects, carrying the auction
// listing's fields under their specification names (vin, year, make, models, trims, …) plus `listingUrl`
// and `images`. Each row is checked on its own: a bad row is reported with its line and reason and the
// others still import. Pure: the importer (server), the script and the tests read feeds the same way.
import { z } from "zod";
import type { ListingColumns } from "./listing-details.ts";

/** Limits of one feed: what an import takes at once and what one row may carry. */
export const FEED_LIMITS = {
  /** Rows of one feed (the benchmark imports 10,000). */
  maxRows: 20_000,
  /** Characters of the feed's text. */
  maxChars: 20 * 1024 * 1024,
  /** Photos of one listing. */
  maxPhotos: 12,
} as const;

/** The columns of a CSV feed (and keys of a JSON item); `vin`, `year`, `make`, `models`, `odometer` are required. */
export const FEED_FIELDS = [
  "vin",
  "year",
  "make",
  "models",
  "trims",
  "odometer",
  "exteriorColor",
  "interiorColor",
  "buyNowPrice",
  "mmrPrice",
  "facilitatingAuction",
  "locationCity",
  "locationFullZipcode",
  "pickupLocationState",
  "sellerName",
  "source",
  "comments",
  "listingUrl",
  "images",
] as const;
export type FeedField = (typeof FEED_FIELDS)[number];

export const REQUIRED_FEED_FIELDS = ["vin", "year", "make", "models", "odometer"] as const;

export const FEED_MESSAGES = {
  empty: "The feed is empty.",
  tooLarge: `The feed is larger than ${FEED_LIMITS.maxChars / (1024 * 1024)} MB.`,
  tooManyRows: `The feed has more than ${FEED_LIMITS.maxRows.toLocaleString("en-US")} rows.`,
  badJson: "The feed is not valid JSON.",
  jsonShape: "A JSON feed must be an array of listings (or an object with a `listings` array).",
  notObject: "The row is not an object.",
  unclosedQuote: "A quoted CSV field is never closed.",
  missingColumns: (columns: readonly string[]) => `The feed has no column ${columns.join(", ")}.`,
  duplicateVin: (line: number) => `The VIN is listed again (first on line ${line}).`,
  vin: "vin must be 17 letters and digits (no I, O or Q).",
  year: "year must be a model year between 1980 and next year.",
  odometer: "odometer must be a whole number of miles, at most 9 digits.",
  price: (field: string) => `${field} must be an amount in dollars, like 24500 or 24,500.00.`,
  text: (field: string, max: number) => `${field} must be at most ${max} characters.`,
  required: (field: string) => `${field} is required.`,
  zip: "locationFullZipcode must be a ZIP code: 5 digits, or ZIP+4 (12345-6789).",
  state: "pickupLocationState must be a two-letter state code.",
  listingUrl: "listingUrl must be an http(s) URL.",
  photo: (reference: string) =>
    `The photo "${reference}" is neither an http(s) URL nor a file name beside the feed (letters, digits, '.', '-', '_', '/').`,
  tooManyPhotos: `A listing has at most ${FEED_LIMITS.maxPhotos} photos.`,
} as const;

/** Where a photo of the feed comes from: a file beside the feed (or uploaded with it), or an http(s) URL. */
export type PhotoReference = { kind: "file"; name: string } | { kind: "url"; url: string };

/** A row that passed every check: the listing's columns and its photos, in order. */
export interface FeedListing extends ListingColumns {
  photos: PhotoReference[];
}

/** One row's verdict; `line` is the CSV line the row starts on, or the JSON item's number (1-based). */
export type FeedRow = { line: number; ok: true; listing: FeedListing } | { line: number; ok: false; reason: string };

export type FeedReading = { ok: true; rows: FeedRow[] } | { ok: false; message: string };

/** Only http(s) URLs are links (and fetched photos); anything else (javascript:, data:, relative) is not. */
export function safeHttpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
}

const FILE_REFERENCE = /^(?!\/)(?!.*(?:^|\/)\.\.?(?:\/|$))[A-Za-z0-9._\-/ ]{1,200}$/;

/** A photo cell's reference: an http(s) URL, or a relative file name that cannot leave the feed's folder. */
export function readPhotoReference(raw: string): PhotoReference | null {
  const value = raw.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) {
    const url = safeHttpUrl(value);
    return url ? { kind: "url", url } : null;
  }
  return FILE_REFERENCE.test(value) && !value.includes("//") ? { kind: "file", name: value } : null;
}

// Cells arrive as text (CSV) or as JSON values; both are read through text so the rules are the same.
const cell = z.union([z.string(), z.number(), z.null(), z.undefined()]).transform((value) => {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  return text === "" ? null : text;
});

const optionalText = (field: string, max: number) =>
  cell.refine((value) => value === null || value.length <= max, FEED_MESSAGES.text(field, max));

const requiredText = (field: string, max: number) =>
  cell.pipe(z.string({ error: FEED_MESSAGES.required(field) }).max(max, FEED_MESSAGES.text(field, max)));

const MONEY = /^\$?(\d{1,3}(,\d{3})+|\d{1,8})(\.\d{1,2})?$/;

const price = (field: string) =>
  cell.transform((value, context) => {
    if (value === null) return null;
    if (!MONEY.test(value)) {
      context.addIssue({ code: "custom", message: FEED_MESSAGES.price(field) });
      return z.NEVER;
    }
    return Number(value.replace(/[$,]/g, "")).toFixed(2);
  });

const schemas = new Map<number, ReturnType<typeof buildRowSchema>>();

/** One schema per model-year limit (a feed's 10,000 rows share it). */
function rowSchema(maxYear: number) {
  let schema = schemas.get(maxYear);
  if (!schema) schemas.set(maxYear, (schema = buildRowSchema(maxYear)));
  return schema;
}

function buildRowSchema(maxYear: number) {
  return z.object({
    vin: cell.pipe(
      z
        .string({ error: FEED_MESSAGES.required("vin") })
        .transform((value) => value.toUpperCase())
        .pipe(z.string().regex(/^[A-HJ-NPR-Z0-9]{17}$/, FEED_MESSAGES.vin)),
    ),
    year: cell.pipe(
      z
        .string({ error: FEED_MESSAGES.required("year") })
        .regex(/^\d{4}$/, FEED_MESSAGES.year)
        .transform(Number)
        .refine((year) => year >= 1980 && year <= maxYear, FEED_MESSAGES.year),
    ),
    make: requiredText("make", 40),
    models: requiredText("models", 60),
    trims: optionalText("trims", 60),
    odometer: cell.pipe(
      z
        .string({ error: FEED_MESSAGES.required("odometer") })
        .transform((value) => value.replace(/,/g, ""))
        .pipe(z.string().regex(/^\d{1,9}$/, FEED_MESSAGES.odometer))
        .transform(Number),
    ),
    exteriorColor: optionalText("exteriorColor", 40),
    interiorColor: optionalText("interiorColor", 40),
    buyNowPrice: price("buyNowPrice"),
    mmrPrice: price("mmrPrice"),
    facilitatingAuction: optionalText("facilitatingAuction", 80),
    locationCity: optionalText("locationCity", 80),
    locationFullZipcode: cell.refine((value) => value === null || /^\d{5}(-\d{4})?$/.test(value), FEED_MESSAGES.zip),
    pickupLocationState: cell
      .transform((value) => value?.toUpperCase() ?? null)
      .refine((value) => value === null || /^[A-Z]{2}$/.test(value), FEED_MESSAGES.state),
    sellerName: optionalText("sellerName", 120),
    source: optionalText("source", 60),
    comments: optionalText("comments", 2000),
    listingUrl: cell.transform((value, context) => {
      if (value === null) return null;
      const url = safeHttpUrl(value);
      if (!url || url.length > 500) {
        context.addIssue({ code: "custom", message: FEED_MESSAGES.listingUrl });
        return z.NEVER;
      }
      return url;
    }),
  });
}

/** A photo list: an array (JSON: strings or `{ largeUrl }`), or one cell of references separated by '|'. */
function readPhotoList(value: unknown): { ok: true; photos: PhotoReference[] } | { ok: false; reason: string } {
  const items: unknown[] =
    value === null || value === undefined
      ? []
      : Array.isArray(value)
        ? value
        : String(value)
            .split("|")
            .filter((part) => part.trim() !== "");
  if (items.length > FEED_LIMITS.maxPhotos) return { ok: false, reason: FEED_MESSAGES.tooManyPhotos };
  const photos: PhotoReference[] = [];
  for (const item of items) {
    const text =
      typeof item === "string"
        ? item
        : typeof item === "object" && item !== null && "largeUrl" in item && typeof item.largeUrl === "string"
          ? item.largeUrl
          : JSON.stringify(item);
    const reference = readPhotoReference(text);
    if (!reference) return { ok: false, reason: FEED_MESSAGES.photo(text.trim().slice(0, 120)) };
    photos.push(reference);
  }
  return { ok: true, photos };
}

/** Checks one row's cells (CSV text or JSON values) and reads them as a listing, or says what is wrong. */
export function readFeedRow(line: number, cells: Record<string, unknown>, options: { maxYear: number }): FeedRow {
  // Every column present (a JSON item may leave some out): a missing cell is an empty one.
  const complete = Object.fromEntries(FEED_FIELDS.map((field) => [field, cells[field] ?? null]));
  const parsed = rowSchema(options.maxYear).safeParse(complete);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { line, ok: false, reason: issue?.message ?? "The row is not a listing." };
  }
  const photos = readPhotoList(cells.images);
  if (!photos.ok) return { line, ok: false, reason: photos.reason };
  const { models, trims, ...rest } = parsed.data;
  return { line, ok: true, listing: { ...rest, model: models, trim: trims, photos: photos.photos } };
}

/** RFC 4180 CSV: quoted fields with "" escapes and line breaks, CRLF or LF; each record with the line it starts on. */
export function parseCsv(text: string): { ok: true; records: { line: number; cells: string[] }[] } | { ok: false } {
  const records: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let fieldStarted = false;
  const endRecord = () => {
    cells.push(field);
    if (!(cells.length === 1 && cells[0] === "" && !fieldStarted)) records.push({ line: recordLine, cells });
    cells = [];
    field = "";
    fieldStarted = false;
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (char === "\n") line++;
        field += char;
      }
      continue;
    }
    if (char === '"' && field === "") {
      quoted = true;
      fieldStarted = true;
    } else if (char === ",") {
      cells.push(field);
      field = "";
      fieldStarted = true;
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[i + 1] === "\n") i++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      field += char;
      fieldStarted = true;
    }
  }
  if (quoted) return { ok: false };
  if (field !== "" || cells.length > 0 || fieldStarted) endRecord();
  return { ok: true, records };
}

function looksLikeJson(text: string): boolean {
  const first = text.trimStart()[0];
  return first === "[" || first === "{";
}

/**
 * Reads a whole feed: refuses it as a whole when it is not a feed (empty, too large, not CSV or JSON,
 * required columns missing), else checks every row. A VIN listed twice is refused on its later line.
 */
export function readListingFeed(text: string, options: { maxYear: number }): FeedReading {
  if (text.length > FEED_LIMITS.maxChars) return { ok: false, message: FEED_MESSAGES.tooLarge };
  const body = text.replace(/^\uFEFF/, "");
  if (body.trim() === "") return { ok: false, message: FEED_MESSAGES.empty };
  let items: { line: number; cells: Record<string, unknown> | null }[];
  if (looksLikeJson(body)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return { ok: false, message: FEED_MESSAGES.badJson };
    }
    const list = Array.isArray(parsed)
      ? parsed
      : typeof parsed === "object" && parsed !== null && "listings" in parsed
        ? parsed.listings
        : null;
    if (!Array.isArray(list)) return { ok: false, message: FEED_MESSAGES.jsonShape };
    items = list.map((item: unknown, index) => ({
      line: index + 1,
      cells:
        typeof item === "object" && item !== null && !Array.isArray(item) ? (item as Record<string, unknown>) : null,
    }));
  } else {
    const csv = parseCsv(body);
    if (!csv.ok) return { ok: false, message: FEED_MESSAGES.unclosedQuote };
    const [header, ...records] = csv.records;
    if (!header) return { ok: false, message: FEED_MESSAGES.empty };
    const columns = header.cells.map((name) => name.trim());
    const missing = REQUIRED_FEED_FIELDS.filter((name) => !columns.includes(name));
    if (missing.length > 0) return { ok: false, message: FEED_MESSAGES.missingColumns(missing) };
    items = records.map(({ line, cells }) => ({
      line,
      cells: Object.fromEntries(columns.map((name, index) => [name, cells[index] ?? ""])),
    }));
  }
  if (items.length === 0) return { ok: false, message: FEED_MESSAGES.empty };
  if (items.length > FEED_LIMITS.maxRows) return { ok: false, message: FEED_MESSAGES.tooManyRows };
  const firstLineOfVin = new Map<string, number>();
  const rows = items.map(({ line, cells }): FeedRow => {
    if (!cells) return { line, ok: false, reason: FEED_MESSAGES.notObject };
    const row = readFeedRow(line, cells, options);
    if (!row.ok) return row;
    const first = firstLineOfVin.get(row.listing.vin);
    if (first !== undefined) return { line, ok: false, reason: FEED_MESSAGES.duplicateVin(first) };
    firstLineOfVin.set(row.listing.vin, line);
    return row;
  });
  return { ok: true, rows };
}

/** The model years a feed may list: 1980 up to next year. */
export const maxModelYear = (now: Date): number => now.getUTCFullYear() + 1;
