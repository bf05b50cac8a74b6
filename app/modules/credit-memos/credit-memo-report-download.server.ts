// The Excel download of a credit memo detail report (ADR 042): `?format=xlsx` on the report's own route,
// answered by the route's middleware after the guard has let the request through, so the file is
// permission-checked exactly like the page. The workbook is streamed as it is written.
import { downloadResponse } from "~/modules/platform/download.server.ts";
import type { Db } from "~/modules/platform/services.server.ts";
import {
  type CreditMemoReportName,
  parseReportFilters,
  reportFileName,
} from "../../rules/credit-memos/credit-memo-reports.ts";
import { XLSX_TYPE } from "../../rules/downloads.ts";
import { creditMemoReportRows, creditMemoReportWorkbook } from "./credit-memo-report.server.ts";

export async function creditMemoReportDownload(
  db: Db,
  report: CreditMemoReportName,
  search: URLSearchParams,
  now: Date,
): Promise<Response> {
  const rows = await creditMemoReportRows(db, report, parseReportFilters(search, report));
  return downloadResponse(
    creditMemoReportWorkbook(report, rows),
    reportFileName(report, now.toISOString().slice(0, 10)),
    XLSX_TYPE,
  );
}
