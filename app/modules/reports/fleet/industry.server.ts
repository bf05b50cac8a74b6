// /industry (ADR 061): units on rent, customers and monthly rent by the customer's industry, with shares,
// and units on rent per industry at each month's end over a year, read from the contracts' dates (the
// fleet snapshots keep no customer).
import { Prisma } from "~/generated/prisma/client";
import { industryRows, type IndustryCell, type IndustryRow, monthLabel, trendDays } from "~/rules/reports/industry.ts";
import type { ServerReport } from "../report-run.server.ts";

/** Open contracts by the customer's industry: units, customers and monthly rent in cents. */
export const INDUSTRY_SQL = Prisma.sql`
  SELECT i.name AS industry, count(DISTINCT c."unitId")::int AS units, count(DISTINCT c."companyId")::int AS customers,
    (round(sum(c."monthlyRate") * 100))::bigint AS rent
  FROM "OpenContract" c
  JOIN "Company" co ON co.id = c."companyId"
  LEFT JOIN "Industry" i ON i.id = co."industryId"
  WHERE c.status = 'OPEN'
  GROUP BY 1`;

/** Units on rent per industry at each day's end (onRentAt's rule: closed contracts without an end count never). */
export const industryTrendSql = (days: readonly string[]) => Prisma.sql`
  SELECT d.day::text AS day, i.name AS industry, count(DISTINCT c."unitId")::int AS units
  FROM unnest(${[...days]}::date[]) AS d(day)
  JOIN "OpenContract" c ON c."startDate" <= d.day
    AND (c."endDate" > d.day OR (c."endDate" IS NULL AND c.status = 'OPEN'))
  JOIN "Company" co ON co.id = c."companyId"
  LEFT JOIN "Industry" i ON i.id = co."industryId"
  GROUP BY 1, 2`;

export type IndustryReportRow = IndustryRow & { trend: number[] };

export const industryReport: ServerReport<IndustryReportRow> = {
  title: "Industry",
  description:
    "Units on rent, customers and monthly rent (open contracts) by the customer's industry, and a year's trend.",
  filters: [],
  columns: [
    { key: "industry", label: "Industry", type: "text", value: (row) => row.label, total: "none" },
    { key: "units", label: "Units on rent", type: "count", value: (row) => row.units },
    {
      key: "unitShare",
      label: "Share of units",
      type: "percent",
      value: (row) => row.unitShare,
      total: (rows) => (rows.length ? 1 : 0),
    },
    { key: "customers", label: "Customers", type: "count", value: (row) => row.customers },
    { key: "rent", label: "Monthly rent", type: "money", value: (row) => row.rent },
    {
      key: "rentShare",
      label: "Share of rent",
      type: "percent",
      value: (row) => row.rentShare,
      total: (rows) => (rows.length ? 1 : 0),
    },
  ],
  defaultSort: null,
  rowKey: (row) => row.key,
  charts: [
    {
      id: "industry-share",
      title: "Units on rent by industry",
      kind: "pie",
      caption: () => "Each industry's share of the units on rent; the table below has the same counts.",
      data: (rows) => ({
        categories: rows.map((row) => row.label),
        series: [{ name: "Units on rent", values: rows.map((row) => row.units) }],
        valueType: "count",
      }),
    },
    {
      id: "industry-trend",
      title: "Units on rent by industry, month by month",
      kind: "line",
      caption: () => "Units on rent per industry at each month's end over a year (this month: today).",
      data: (rows, state) => ({
        categories: trendDays(state.today).map(monthLabel),
        series: rows.map((row) => ({ name: row.label, values: row.trend })),
        valueType: "count",
      }),
    },
  ],
  async load(db, state) {
    const cells = await db.$queryRaw<(Omit<IndustryCell, "rent"> & { rent: bigint | number })[]>(INDUSTRY_SQL);
    const days = trendDays(state.today);
    const trend = await db.$queryRaw<{ day: string; industry: string | null; units: number }[]>(industryTrendSql(days));
    const rows = industryRows(cells.map((cell) => ({ ...cell, rent: Number(cell.rent) })));
    const known = new Set(rows.map((row) => row.key));
    // An industry with units on rent in the past but none now still has a trend line.
    const past = [...new Set(trend.map((point) => point.industry ?? ""))].filter((key) => !known.has(key));
    const all = [
      ...rows,
      ...industryRows(past.map((key) => ({ industry: key || null, units: 0, customers: 0, rent: 0 }))).map((row) => ({
        ...row,
        unitShare: 0,
        rentShare: 0,
      })),
    ];
    return all.map((row) => ({
      ...row,
      trend: days.map(
        (day) => trend.find((point) => point.day === day && (point.industry ?? "") === row.key)?.units ?? 0,
      ),
    }));
  },
};
