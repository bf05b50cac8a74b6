// Status counts and status details (ADR 044): units per status and sub-status with their late counts, and
// one page of a status list with the specification's row (UnitNumber … RentalUse), read in SQL so a page
// costs one indexed range scan whatever the fleet's size (the EXPLAIN test holds the plan). The export
// (status-details-export.server.ts) reads the same rows (STATUS_DETAILS_SQL) behind a cursor, in batches.
import type { Db } from "~/modules/platform/services.server.ts";
import { Prisma } from "../../generated/prisma/client";
import {
  ALL,
  ALL_STATUSES,
  pageSize,
  pageWindow,
  type SortDirection,
  type StatusCounts,
  type StatusDetailRow,
  type StatusDetailsQuery,
  type StatusDetailsSort,
  type StatusSlice,
  truckTypeDescription,
} from "../../rules/fleet/status-details.ts";
import { isUnitLate, UNIT_STATUS_ID, UNIT_STATUSES, type UnitStatusName } from "../../rules/fleet/unit-statuses.ts";

/** A status row as the list's query reads it. */
export interface RawStatusRow {
  unitNumber: string;
  truckType: string;
  statusName: string;
  subStatus: string | null;
  truckNotes: string | null;
  statusChangedAt: Date;
  overrideLate: boolean;
  overrideReason: string | null;
  year: number;
  make: string;
  model: string;
  color: string;
  reserved: boolean;
  reservedFor: string | null;
  reservedAt: Date | null;
  rentalUse: "Rental" | "Trade" | null;
}

/** The WHERE clause of a slice over `Unit u`. Statuses by their catalogue id, so the (statusId, …) index serves. */
export function sliceWhere(slice: StatusSlice): Prisma.Sql {
  const parts: Prisma.Sql[] = [];
  if (slice.status !== ALL_STATUSES)
    parts.push(Prisma.sql`u."statusId" = ${UNIT_STATUS_ID[slice.status as UnitStatusName]}`);
  if (slice.item !== ALL) parts.push(Prisma.sql`u."truckType" = ${slice.item}::"TruckType"`);
  if (slice.availability === "reserved")
    parts.push(Prisma.sql`EXISTS (SELECT 1 FROM "Reservation" x WHERE x."unitId" = u.id)`);
  if (slice.availability === "available") {
    parts.push(Prisma.sql`NOT EXISTS (SELECT 1 FROM "Reservation" x WHERE x."unitId" = u.id)`);
  }
  if (slice.model !== ALL) parts.push(Prisma.sql`u.model = ${slice.model}`);
  if (slice.subStatus !== null) {
    parts.push(
      slice.subStatus === "" ? Prisma.sql`u."subStatus" IS NULL` : Prisma.sql`u."subStatus" = ${slice.subStatus}`,
    );
  }
  return parts.length === 0 ? Prisma.sql`TRUE` : Prisma.join(parts, " AND ");
}

/** Each sort's expression. */
const SORT_COLUMNS: Record<StatusDetailsSort, Prisma.Sql> = {
  unitNumber: Prisma.sql`u."unitNumber"`,
  description: Prisma.sql`u."truckType"::text`,
  subStatus: Prisma.sql`COALESCE(u."subStatus", '')`,
  changeDate: Prisma.sql`u."statusChangedAt"`,
  year: Prisma.sql`u.year`,
  make: Prisma.sql`u.make`,
  model: Prisma.sql`u.model`,
  color: Prisma.sql`u.color`,
  reserved: Prisma.sql`(r.id IS NOT NULL)`,
  rentalUse: Prisma.sql`COALESCE(u."rentalUse"::text, '')`,
};

const direction = (dir: SortDirection) => (dir === "asc" ? Prisma.sql`ASC` : Prisma.sql`DESC`);

function orderBy(sort: StatusDetailsSort, dir: SortDirection): Prisma.Sql {
  return Prisma.sql`ORDER BY ${SORT_COLUMNS[sort]} ${direction(dir)}, u."unitNumber" ${direction(dir)}`;
}

const SELECT_ROWS = Prisma.sql`
  SELECT u."unitNumber", u."truckType"::text AS "truckType", s.name AS "statusName", u."subStatus", u."truckNotes",
    u."statusChangedAt", u."overrideLate", u."overrideReason", u.year, u.make, u.model, u.color,
    (r.id IS NOT NULL) AS reserved, c.name AS "reservedFor", r."reservedAt", u."rentalUse"::text AS "rentalUse"
  FROM "Unit" u
  JOIN "UnitStatus" s ON s.id = u."statusId"
  LEFT JOIN "Reservation" r ON r."unitId" = u.id
  LEFT JOIN "FormHistory" f ON f.id = r."formHistoryId"
  LEFT JOIN "Company" c ON c.id = f."companyId"`;

/** The specification's row of a unit read by the list's query, late or not at `now`. */
export function statusRowOf(raw: RawStatusRow, now: Date): StatusDetailRow {
  return {
    UnitNumber: raw.unitNumber,
    Description: truckTypeDescription(raw.truckType),
    TruckStatusDescription: raw.statusName,
    SubStatus: raw.subStatus,
    TruckNotes: raw.truckNotes,
    ChangeDate: raw.statusChangedAt.toISOString(),
    OverrideLate: raw.overrideLate,
    OverrideReason: raw.overrideReason,
    TruckYear: raw.year,
    TruckMake: raw.make,
    TruckModel: raw.model,
    TruckColor: raw.color,
    Reserved: raw.reserved,
    ReservedFor: raw.reservedFor,
    ReservedOn: raw.reservedAt ? raw.reservedAt.toISOString() : null,
    RentalUse: raw.rentalUse,
    Late: isUnitLate(
      { statusName: raw.statusName, changeDate: raw.statusChangedAt, overrideLate: raw.overrideLate },
      now,
    ),
  };
}

export type { StatusDetailRow };

export interface StatusDetailsPage {
  rows: StatusDetailRow[];
  total: number;
  page: number;
  pageCount: number;
}

/** The statements a page runs (the benchmark runs the very same ones on a plain pool): the slice's size, one page. */
export const STATUS_DETAILS_SQL = {
  count: (slice: StatusSlice) => Prisma.sql`SELECT count(*)::int AS total FROM "Unit" u WHERE ${sliceWhere(slice)}`,
  rows: (query: StatusDetailsQuery, limit: number | null, offset: number) =>
    Prisma.sql`${SELECT_ROWS} WHERE ${sliceWhere(query)} ${orderBy(query.sort, query.dir)} ${
      limit === null ? Prisma.empty : Prisma.sql`LIMIT ${limit} OFFSET ${offset}`
    }`,
};

/**
 * One page of a status list, sorted, with the slice's row count (paged on the server). The count and the
 * page asked for are read side by side; only a page past the end is read again, as the last page.
 */
export async function statusDetailsPage(db: Db, query: StatusDetailsQuery, now: Date): Promise<StatusDetailsPage> {
  const size = pageSize(query.perPage);
  const readRows = (limit: number | null, offset: number) =>
    db.$queryRaw<RawStatusRow[]>(STATUS_DETAILS_SQL.rows(query, limit, offset));
  const [[{ total }], asked] = await Promise.all([
    db.$queryRaw<[{ total: number }]>(STATUS_DETAILS_SQL.count(query)),
    readRows(size, size === null ? 0 : (query.page - 1) * size),
  ]);
  const window = pageWindow(total, query.page, query.perPage);
  const rows = window.page === query.page || total === 0 ? asked : await readRows(window.limit, window.offset);
  return { rows: rows.map((row) => statusRowOf(row, now)), total, page: window.page, pageCount: window.pageCount };
}

/**
 * Units per status and sub-status for the filters (truck type, availability, model), with the late ones
 * counted apart: late when not overridden and the last change is at or before the status's cut-off.
 */
export async function statusCounts(
  db: Db,
  filters: Pick<StatusSlice, "item" | "availability" | "model">,
  now: Date,
): Promise<StatusCounts> {
  const where = sliceWhere({ ...filters, status: ALL_STATUSES, subStatus: null });
  const nowText = now.toISOString();
  const [rows, models] = await Promise.all([
    db.$queryRaw<{ statusId: number; subStatus: string | null; count: number; late: number }[]>`
      SELECT u."statusId", u."subStatus", count(*)::int AS count,
        (count(*) FILTER (WHERE NOT u."overrideLate" AND s."lateAfterDays" IS NOT NULL
          AND u."statusChangedAt" <= ${nowText}::timestamp - (s."lateAfterDays" + 1) * interval '1 day'))::int AS late
      FROM "Unit" u JOIN "UnitStatus" s ON s.id = u."statusId"
      WHERE ${where}
      GROUP BY u."statusId", u."subStatus"`,
    db.$queryRaw<{ model: string }[]>`SELECT DISTINCT model FROM "Unit" ORDER BY model`,
  ]);
  const statuses = UNIT_STATUSES.map((status) => {
    const lines = rows
      .filter((row) => row.statusId === status.id)
      .map((row) => ({ status: status.name, subStatus: row.subStatus, count: row.count, late: row.late }))
      .sort((a, b) => (a.subStatus ?? "").localeCompare(b.subStatus ?? ""));
    return {
      status: status.name,
      count: lines.reduce((sum, line) => sum + line.count, 0),
      late: lines.reduce((sum, line) => sum + line.late, 0),
      subStatuses: lines.filter((line) => line.subStatus !== null),
    };
  });
  return {
    statuses,
    total: statuses.reduce((sum, status) => sum + status.count, 0),
    late: statuses.reduce((sum, status) => sum + status.late, 0),
    models: models.map((row) => row.model),
  };
}
