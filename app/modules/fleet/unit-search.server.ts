// Department search and unit history (ADR 045): the reads behind
// GET /api/departmentSearch/{unit}, GET /api/unitHistorySearch/{unit} and the departmentSearchModal.
// Each is a bounded index read whatever the fleet's size: a prefix is a range of "Unit_unitNumber_c_idx"
// (the expression below must stay that index's), text anywhere a lookup of "Unit_unitNumber_trgm_idx",
// history the newest rows of "UnitHistory"(unitId, changedOn DESC).
import { Prisma } from "../../generated/prisma/client.ts";
import type { Db } from "../platform/services.server.ts";
import {
  DEPARTMENT_SEARCH_LIMIT,
  type DepartmentSearchResult,
  departmentLabel,
  departmentSearchLink,
  UNIT_HISTORY_SEARCH_LIMIT,
  type UnitHistoryRow,
  readUnitSearch,
  UNIT_SEARCH_PARAM,
  unitSearchPlan,
} from "../../rules/fleet/unit-search.ts";
import { MODAL_PARAM } from "../../rules/dialogs/modals.ts";

interface SearchRow {
  unitNumber: string;
  vin: string;
  status: string;
  subStatus: string | null;
  department: string | null;
}

export interface DepartmentSearchHit extends DepartmentSearchResult {
  /** The board filtered to the unit, or the unit hub (departmentSearchLink). */
  Link: string;
}

export interface DepartmentSearchAnswer {
  results: DepartmentSearchHit[];
  /** More units match than the answer holds. */
  more: boolean;
}

const SELECT_UNITS = Prisma.sql`
  SELECT u."unitNumber", u."vin", s."name" AS "status", u."subStatus", s."department"
  FROM "Unit" u JOIN "UnitStatus" s ON s."id" = u."statusId"`;

/** The department search's two statements, shared with its benchmark's raw baseline and hand-written server (bench/). */
export const UNIT_SEARCH_SQL = {
  /** Numbers starting with `prefix`: a range of the byte-ordered index, already in order. */
  prefix: (prefix: string, limit: number) => Prisma.sql`${SELECT_UNITS}
    WHERE (u."unitNumber"::text COLLATE "C") LIKE ${`${prefix}%`}
    ORDER BY (u."unitNumber"::text COLLATE "C") LIMIT ${limit}`,
  /**
   * Numbers holding `text` elsewhere, in number order. The planner chooses between the trigram lookup
   * (a rare part) and walking the ordered index until enough match (a common one) from the column's
   * statistics, kept at 1,000 entries for this (migration 20261128130000).
   */
  inside: (text: string, prefix: string, limit: number) => Prisma.sql`${SELECT_UNITS}
    WHERE u."unitNumber" LIKE ${`%${text}%`} AND NOT ((u."unitNumber"::text COLLATE "C") LIKE ${`${prefix}%`})
    ORDER BY (u."unitNumber"::text COLLATE "C") LIMIT ${limit}`,
};

/**
 * Units whose number starts with the text (exact match first, as it sorts first), then, from three
 * characters, those holding it elsewhere; at most DEPARTMENT_SEARCH_LIMIT, each part in number order.
 * `text` is a reading of readUnitSearch: no LIKE wildcard can be in it.
 */
export async function searchDepartments(db: Db, text: string): Promise<DepartmentSearchAnswer> {
  const plan = unitSearchPlan(text);
  const wanted = DEPARTMENT_SEARCH_LIMIT + 1;
  const rows = await db.$queryRaw<SearchRow[]>(UNIT_SEARCH_SQL.prefix(plan.prefix, wanted));
  if (plan.contains && rows.length < wanted) {
    rows.push(...(await db.$queryRaw<SearchRow[]>(UNIT_SEARCH_SQL.inside(text, plan.prefix, wanted - rows.length))));
  }
  return {
    results: rows.slice(0, DEPARTMENT_SEARCH_LIMIT).map((row) => ({
      UnitNumber: row.unitNumber,
      VinNumber: row.vin,
      CurrentStatus: row.status,
      SubStatus: row.subStatus,
      Dept: departmentLabel(row.department),
      Link: departmentSearchLink(row.department, row.unitNumber).href,
    })),
    more: rows.length > DEPARTMENT_SEARCH_LIMIT,
  };
}

/**
 * The unit a search names for its history: the unit with exactly that number, else the only unit the
 * search finds; none when it finds several (the dialog asks to choose one) or none.
 */
export async function unitNamedBy(
  db: Db,
  text: string,
  found?: DepartmentSearchAnswer,
): Promise<{ id: number; unitNumber: string } | null> {
  const exact = await db.unit.findUnique({ where: { unitNumber: text }, select: { id: true, unitNumber: true } });
  if (exact) return exact;
  const answer = found ?? (await searchDepartments(db, text));
  if (answer.results.length !== 1 || answer.more) return null;
  return db.unit.findUnique({
    where: { unitNumber: answer.results[0]!.UnitNumber },
    select: { id: true, unitNumber: true },
  });
}

const HISTORY_SELECT = {
  statType: true,
  prevVal: true,
  newVal: true,
  changedOn: true,
  changedBy: true,
  changedFrom: true,
} as const;

type HistoryRecord = Prisma.UnitHistoryGetPayload<{ select: typeof HISTORY_SELECT }>;

/** The spec's StatType spelling of a stored history type (Status, Sub-Status, Rental Use). */
const STAT_TYPE_LABELS: Record<HistoryRecord["statType"], string> = {
  STATUS: "Status",
  SUB_STATUS: "Sub-Status",
  RENTAL_USE: "Rental Use",
};

export function historyRowOf(unitNumber: string, record: HistoryRecord): UnitHistoryRow {
  return {
    UnitNumber: unitNumber,
    StatType: STAT_TYPE_LABELS[record.statType],
    PrevVal: record.prevVal,
    NewVal: record.newVal,
    ChangedOn: record.changedOn.toISOString(),
    ChangedBy: record.changedBy,
    ChangedFrom: record.changedFrom,
  };
}

/** A page of a unit's history, newest first (ties by id, so pages never overlap). */
export async function unitHistoryPage(
  db: Db,
  unit: { id: number; unitNumber: string },
  page: { skip: number; take: number },
): Promise<UnitHistoryRow[]> {
  const records = await db.unitHistory.findMany({
    where: { unitId: unit.id },
    orderBy: [{ changedOn: "desc" }, { id: "desc" }],
    skip: page.skip,
    take: page.take,
    select: HISTORY_SELECT,
  });
  return records.map((record) => historyRowOf(unit.unitNumber, record));
}

interface HistoryJoinRow {
  unitNumber: string;
  /** The stored enum's text, which is the specification's StatType (Status, Sub-Status, Rental Use). */
  statType: string | null;
  prevVal: string | null;
  newVal: string | null;
  changedOn: Date | null;
  changedBy: string | null;
  changedFrom: string | null;
}

/** The history's statement, shared with its benchmark's raw baseline and hand-written server (bench/). */
export const UNIT_HISTORY_SQL = (unitNumber: string, limit: number) => Prisma.sql`
  SELECT u."unitNumber", h."statType"::text AS "statType", h."prevVal", h."newVal", h."changedOn", h."changedBy", h."changedFrom"
  FROM "Unit" u LEFT JOIN LATERAL (
    SELECT * FROM "UnitHistory" x WHERE x."unitId" = u."id" ORDER BY x."changedOn" DESC, x."id" DESC LIMIT ${limit}
  ) h ON true
  WHERE u."unitNumber" = ${unitNumber}`;

/**
 * The newest rows of the unit with exactly this number, in one statement (the unit by its unique index,
 * its rows by (unitId, changedOn)); null when no unit has that number.
 */
async function exactUnitHistory(db: Db, unitNumber: string, limit: number): Promise<UnitHistoryRow[] | null> {
  const rows = await db.$queryRaw<HistoryJoinRow[]>(UNIT_HISTORY_SQL(unitNumber, limit));
  if (rows.length === 0) return null;
  return rows.flatMap((row) =>
    row.statType === null || row.changedOn === null
      ? []
      : [
          {
            UnitNumber: row.unitNumber,
            StatType: row.statType,
            PrevVal: row.prevVal,
            NewVal: row.newVal,
            ChangedOn: row.changedOn.toISOString(),
            ChangedBy: row.changedBy ?? "",
            ChangedFrom: row.changedFrom ?? "",
          },
        ],
  );
}

/** The history list shown with a search: the newest UNIT_HISTORY_SEARCH_LIMIT rows of the unit it names. */
export async function searchUnitHistory(
  db: Db,
  text: string,
  found?: DepartmentSearchAnswer,
): Promise<{ unitNumber: string | null; rows: UnitHistoryRow[] }> {
  const exact = await exactUnitHistory(db, text, UNIT_HISTORY_SEARCH_LIMIT);
  if (exact) return { unitNumber: text, rows: exact };
  const unit = await unitNamedBy(db, text, found);
  if (!unit) return { unitNumber: null, rows: [] };
  return {
    unitNumber: unit.unitNumber,
    rows: await unitHistoryPage(db, unit, { skip: 0, take: UNIT_HISTORY_SEARCH_LIMIT }),
  };
}

/** What the departmentSearchModal shows for a typed search: the units, and the history of the one it names. */
export interface DepartmentSearchDialogAnswer {
  typed: string;
  error: string | null;
  results: DepartmentSearchHit[];
  more: boolean;
  history: { unitNumber: string | null; rows: UnitHistoryRow[] };
}

/**
 * The dialog's answer for a page's URL (`?modal=departmentSearchModal&unitSearch=H24`), which the root's
 * loader hands to the dialog so its plain GET form works without JavaScript; null when the URL
 * asks for no search.
 */
export async function departmentSearchOfUrl(
  db: Db,
  search: URLSearchParams,
): Promise<DepartmentSearchDialogAnswer | null> {
  const typed = search.get(UNIT_SEARCH_PARAM);
  if (search.get(MODAL_PARAM) !== "departmentSearchModal" || typed === null || typed.trim() === "") return null;
  const reading = readUnitSearch(typed);
  if (!reading.ok) {
    return { typed, error: reading.message, results: [], more: false, history: { unitNumber: null, rows: [] } };
  }
  const found = await searchDepartments(db, reading.text);
  const history =
    found.results.length === 0 ? { unitNumber: null, rows: [] } : await searchUnitHistory(db, reading.text, found);
  return { typed, error: null, ...found, history };
}
