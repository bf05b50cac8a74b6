// The listings importer (ADR 046): one operation behind `npm run listings:import`, the page's upload form
// and POST /api/listings/import. It reads a feed (app/rules/listings/listing-feed.ts), then for each good
// row reads its photos, stores them (ADR 043) and upserts the listing by VIN with its photos in one
// transaction, linked to the company's unit of the same VIN. A row whose photo is refused writes nothing;
// the other rows still import.
import { createHash } from "node:crypto";
import type { Db } from "../platform/services.server.ts";
import { type FileStorage } from "../files/file-storage.server.ts";
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
  | { ok: true; report: ListingImportReport }
  | { ok: false; status: 400 | 403; message: string };

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
  async function store(reference: PhotoReference): Promise<{ ok: true; photo: StoredPhoto } | { ok: false; message: string }> {
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
      write = Promise.all([storage.put(keys.large, image.image.large), storage.put(keys.small, image.image.small)]).then(
        () => {
          stored++;
        },
      );
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

/** Upserts one listing and replaces its photos, in one transaction; concurrent imports of a VIN queue on its lock. */
async function upsertListing(
  db: Db,
  listing: FeedListing,
  unitId: number | null,
  photos: readonly StoredPhoto[],
): Promise<"created" | "updated"> {
  const { photos: _references, ...columns } = listing;
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`auction-listing:${listing.vin}`}))`;
    const existing = await tx.auctionListing.findFirst({
      where: { vin: listing.vin },
      orderBy: { id: "desc" },
      select: { id: true },
    });
    const data = { ...columns, unitId };
    const id = existing
      ? (await tx.auctionListing.update({ where: { id: existing.id }, data, select: { id: true } })).id
      : (await tx.auctionListing.create({ data, select: { id: true } })).id;
    if (existing) await tx.auctionListingImage.deleteMany({ where: { listingId: id } });
    if (photos.length > 0) {
      await tx.auctionListingImage.createMany({
        data: photos.map((photo, position) => ({
          listingId: id,
          position,
          smallUrl: photo.smallKey,
          largeUrl: photo.largeKey,
        })),
      });
    }
    return existing ? "updated" : "created";
  });
}

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

  let next = 0;
  const worker = async () => {
    while (next < good.length) {
      const row = good[next++]!;
      const { listing } = row;
      const photos: StoredPhoto[] = [];
      let reason: string | null = null;
      for (const reference of listing.photos) {
        const stored = await store.store(reference);
        if (!stored.ok) {
          reason = LISTING_IMPORT_MESSAGES.photo(describe(reference), stored.message);
          break;
        }
        photos.push(stored.photo);
      }
      if (reason === null) {
        try {
          const outcome = await upsertListing(db, listing, unitOfVin.get(listing.vin) ?? null, photos);
          if (outcome === "created") created++;
          else updated++;
        } catch (error) {
          // A database refusal of one row (a check constraint) is that row's; the rest go on.
          reason = LISTING_IMPORT_MESSAGES.notSaved;
          console.warn(`listing on line ${row.line} not saved`, error);
        }
      }
      if (reason !== null) refused.push({ line: row.line, vin: listing.vin, reason });
      done++;
      progress();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
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

/** May this session import listings: holders of manheim-listings (42) or all access (ADR 046). */
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
