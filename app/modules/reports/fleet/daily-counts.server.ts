// /daily-counts (ADR 060): the fleet day by day over a range — units per status group from the daily snapshot
// (ADR 059), utilization, and the day's deliveries, returns and sales from the unit history — narrowed by
// truck type. One statement aggregates it all in the database; the counts of a group open the status counts.
import { Prisma } from "~/generated/prisma/client";
import type { Db } from "~/modules/platform/services.server.ts";
import {
  averageOf,
  checkDailyCountsRange,
  dayUtilization,
  defaultFrom,
  defaultTo,
  timeUtilization,
} from "~/rules/reports/daily-counts.ts";
import { STATUS_GROUPS, type StatusGroupName, statusGroupOf, truckTypeLabel } from "~/rules/reports/fleet-groups.ts";
import { formatReportValue, type ReportColumn } from "~/rules/reports/report-kit.ts";
import { TRUCK_TYPE_FILTER } from "~/rules/reports/fleet-groups.ts";
import type { ServerReport } from "../report-run.server.ts";

export interface DailyCountsRow {
  day: string;
  /** The truck type the row counts ('all' for every type), for the links of its counts. */
  truckType: string;
  groups: Record<StatusGroupName, number>;
  fleet: number;
  onRent: number;
  utilization: number | null;
  deliveries: number;
  returns: number;
  sold: number;
}

interface DailyCountsRecord {
  day: string;
  statuses: Record<string, number>;
  deliveries: number;
  returns: number;
  sold: number;
}

/**
 * The report's statement (the benchmark times it raw): per day of the range a snapshot was written for, the
 * units by status and the day's status changes to ON RENT, to OFF RENT from a rental (straight from ON RENT or
 * by way of IN TRANSIT), and to SOLD (UTC days,
 * as the snapshot counts them). `truckType` 'all' or one type narrows both.
 */
export const dailyCountsSql = (from: string, to: string, truckType: string) => Prisma.sql`
  WITH written AS (
    SELECT min(day) AS first, max(day) AS last FROM "FleetSnapshot"
  ), days AS (
    SELECT g.day::date AS day
      FROM written, generate_series(greatest(${from}::date, written.first), least(${to}::date, written.last),
                                    interval '1 day') AS g(day)
  ), snap AS (
    SELECT f.day, jsonb_object_agg(f.status, f.units) AS statuses
      FROM (SELECT f.day, s.name AS status, sum(f.units)::int AS units
              FROM "FleetSnapshot" f JOIN "UnitStatus" s ON s.id = f."statusId"
             WHERE f.day BETWEEN ${from}::date AND ${to}::date
               AND (${truckType} = 'all' OR f."truckType"::text = ${truckType})
             GROUP BY 1, 2) f
     GROUP BY 1
  ), moves AS (
    SELECT h."changedOn"::date AS day,
           count(*) FILTER (WHERE h."newVal" = 'ON RENT') AS deliveries,
           -- A rental ends ON RENT → IN TRANSIT (the pickup) → OFF RENT: it is back when it reaches OFF RENT.
           count(*) FILTER (WHERE h."newVal" = 'OFF RENT' AND h."prevVal" IN ('ON RENT', 'IN TRANSIT')) AS returns,
           count(*) FILTER (WHERE h."newVal" = 'SOLD') AS sold
      FROM "UnitHistory" h JOIN "Unit" u ON u.id = h."unitId"
     WHERE h."statType" = 'Status'
       AND h."changedOn" >= ${from}::date AND h."changedOn" < ${to}::date + 1
       AND (${truckType} = 'all' OR u."truckType"::text = ${truckType})
     GROUP BY 1
  )
  SELECT to_char(d.day, 'YYYY-MM-DD') AS day, coalesce(sn.statuses, '{}'::jsonb) AS statuses,
         coalesce(m.deliveries, 0)::int AS deliveries, coalesce(m.returns, 0)::int AS returns,
         coalesce(m.sold, 0)::int AS sold
    FROM days d LEFT JOIN snap sn ON sn.day = d.day LEFT JOIN moves m ON m.day = d.day
   ORDER BY d.day`;

/** A day's record as a row: its statuses summed into the groups, the fleet and its utilization. */
export function dailyCountsRow(record: DailyCountsRecord, truckType: string): DailyCountsRow {
  const groups = Object.fromEntries(STATUS_GROUPS.map((group) => [group.name, 0])) as Record<StatusGroupName, number>;
  let fleet = 0;
  for (const [status, units] of Object.entries(record.statuses)) {
    const group = statusGroupOf(status);
    if (group) groups[group] += units;
    fleet += units;
  }
  const onRent = groups["On rent"];
  return {
    day: record.day,
    truckType,
    groups,
    fleet,
    onRent,
    utilization: dayUtilization(onRent, fleet),
    deliveries: record.deliveries,
    returns: record.returns,
    sold: record.sold,
  };
}

const statusCountsHref = (truckType: string) =>
  truckType === "all" ? "/statuscount" : `/statuscount?item=${encodeURIComponent(truckType)}`;

// Counts at a day's end do not add up across days: their totals row is the average day.
const averageDay =
  (value: (row: DailyCountsRow) => number) =>
  (rows: readonly DailyCountsRow[]): number | null =>
    averageOf(rows.map(value));

/** The columns; the counts of a group and of the fleet open the status counts of the truck type shown. */
const columns: ReportColumn<DailyCountsRow>[] = [
  { key: "day", label: "Day", type: "date", value: (row) => row.day, total: "none" },
  ...STATUS_GROUPS.map((group): ReportColumn<DailyCountsRow> => ({
    key: `group:${group.name}`,
    label: group.name,
    type: "count",
    value: (row) => row.groups[group.name],
    href: (row) => statusCountsHref(row.truckType),
    total: averageDay((row) => row.groups[group.name]),
  })),
  {
    key: "fleet",
    label: "Fleet",
    type: "count",
    value: (row) => row.fleet,
    href: (row) => statusCountsHref(row.truckType),
    total: averageDay((row) => row.fleet),
  },
  {
    key: "utilization",
    label: "Utilization",
    type: "percent",
    value: (row) => row.utilization,
    total: (rows) => timeUtilization(rows),
  },
  { key: "deliveries", label: "Deliveries", type: "count", value: (row) => row.deliveries },
  { key: "returns", label: "Returns", type: "count", value: (row) => row.returns },
  { key: "sold", label: "Sold", type: "count", value: (row) => row.sold },
];
const shortDay = (day: string) => formatReportValue("date", day).slice(0, 5);

const typeOf = (filters: Record<string, string>) =>
  filters.truckType && filters.truckType !== "all" ? ` (${truckTypeLabel(filters.truckType)})` : "";

export const dailyCountsReport: ServerReport<DailyCountsRow> = {
  title: "Daily Counts",
  description:
    "The fleet at the end of each day by status group, its utilization, and the day's deliveries, returns and " +
    "units sold. Days without a written snapshot (today, still running) are not shown.",
  filters: [
    { kind: "date", name: "from", label: "From", defaultValue: defaultFrom },
    { kind: "date", name: "to", label: "To", defaultValue: defaultTo },
    TRUCK_TYPE_FILTER,
  ],
  columns,
  defaultSort: null,
  rowKey: (row) => row.day,
  check: checkDailyCountsRange,
  charts: [
    {
      id: "fleet-by-group",
      title: "The fleet by status group",
      kind: "stacked-bar",
      caption: (state) =>
        `Units in the fleet${typeOf(state.filters)} at the end of each day, by status group; the table below has the same counts.`,
      data: (rows) => ({
        categories: rows.map((row) => shortDay(row.day)),
        series: STATUS_GROUPS.map((group) => ({
          name: group.name,
          values: rows.map((row) => row.groups[group.name]),
        })),
        valueType: "count",
      }),
    },
    {
      id: "utilization",
      title: "Utilization",
      kind: "line",
      caption: (state) => `Units on rent ÷ units in the fleet${typeOf(state.filters)} at the end of each day.`,
      data: (rows) => ({
        categories: rows.map((row) => shortDay(row.day)),
        series: [{ name: "Utilization", values: rows.map((row) => row.utilization ?? 0) }],
        valueType: "percent",
      }),
    },
  ],
  async load(db: Db, state) {
    const { from = "", to = "", truckType = "all" } = state.filters;
    const records = await db.$queryRaw<DailyCountsRecord[]>(dailyCountsSql(from, to, truckType));
    return records.map((record) => dailyCountsRow(record, truckType));
  },
};
