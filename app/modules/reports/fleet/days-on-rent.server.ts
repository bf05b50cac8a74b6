// /days-on-rent (ADR 058): the rentals open now — each unit on rent under an open contract, with its days
// and months on rent and their bucket, linking to its unit hub — or the rentals closed in a range, their
// average and median length by company, truck type or industry.
import { Prisma } from "~/generated/prisma/client";
import type { Db } from "~/modules/platform/services.server.ts";
import { unitHubHref } from "~/rules/fleet/unit-search.ts";
import {
  CLOSED_RANGE_DAYS,
  daysBetween,
  industryLabel,
  RENTAL_GROUPINGS,
  RENTAL_LENGTH_BUCKETS,
  RENTAL_VIEWS,
  type RentalGrouping,
  rentalLengthBucket,
} from "~/rules/reports/days-on-rent.ts";
import { truckTypeLabel } from "~/rules/reports/fleet-groups.ts";
import type { ReportState } from "~/rules/reports/report-kit.ts";
import { monthsBetween } from "~/rules/reports/months-in-fleet.ts";
import { addDays, ON_OFF_RENT_MESSAGES } from "~/rules/reports/on-off-rent.ts";
import { companyIndustrySql, monthsBetweenSql } from "../report-sql.server.ts";
import type { ServerReport } from "../report-run.server.ts";

/** Closed rentals' length: how many, and the average and median in days and in whole months. */
export interface ClosedLength {
  rentals: number;
  averageDays: number;
  medianDays: number;
  averageMonths: number;
  medianMonths: number;
}

/** A row of either view: one open rental (a unit), or one group of closed rentals; the other's fields null. */
export interface DaysOnRentRow {
  key: string;
  unitNumber: string | null;
  company: string | null;
  industry: string | null;
  truckType: string | null;
  since: string | null;
  days: number | null;
  months: number | null;
  length: string | null;
  closed: ClosedLength | null;
  /** Every closed rental of the range together, for the totals row. */
  allClosed: ClosedLength | null;
}

interface OpenRental {
  unitNumber: string;
  truckType: string;
  company: string;
  industry: string | null;
  since: string;
}

/**
 * The rentals open now: units ON RENT with an open contract, the contract that started last when a unit
 * has more than one. Days and months count from its start to today.
 */
export async function openRentals(db: Db, today: string): Promise<DaysOnRentRow[]> {
  const rentals = await db.$queryRaw<OpenRental[]>`
    SELECT DISTINCT ON (u.id) u."unitNumber", u."truckType"::text AS "truckType", c.name AS company,
      ${companyIndustrySql()} AS industry, to_char(k."startDate", 'YYYY-MM-DD') AS since
    FROM "OpenContract" k
      JOIN "Unit" u ON u.id = k."unitId"
      JOIN "UnitStatus" s ON s.id = u."statusId"
      JOIN "Company" c ON c.id = k."companyId"
    WHERE k.status = 'OPEN' AND s.name = 'ON RENT'
    ORDER BY u.id, k."startDate" DESC, k.id DESC`;
  return rentals
    .map((rental) => {
      const days = daysBetween(rental.since, today);
      return {
        key: `unit:${rental.unitNumber}`,
        unitNumber: rental.unitNumber,
        company: rental.company,
        industry: industryLabel(rental.industry),
        truckType: truckTypeLabel(rental.truckType),
        since: rental.since,
        days,
        months: monthsBetween(rental.since, today),
        length: rentalLengthBucket(days).label,
        closed: null,
        allClosed: null,
      };
    })
    .sort((a, b) => b.days - a.days || a.unitNumber.localeCompare(b.unitNumber));
}

const GROUP_SQL: Record<RentalGrouping, { key: Prisma.Sql; label: Prisma.Sql }> = {
  company: { key: Prisma.sql`c.id::text`, label: Prisma.sql`c.name` },
  truckType: { key: Prisma.sql`u."truckType"::text`, label: Prisma.sql`u."truckType"::text` },
  industry: { key: Prisma.sql`coalesce(${companyIndustrySql()}, '')`, label: companyIndustrySql() },
};

/** A closed rentals' row's group: its company, truck type or industry. */
const groupOf = (row: DaysOnRentRow) => row.company ?? row.truckType ?? row.industry ?? "";

/**
 * Rentals closed (contract CLOSED, its end in the range) by company, truck type or industry: how many, and
 * their average and median length in days (end less start) and whole months; with every one together.
 */
export async function closedRentals(db: Db, by: RentalGrouping, from: string, to: string): Promise<DaysOnRentRow[]> {
  const group = GROUP_SQL[by];
  const rows = await db.$queryRaw<(ClosedLength & { overall: boolean; key: string | null; label: string | null })[]>`
    SELECT GROUPING(r.key) = 1 AS overall, r.key, min(r.label) AS label, count(*)::int AS rentals,
      avg(r.days)::float8 AS "averageDays",
      percentile_cont(0.5) WITHIN GROUP (ORDER BY r.days)::float8 AS "medianDays",
      avg(r.months)::float8 AS "averageMonths",
      percentile_cont(0.5) WITHIN GROUP (ORDER BY r.months)::float8 AS "medianMonths"
    FROM (
      SELECT ${group.key} AS key, ${group.label} AS label, k."endDate" - k."startDate" AS days,
        ${monthsBetweenSql(Prisma.sql`k."startDate"`, Prisma.sql`k."endDate"`)} AS months
      FROM "OpenContract" k
        JOIN "Unit" u ON u.id = k."unitId"
        JOIN "Company" c ON c.id = k."companyId"
      WHERE k.status = 'CLOSED' AND k."endDate" >= ${from}::date AND k."endDate" <= ${to}::date
    ) r
    GROUP BY GROUPING SETS ((r.key), ())`;
  const lengthOf = (row: ClosedLength): ClosedLength => ({
    rentals: row.rentals,
    averageDays: row.averageDays,
    medianDays: row.medianDays,
    averageMonths: row.averageMonths,
    medianMonths: row.medianMonths,
  });
  const overall = rows.find((row) => row.overall);
  const allClosed = overall ? lengthOf(overall) : null;
  const labelOf = (label: string | null) =>
    by === "industry" ? industryLabel(label) : by === "truckType" ? truckTypeLabel(label ?? "") : (label ?? "");
  return rows
    .filter((row) => !row.overall)
    .map((row) => {
      const label = labelOf(row.label);
      return {
        key: `${by}:${row.key ?? ""}`,
        unitNumber: null,
        company: by === "company" ? label : null,
        industry: by === "industry" ? label : null,
        truckType: by === "truckType" ? label : null,
        since: null,
        days: null,
        months: null,
        length: null,
        closed: lengthOf(row),
        allClosed,
      };
    })
    .sort((a, b) => b.closed.rentals - a.closed.rentals || groupOf(a).localeCompare(groupOf(b)));
}

type Filters = Readonly<Record<string, string>>;
const open = (filters: Filters) => filters.view === "open";
const closedBy = (by: RentalGrouping) => (filters: Filters) => filters.view === "closed" && filters.by === by;
const openOrBy = (by: RentalGrouping) => (filters: Filters) => open(filters) || closedBy(by)(filters);
const closed = (filters: Filters) => filters.view === "closed";
const groupingLabel = (state: ReportState) =>
  RENTAL_GROUPINGS.find((grouping) => grouping.value === state.filters.by)?.label.toLowerCase() ?? "company";
/** Closed rentals' figure for the totals row: every closed rental of the range together. */
const overall = (pick: (length: ClosedLength) => number) => (rows: readonly DaysOnRentRow[]) => {
  const all = rows[0]?.allClosed;
  return all ? pick(all) : null;
};
/** The chart shows the groups with the most closed rentals, so its bars stay readable. */
const CHART_GROUPS = 15;

export const daysOnRentReport: ServerReport<DaysOnRentRow> = {
  title: "Days on Rent",
  description:
    "Rentals open now with their days and months on rent, or rentals closed in a range with their average " +
    "and median length by company, truck type or industry.",
  filters: [
    { kind: "choice", name: "view", label: "Rentals", options: RENTAL_VIEWS, defaultValue: "open" },
    { kind: "choice", name: "by", label: "Closed rentals by", options: RENTAL_GROUPINGS, defaultValue: "company" },
    {
      kind: "date",
      name: "from",
      label: "Closed from",
      defaultValue: (today) => addDays(today, -(CLOSED_RANGE_DAYS - 1)),
    },
    { kind: "date", name: "to", label: "Closed to", defaultValue: (today) => today },
  ],
  check: (filters) => (filters.from! > filters.to! ? { field: "from", message: ON_OFF_RENT_MESSAGES.order } : null),
  columns: [
    {
      key: "unit",
      label: "Unit",
      type: "text",
      value: (row) => row.unitNumber,
      href: (row) => (row.unitNumber ? unitHubHref(row.unitNumber) : null),
      total: (rows) => `${rows.length.toLocaleString("en-US")} on rent`,
      when: open,
    },
    { key: "company", label: "Company", type: "text", value: (row) => row.company, when: openOrBy("company") },
    { key: "industry", label: "Industry", type: "text", value: (row) => row.industry, when: openOrBy("industry") },
    {
      key: "truckType",
      label: "Truck type",
      type: "text",
      value: (row) => row.truckType,
      when: openOrBy("truckType"),
    },
    { key: "since", label: "On rent since", type: "date", value: (row) => row.since, when: open },
    { key: "days", label: "Days on rent", type: "days", value: (row) => row.days, when: open },
    { key: "months", label: "Months on rent", type: "count", value: (row) => row.months, total: "none", when: open },
    { key: "length", label: "Length", type: "text", value: (row) => row.length, sortable: false, when: open },
    {
      key: "rentals",
      label: "Rentals closed",
      type: "count",
      value: (row) => row.closed?.rentals ?? null,
      when: closed,
    },
    {
      key: "averageDays",
      label: "Average days",
      type: "number",
      value: (row) => row.closed?.averageDays ?? null,
      total: overall((all) => all.averageDays),
      when: closed,
    },
    {
      key: "medianDays",
      label: "Median days",
      type: "number",
      value: (row) => row.closed?.medianDays ?? null,
      total: overall((all) => all.medianDays),
      when: closed,
    },
    {
      key: "averageMonths",
      label: "Average months",
      type: "number",
      value: (row) => row.closed?.averageMonths ?? null,
      total: overall((all) => all.averageMonths),
      when: closed,
    },
    {
      key: "medianMonths",
      label: "Median months",
      type: "number",
      value: (row) => row.closed?.medianMonths ?? null,
      total: overall((all) => all.medianMonths),
      when: closed,
    },
  ],
  defaultSort: null,
  rowKey: (row) => row.key,
  charts: [
    {
      id: "open-lengths",
      title: "Open rentals by length",
      kind: "bar",
      caption: () => "Units on rent now by how long they have been on rent; the table below lists each one.",
      data: (rows) => ({
        categories: RENTAL_LENGTH_BUCKETS.map((bucket) => bucket.label),
        series: [
          {
            name: "Units",
            values: RENTAL_LENGTH_BUCKETS.map((bucket) => rows.filter((row) => row.length === bucket.label).length),
          },
        ],
        valueType: "count",
      }),
      when: open,
    },
    {
      id: "closed-median",
      title: "Median length of closed rentals",
      kind: "bar",
      caption: (state) =>
        `Median days of the rentals closed in the range, by ${groupingLabel(state)} (the ${CHART_GROUPS} with the ` +
        "most rentals); the table below has every group.",
      data: (rows) => {
        const top = [...rows]
          .sort((a, b) => (b.closed?.rentals ?? 0) - (a.closed?.rentals ?? 0))
          .slice(0, CHART_GROUPS);
        return {
          categories: top.map(groupOf),
          series: [{ name: "Median days", values: top.map((row) => row.closed?.medianDays ?? 0) }],
          valueType: "days",
        };
      },
      when: closed,
    },
  ],
  async load(db, state) {
    const { view, by, from, to } = state.filters as { view: string; by: RentalGrouping; from: string; to: string };
    return view === "closed" ? closedRentals(db, by, from, to) : openRentals(db, state.today);
  },
};
