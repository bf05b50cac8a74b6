// The listings importer (ADR 046): one operation behind `npm run listings:import`, the page's upload form
// and POST /api/listings/import. It reads a feed (app/rules/listings/listing-feed.ts), then for each good
// row reads its photos, stores them and upserts the listing by VIN with its photos in one
// transaction, linked to the company's unit of the same VIN. A row whose photo is refused writes nothing;
// the other rows still import.
import { createHash } from "node:crypto";
import type { Db } from "../platform/services.server.ts";
import type { FileStorage } from "../files/file-storage.server.ts";
import { imageKeys, readImage, type ImageReading } from "../files/images.server.ts";
import { auditActorOf, recordAudit } from "../audit/audit-log.server.ts";
import type { OperationActor } from "../operations/operation.server.ts";
import { hasFeature } from "../../rules/access/permissions.ts";
import {
  type FeedListing,
  maxModelYear,
  type PhotoReference,
  readListingFeed,
} from "../../rules/listings/listing-feed.ts";
import { LISTING_IMPORT_MESSAGES, type ListingImportReport } from "../../rules/listings/listing-import.ts";
import type { PhotoSource } from "./listing-photos.server.ts";

export interface ImportProgress {
  /** Rows handled so far (imported or refused), of `total`. */
  done: number;
  total: number;
  imported: number;
  refused: number;
}

export interface ListingImportOptions {
  storage: FileStorage;
  photos: PhotoSource;
  now?: Date;
  /** Called after each row; a caller that prints or streams thins it out itself. */
  onProgress?: (progress: ImportProgress) => void;
  /** Rows in flight at once (photos decode on libvips' threads while others wait on the database). */
  concurrency?: number;
}

export type ListingImportOutcome =
  { ok: true; report: ListingImportReport } | { ok: false; status: 400 | 403; message: string };

interface StoredPhoto {
  smallKey: string;
  largeKey: string;
}

/**
 * Reads and stores photos, each distinct photo once per import: the same bytes named by many rows (or twice
 * by one) are decoded and written once. Keys are the content's hash, so a stored file never changes.
 */
function photoStore(storage: FileStorage, source: PhotoSource) {
  const readings = new Map<string, Promise<ImageReading>>();
  const written = new Map<string, Promise<void>>();
  let stored = 0;
  async function store(
    reference: PhotoReference,
  ): Promise<{ ok: true; photo: StoredPhoto } | { ok: false; message: string }> {
    const bytes = await source.read(reference);
    if (!bytes.ok) return bytes;
    const inputHash = createHash("sha256").update(bytes.bytes).digest("hex");
    let reading = readings.get(inputHash);
    if (!reading) readings.set(inputHash, (reading = readImage(bytes.bytes)));
    const image = await reading;
    if (!image.ok) return image;
    const keys = imageKeys("listings", image.image.hash);
    let write = written.get(keys.large);
    if (!write) {
      write = Promise.all([
        storage.put(keys.large, image.image.large),
        storage.put(keys.small, image.image.small),
      ]).then(() => {
        stored++;
      });
      written.set(keys.large, write);
      // A failed write is tried again by the next row that needs it.
      write.catch(() => written.delete(keys.large));
    }
    await write;
    return { ok: true, photo: { smallKey: keys.small, largeKey: keys.large } };
  }
  return { store, storedCount: () => stored };
}

const describe = (reference: PhotoReference) => (reference.kind === "url" ? reference.url : reference.name);

interface ReadyRow {
  line: number;
  listing: FeedListing;
  unitId: number | null;
  photos: StoredPhoto[];
}

/**
 * Upserts listings by VIN and replaces their photos, in one statement: a listing and its photos land
 * together or not at all (one statement is one transaction), and concurrent imports of a VIN meet at its
 * unique index. A listing of a fleet unit whose odometer is new (a new listing, or another value than the
 * stored one) is kept as the unit's AUCTION odometer reading (ADR 059); the same feed again adds none.
 * Answers how many were created (the rest were updated).
 */
async function upsertListings(db: Db, rows: readonly ReadyRow[], now: Date): Promise<number> {
  const column = <T>(read: (row: ReadyRow) => T) => rows.map(read);
  const photos = rows.flatMap((row) =>
    row.photos.map((photo, position) => ({ vin: row.listing.vin, position, ...photo })),
  );
  const [result] = await db.$queryRaw<[{ created: number }]>`
    WITH input AS (
      SELECT * FROM unnest(
        ${column((r) => r.listing.vin)}::text[], ${column((r) => r.listing.year)}::int[],
        ${column((r) => r.listing.make)}::text[], ${column((r) => r.listing.model)}::text[],
        ${column((r) => r.listing.trim)}::text[], ${column((r) => r.listing.odometer)}::int[],
        ${column((r) => r.listing.exteriorColor)}::text[], ${column((r) => r.listing.interiorColor)}::text[],
        ${column((r) => r.listing.buyNowPrice)}::numeric[], ${column((r) => r.listing.mmrPrice)}::numeric[],
        ${column((r) => r.listing.facilitatingAuction)}::text[], ${column((r) => r.listing.locationCity)}::text[],
        ${column((r) => r.listing.locationFullZipcode)}::text[], ${column((r) => r.listing.pickupLocationState)}::text[],
        ${column((r) => r.listing.sellerName)}::text[], ${column((r) => r.listing.source)}::text[],
        ${column((r) => r.listing.comments)}::text[], ${column((r) => r.listing.listingUrl)}::text[],
        ${column((r) => r.unitId)}::int[]
      ) AS t(vin, year, make, model, trim, odometer, "exteriorColor", "interiorColor", "buyNowPrice", "mmrPrice",
             "facilitatingAuction", "locationCity", "locationFullZipcode", "pickupLocationState", "sellerName",
             source, comments, "listingUrl", "unitId")
    ), listing AS (
      INSERT INTO "AuctionListing" (vin, year, make, model, trim, odometer, "exteriorColor", "interiorColor",
        "buyNowPrice", "mmrPrice", "facilitatingAuction", "locationCity", "locationFullZipcode",
        "pickupLocationState", "sellerName", source, comments, "listingUrl", "unitId")
      SELECT * FROM input
      ON CONFLICT (vin) DO UPDATE SET year = EXCLUDED.year, make = EXCLUDED.make, model = EXCLUDED.model,
        trim = EXCLUDED.trim, odometer = EXCLUDED.odometer, "exteriorColor" = EXCLUDED."exteriorColor",
        "interiorColor" = EXCLUDED."interiorColor", "buyNowPrice" = EXCLUDED."buyNowPrice",
        "mmrPrice" = EXCLUDED."mmrPrice", "facilitatingAuction" = EXCLUDED."facilitatingAuction",
        "locationCity" = EXCLUDED."locationCity", "locationFullZipcode" = EXCLUDED."locationFullZipcode",
        "pickupLocationState" = EXCLUDED."pickupLocationState", "sellerName" = EXCLUDED."sellerName",
        source = EXCLUDED.source, comments = EXCLUDED.comments, "listingUrl" = EXCLUDED."listingUrl",
        "unitId" = EXCLUDED."unitId"
      RETURNING id, vin, (xmax = 0) AS created
    ), reading AS (
      INSERT INTO "OdometerReading" ("unitId", reading, source, "readAt")
      SELECT i."unitId", i.odometer, 'AUCTION'::"OdometerSource", ${now}::timestamptz
        FROM input i
       WHERE i."unitId" IS NOT NULL AND i.odometer > 0
         AND NOT EXISTS (SELECT 1 FROM "AuctionListing" stored
                          WHERE stored.vin = i.vin AND stored."unitId" = i."unitId" AND stored.odometer = i.odometer)
    ), gone AS (
      DELETE FROM "AuctionListingImage" i USING listing l WHERE i."listingId" = l.id
    ), added AS (
      INSERT INTO "AuctionListingImage" ("listingId", position, "smallUrl", "largeUrl")
      SELECT l.id, p.position, p.small, p.large
        FROM unnest(${photos.map((p) => p.vin)}::text[], ${photos.map((p) => p.position)}::int[],
                    ${photos.map((p) => p.smallKey)}::text[], ${photos.map((p) => p.largeKey)}::text[])
             AS p(vin, position, small, large)
        JOIN listing l ON l.vin = p.vin
    )
    SELECT (count(*) FILTER (WHERE created))::int AS created FROM listing`;
  return result.created;
}

/** Rows written in one statement: large enough to be fast, small enough that a refused one costs little. */
const WRITE_BATCH = 250;

/** Imports a feed's text; the feed as a whole is refused (400) when it is not a feed. No permission check: see importListingsAs. */
export async function importListingFeed(
  db: Db,
  feedText: string,
  options: ListingImportOptions,
): Promise<ListingImportOutcome> {
  const started = performance.now();
  const now = options.now ?? new Date();
  const reading = readListingFeed(feedText, { maxYear: maxModelYear(now) });
  if (!reading.ok) return { ok: false, status: 400, message: reading.message };
  const rows = reading.rows;
  const good = rows.flatMap((row) => (row.ok ? [row] : []));
  const units = await db.unit.findMany({
    where: { vin: { in: good.map((row) => row.listing.vin) } },
    select: { id: true, vin: true },
  });
  const unitOfVin = new Map(units.map((unit) => [unit.vin, unit.id]));

  const store = photoStore(options.storage, options.photos);
  const refused: ListingImportReport["refused"] = [];
  let created = 0;
  let updated = 0;
  let done = 0;
  const progress = () =>
    options.onProgress?.({ done, total: rows.length, imported: created + updated, refused: refused.length });

  for (const row of rows) {
    if (!row.ok) refused.push({ line: row.line, reason: row.reason });
  }
  done = rows.length - good.length;
  progress();

  /** A row's photos read and stored, or the reason it is refused. */
  const prepare = async (
    row: (typeof good)[number],
  ): Promise<ReadyRow | { line: number; vin: string; reason: string }> => {
    const { listing } = row;
    const photos: StoredPhoto[] = [];
    for (const reference of listing.photos) {
      const stored = await store.store(reference);
      if (!stored.ok) {
        return {
          line: row.line,
          vin: listing.vin,
          reason: LISTING_IMPORT_MESSAGES.photo(describe(reference), stored.message),
        };
      }
      photos.push(stored.photo);
    }
    return { line: row.line, listing, unitId: unitOfVin.get(listing.vin) ?? null, photos };
  };
  const write = async (ready: readonly ReadyRow[]) => {
    if (ready.length === 0) return;
    try {
      const made = await upsertListings(db, ready, now);
      created += made;
      updated += ready.length - made;
    } catch (error) {
      if (ready.length === 1) {
        // The database refused this row (a check constraint): it is this row's; the others go on.
        refused.push({ line: ready[0]!.line, vin: ready[0]!.listing.vin, reason: LISTING_IMPORT_MESSAGES.notSaved });
        console.warn(`listing on line ${ready[0]!.line} not saved`, error);
        return;
      }
      // One row spoilt the batch: each row again on its own, so only that one is refused.
      for (const row of ready) await write([row]);
    }
  };
  const concurrency = Math.max(1, options.concurrency ?? 4);
  for (let start = 0; start < good.length; start += WRITE_BATCH) {
    const batch = good.slice(start, start + WRITE_BATCH);
    const prepared: Awaited<ReturnType<typeof prepare>>[] = new Array(batch.length);
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < batch.length) {
          const index = next++;
          prepared[index] = await prepare(batch[index]!);
        }
      }),
    );
    const ready: ReadyRow[] = [];
    for (const outcome of prepared) {
      if ("reason" in outcome) refused.push(outcome);
      else ready.push(outcome);
    }
    await write(ready);
    done += batch.length;
    progress();
  }
  refused.sort((a, b) => a.line - b.line);
  return {
    ok: true,
    report: {
      rows: rows.length,
      created,
      updated,
      refused,
      photosStored: store.storedCount(),
      linkedToUnits: good.filter((row) => unitOfVin.has(row.listing.vin)).length,
      elapsedMs: Math.round(performance.now() - started),
    },
  };
}

/** May this session import listings: holders of manheim-listings (42) or all access. */
export function mayImportListings(actor: Pick<OperationActor, "permissions">): boolean {
  return hasFeature(actor.permissions, "listings-import");
}

/** The page's and the API's import: the permission first, then the import, then one audit entry. */
export async function importListingsAs(
  db: Db,
  actor: OperationActor,
  feedText: string,
  options: ListingImportOptions & { fileName: string },
): Promise<ListingImportOutcome> {
  if (!mayImportListings(actor)) return { ok: false, status: 403, message: LISTING_IMPORT_MESSAGES.forbidden };
  const outcome = await importListingFeed(db, feedText, options);
  if (outcome.ok) {
    const { report } = outcome;
    await recordAudit(db, {
      entityType: "AuctionListingImport",
      entityId: actor.user.id,
      action: "listings-import",
      changedData: {
        file: options.fileName.slice(0, 200),
        rows: report.rows,
        created: report.created,
        updated: report.updated,
        refused: report.refused.length,
      },
      actor: auditActorOf(actor),
    });
  }
  return outcome;
}
