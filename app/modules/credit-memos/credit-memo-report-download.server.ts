// The Excel download of a credit memo detail report (ADR 042): `?format=xlsx` on the report's own route,
// answered by the route's middleware after the guard has let the request through, so the file is
// permission-checked exactly like the page. The workbook is streamed as it is written.
import { createReadableStreamFromReadable } from "@react-router/node";
import type { Db } from "~/modules/platform/services.server.ts";
import {
  attachmentDisposition,
  type CreditMemoReportName,
  parseReportFilters,
  reportFileName,
} from "../../rules/credit-memos/credit-memo-reports.ts";
import { creditMemoReportRows, creditMemoReportWorkbook } from "./credit-memo-report.server.ts";

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export async function creditMemoReportDownload(
  db: Db,
  report: CreditMemoReportName,
  search: URLSearchParams,
  now: Date,
): Promise<Response> {
  const rows = await creditMemoReportRows(db, report, parseReportFilters(search, report));
  const stream = createReadableStreamFromReadable(creditMemoReportWorkbook(report, rows));
  return new Response(stream, {
    status: 200,
    headers: {
      "Content-Type": XLSX_TYPE,
      "Content-Disposition": attachmentDisposition(reportFileName(report, now.toISOString().slice(0, 10))),
      // A report of money owed: never kept by a shared cache.
      "Cache-Control": "private, no-store",
    },
  });
}
