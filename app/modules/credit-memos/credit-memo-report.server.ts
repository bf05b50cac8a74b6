// The credit memo detail reports behind /cm-open-detail and /cm-all-detail (ADR 042): the memos the filters
// select with their total, applied and available credit in exact cents (ADR 040), the totals of them all,
// one page of rows for the screen, and the whole report as an Excel workbook streamed row by row (exceljs'
// streaming writer: the workbook is never held whole in memory).
import { PassThrough, type Readable } from "node:stream";
import ExcelJS from "exceljs";
import type { Db } from "~/modules/platform/services.server.ts";
import type { Prisma } from "../../generated/prisma/client";
import {
  CREDIT_MEMO_REPORTS,
  type CreditMemoReportFilters,
  type CreditMemoReportName,
  REPORT_ROWS_PER_PAGE,
  reportTotals,
} from "../../rules/credit-memos/credit-memo-reports.ts";
import {
  availableCredit,
  type Cents,
  type CreditMemoStatusName,
  decimalToCents,
} from "../../rules/credit-memos/money.ts";

export interface CreditMemoReportRow {
  id: number;
  companyCode: string;
  companyName: string;
  invoiceClaim: string;
  /** YYYY-MM-DD. */
  memoDate: string;
  memoType: string;
  source: string;
  description: string;
  status: CreditMemoStatusName;
  totalCents: Cents;
  appliedCents: Cents;
  availableCents: Cents;
}

/** Every row of the report, oldest memo first (then by company and invoice/claim). */
export async function creditMemoReportRows(
  db: Db,
  report: CreditMemoReportName,
  filters: CreditMemoReportFilters,
): Promise<CreditMemoReportRow[]> {
  const { openOnly } = CREDIT_MEMO_REPORTS[report];
  const memoDate: Prisma.DateTimeFilter = {};
  if (filters.from) memoDate.gte = new Date(`${filters.from}T00:00:00Z`);
  if (filters.to) memoDate.lte = new Date(`${filters.to}T00:00:00Z`);
  const status = openOnly ? "APPROVED" : filters.status === "all" ? undefined : filters.status;
  const memos = await db.creditMemo.findMany({
    where: {
      ...(status ? { status } : {}),
      ...(filters.company ? { company: { code: filters.company } } : {}),
      ...(filters.from || filters.to ? { memoDate } : {}),
    },
    orderBy: [{ memoDate: "asc" }, { company: { name: "asc" } }, { invoiceClaim: "asc" }],
    include: { company: { select: { code: true, name: true } } },
  });
  const ids = memos.map((memo) => memo.id);
  const [lines, applied] = await Promise.all([
    db.creditMemoLine.groupBy({ by: ["creditMemoId"], where: { creditMemoId: { in: ids } }, _sum: { amount: true } }),
    db.creditMemoApplication.groupBy({
      by: ["creditMemoId"],
      where: { creditMemoId: { in: ids } },
      _sum: { appliedAmount: true },
    }),
  ]);
  // Sums arrive as decimals; they become cents through their text, never through a float (ADR 040).
  const cents = (value: { toString(): string } | null | undefined) =>
    value ? (decimalToCents(value.toString()) ?? 0) : 0;
  const lineCents = new Map(lines.map((row) => [row.creditMemoId, cents(row._sum.amount)]));
  const appliedCents = new Map(applied.map((row) => [row.creditMemoId, cents(row._sum.appliedAmount)]));
  const rows = memos.map((memo): CreditMemoReportRow => {
    const memoStatus = memo.status as CreditMemoStatusName;
    const totalCents = lineCents.get(memo.id) ?? 0;
    const appliedTotal = appliedCents.get(memo.id) ?? 0;
    return {
      id: memo.id,
      companyCode: memo.company.code,
      companyName: memo.company.name,
      invoiceClaim: memo.invoiceClaim,
      memoDate: memo.memoDate.toISOString().slice(0, 10),
      memoType: memo.memoType,
      source: memo.source,
      description: memo.description,
      status: memoStatus,
      totalCents,
      appliedCents: appliedTotal,
      availableCents: availableCredit(memoStatus, totalCents, appliedTotal),
    };
  });
  return openOnly ? rows.filter((row) => row.availableCents > 0) : rows;
}

/** The report page: its totals over every row, one page of rows, and the companies to filter by. */
export async function loadCreditMemoReport(db: Db, report: CreditMemoReportName, filters: CreditMemoReportFilters) {
  const [rows, companies] = await Promise.all([
    creditMemoReportRows(db, report, filters),
    db.company.findMany({
      where: { creditMemos: { some: {} } },
      orderBy: [{ name: "asc" }, { code: "asc" }],
      select: { code: true, name: true },
    }),
  ]);
  const pageCount = Math.max(1, Math.ceil(rows.length / REPORT_ROWS_PER_PAGE));
  const page = Math.min(filters.page, pageCount);
  return {
    rows: rows.slice((page - 1) * REPORT_ROWS_PER_PAGE, page * REPORT_ROWS_PER_PAGE),
    totals: reportTotals(rows),
    page,
    pageCount,
    filters: { ...filters, page },
    companies,
  };
}

export const REPORT_COLUMNS = [
  { header: "Company Code", key: "companyCode", width: 14 },
  { header: "Company", key: "companyName", width: 32 },
  { header: "Invoice / Claim", key: "invoiceClaim", width: 20 },
  { header: "Memo Date", key: "memoDate", width: 12 },
  { header: "Type", key: "memoType", width: 8 },
  { header: "Source", key: "source", width: 20 },
  { header: "Description", key: "description", width: 40 },
  { header: "Status", key: "status", width: 10 },
  { header: "Total", key: "total", width: 14 },
  { header: "Applied", key: "applied", width: 14 },
  { header: "Available", key: "available", width: 14 },
] as const;

const MONEY_FORMAT = '"$"#,##0.00';
/** Cents as the number Excel shows: whole cents divided once, exact to two places in a double. */
const money = (cents: Cents) => cents / 100;

/**
 * The report as an .xlsx stream: one sheet named after the report, a header row, a row per memo (dates as
 * dates, amounts as numbers in dollars), and a totals row. Rows are committed as they are written.
 */
export function creditMemoReportWorkbook(report: CreditMemoReportName, rows: readonly CreditMemoReportRow[]): Readable {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true });
  const sheet = workbook.addWorksheet(CREDIT_MEMO_REPORTS[report].title);
  sheet.columns = REPORT_COLUMNS.map((column) => ({ ...column }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for (const column of ["total", "applied", "available"]) sheet.getColumn(column).numFmt = MONEY_FORMAT;
  sheet.getColumn("memoDate").numFmt = "yyyy-mm-dd";
  for (const row of rows) {
    sheet
      .addRow({
        ...row,
        memoDate: new Date(`${row.memoDate}T00:00:00Z`),
        total: money(row.totalCents),
        applied: money(row.appliedCents),
        available: money(row.availableCents),
      })
      .commit();
  }
  const totals = reportTotals(rows);
  const totalRow = sheet.addRow({
    companyCode: `Totals (${totals.count} ${totals.count === 1 ? "memo" : "memos"})`,
    total: money(totals.totalCents),
    applied: money(totals.appliedCents),
    available: money(totals.availableCents),
  });
  totalRow.font = { bold: true };
  totalRow.commit();
  sheet.commit();
  void workbook.commit().catch((error: unknown) => output.destroy(error as Error));
  return output;
}
