// The credit memo detail reports (ADR 042): /cm-open-detail (approved memos with credit still available)
// and /cm-all-detail (every memo), their filters, their totals in exact cents and the name of their Excel
// file. Pure: the loader, the page and the export share it.
import type { RouteName } from "../access/routes.ts";
import type { Cents, CreditMemoStatusName } from "./money.ts";

export type CreditMemoReportName = Extract<RouteName, "cm-open-detail" | "cm-all-detail">;

export interface CreditMemoReportDefinition {
  title: string;
  /** Open: only approved memos with credit left (ADR 040's available credit); all: every memo. */
  openOnly: boolean;
}

export const CREDIT_MEMO_REPORTS: Readonly<Record<CreditMemoReportName, CreditMemoReportDefinition>> = {
  "cm-open-detail": { title: "Open Credit Memo Detail", openOnly: true },
  "cm-all-detail": { title: "All Credit Memo Detail", openOnly: false },
};

export function isCreditMemoReportName(value: string): value is CreditMemoReportName {
  return Object.hasOwn(CREDIT_MEMO_REPORTS, value);
}

/** The report's filters as the URL carries them (missing or malformed values mean "any"). */
export interface CreditMemoReportFilters {
  company: string;
  /** YYYY-MM-DD or "" (memo dates from, inclusive). */
  from: string;
  /** YYYY-MM-DD or "" (memo dates to, inclusive). */
  to: string;
  status: "all" | CreditMemoStatusName;
  page: number;
}

export const REPORT_ROWS_PER_PAGE = 100;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string) => DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
const STATUSES = ["PENDING", "APPROVED", "VOID"] as const;

/** Reads the filters from the query string; junk falls back to "any" (an open report has no status filter). */
export function parseReportFilters(search: URLSearchParams, report: CreditMemoReportName): CreditMemoReportFilters {
  const text = (name: string, max: number) => (search.get(name) ?? "").trim().slice(0, max);
  const from = text("from", 10);
  const to = text("to", 10);
  const status = text("status", 10);
  const page = Number(text("page", 6));
  return {
    company: text("company", 20),
    from: isDay(from) ? from : "",
    to: isDay(to) ? to : "",
    status:
      !CREDIT_MEMO_REPORTS[report].openOnly && (STATUSES as readonly string[]).includes(status)
        ? (status as CreditMemoStatusName)
        : "all",
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The filters as a query string (defaults left out), with `extra` parameters (the export's format, a page). */
export function reportSearch(filters: CreditMemoReportFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (filters.company) params.set("company", filters.company);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  if (filters.status !== "all") params.set("status", filters.status);
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** The export of the report as shown (every row, not only the page): `?format=xlsx` on the same route. */
export function reportExportHref(pathname: string, filters: CreditMemoReportFilters): string {
  return `${pathname}${reportSearch(filters, { format: "xlsx" })}`;
}

/** `Open Credit Memo Detail 2026-11-24.xlsx`: the report's title and the day it was taken. */
export function reportFileName(report: CreditMemoReportName, today: string): string {
  return `${CREDIT_MEMO_REPORTS[report].title} ${today}.xlsx`;
}

export interface ReportAmounts {
  totalCents: Cents;
  appliedCents: Cents;
  availableCents: Cents;
}

/** The report's totals: whole cents added, never floats (ADR 040). */
export function reportTotals(rows: readonly ReportAmounts[]): ReportAmounts & { count: number } {
  let totalCents = 0;
  let appliedCents = 0;
  let availableCents = 0;
  for (const row of rows) {
    totalCents += row.totalCents;
    appliedCents += row.appliedCents;
    availableCents += row.availableCents;
  }
  return { count: rows.length, totalCents, appliedCents, availableCents };
}
