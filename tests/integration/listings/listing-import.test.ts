// The listings importer against a real database and a real file store: the fixture feed's good rows
// land with their photos and link to the fleet's unit by VIN, its bad rows are reported by line and write
// nothing, a re-import updates instead of duplicating, and bad feeds, oversized or non-image photos and
// photo URLs that cannot be read are refused with their messages.
import { createServer, type Server } from "node:http";
import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FileStorage, localFileStorage } from "~/modules/files/file-storage.server.ts";
import { demoPhoto, IMAGE_MESSAGES } from "~/modules/files/images.server.ts";
import { importListingFeed, importListingsAs } from "~/modules/listings/listing-import.server.ts";
import {
  DEFAULT_URL_POLICY,
  feedFolderPhotos,
  PHOTO_SOURCE_MESSAGES,
  uploadedPhotos,
} from "~/modules/listings/listing-photos.server.ts";
import { FEED_MESSAGES } from "~/rules/listings/listing-feed.ts";
import { LISTING_IMPORT_MESSAGES } from "~/rules/listings/listing-import.ts";
import { createTestPrisma } from "../../support/database.ts";
import { ensureStatuses, unit } from "../../support/factories/units.ts";
import { actorWith } from "../../support/factories/users.ts";

const db = createTestPrisma();
const FIXTURE = path.join(import.meta.dirname, "../../fixtures/listings");
let folder: string;
let storage: FileStorage;
let storeRoot: string;
let photoServer: Server;
let photoBase: string;
const NOW = new Date("2026-11-24T12:00:00Z");

const FIXTURE_VINS = ["1FTFW1E50NFA00001", "1GC4YLE71MF000002"];

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "fleetops-feed-"));
  storeRoot = await mkdtemp(path.join(tmpdir(), "fleetops-store-"));
  storage = localFileStorage(storeRoot);
  await copyFile(path.join(FIXTURE, "feed.csv"), path.join(folder, "feed.csv"));
  await writeFile(path.join(folder, "front.jpg"), await demoPhoto({ caption: "front", hue: 10, withGps: true }));
  await writeFile(path.join(folder, "side.jpg"), await demoPhoto({ caption: "side", hue: 120 }));
  await writeFile(path.join(folder, "notes.jpg"), "this is text, not a photo");
  await writeFile(path.join(folder, "huge.jpg"), Buffer.alloc(IMAGE_LIMITS_BYTES + 1, 0xff));
  const served = await demoPhoto({ caption: "served", hue: 200 });
  photoServer = createServer((req, res) => {
    if (req.url === "/photo.jpg") res.writeHead(200, { "content-type": "image/jpeg" }).end(served);
    else if (req.url === "/slow.jpg") setTimeout(() => res.writeHead(200).end(served), 2_000);
    else if (req.url === "/moved.jpg") res.writeHead(302, { location: "/photo.jpg" }).end();
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => photoServer.listen(0, "127.0.0.1", resolve));
  photoBase = `http://127.0.0.1:${(photoServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => photoServer.close(resolve));
  await rm(folder, { recursive: true, force: true });
  await rm(storeRoot, { recursive: true, force: true });
});

const IMAGE_LIMITS_BYTES = 10 * 1024 * 1024;
const LOCAL_URLS = { ...DEFAULT_URL_POLICY, timeoutMs: 1_000, allowPrivateNetwork: true };

async function importText(text: string, urls = LOCAL_URLS) {
  return importListingFeed(db, text, { storage, photos: feedFolderPhotos(folder, urls), now: NOW });
}

const HEADER = "vin,year,make,models,odometer,images";
const row = (vin: string, images = "") => `${vin},2021,Ford,F-250,41000,${images}`;

async function listingsOf(vins: readonly string[]) {
  return db.auctionListing.findMany({
    where: { vin: { in: [...vins] } },
    include: { images: { orderBy: { position: "asc" } } },
    orderBy: { vin: "asc" },
  });
}

describe("importing the fixture feed", () => {
  let fleetUnitId: number;

  beforeAll(async () => {
    await ensureStatuses(db);
    const own = await unit(db, "At Auction");
    await db.unit.update({ where: { id: own.id }, data: { vin: FIXTURE_VINS[0] } });
    fleetUnitId = own.id;
  });

  it("imports the good rows with their photos, linked by VIN, and reports each bad row by line", async () => {
    const outcome = await importListingFeed(db, await readFile(path.join(folder, "feed.csv"), "utf8"), {
      storage,
      photos: feedFolderPhotos(folder, null),
      now: NOW,
    });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.report).toMatchObject({ rows: 8, created: 2, updated: 0, photosStored: 2, linkedToUnits: 1 });
    expect(outcome.report.refused).toEqual([
      { line: 5, reason: FEED_MESSAGES.vin },
      { line: 6, reason: FEED_MESSAGES.odometer },
      { line: 7, reason: FEED_MESSAGES.listingUrl },
      { line: 8, reason: FEED_MESSAGES.photo("../secrets/photo.jpg") },
      { line: 9, reason: FEED_MESSAGES.duplicateVin(2) },
      { line: 10, reason: FEED_MESSAGES.required("models") },
    ]);
    const [ford, chevrolet] = await listingsOf(FIXTURE_VINS);
    expect(ford).toMatchObject({
      unitId: fleetUnitId,
      model: "F-150",
      trim: "XLT SuperCrew",
      odometer: 48210,
      pickupLocationState: "TX",
      locationFullZipcode: "75201-4411",
      listingUrl: "https://auctions.example.com/listings/1FTFW1E50NFA00001",
    });
    expect(ford!.buyNowPrice?.toFixed(2)).toBe("38900.00");
    expect(ford!.images.map((image) => image.position)).toEqual([0, 1]);
    expect(chevrolet).toMatchObject({ unitId: null, images: [] });
    // Nothing of the refused rows was written.
    expect(await db.auctionListing.count({ where: { vin: { startsWith: "3C6UR5CJ1LG00000" } } })).toBe(0);
  });

  it("stores each photo as a large and a small JPEG under its content's keys, without metadata", async () => {
    const [ford] = await listingsOf(FIXTURE_VINS);
    for (const image of ford!.images) {
      expect(image.largeUrl).toMatch(/^listings\/[0-9a-f]{64}-large\.jpg$/);
      expect(image.smallUrl).toBe(image.largeUrl.replace("-large", "-small"));
      const large = await storage.get(image.largeUrl);
      const small = await storage.get(image.smallUrl);
      expect(large?.contentType).toBe("image/jpeg");
      const bytes = await readFile(path.join(storeRoot, image.largeUrl));
      const metadata = await sharp(bytes).metadata();
      expect(metadata.format).toBe("jpeg");
      expect(metadata.exif).toBeUndefined();
      expect(small!.size).toBeLessThan(large!.size);
    }
  });

  it("updates on a second import instead of duplicating: same listings, same photos, same files", async () => {
    const before = await listingsOf(FIXTURE_VINS);
    const files = await readdir(path.join(storeRoot, "listings"));
    const outcome = await importText(await readFile(path.join(folder, "feed.csv"), "utf8"));
    expect(outcome).toMatchObject({ ok: true, report: { created: 0, updated: 2 } });
    const after = await listingsOf(FIXTURE_VINS);
    expect(after.map((listing) => listing.id)).toEqual(before.map((listing) => listing.id));
    expect(after.map((listing) => listing.images.map((image) => image.largeUrl))).toEqual(
      before.map((listing) => listing.images.map((image) => image.largeUrl)),
    );
    expect(await readdir(path.join(storeRoot, "listings"))).toEqual(files);
  });

  it("replaces a listing's fields and photos when the feed changes them", async () => {
    const changed = `vin,year,make,models,odometer,buyNowPrice,images\n${FIXTURE_VINS[1]},2021,Chevrolet,Silverado 2500HD,62500,39900,side.jpg`;
    expect(await importText(changed)).toMatchObject({ ok: true, report: { created: 0, updated: 1, refused: [] } });
    const [, chevrolet] = await listingsOf(FIXTURE_VINS);
    expect(chevrolet).toMatchObject({ odometer: 62500, images: [{ position: 0 }] });
    expect(chevrolet!.buyNowPrice?.toFixed(2)).toBe("39900.00");
  });

  it("keeps a fleet unit's listed odometer as its AUCTION reading once, and again only when the feed changes it", async () => {
    const readingsOf = async () =>
      (await db.odometerReading.findMany({ where: { unitId: fleetUnitId }, orderBy: { id: "asc" } })).map(
        ({ reading, source, readAt, recordedById, formHistoryId }) => ({
          reading,
          source,
          readAt,
          recordedById,
          formHistoryId,
        }),
      );
    // The fixture imported twice above: one reading, of the first import.
    const first = { reading: 48_210, source: "AUCTION", readAt: NOW, recordedById: null, formHistoryId: null };
    expect(await readingsOf()).toEqual([first]);
    const changed = `vin,year,make,models,odometer\n${FIXTURE_VINS[0]},2022,Ford,F-150,48900`;
    expect(await importText(changed)).toMatchObject({ ok: true, report: { updated: 1, refused: [] } });
    expect(await readingsOf()).toEqual([first, { ...first, reading: 48_900 }]);
    // A listing of no fleet unit is nobody's reading.
    expect(await db.odometerReading.count({ where: { unitId: { not: fleetUnitId } } })).toBe(0);
  });

  it("imports the same feed twice at once without duplicating a VIN", async () => {
    const text = [HEADER, row("1FTBF2B60NEA00101", "front.jpg"), row("1FTBF2B60NEA00102")].join("\n");
    const both = await Promise.all([importText(text), importText(text)]);
    expect(both.every((outcome) => outcome.ok)).toBe(true);
    expect(await db.auctionListing.count({ where: { vin: { in: ["1FTBF2B60NEA00101", "1FTBF2B60NEA00102"] } } })).toBe(
      2,
    );
  });
});

describe("refusals", () => {
  it.each([
    ["an empty feed", "", FEED_MESSAGES.empty],
    ["a feed that is not JSON", "[{", FEED_MESSAGES.badJson],
    [
      "a CSV without the required columns",
      "vin,make\n1FTBF2B60NEA00201,Ford",
      FEED_MESSAGES.missingColumns(["year", "models", "odometer"]),
    ],
  ])("refuses %s as a whole and writes nothing", async (_name, text, message) => {
    const before = await db.auctionListing.count();
    expect(await importText(text)).toEqual({ ok: false, status: 400, message });
    expect(await db.auctionListing.count()).toBe(before);
  });

  it("refuses a row whose photo is not a photo, or too large, or missing, and imports the rest", async () => {
    const text = [
      HEADER,
      row("1FTBF2B60NEA00301", "front.jpg|notes.jpg"),
      row("1FTBF2B60NEA00302", "huge.jpg"),
      row("1FTBF2B60NEA00303", "missing.jpg"),
      row("1FTBF2B60NEA00304", "side.jpg"),
    ].join("\n");
    const outcome = await importText(text);
    expect(outcome).toMatchObject({ ok: true, report: { created: 1 } });
    if (!outcome.ok) return;
    expect(outcome.report.refused).toEqual([
      {
        line: 2,
        vin: "1FTBF2B60NEA00301",
        reason: LISTING_IMPORT_MESSAGES.photo("notes.jpg", IMAGE_MESSAGES.notImage),
      },
      { line: 3, vin: "1FTBF2B60NEA00302", reason: LISTING_IMPORT_MESSAGES.photo("huge.jpg", IMAGE_MESSAGES.tooLarge) },
      {
        line: 4,
        vin: "1FTBF2B60NEA00303",
        reason: LISTING_IMPORT_MESSAGES.photo("missing.jpg", PHOTO_SOURCE_MESSAGES.missingFile),
      },
    ]);
    const written = await db.auctionListing.findMany({ where: { vin: { startsWith: "1FTBF2B60NEA003" } } });
    expect(written.map((listing) => listing.vin)).toEqual(["1FTBF2B60NEA00304"]);
    // The refused row's first photo (front.jpg) was good, but its listing and images are not half-written.
    expect(await db.auctionListingImage.count({ where: { listing: { vin: "1FTBF2B60NEA00301" } } })).toBe(0);
  });

  it("reads photos by http(s) URL and refuses URLs that answer badly, redirect, time out or point inside", async () => {
    const text = [
      HEADER,
      row("1FTBF2B60NEA00401", `${photoBase}/photo.jpg`),
      row("1FTBF2B60NEA00402", `${photoBase}/gone.jpg`),
      row("1FTBF2B60NEA00403", `${photoBase}/moved.jpg`),
      row("1FTBF2B60NEA00404", `${photoBase}/slow.jpg`),
      row("1FTBF2B60NEA00405", "ftp://example.com/a.jpg"),
    ].join("\n");
    const outcome = await importText(text);
    expect(outcome).toMatchObject({ ok: true, report: { created: 1 } });
    if (!outcome.ok) return;
    expect(outcome.report.refused).toEqual([
      {
        line: 3,
        vin: "1FTBF2B60NEA00402",
        reason: LISTING_IMPORT_MESSAGES.photo(`${photoBase}/gone.jpg`, PHOTO_SOURCE_MESSAGES.unreachable),
      },
      {
        line: 4,
        vin: "1FTBF2B60NEA00403",
        reason: LISTING_IMPORT_MESSAGES.photo(`${photoBase}/moved.jpg`, PHOTO_SOURCE_MESSAGES.unreachable),
      },
      {
        line: 5,
        vin: "1FTBF2B60NEA00404",
        reason: LISTING_IMPORT_MESSAGES.photo(`${photoBase}/slow.jpg`, PHOTO_SOURCE_MESSAGES.unreachable),
      },
      { line: 6, reason: FEED_MESSAGES.photo("ftp://example.com/a.jpg") },
    ]);
    // An upload's policy: no private addresses.
    const uploaded = await importListingFeed(
      db,
      [HEADER, row("1FTBF2B60NEA00406", `${photoBase}/photo.jpg`)].join("\n"),
      {
        storage,
        photos: uploadedPhotos(new Map(), DEFAULT_URL_POLICY),
        now: NOW,
      },
    );
    expect(uploaded).toMatchObject({
      ok: true,
      report: {
        created: 0,
        refused: [
          {
            line: 2,
            reason: LISTING_IMPORT_MESSAGES.photo(`${photoBase}/photo.jpg`, PHOTO_SOURCE_MESSAGES.privateHost),
          },
        ],
      },
    });
  });

  it("refuses an import by a session without manheim-listings, writing nothing", async () => {
    const actor = await actorWith(db, ["sales"]);
    const text = [HEADER, row("1FTBF2B60NEA00501")].join("\n");
    expect(
      await importListingsAs(db, actor, text, { storage, photos: uploadedPhotos(new Map(), null), fileName: "f.csv" }),
    ).toEqual({
      ok: false,
      status: 403,
      message: LISTING_IMPORT_MESSAGES.forbidden,
    });
    expect(await db.auctionListing.count({ where: { vin: "1FTBF2B60NEA00501" } })).toBe(0);
    const permitted = await actorWith(db, ["manheim-listings"]);
    expect(
      await importListingsAs(db, permitted, text, {
        storage,
        photos: uploadedPhotos(new Map(), null),
        fileName: "f.csv",
      }),
    ).toMatchObject({ ok: true, report: { created: 1 } });
    expect(await db.auditLog.count({ where: { action: "listings-import", userId: permitted.user.id } })).toBe(1);
  });
});
