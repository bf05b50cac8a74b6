// /statuscount's counts table as Excel or CSV (`?format=xlsx|csv&list=counts`, the page's middleware after
// the guard): a line per status and one per sub-status, read by the page's own count with the page's filters,
// as the report kit's file; the totals are the page's All statuses line. A download without `list` stays the
// status list's (ADR 044, status-details-export.server.ts).
import type { Db } from "~/modules/platform/services.server.ts";
import { listDownload } from "~/modules/reports/list-export.server.ts";
import {
  parseStatusCountFilters,
  STATUS_COUNT_LIST,
  STATUS_DETAILS_MESSAGES,
  type StatusCounts,
} from "~/rules/fleet/status-details.ts";
import type { ReportDefinition } from "~/rules/reports/report-kit.ts";
import { statusCounts } from "./status-details.server.ts";

/** A line of the counts table: a status (every unit in it), or one of its sub-statuses. */
export interface StatusCountLine {
  status: string;
  /** null on a status's own line. */
  subStatus: string | null;
  units: number;
  late: number;
}

/** The table's lines in the page's order: each status, then its sub-statuses. */
export function statusCountLines(counts: StatusCounts): StatusCountLine[] {
  return counts.statuses.flatMap((status) => [
    { status: status.status, subStatus: null, units: status.count, late: status.late },
    ...status.subStatuses.map((line) => ({
      status: status.status,
      subStatus: line.subStatus,
      units: line.count,
      late: line.late,
    })),
  ]);
}

// A sub-status's units are also its status's: the totals add the status lines only.
const statusLinesSum = (rows: readonly StatusCountLine[], value: (row: StatusCountLine) => number) =>
  rows.reduce((sum, row) => (row.subStatus === null ? sum + value(row) : sum), 0);

export const STATUS_COUNT_REPORT: ReportDefinition<StatusCountLine> = {
  title: "Status Count",
  description: "Units per status and sub-status, the late ones apart.",
  filters: [],
  defaultSort: null,
  rowKey: (row) => `${row.status}/${row.subStatus ?? ""}`,
  columns: [
    { key: "status", label: "Status", type: "text", value: (row) => row.status, total: () => "All statuses" },
    { key: "subStatus", label: "Sub-status", type: "text", value: (row) => row.subStatus ?? "All" },
    {
      key: "units",
      label: "Units",
      type: "count",
      value: (row) => row.units,
      total: (rows) => statusLinesSum(rows, (row) => row.units),
    },
    {
      key: "late",
      label: "Late",
      type: "count",
      value: (row) => row.late,
      total: (rows) => statusLinesSum(rows, (row) => row.late),
    },
  ],
};

export function statusCountDownload(db: Db, search: URLSearchParams, now: Date): Promise<Response> {
  return listDownload(STATUS_COUNT_REPORT, search, now, async () => {
    if (search.get("list") !== STATUS_COUNT_LIST) return { ok: false, message: STATUS_DETAILS_MESSAGES.badList };
    const filters = parseStatusCountFilters(search);
    if (!filters.ok) return { ok: false, message: filters.message };
    return { ok: true, rows: statusCountLines(await statusCounts(db, filters.value, now)) };
  });
}
