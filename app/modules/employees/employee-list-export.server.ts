// /employee-management's Excel and CSV (`?format=xlsx|csv`, the page's middleware after the guard): every
// employee the page's search selects, by name as the page lists them, read by the page's own read, as the
// report kit's file.
import type { Db } from "~/modules/platform/services.server.ts";
import { listDownload } from "~/modules/reports/list-export.server.ts";
import { replacedFilterMessage } from "~/rules/reports/list-export.ts";
import { REPORT_MESSAGES, type ReportDefinition } from "~/rules/reports/report-kit.ts";
import {
  EMPLOYEE_SEARCH_MAX,
  employeeDirectoryQuery,
  type EmployeeRow,
  listAllEmployees,
} from "./employee-directory.server.ts";

export const EMPLOYEE_LIST_REPORT: ReportDefinition<EmployeeRow> = {
  title: "Employee Management",
  description: "The employees the search selects.",
  filters: [],
  defaultSort: null,
  rowKey: (row) => String(row.id),
  columns: [
    { key: "lastName", label: "Last name", type: "text", value: (row) => row.lastName },
    { key: "firstName", label: "First name", type: "text", value: (row) => row.firstName },
    { key: "email", label: "E-mail", type: "text", value: (row) => row.email },
    { key: "department", label: "Department", type: "text", value: (row) => row.department?.name ?? null },
    { key: "status", label: "Status", type: "text", value: (row) => (row.active ? "Active" : "Inactive") },
    { key: "permissions", label: "Permissions", type: "text", value: (row) => row.permissionIds.join(", ") },
  ],
};

const REFUSALS = { search: () => REPORT_MESSAGES.text("Search", EMPLOYEE_SEARCH_MAX) };

export function employeeListDownload(db: Db, search: URLSearchParams, now: Date): Promise<Response> {
  return listDownload(EMPLOYEE_LIST_REPORT, search, now, async () => {
    const given = Object.fromEntries(search);
    const query = employeeDirectoryQuery.parse(given);
    const refused = replacedFilterMessage(given, query, REFUSALS);
    return refused === null
      ? { ok: true, rows: await listAllEmployees(db, query.search) }
      : { ok: false, message: refused };
  });
}
