// /credit-memos' Excel and CSV (`?format=xlsx|csv`, the page's middleware after the guard): every memo the
// page's search, status and company select, in the page's order, read by the page's own read, with its
// amounts in exact cents (ADR 040) as the report kit's file, totals beneath.
import type { Db } from "~/modules/platform/services.server.ts";
import { listDownload } from "~/modules/reports/list-export.server.ts";
import { CREDIT_MEMO_STATUS_FILTERS, type CreditMemoRow } from "~/rules/credit-memos/credit-memos-page.ts";
import { LIST_EXPORT_MESSAGES, replacedFilterMessage } from "~/rules/reports/list-export.ts";
import { REPORT_MESSAGES, type ReportDefinition } from "~/rules/reports/report-kit.ts";
import {
  CREDIT_MEMO_COMPANY_MAX,
  CREDIT_MEMO_SEARCH_MAX,
  creditMemoDirectoryQuery,
  listAllCreditMemos,
} from "./credit-memo-directory.server.ts";

const statusLabel = (status: string) =>
  CREDIT_MEMO_STATUS_FILTERS.find((option) => option.value === status)?.label ?? status;

export const CREDIT_MEMO_LIST_REPORT: ReportDefinition<CreditMemoRow> = {
  title: "Credit Memos",
  description: "The credit memos the search, status and company select.",
  filters: [],
  defaultSort: null,
  rowKey: (row) => String(row.id),
  columns: [
    { key: "invoiceClaim", label: "Invoice / claim", type: "text", value: (row) => row.invoiceClaim },
    { key: "memoDate", label: "Memo date", type: "date", value: (row) => row.memoDate },
    { key: "company", label: "Company", type: "text", value: (row) => row.companyName },
    { key: "companyCode", label: "Company code", type: "text", value: (row) => row.companyCode },
    { key: "type", label: "Type", type: "text", value: (row) => row.memoType },
    { key: "source", label: "Source", type: "text", value: (row) => row.source },
    { key: "status", label: "Status", type: "text", value: (row) => statusLabel(row.status) },
    { key: "total", label: "Total", type: "money", value: (row) => row.totalCents },
    { key: "applied", label: "Applied", type: "money", value: (row) => row.appliedCents },
    { key: "available", label: "Available", type: "money", value: (row) => row.availableCents },
  ],
};

const REFUSALS = {
  search: () => REPORT_MESSAGES.text("Search", CREDIT_MEMO_SEARCH_MAX),
  status: (value: string) => REPORT_MESSAGES.choice("Status", value),
  company: () => REPORT_MESSAGES.text("Company", CREDIT_MEMO_COMPANY_MAX),
  sort: LIST_EXPORT_MESSAGES.sort,
  dir: LIST_EXPORT_MESSAGES.dir,
};

export function creditMemoListDownload(db: Db, search: URLSearchParams, now: Date): Promise<Response> {
  return listDownload(CREDIT_MEMO_LIST_REPORT, search, now, async () => {
    const given = Object.fromEntries(search);
    const query = creditMemoDirectoryQuery.parse(given);
    const refused = replacedFilterMessage(given, query, REFUSALS);
    return refused === null ? { ok: true, rows: await listAllCreditMemos(db, query) } : { ok: false, message: refused };
  });
}
