// The vendors behind /vendors and GET /api/vendors (ADR 035): one page of vendors, searched by name,
// contact, city or e-mail, filtered by type, sorted by name, type, city or insurance expiry; and the
// carriers (TRANSPORTER vendors) the transport board's carrier picker offers.
import { z } from "zod";
import type { Db } from "~/modules/platform/services.server.ts";
import type { Prisma } from "../../generated/prisma/client";
import { VENDOR_TYPES, type VendorTypeValue } from "../../rules/vendors/vendor-edit.ts";
import type { VendorRow } from "../../rules/vendors/vendors-page.ts";

export const VENDORS_PER_PAGE = 25;
export const VENDOR_SEARCH_MAX = 100;

export const VENDOR_SORTS = ["name", "type", "city", "insurance"] as const;
export type VendorSort = (typeof VENDOR_SORTS)[number];

const vendorTypeValues = VENDOR_TYPES.map((type) => type.value) as [VendorTypeValue, ...VendorTypeValue[]];

/** Query-string input (`Object.fromEntries(url.searchParams)`): junk falls back to the defaults. */
export const vendorDirectoryQuery = z.object({
  search: z.string().trim().max(VENDOR_SEARCH_MAX).catch("").default(""),
  type: z
    .enum(["all", ...vendorTypeValues])
    .catch("all")
    .default("all"),
  sort: z.enum(VENDOR_SORTS).catch("name").default("name"),
  dir: z.enum(["asc", "desc"]).catch("asc").default("asc"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
export type VendorDirectoryQuery = z.output<typeof vendorDirectoryQuery>;

export interface VendorPage {
  vendors: VendorRow[];
  page: number;
  pageCount: number;
  total: number;
  query: VendorDirectoryQuery;
}

/** Every word must appear in the name, contact, city or e-mail (any case). */
function searchFilter(search: string): Prisma.VendorWhereInput[] {
  return search
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 5)
    .map((word) => ({
      OR: [
        { name: { contains: word, mode: "insensitive" } },
        { contact: { contains: word, mode: "insensitive" } },
        { city: { contains: word, mode: "insensitive" } },
        { email: { contains: word, mode: "insensitive" } },
      ],
    }));
}

function orderBy(sort: VendorSort, dir: "asc" | "desc"): Prisma.VendorOrderByWithRelationInput[] {
  switch (sort) {
    case "type":
      return [{ vendorType: dir }, { name: "asc" }];
    case "city":
      return [{ city: dir }, { name: "asc" }];
    case "insurance":
      // Vendors without insurance on file last, whichever way.
      return [{ insExp: { sort: dir, nulls: "last" } }, { name: "asc" }];
    case "name":
      return [{ name: dir }, { id: "asc" }];
  }
}

const dayText = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);

/** The vendors the view's search and type select, in its order: one page of them, or every one. */
async function readVendors(
  db: Db,
  query: VendorDirectoryQuery,
  where: Prisma.VendorWhereInput,
  window?: { skip: number; take: number },
): Promise<VendorRow[]> {
  const rows = await db.vendor.findMany({ where, orderBy: orderBy(query.sort, query.dir), ...window });
  return rows.map((row) => ({
    VendorID: row.id,
    Name: row.name,
    VendorType: row.vendorType as VendorTypeValue,
    Contact: row.contact,
    City: row.city,
    State: row.state,
    Phone: row.phone,
    Email: row.email,
    CargoIns: row.cargoIns,
    InsExp: dayText(row.insExp),
  }));
}

const vendorWhere = (query: VendorDirectoryQuery): Prisma.VendorWhereInput => ({
  AND: [...searchFilter(query.search), ...(query.type === "all" ? [] : [{ vendorType: query.type }])],
});

export async function listVendors(db: Db, input: unknown = {}): Promise<VendorPage> {
  const query = vendorDirectoryQuery.parse(input ?? {});
  const where = vendorWhere(query);
  const total = await db.vendor.count({ where });
  const pageCount = Math.max(1, Math.ceil(total / VENDORS_PER_PAGE));
  const page = Math.min(query.page, pageCount);
  const vendors = await readVendors(db, query, where, {
    skip: (page - 1) * VENDORS_PER_PAGE,
    take: VENDORS_PER_PAGE,
  });
  return { vendors, page, pageCount, total, query: { ...query, page } };
}

/** Every vendor the view selects, in the page's order (its download); the view's page is not read. */
export function listAllVendors(db: Db, query: VendorDirectoryQuery): Promise<VendorRow[]> {
  return readVendors(db, query, vendorWhere(query));
}

/** A carrier as the transport board's picker offers it: its name and insurance expiry. */
export interface CarrierOption {
  VendorID: number;
  Name: string;
  InsExp: string | null;
}

/** Every TRANSPORTER vendor, by name. */
export async function listCarriers(db: Db): Promise<CarrierOption[]> {
  const rows = await db.vendor.findMany({
    where: { vendorType: "TRANSPORTER" },
    orderBy: [{ name: "asc" }, { id: "asc" }],
    select: { id: true, name: true, insExp: true },
  });
  return rows.map((row) => ({ VendorID: row.id, Name: row.name, InsExp: dayText(row.insExp) }));
}
