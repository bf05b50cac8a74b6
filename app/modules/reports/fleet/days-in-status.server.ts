// /days-in-status-report (ADR 057): a view choice switches the table between the units against their
// status's lateness threshold, the aging matrix (statuses × day buckets) and the completed stays of a range
// of days per status; the narrowing filters hold for every view.
import type { Db } from "~/modules/platform/services.server.ts";
import { statusDetailsHref } from "~/rules/fleet/status-details.ts";
import type { TruckType } from "~/rules/fleet/truck-types.ts";
import { unitStatusByName } from "~/rules/fleet/unit-statuses.ts";
import { unitHubHref } from "~/rules/fleet/unit-search.ts";
import {
  AGE_BUCKETS,
  type AgingRow,
  agingMatrix,
  DAYS_IN_STATUS_VIEWS,
  type Lateness,
  overallStayStatistics,
  type StayCount,
  stayRange,
  STAY_RANGE_DEFAULT_DAYS,
  type StayStatistics,
  stayStatistics,
  statusesInScope,
  unitLateness,
} from "~/rules/reports/days-in-status.ts";
import { FLEET_STATUSES, STATUS_GROUPS, truckTypeLabel } from "~/rules/reports/fleet-groups.ts";
import { inView, type ReportState, shiftDay } from "~/rules/reports/report-kit.ts";
import { TRUCK_TYPE_FILTER } from "~/rules/reports/fleet-groups.ts";
import type { ServerReport } from "../report-run.server.ts";

interface UnitDaysRow {
  kind: "unit";
  unitNumber: string;
  truckType: TruckType;
  status: string;
  subStatus: string | null;
  changedOn: string;
  days: number;
  lateAfterDays: number | null;
  overBy: number | null;
  lateness: Lateness;
  statusHref: string;
}

interface AgingStatusRow extends AgingRow {
  kind: "aging";
  href: string;
}

interface StayRow extends StayStatistics {
  kind: "stays";
  status: string;
  lateAfterDays: number | null;
  lengths: StayCount[];
  href: string;
}

type DaysInStatusRow = UnitDaysRow | AgingStatusRow | StayRow;

const LATE_FILTER = [
  { value: "all", label: "All units" },
  { value: "late", label: "Late only" },
] as const;

/** The status details of a status, for the truck type the report is narrowed to. */
function statusHref(status: string, state: Pick<ReportState, "filters">): string {
  const item = (state.filters.truckType ?? "all") as TruckType | "all";
  return statusDetailsHref({ status, item, availability: "all", model: "all", subStatus: null });
}

const scopeOf = (state: Pick<ReportState, "filters">) => ({
  statuses: statusesInScope({ group: state.filters.group ?? "all", status: state.filters.status ?? "all" }),
  truckType: state.filters.truckType ?? "all",
});

/** The units of the scope (SOLD has left the fleet), each judged against its status's threshold. */
async function unitRows(db: Db, state: ReportState, now: Date): Promise<UnitDaysRow[]> {
  const scope = scopeOf(state);
  const units = await db.$queryRaw<
    {
      unitNumber: string;
      truckType: TruckType;
      status: string;
      subStatus: string | null;
      changedAt: Date;
      overrideLate: boolean;
    }[]
  >`
    SELECT u."unitNumber", u."truckType"::text AS "truckType", s.name AS status, u."subStatus",
      u."statusChangedAt" AS "changedAt", u."overrideLate"
    FROM "Unit" u JOIN "UnitStatus" s ON s.id = u."statusId"
    WHERE s.name = ANY(${scope.statuses}::text[])
      AND (${scope.truckType} = 'all' OR u."truckType"::text = ${scope.truckType})`;
  const lateOnly = state.filters.late === "late";
  return units
    .map((unit): UnitDaysRow => {
      const judged = unitLateness(
        { statusName: unit.status, changeDate: unit.changedAt, overrideLate: unit.overrideLate },
        now,
      );
      return {
        kind: "unit",
        unitNumber: unit.unitNumber,
        truckType: unit.truckType,
        status: unit.status,
        subStatus: unit.subStatus,
        changedOn: unit.changedAt.toISOString().slice(0, 10),
        ...judged,
        statusHref: statusHref(unit.status, state),
      };
    })
    .filter((row) => !lateOnly || row.lateness === "Late")
    .sort((a, b) => (b.overBy ?? -1) - (a.overBy ?? -1) || b.days - a.days || a.unitNumber.localeCompare(b.unitNumber));
}

/**
 * Completed stays whose stay ended in the range, counted per status and length in whole days: each status
 * change in the range ends the stay its unit's previous status change began (one index probe per change).
 */
async function stayRows(db: Db, state: ReportState): Promise<StayRow[]> {
  const scope = scopeOf(state);
  const { start, end } = stayRange(state.filters.from!, state.filters.to!);
  const counts = await db.$queryRaw<{ status: string; days: number; stays: number }[]>`
    SELECT p."newVal" AS status,
      floor(extract(epoch FROM e."changedOn" - p."changedOn") / 86400)::int AS days, count(*)::int AS stays
    FROM "UnitHistory" e
    JOIN "Unit" u ON u.id = e."unitId"
    CROSS JOIN LATERAL (
      SELECT h."newVal", h."changedOn" FROM "UnitHistory" h
      WHERE h."unitId" = e."unitId" AND h."statType" = 'Status'
        AND (h."changedOn" < e."changedOn" OR (h."changedOn" = e."changedOn" AND h.id < e.id))
      ORDER BY h."changedOn" DESC, h.id DESC
      LIMIT 1
    ) p
    WHERE e."statType" = 'Status'
      AND e."changedOn" >= ${start.toISOString()}::timestamp AND e."changedOn" < ${end.toISOString()}::timestamp
      AND p."newVal" = ANY(${scope.statuses}::text[])
      AND (${scope.truckType} = 'all' OR u."truckType"::text = ${scope.truckType})
    GROUP BY 1, 2`;
  return scope.statuses.map((status): StayRow => {
    const lateAfterDays = unitStatusByName(status)?.lateAfterDays ?? null;
    const lengths = counts.filter((count) => count.status === status).map(({ days, stays }) => ({ days, stays }));
    return {
      kind: "stays",
      status,
      lateAfterDays,
      lengths,
      ...stayStatistics(lengths, lateAfterDays),
      href: statusHref(status, state),
    };
  });
}

const units = inView<DaysInStatusRow, UnitDaysRow>("view", "units", {
  columns: [
    {
      key: "unitNumber",
      label: "Unit",
      type: "text",
      value: (row) => row.unitNumber,
      href: (row) => unitHubHref(row.unitNumber),
    },
    { key: "truckType", label: "Type", type: "text", value: (row) => truckTypeLabel(row.truckType) },
    { key: "status", label: "Status", type: "text", value: (row) => row.status, href: (row) => row.statusHref },
    { key: "subStatus", label: "Sub-status", type: "text", value: (row) => row.subStatus },
    { key: "changedOn", label: "Since", type: "date", value: (row) => row.changedOn },
    { key: "days", label: "Days in status", type: "days", value: (row) => row.days, total: "none" },
    { key: "lateAfterDays", label: "Late after", type: "days", value: (row) => row.lateAfterDays, total: "none" },
    { key: "overBy", label: "Over by", type: "days", value: (row) => row.overBy, total: "none" },
    {
      key: "lateness",
      label: "Lateness",
      type: "text",
      value: (row) => row.lateness,
      total: (rows) => `${rows.filter((row) => row.lateness === "Late").length.toLocaleString("en-US")} late`,
    },
  ],
  charts: [
    {
      id: "lateness",
      title: "Units by status and lateness",
      kind: "stacked-bar",
      caption: () => "Each status's units on time, late, overridden or never late; the table below has the counts.",
      data: (rows, state) => {
        const statuses = FLEET_STATUSES.filter((status) => rows.some((row) => row.status === status));
        // Always all four, so each keeps its colour (late in the palette's red).
        const kinds: Lateness[] = ["On time", "No limit", "Overridden", "Late"];
        return {
          categories: statuses,
          series: kinds.map((kind) => ({
            name: kind,
            values: statuses.map(
              (status) => rows.filter((row) => row.status === status && row.lateness === kind).length,
            ),
          })),
          valueType: "count",
          hrefs: statuses.map((status) => statusHref(status, state)),
        };
      },
    },
  ],
});

const aging = inView<DaysInStatusRow, AgingStatusRow>("view", "aging", {
  columns: [
    { key: "status", label: "Status", type: "text", value: (row) => row.status, total: "none" },
    { key: "lateAfterDays", label: "Late after", type: "days", value: (row) => row.lateAfterDays, total: "none" },
    ...AGE_BUCKETS.map((bucket) => ({
      key: bucket.key,
      label: bucket.label,
      type: "count" as const,
      value: (row: AgingStatusRow) => row.buckets[bucket.key],
      href: (row: AgingStatusRow) => (row.buckets[bucket.key] > 0 ? row.href : null),
    })),
    { key: "total", label: "Units", type: "count", value: (row) => row.total, href: (row) => row.href },
    { key: "late", label: "Late", type: "count", value: (row) => row.late },
  ],
  charts: [
    {
      id: "aging",
      title: "Aging by status",
      kind: "stacked-bar",
      caption: () => "Units in each status by how many days they have been in it; the table below has the counts.",
      data: (rows) => ({
        categories: rows.map((row) => row.status),
        series: AGE_BUCKETS.map((bucket) => ({
          name: bucket.label,
          values: rows.map((row) => row.buckets[bucket.key]),
        })),
        valueType: "count",
        hrefs: rows.map((row) => row.href),
      }),
    },
  ],
});

const overall = (rows: readonly StayRow[]) => overallStayStatistics(rows);
/** Days to a tenth, as the page and the files show them (interpolated percentiles carry float noise). */
const tenths = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);
const stays = inView<DaysInStatusRow, StayRow>("view", "stays", {
  columns: [
    {
      key: "status",
      label: "Status",
      type: "text",
      value: (row) => row.status,
      href: (row) => row.href,
      total: "none",
    },
    { key: "lateAfterDays", label: "Late after", type: "days", value: (row) => row.lateAfterDays, total: "none" },
    { key: "stays", label: "Stays", type: "count", value: (row) => row.stays },
    {
      key: "average",
      label: "Average days",
      type: "number",
      value: (row) => tenths(row.average),
      total: (rows) => tenths(overall(rows).average),
    },
    {
      key: "median",
      label: "Median days",
      type: "number",
      value: (row) => tenths(row.median),
      total: (rows) => tenths(overall(rows).median),
    },
    {
      key: "p90",
      label: "90th percentile days",
      type: "number",
      value: (row) => tenths(row.p90),
      total: (rows) => tenths(overall(rows).p90),
    },
    { key: "over", label: "Over threshold", type: "count", value: (row) => row.over },
    {
      key: "overShare",
      label: "Share over threshold",
      type: "percent",
      value: (row) => row.overShare,
      total: (rows) => overall(rows).overShare,
    },
  ],
  charts: [
    {
      id: "stays",
      title: "How long a stay lasts",
      kind: "bar",
      caption: (state) =>
        `Median and 90th percentile days of the stays that ended from ${state.filters.from} to ${state.filters.to}; the table below has the numbers.`,
      data: (rows) => {
        const shown = rows.filter((row) => row.stays > 0);
        return {
          categories: shown.map((row) => row.status),
          series: [
            { name: "Median days", values: shown.map((row) => row.median ?? 0) },
            { name: "90th percentile days", values: shown.map((row) => row.p90 ?? 0) },
          ],
          valueType: "days",
          hrefs: shown.map((row) => row.href),
        };
      },
    },
  ],
});

export const daysInStatusReport: ServerReport<DaysInStatusRow> = {
  title: "Days in Status",
  description:
    "Units: each unit's days in its status against the status's lateness threshold (an overridden unit is never late). " +
    "Aging by status: the units of each status by days in it. Completed stays: how long the stays that ended in the " +
    "range lasted, per status. SOLD units have left the fleet.",
  filters: [
    { kind: "choice", name: "view", label: "View", options: DAYS_IN_STATUS_VIEWS, defaultValue: "units" },
    {
      kind: "choice",
      name: "group",
      label: "Status group",
      options: [
        { value: "all", label: "All groups" },
        ...STATUS_GROUPS.map((group) => ({ value: group.name, label: group.name })),
      ],
      defaultValue: "all",
    },
    {
      kind: "choice",
      name: "status",
      label: "Status",
      options: [
        { value: "all", label: "All statuses" },
        ...FLEET_STATUSES.map((status) => ({ value: status, label: status })),
      ],
      defaultValue: "all",
    },
    TRUCK_TYPE_FILTER,
    { kind: "choice", name: "late", label: "Lateness", options: LATE_FILTER, defaultValue: "all" },
    {
      kind: "date",
      name: "from",
      label: "Stays ended from",
      defaultValue: (today) => shiftDay(today, -STAY_RANGE_DEFAULT_DAYS),
    },
    { kind: "date", name: "to", label: "Stays ended to", defaultValue: (today) => today },
  ],
  columns: [...units.columns, ...aging.columns, ...stays.columns],
  charts: [...units.charts, ...aging.charts, ...stays.charts],
  // Each view reads in its own order: the units furthest over their threshold first, statuses in catalogue order.
  defaultSort: null,
  rowKey: (row) => (row.kind === "unit" ? row.unitNumber : row.status),
  async load(db, state, now) {
    const view = state.filters.view;
    if (view === "stays") return stayRows(db, state);
    const rows = await unitRows(db, state, now);
    if (view === "units") return rows;
    const scope = scopeOf(state);
    return agingMatrix(
      rows.map((row) => ({ status: row.status, days: row.days, late: row.lateness === "Late" })),
      scope.statuses,
    ).map((row) => ({ ...row, kind: "aging", href: statusHref(row.status, state) }));
  },
};
