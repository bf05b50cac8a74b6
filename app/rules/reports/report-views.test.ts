// A report whose table switches with a view choice (ADR 057): each view's columns and charts show only in
// it, and only its columns can order it.
import { describe, expect, it } from "vitest";
import { inView, readReportQuery, REPORT_MESSAGES, type ReportDefinition, shiftDay, shownFor } from "./report-kit.ts";

type Row = { kind: "unit"; unit: string } | { kind: "status"; status: string; units: number };

const units = inView<Row, Extract<Row, { kind: "unit" }>>("view", "units", {
  columns: [{ key: "unit", label: "Unit", type: "text", value: (row) => row.unit }],
  charts: [
    {
      id: "units",
      title: "Units",
      kind: "bar",
      caption: () => "",
      data: (rows) => ({ categories: rows.map((row) => row.unit), series: [], valueType: "count" }),
    },
  ],
});
const statuses = inView<Row, Extract<Row, { kind: "status" }>>("view", "statuses", {
  columns: [
    { key: "status", label: "Status", type: "text", value: (row) => row.status },
    { key: "units", label: "Units", type: "count", value: (row) => row.units },
  ],
});

const report: ReportDefinition<Row> = {
  title: "Views",
  description: "",
  filters: [
    {
      kind: "choice",
      name: "view",
      label: "View",
      options: [
        { value: "units", label: "Units" },
        { value: "statuses", label: "Statuses" },
      ],
      defaultValue: "units",
    },
  ],
  columns: [...units.columns, ...statuses.columns],
  charts: [...units.charts, ...statuses.charts],
  defaultSort: { key: "units", direction: "desc" },
  rowKey: (row) => (row.kind === "unit" ? row.unit : row.status),
};

describe("a report with views", () => {
  it("shows each view's columns and charts only in that view", () => {
    const keys = (view: string) => shownFor(report, { view }).columns.map((column) => column.key);
    expect(keys("units")).toEqual(["unit"]);
    expect(keys("statuses")).toEqual(["status", "units"]);
    expect(shownFor(report, { view: "units" }).charts?.map((chart) => chart.id)).toEqual(["units"]);
    expect(shownFor(report, { view: "statuses" }).charts).toEqual([]);
  });

  it("sorts a view by its own columns only, and by default only when the default is one of them", () => {
    const read = (query: string) => readReportQuery(report, new URLSearchParams(query), "2026-11-29");
    expect(read("view=statuses&sort=-units")).toMatchObject({ ok: true, state: { sort: { key: "units" } } });
    expect(read("view=statuses")).toMatchObject({ ok: true, state: { sort: { key: "units", direction: "desc" } } });
    expect(read("view=units")).toMatchObject({ ok: true, state: { sort: null } });
    expect(read("view=units&sort=status")).toEqual({
      ok: false,
      field: "sort",
      message: REPORT_MESSAGES.sort("status"),
    });
  });

  it("shifts a day back and forth across months and years", () => {
    expect(shiftDay("2026-11-16", -90)).toBe("2026-08-18");
    expect(shiftDay("2026-11-16", -30)).toBe("2026-10-17");
    expect(shiftDay("2026-12-31", 1)).toBe("2027-01-01");
    expect(shiftDay("2024-03-01", -1)).toBe("2024-02-29");
  });
});
