// A list page's `?format=xlsx|csv` (answered by the page's middleware once the root's guard has let the
// request through): every row the page's filters select, read by the list's own read without paging, as
// the report kit's file (ADR 055). A bad format or filter value answers 400 with the message, never a file.
import type { ReportDefinition } from "~/rules/reports/report-kit.ts";
import { LIST_EXPORT_MESSAGES, listExportFormat } from "~/rules/reports/list-export.ts";
import { reportFile } from "./report-run.server.ts";

/** The list's rows, or why its URL was refused. */
export type ListRows<Row> = { ok: true; rows: Row[] } | { ok: false; message: string };

export const refusedDownload = (message: string) =>
  new Response(message, { status: 400, headers: { "Content-Type": "text/plain" } });

export async function listDownload<Row>(
  definition: ReportDefinition<Row>,
  search: URLSearchParams,
  now: Date,
  read: () => Promise<ListRows<Row>>,
): Promise<Response> {
  const format = listExportFormat(search);
  if (format === null) return refusedDownload(LIST_EXPORT_MESSAGES.format);
  const list = await read();
  if (!list.ok) return refusedDownload(list.message);
  return reportFile(definition, list.rows, format, now.toISOString().slice(0, 10));
}
