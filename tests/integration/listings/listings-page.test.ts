// The listings page's query over a real database: every filter narrows to exactly the listings
// it names, sorts order by price, MMR delta, odometer and year, pages hold 24, and a listing's details come
// with their served photo URLs, its fleet unit by VIN and only an http(s) listing link.
import { beforeAll, describe, expect, it } from "vitest";
import { listingsOfUnit, listListings, readListingDetails } from "~/modules/listings/listings.server.ts";
import { LISTINGS_PAGE_SIZE } from "~/rules/listings/listings-page.ts";
import { createTestPrisma } from "../../support/database.ts";
import { ensureStatuses, unit } from "../../support/factories/units.ts";

const db = createTestPrisma();
// A make no other test file lists, so counts are this file's own.
const MAKE = "Pagetestmotors";
const HASH = "a".repeat(64);

interface Seeded {
  vin: string;
  year: number;
  model: string;
  buyNow: number | null;
  mmr: number | null;
  odometer: number;
  state: string;
  source: string;
}

const LISTINGS: Seeded[] = Array.from({ length: 30 }, (_, index) => ({
  vin: `PGT${String(index).padStart(14, "0")}`,
  year: 2018 + (index % 6),
  model: index % 3 === 0 ? "Hauler" : "Worker",
  buyNow: index === 29 ? null : 20_000 + index * 500,
  mmr: 20_000 + ((index * 7) % 10) * 400,
  odometer: 90_000 - index * 1_000,
  state: index % 2 === 0 ? "TX" : "OH",
  source: index % 4 === 0 ? "OVE" : "Manheim",
}));

let firstId = 0;
let unitId = 0;

beforeAll(async () => {
  await ensureStatuses(db);
  for (const [index, listing] of LISTINGS.entries()) {
    const created = await db.auctionListing.create({
      data: {
        vin: listing.vin,
        year: listing.year,
        make: MAKE,
        model: listing.model,
        odometer: listing.odometer,
        buyNowPrice: listing.buyNow,
        mmrPrice: listing.mmr,
        pickupLocationState: listing.state,
        source: listing.source,
        listingUrl: index === 0 ? "javascript:alert(1)" : `https://auctions.example.com/${listing.vin}`,
        images: {
          create: [1, 0].map((position) => ({
            position,
            smallUrl: `listings/${HASH.slice(0, 63)}${position}-small.jpg`,
            largeUrl: `listings/${HASH.slice(0, 63)}${position}-large.jpg`,
          })),
        },
      },
    });
    if (index === 0) firstId = created.id;
  }
  const own = await unit(db, "FOR SALE");
  await db.unit.update({ where: { id: own.id }, data: { vin: LISTINGS[1]!.vin } });
  unitId = own.id;
});

const page = (params: Record<string, string>) => listListings(db, { make: MAKE, ...params });
const vinsOf = (result: Awaited<ReturnType<typeof page>>) => result.listings.map((listing) => listing.vin);
const expected = (keep: (listing: Seeded) => boolean) => LISTINGS.filter(keep).map((listing) => listing.vin);

describe("filters", () => {
  it.each([
    ["model", { model: "hauler" }, (l: Seeded) => l.model === "Hauler"],
    ["year range", { yearFrom: "2020", yearTo: "2021" }, (l: Seeded) => l.year >= 2020 && l.year <= 2021],
    [
      "price range",
      { priceFrom: "25,000", priceTo: "$30000" },
      (l: Seeded) => l.buyNow !== null && l.buyNow >= 25_000 && l.buyNow <= 30_000,
    ],
    ["pickup state", { state: "oh" }, (l: Seeded) => l.state === "OH"],
    ["source", { source: "OVE" }, (l: Seeded) => l.source === "OVE"],
    ["part of a VIN", { vin: "pgt0000000000001" }, (l: Seeded) => l.vin.startsWith("PGT0000000000001")],
  ])("%s", async (_name, params, keep) => {
    const result = await page({ ...params, sort: "odometer", dir: "desc" });
    expect(result.total).toBe(expected(keep).length);
    expect(vinsOf(result).toSorted()).toEqual(expected(keep).toSorted().slice(0, LISTINGS_PAGE_SIZE));
  });

  it("offers the makes, the chosen make's models, the states and the sources", async () => {
    const { choices } = await page({});
    expect(choices.makes).toContain(MAKE);
    expect(choices.models).toEqual(["Hauler", "Worker"]);
    expect(choices.states).toEqual(expect.arrayContaining(["OH", "TX"]));
    expect(choices.sources).toEqual(expect.arrayContaining(["Manheim", "OVE"]));
  });
});

describe("sorting and paging", () => {
  it("sorts by MMR delta by default, lowest first, listings without a price last", async () => {
    const all = [...(await page({})).listings, ...(await page({ page: "2" })).listings];
    const deltas = all.map((listing) => listing.delta);
    expect(deltas.at(-1)).toBeNull();
    const known = deltas.filter((delta): delta is number => delta !== null);
    expect(known).toEqual(known.toSorted((a, b) => a - b));
  });

  it.each([
    ["price", "buyNowPrice"],
    ["odometer", "odometer"],
    ["year", "year"],
  ] as const)("sorts by %s both ways", async (sort, field) => {
    for (const dir of ["asc", "desc"] as const) {
      const values = (await page({ sort, dir })).listings.map((listing) => Number(listing[field]));
      const present = values.filter((value) => !Number.isNaN(value) && value !== 0);
      expect(present).toEqual(present.toSorted((a, b) => (dir === "asc" ? a - b : b - a)));
    }
  });

  it("pages by 24, the last page holding the rest, and a page past the end shows the last", async () => {
    const first = await page({ sort: "odometer" });
    const second = await page({ sort: "odometer", page: "2" });
    expect([first.listings.length, second.listings.length, first.pageCount, first.total]).toEqual([24, 6, 2, 30]);
    expect(new Set([...vinsOf(first), ...vinsOf(second)]).size).toBe(30);
    expect((await page({ sort: "odometer", page: "9" })).page).toBe(2);
    expect((await page({ sort: "odometer", page: "0x2" })).page).toBe(1);
  });

  it("shows each card's first photo, served, and the fleet unit it matches", async () => {
    const { listings } = await page({ vin: LISTINGS[1]!.vin });
    expect(listings).toMatchObject([
      { photoUrl: `/api/listing-photos/${HASH.slice(0, 63)}0-small.jpg`, unitNumber: expect.any(String) },
    ]);
  });
});

describe("a listing's details", () => {
  it("has its photos in order with alt text, and no link that is not http(s)", async () => {
    const details = await readListingDetails(db, firstId);
    expect(details).toMatchObject({ listingUrl: null, unit: null });
    expect(details!.photos).toEqual([
      {
        smallUrl: `/api/listing-photos/${HASH.slice(0, 63)}0-small.jpg`,
        largeUrl: `/api/listing-photos/${HASH.slice(0, 63)}0-large.jpg`,
        alt: `2018 ${MAKE} Hauler, photo 1 of 2`,
      },
      {
        smallUrl: `/api/listing-photos/${HASH.slice(0, 63)}1-small.jpg`,
        largeUrl: `/api/listing-photos/${HASH.slice(0, 63)}1-large.jpg`,
        alt: `2018 ${MAKE} Hauler, photo 2 of 2`,
      },
    ]);
    expect(await readListingDetails(db, 2_000_000_000)).toBeNull();
  });

  it("finds the fleet's unit by VIN, and the unit finds its listing", async () => {
    const listing = await db.auctionListing.findFirstOrThrow({ where: { vin: LISTINGS[1]!.vin } });
    const details = await readListingDetails(db, listing.id);
    expect(details!.unit?.id).toBe(unitId);
    expect(details!.listingUrl).toBe(`https://auctions.example.com/${LISTINGS[1]!.vin}`);
    const own = await db.unit.findUniqueOrThrow({ where: { id: unitId } });
    expect((await listingsOfUnit(db, own)).map((row) => row.id)).toEqual([listing.id]);
  });
});
