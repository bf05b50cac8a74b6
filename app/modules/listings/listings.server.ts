// Reading auction listings (ADR 046): one filtered, sorted page for /manheim-listings, the choices its
// filters offer, one listing's details for the manheimDetails dialog, and a unit's listings for the unit hub.
import { Prisma } from "../../generated/prisma/client";
import type { Db } from "../platform/services.server.ts";
import { type ListingDetails, photoAlt } from "../../rules/listings/listing-details.ts";
import { safeHttpUrl } from "../../rules/listings/listing-feed.ts";
import {
  type ListingCard,
  LISTINGS_PAGE_SIZE,
  listingPhotoUrl,
  type ListingsQuery,
  priceDelta,
  readListingsQuery,
} from "../../rules/listings/listings-page.ts";

export interface ListingsPage {
  listings: ListingCard[];
  total: number;
  page: number;
  pageCount: number;
  query: ListingsQuery;
  choices: { makes: string[]; models: string[]; states: string[]; sources: string[] };
}

const money = (value: Prisma.Decimal | null) => (value === null ? null : value.toFixed(2));

function whereOf(query: ListingsQuery): Prisma.Sql {
  const conditions: Prisma.Sql[] = [Prisma.sql`TRUE`];
  if (query.vin) conditions.push(Prisma.sql`l."vin" LIKE ${`%${query.vin}%`}`);
  if (query.make) conditions.push(Prisma.sql`lower(l."make") = lower(${query.make})`);
  if (query.model) conditions.push(Prisma.sql`lower(l."model") = lower(${query.model})`);
  if (query.yearFrom !== null) conditions.push(Prisma.sql`l."year" >= ${query.yearFrom}`);
  if (query.yearTo !== null) conditions.push(Prisma.sql`l."year" <= ${query.yearTo}`);
  if (query.priceFrom !== null) conditions.push(Prisma.sql`l."buyNowPrice" >= ${query.priceFrom}`);
  if (query.priceTo !== null) conditions.push(Prisma.sql`l."buyNowPrice" <= ${query.priceTo}`);
  if (query.state) conditions.push(Prisma.sql`l."pickupLocationState" = ${query.state}`);
  if (query.source) conditions.push(Prisma.sql`lower(l."source") = lower(${query.source})`);
  return Prisma.join(conditions, " AND ");
}

// The MMR delta is computed, so the page sorts in SQL rather than through Prisma's orderBy.
const SORT_COLUMNS = {
  price: Prisma.sql`l."buyNowPrice"`,
  delta: Prisma.sql`(l."buyNowPrice" - l."mmrPrice")`,
  odometer: Prisma.sql`l."odometer"`,
  year: Prisma.sql`l."year"`,
} as const;

interface ListingRow {
  id: number;
  vin: string;
  year: number;
  make: string;
  model: string;
  trim: string | null;
  odometer: number;
  buyNowPrice: Prisma.Decimal | null;
  mmrPrice: Prisma.Decimal | null;
  locationCity: string | null;
  pickupLocationState: string | null;
  source: string | null;
  smallUrl: string | null;
  unitNumber: string | null;
}

/** One page of listings as the query asks (anything unreadable in it is left out). */
export async function listListings(db: Db, params: Record<string, string | undefined>): Promise<ListingsPage> {
  const query = readListingsQuery(params);
  const where = whereOf(query);
  const [{ total }] = await db.$queryRaw<[{ total: number }]>`
    SELECT count(*)::int AS total FROM "AuctionListing" l WHERE ${where}`;
  const pageCount = Math.max(1, Math.ceil(total / LISTINGS_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const direction = query.dir === "desc" ? Prisma.sql`DESC` : Prisma.sql`ASC`;
  const rows = await db.$queryRaw<ListingRow[]>`
    SELECT l."id", l."vin", l."year", l."make", l."model", l."trim", l."odometer", l."buyNowPrice", l."mmrPrice",
           l."locationCity", l."pickupLocationState", l."source", u."unitNumber",
           (SELECT i."smallUrl" FROM "AuctionListingImage" i WHERE i."listingId" = l."id"
             ORDER BY i."position", i."id" LIMIT 1) AS "smallUrl"
      FROM "AuctionListing" l
      LEFT JOIN "Unit" u ON u."id" = l."unitId" OR (l."unitId" IS NULL AND u."vin" = l."vin")
     WHERE ${where}
     ORDER BY ${SORT_COLUMNS[query.sort]} ${direction} NULLS LAST, l."id"
     LIMIT ${LISTINGS_PAGE_SIZE} OFFSET ${(page - 1) * LISTINGS_PAGE_SIZE}`;
  const choices = await listingChoices(db, query.make);
  return {
    listings: rows.map((row) => {
      const buyNowPrice = money(row.buyNowPrice);
      const mmrPrice = money(row.mmrPrice);
      return {
        id: row.id,
        vin: row.vin,
        year: row.year,
        make: row.make,
        model: row.model,
        trim: row.trim,
        odometer: row.odometer,
        buyNowPrice,
        mmrPrice,
        delta: priceDelta(buyNowPrice, mmrPrice),
        locationCity: row.locationCity,
        pickupLocationState: row.pickupLocationState,
        source: row.source,
        photoUrl: row.smallUrl ? listingPhotoUrl(row.smallUrl) : null,
        photoAlt: photoAlt(row, 0, 1).replace(/, photo 1 of 1$/, ""),
        unitNumber: row.unitNumber,
      };
    }),
    total,
    page,
    pageCount,
    query: { ...query, page },
    choices,
  };
}

/** The filters' choices: every make, the chosen make's models (all models without one), states and sources. */
async function listingChoices(db: Db, make: string): Promise<ListingsPage["choices"]> {
  const distinct = async (column: "make" | "model" | "pickupLocationState" | "source", onlyMake?: string) => {
    const name = Prisma.raw(`"${column}"`);
    const rows = await db.$queryRaw<{ value: string }[]>`
      SELECT DISTINCT ${name} AS value FROM "AuctionListing"
       WHERE ${name} IS NOT NULL AND ${name} <> ''
         ${onlyMake ? Prisma.sql`AND lower("make") = lower(${onlyMake})` : Prisma.empty}
       ORDER BY 1`;
    return rows.map((row) => row.value);
  };
  const [makes, models, states, sources] = await Promise.all([
    distinct("make"),
    distinct("model", make || undefined),
    distinct("pickupLocationState"),
    distinct("source"),
  ]);
  return { makes, models, states, sources };
}

/** One listing with its photos (served URLs) and the company's unit of its VIN, or null. */
export async function readListingDetails(db: Db, id: number): Promise<ListingDetails | null> {
  const listing = await db.auctionListing.findUnique({
    where: { id },
    include: {
      images: { orderBy: [{ position: "asc" }, { id: "asc" }] },
      unit: { select: { id: true, unitNumber: true } },
    },
  });
  if (!listing) return null;
  // A listing imported before its unit existed (or whose unit was renumbered) still finds it by VIN.
  const unit =
    listing.unit ?? (await db.unit.findUnique({ where: { vin: listing.vin }, select: { id: true, unitNumber: true } }));
  const served = listing.images.flatMap((image) => {
    const smallUrl = listingPhotoUrl(image.smallUrl);
    const largeUrl = listingPhotoUrl(image.largeUrl);
    return smallUrl && largeUrl ? [{ smallUrl, largeUrl }] : [];
  });
  return {
    id: listing.id,
    vin: listing.vin,
    year: listing.year,
    make: listing.make,
    model: listing.model,
    trim: listing.trim,
    odometer: listing.odometer,
    exteriorColor: listing.exteriorColor,
    interiorColor: listing.interiorColor,
    buyNowPrice: money(listing.buyNowPrice),
    mmrPrice: money(listing.mmrPrice),
    facilitatingAuction: listing.facilitatingAuction,
    locationCity: listing.locationCity,
    locationFullZipcode: listing.locationFullZipcode,
    pickupLocationState: listing.pickupLocationState,
    sellerName: listing.sellerName,
    source: listing.source,
    comments: listing.comments,
    listingUrl: safeHttpUrl(listing.listingUrl),
    photos: served.map((photo, index) => ({ ...photo, alt: photoAlt(listing, index, served.length) })),
    unit,
  };
}

/** The listings of a unit (by its id or VIN), newest first: what the unit hub shows with a link to each. */
export async function listingsOfUnit(db: Db, unit: { id: number; vin: string }) {
  return db.auctionListing.findMany({
    where: { OR: [{ unitId: unit.id }, { vin: unit.vin }] },
    orderBy: [{ listedAt: "desc" }, { id: "desc" }],
    select: {
      id: true,
      source: true,
      facilitatingAuction: true,
      buyNowPrice: true,
      mmrPrice: true,
      listedAt: true,
      endedAt: true,
    },
  });
}
