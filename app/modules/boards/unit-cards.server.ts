// Shared pieces of the unit boards (recon, sales, titles) and the AR / credit memo lists: one narrow
// raw-SQL read of the units in a set of statuses with their note summary (and, for remarketing, their
// auction listing), plus the small builders every card needs (stage, notes, sort keys, text search).
// Never N+1: each list is one or two queries whatever the fleet size.
import type { Db } from "~/modules/platform/services.server.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import { type BoardCard, type CardListName, withSearchText } from "../../rules/boards/boards.ts";
import { formatCurrency, formatDisplayDate } from "../../rules/format.ts";
import { daysInStatus, isUnitLate, unitStatusByName } from "../../rules/fleet/unit-statuses.ts";

/** Statuses worked on the recon board: the recon department's plus OFF RENT units coming back in for inspection. */
export const RECON_STATUSES = ["OFF RENT", "ON LOT", "BODY SHOP", "In Maintenance"] as const;
/** The sales department's statuses, in the order a unit moves through remarketing. */
export const SALES_STATUSES = ["Hold for Sale", "FOR SALE", "At Auction", "RETAIL"] as const;
/** Titles: sold units still waiting for delivery, and units sold recently (title transfer follow-up). */
export const TITLES_STATUSES = ["Sold Not Delivered", "SOLD"] as const;
/** How long a SOLD unit stays on the titles board for title follow-up. */
export const TITLE_FOLLOW_UP_DAYS = 30;

export type CardNotes = BoardCard["notes"];

export interface UnitRow {
  id: number;
  unitNumber: string;
  year: number;
  make: string;
  model: string;
  color: string;
  odometer: number;
  statusName: string;
  subStatus: string | null;
  statusChangedAt: Date;
  overrideLate: boolean;
  overrideReason: string | null;
  truckNotes: string | null;
  locationState: string | null;
  companyCode: string | null;
  companyName: string | null;
  noteCount: number;
  noteSubject: string | null;
  noteAt: Date | null;
  noteAuthor: string | null;
  /** Auction listing (only when asked for): the open listing, else the latest one. */
  listingId: number | null;
  buyNowPrice: number | null;
  mmrPrice: number | null;
  facilitatingAuction: string | null;
  listedAt: Date | null;
  listingEndedAt: Date | null;
  imageCount: number | null;
}

/**
 * The units in `statuses` (optionally narrowed by `extraWhere` over alias u / s), with their note summary
 * (non-cancelled Note rows by unit number, any department) and optionally their auction listing.
 */
export async function queryUnitRows(
  db: Db,
  statuses: readonly string[],
  options: { withListing?: boolean; extraWhere?: Prisma.Sql } = {},
): Promise<UnitRow[]> {
  const listingSelect = options.withListing
    ? Prisma.sql`al.id AS "listingId", al."buyNowPrice"::float8 AS "buyNowPrice", al."mmrPrice"::float8 AS "mmrPrice",
        al."facilitatingAuction", al."listedAt", al."endedAt" AS "listingEndedAt",
        (SELECT count(*)::int FROM "AuctionListingImage" ai WHERE ai."listingId" = al.id) AS "imageCount"`
    : Prisma.sql`NULL::int AS "listingId", NULL::float8 AS "buyNowPrice", NULL::float8 AS "mmrPrice",
        NULL::text AS "facilitatingAuction", NULL::timestamp AS "listedAt", NULL::timestamp AS "listingEndedAt",
        NULL::int AS "imageCount"`;
  const listingJoin = options.withListing
    ? Prisma.sql`LEFT JOIN LATERAL (
        SELECT l.id, l."buyNowPrice", l."mmrPrice", l."facilitatingAuction", l."listedAt", l."endedAt"
        FROM "AuctionListing" l WHERE l."unitId" = u.id
        ORDER BY (l."endedAt" IS NULL) DESC, l."listedAt" DESC, l.id DESC LIMIT 1) al ON true`
    : Prisma.empty;
  return db.$queryRaw<UnitRow[]>`
    SELECT u.id, u."unitNumber", u.year, u.make, u.model, u.color, u.odometer,
      s.name AS "statusName", u."subStatus", u."statusChangedAt", u."overrideLate", u."overrideReason",
      u."truckNotes", u."locationState", c.code AS "companyCode", c.name AS "companyName",
      COALESCE(nc.n, 0)::int AS "noteCount", nl.subject AS "noteSubject", nl."createdAt" AS "noteAt",
      nl.author AS "noteAuthor",
      ${listingSelect}
    FROM "Unit" u
    JOIN "UnitStatus" s ON s.id = u."statusId"
    LEFT JOIN "Company" c ON c.id = u."companyId"
    LEFT JOIN LATERAL (
      SELECT count(*)::int AS n FROM "Note" n WHERE n."unitNumber" = u."unitNumber" AND NOT n.cancelled) nc ON true
    LEFT JOIN LATERAL (
      SELECT n.subject, n."createdAt", (au."firstName" || ' ' || au."lastName") AS author
      FROM "Note" n JOIN "User" au ON au.id = n."authorId"
      WHERE n."unitNumber" = u."unitNumber" AND NOT n.cancelled
      ORDER BY n."createdAt" DESC, n.id DESC LIMIT 1) nl ON true
    ${listingJoin}
    WHERE s.name IN (${Prisma.join([...statuses])}) ${options.extraWhere ?? Prisma.empty}`;
}

/** A stage from its label, in a board's order (id is the label in kebab case). */
export function stageOf(label: string, order: number): BoardCard["stage"] {
  return { id: slug(label), label, order };
}

export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

export function notesOf(
  count: number,
  latest: { subject: string | null; at: Date | null; author: string | null },
): CardNotes {
  return {
    count,
    latest:
      latest.subject !== null && latest.at !== null
        ? { author: latest.author ?? "", createdAt: new Date(latest.at).toISOString(), subject: latest.subject }
        : null,
  };
}

export const NO_NOTES: CardNotes = { count: 0, latest: null };

export function unitNotesAction(unitNumber: string): BoardCard["actions"][number] {
  return { id: "notes", label: "Notes", modal: "notesGeneral", params: { unitNumber } };
}

export function formNotesAction(formHistoryId: number): BoardCard["actions"][number] {
  return { id: "notes", label: "Notes", modal: "notesGeneral", params: { formHistoryId: String(formHistoryId) } };
}

/** Fixed-width number for text sort keys; `descending` makes larger numbers sort first. */
export function pad(value: number, descending = false, width = 7): string {
  const max = 10 ** width - 1;
  const n = Math.max(0, Math.min(max, Math.round(Number.isFinite(value) ? value : 0)));
  return String(descending ? max - n : n).padStart(width, "0");
}

export function money(value: number | null | undefined): string {
  return value === null || value === undefined ? "" : formatCurrency(value);
}

/** Whole dollars-and-cents sum without float drift. */
export function sumMoney(values: readonly (number | null | undefined)[]): number {
  return values.reduce<number>((sum, value) => sum + Math.round((value ?? 0) * 100), 0) / 100;
}

export function describeTruck(row: Pick<UnitRow, "year" | "make" | "model" | "color">): string {
  return `${row.year} ${row.make} ${row.model} · ${row.color}`;
}

/** The common unit card: lateness per isUnitLate (honouring the override), notes, the notes action. */
export function baseUnitCard(list: CardListName, row: UnitRow, now: Date, stage: BoardCard["stage"]): BoardCard {
  const days = daysInStatus(row.statusChangedAt, now);
  const late = isUnitLate(
    { statusName: row.statusName, changeDate: row.statusChangedAt, overrideLate: row.overrideLate },
    now,
  );
  const badges: BoardCard["badges"] = [];
  if (late) badges.push({ label: "Late", tone: "red" });
  if (row.overrideLate) badges.push({ label: "Late override", tone: "gray" });
  const threshold = unitStatusByName(row.statusName)?.lateAfterDays ?? null;
  const facts: BoardCard["facts"] = [
    { label: "Status", value: row.subStatus ? `${row.statusName} — ${row.subStatus}` : row.statusName },
    { label: "Since", value: formatDisplayDate(row.statusChangedAt) },
    { label: "Days in status", value: threshold === null ? String(days) : `${days} of ${threshold}` },
  ];
  if (row.overrideLate && row.overrideReason) facts.push({ label: "Override reason", value: row.overrideReason });
  if (row.locationState) facts.push({ label: "Location", value: row.locationState });
  facts.push({ label: "Odometer", value: row.odometer.toLocaleString("en-US") });
  if (row.truckNotes) facts.push({ label: "Truck notes", value: row.truckNotes });
  return withSearchText(
    {
      key: `unit-${row.id}`,
      list,
      stage,
      title: row.unitNumber,
      subtitle: describeTruck(row),
      formHistoryId: null,
      unitNumber: row.unitNumber,
      badges,
      facts,
      units: [{ unitNumber: row.unitNumber, status: row.statusName, carrier: null, late }],
      daysInStage: days,
      late,
      priority: null,
      notes: notesOf(row.noteCount, { subject: row.noteSubject, at: row.noteAt, author: row.noteAuthor }),
      actions: [unitNotesAction(row.unitNumber)],
      // Late first, then longest in status, then unit number.
      sortKey: `${late ? "0" : "1"}-${pad(days, true, 5)}-${row.unitNumber}`,
    },
    [row.make, row.model, row.statusName, row.subStatus, row.companyName, row.companyCode],
  );
}
