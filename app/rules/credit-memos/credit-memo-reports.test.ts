import { describe, expect, it } from "vitest";
import { parseReportFilters, reportExportHref, reportFileName, reportTotals } from "./credit-memo-reports.ts";

describe("the credit memo detail reports", () => {
  it("reads the filters, dropping malformed dates, unknown statuses and bad pages", () => {
    const search = new URLSearchParams("company=10001&from=2026-11-01&to=2026-13-45&status=VOID&page=0");
    expect(parseReportFilters(search, "cm-all-detail")).toEqual({
      company: "10001",
      from: "2026-11-01",
      to: "",
      status: "VOID",
      page: 1,
    });
    expect(parseReportFilters(new URLSearchParams("status=nope&page=3"), "cm-all-detail")).toMatchObject({
      status: "all",
      page: 3,
    });
    // The open report shows approved memos only: it has no status filter.
    expect(parseReportFilters(search, "cm-open-detail").status).toBe("all");
  });

  it("links the export of the same filters", () => {
    const filters = parseReportFilters(new URLSearchParams("company=10001&page=2"), "cm-open-detail");
    expect(reportExportHref("/cm-open-detail", filters)).toBe("/cm-open-detail?company=10001&format=xlsx");
  });

  it("names the file after the report and the day", () => {
    expect(reportFileName("cm-open-detail", "2026-11-24")).toBe("Open Credit Memo Detail 2026-11-24.xlsx");
    expect(reportFileName("cm-all-detail", "2026-11-24")).toBe("All Credit Memo Detail 2026-11-24.xlsx");
  });

  it("adds the totals in whole cents", () => {
    const rows = Array.from({ length: 10 }, () => ({ totalCents: 10, appliedCents: 20, availableCents: 1 }));
    expect(reportTotals(rows)).toEqual({ count: 10, totalCents: 100, appliedCents: 200, availableCents: 10 });
    expect(reportTotals([])).toEqual({ count: 0, totalCents: 0, appliedCents: 0, availableCents: 0 });
  });
});
