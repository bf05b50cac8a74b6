import { describe, expect, it } from "vitest";
import { listExportFormat, listExportHref, replacedFilterMessage } from "./list-export.ts";

describe("a list page's downloads", () => {
  it("links the page's view, every page of it, in the format asked for", () => {
    const view = new URLSearchParams({ search: "Wichita yard", type: "TRANSPORTER", sort: "city", page: "3" });
    expect(listExportHref("/vendors", view, "xlsx")).toBe(
      "/vendors?search=Wichita+yard&type=TRANSPORTER&sort=city&format=xlsx",
    );
    expect(listExportHref("/employee-management", new URLSearchParams(), "csv")).toBe(
      "/employee-management?format=csv",
    );
    expect(view.get("page")).toBe("3");
  });

  it("reads xlsx and csv as formats, and nothing else", () => {
    expect(listExportFormat(new URLSearchParams("format=xlsx"))).toBe("xlsx");
    expect(listExportFormat(new URLSearchParams("format=csv"))).toBe("csv");
    for (const search of ["", "format=", "format=XLSX", "format=pdf"]) {
      expect(listExportFormat(new URLSearchParams(search)), search).toBeNull();
    }
  });

  it("refuses a value the list's lenient reading replaced, and passes one read as given", () => {
    const messages = { status: (value: string) => `Status cannot be “${value}”.`, search: () => "Too long." };
    expect(replacedFilterMessage({ status: " APPROVED ", search: "" }, { status: "APPROVED" }, messages)).toBeNull();
    expect(replacedFilterMessage({ page: "junk" }, { status: "all" }, messages)).toBeNull();
    expect(replacedFilterMessage({ status: "approved" }, { status: "all" }, messages)).toBe(
      "Status cannot be “approved”.",
    );
    expect(replacedFilterMessage({ search: "x".repeat(101) }, { search: "" }, messages)).toBe("Too long.");
  });
});
