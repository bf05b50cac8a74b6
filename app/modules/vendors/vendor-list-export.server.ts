// /vendors' Excel and CSV (`?format=xlsx|csv`, the page's middleware after the guard): every vendor the
// page's search and type select, in the page's order, read by the page's own read, as the report kit's file.
import type { Db } from "~/modules/platform/services.server.ts";
import { listDownload } from "~/modules/reports/list-export.server.ts";
import { LIST_EXPORT_MESSAGES, replacedFilterMessage } from "~/rules/reports/list-export.ts";
import { REPORT_MESSAGES, type ReportDefinition } from "~/rules/reports/report-kit.ts";
import { vendorTypeLabel } from "~/rules/vendors/vendor-kinds.ts";
import type { VendorRow } from "~/rules/vendors/vendors-page.ts";
import { listAllVendors, VENDOR_SEARCH_MAX, vendorDirectoryQuery } from "./vendor-directory.server.ts";

export const VENDOR_LIST_REPORT: ReportDefinition<VendorRow> = {
  title: "Vendors",
  description: "The vendors and carriers the search and type select.",
  filters: [],
  defaultSort: null,
  rowKey: (row) => String(row.VendorID),
  columns: [
    { key: "name", label: "Name", type: "text", value: (row) => row.Name },
    { key: "type", label: "Type", type: "text", value: (row) => vendorTypeLabel(row.VendorType) },
    { key: "contact", label: "Contact", type: "text", value: (row) => row.Contact },
    { key: "city", label: "City", type: "text", value: (row) => row.City },
    { key: "state", label: "State", type: "text", value: (row) => row.State },
    { key: "phone", label: "Phone", type: "text", value: (row) => row.Phone },
    { key: "email", label: "E-mail", type: "text", value: (row) => row.Email },
    {
      key: "cargoInsurance",
      label: "Cargo insurance",
      type: "money",
      // Whole dollars on file; the kit's money is cents.
      value: (row) => (row.CargoIns === null ? null : row.CargoIns * 100),
      total: "none",
    },
    { key: "insuranceExpires", label: "Insurance expires", type: "date", value: (row) => row.InsExp },
  ],
};

const REFUSALS = {
  search: () => REPORT_MESSAGES.text("Search", VENDOR_SEARCH_MAX),
  type: (value: string) => REPORT_MESSAGES.choice("Type", value),
  sort: LIST_EXPORT_MESSAGES.sort,
  dir: LIST_EXPORT_MESSAGES.dir,
};

export function vendorListDownload(db: Db, search: URLSearchParams, now: Date): Promise<Response> {
  return listDownload(VENDOR_LIST_REPORT, search, now, async () => {
    const given = Object.fromEntries(search);
    const query = vendorDirectoryQuery.parse(given);
    const refused = replacedFilterMessage(given, query, REFUSALS);
    return refused === null ? { ok: true, rows: await listAllVendors(db, query) } : { ok: false, message: refused };
  });
}
