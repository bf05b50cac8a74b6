import { describe, expect, it } from "vitest";
import {
  csvField,
  formatReportValue,
  hasTotals,
  pageOf,
  readReportQuery,
  REPORT_MESSAGES as M,
  type ReportDefinition,
  reportFileName,
  reportQueryString,
  reportTotals,
  shownFor,
  sortRows,
} from "./report-kit.ts";

interface Row {
  name: string;
  units: number | null;
  cents: number;
}

const report: ReportDefinition<Row> = {
  title: "Test Report",
  description: "",
  filters: [
    {
      kind: "choice",
      name: "type",
      label: "Truck type",
      options: [
        { value: "all", label: "All" },
        { value: "HALF_TON", label: "1/2 Ton" },
      ],
      defaultValue: "all",
    },
    { kind: "date", name: "from", label: "From", defaultValue: () => "" },
    { kind: "date", name: "to", label: "To", defaultValue: (today) => today },
    { kind: "text", name: "company", label: "Company", maxLength: 5 },
  ],
  columns: [
    { key: "name", label: "Name", type: "text", value: (row) => row.name },
    { key: "units", label: "Units", type: "count", value: (row) => row.units },
    { key: "cents", label: "Amount", type: "money", value: (row) => row.cents },
    { key: "note", label: "Note", type: "text", value: () => "", sortable: false },
  ],
  defaultSort: { key: "units", direction: "desc" },
  rowKey: (row) => row.name,
};

const today = "2026-11-29";
const read = (query: string) => readReportQuery(report, new URLSearchParams(query), today);

describe("reading a report's URL (ADR 055)", () => {
  it("gives every filter its default, the default order, 25 rows and page 1 for a plain link", () => {
    expect(read("")).toEqual({
      ok: true,
      state: {
        filters: { type: "all", from: "", to: today, company: "" },
        sort: { key: "units", direction: "desc" },
        pageSize: 25,
        page: 1,
        today,
      },
    });
  });

  it("reads allowed values, `-key` as a descending sort, rows and page", () => {
    expect(read("type=HALF_TON&from=2026-01-31&sort=-name&rows=all&page=3")).toMatchObject({
      ok: true,
      state: {
        filters: { type: "HALF_TON", from: "2026-01-31" },
        sort: { key: "name", direction: "desc" },
        pageSize: "all",
        page: 3,
      },
    });
  });

  it.each([
    ["type=TON", "type", M.choice("Truck type", "TON")],
    ["from=2026-02-30", "from", M.date("From")],
    ["to=yesterday", "to", M.date("To")],
    ["company=123456", "company", M.text("Company", 5)],
    ["sort=note", "sort", M.sort("note")],
    ["sort=-units;drop", "sort", M.sort("-units;drop")],
    ["rows=30", "rows", M.pageSize],
    ["rows=025", "rows", M.pageSize],
    ["page=0", "page", M.page],
    ["page=2.5", "page", M.page],
  ])("refuses %s with its field and message, never reading it as something else", (query, field, message) => {
    expect(read(query)).toEqual({ ok: false, field, message });
  });

  it("refuses what a rule across filters refuses, after each filter's own check", () => {
    const checked: ReportDefinition<Row> = {
      ...report,
      check: (filters) =>
        filters.from !== "" && filters.from! > filters.to! ? { field: "from", message: "From after To." } : null,
    };
    const readChecked = (query: string) => readReportQuery(checked, new URLSearchParams(query), today);
    expect(readChecked("from=2026-12-01")).toEqual({ ok: false, field: "from", message: "From after To." });
    expect(readChecked("from=2026-11-01").ok).toBe(true);
    expect(readChecked("from=2026-12-01&type=TON")).toMatchObject({ field: "type" });
  });

  it("writes the URL back without defaults, resets the page on a new sort or page size, and adds an export's format", () => {
    const query = read("type=HALF_TON&page=4");
    if (!query.ok) throw new Error(query.message);
    const { state } = query;
    expect(reportQueryString(report, state)).toBe("?type=HALF_TON&page=4");
    expect(reportQueryString(report, state, { sort: { key: "name", direction: "asc" } })).toBe(
      "?type=HALF_TON&sort=name",
    );
    expect(reportQueryString(report, state, { pageSize: 100 })).toBe("?type=HALF_TON&rows=100");
    expect(reportQueryString(report, state, { page: 1 })).toBe("?type=HALF_TON");
    expect(reportQueryString(report, state, { format: "xlsx" })).toBe("?type=HALF_TON&format=xlsx");
    // Every link the page writes reads back to the same state.
    const again = read(reportQueryString(report, state).slice(1));
    expect(again).toEqual({ ok: true, state });
  });
});

describe("a report with views and a check across filters", () => {
  const views: ReportDefinition<Row> = {
    ...report,
    filters: [
      {
        kind: "choice",
        name: "view",
        label: "View",
        options: [
          { value: "open", label: "Open" },
          { value: "closed", label: "Closed" },
        ],
        defaultValue: "open",
      },
      { kind: "date", name: "from", label: "From", defaultValue: () => "2026-01-01" },
      { kind: "date", name: "to", label: "To", defaultValue: (day) => day },
    ],
    columns: [
      { key: "name", label: "Name", type: "text", value: (row) => row.name },
      { key: "units", label: "Units", type: "count", value: (row) => row.units, when: (f) => f.view === "open" },
      { key: "cents", label: "Amount", type: "money", value: (row) => row.cents, when: (f) => f.view === "closed" },
    ],
    charts: [
      {
        id: "closed",
        title: "Closed",
        kind: "bar",
        caption: () => "",
        data: () => ({ categories: [], series: [], valueType: "count" }),
        when: (f) => f.view === "closed",
      },
    ],
    defaultSort: { key: "units", direction: "desc" },
    check: (filters) => (filters.from! > filters.to! ? { field: "from", message: "From is after To." } : null),
  };
  const readViews = (query: string) => readReportQuery(views, new URLSearchParams(query), today);

  it("shows the columns and charts of the view the filters ask for", () => {
    expect(shownFor(views, { view: "open" }).columns.map((column) => column.key)).toEqual(["name", "units"]);
    expect(shownFor(views, { view: "closed" }).columns.map((column) => column.key)).toEqual(["name", "cents"]);
    expect(shownFor(views, { view: "open" }).charts).toEqual([]);
    expect(shownFor(views, { view: "closed" }).charts?.map((chart) => chart.id)).toEqual(["closed"]);
  });

  it("sorts only by a column of the view, and drops a default order whose column the view does not show", () => {
    expect(readViews("")).toMatchObject({ ok: true, state: { sort: { key: "units", direction: "desc" } } });
    expect(readViews("view=closed")).toMatchObject({ ok: true, state: { sort: null } });
    expect(readViews("view=closed&sort=-cents")).toMatchObject({ ok: true, state: { sort: { key: "cents" } } });
    expect(readViews("view=closed&sort=units")).toEqual({ ok: false, field: "sort", message: M.sort("units") });
  });

  it("refuses what the filters say together, after each has been read", () => {
    expect(readViews("from=2026-12-01")).toEqual({ ok: false, field: "from", message: "From is after To." });
    expect(readViews("from=2026-11-29")).toMatchObject({ ok: true });
    expect(readViews("from=someday")).toEqual({ ok: false, field: "from", message: M.date("From") });
  });
});

describe("sorting, paging and totals (ADR 055)", () => {
  const rows: Row[] = [
    { name: "b", units: 2, cents: 150 },
    { name: "a", units: null, cents: 1 },
    { name: "C", units: 2, cents: 10 },
    { name: "d", units: 10, cents: 0 },
  ];

  it("sorts numbers as numbers and text without case, keeps ties in the order read, empties last both ways", () => {
    const names = (sorted: Row[]) => sorted.map((row) => row.name);
    expect(names(sortRows(report, rows, { key: "units", direction: "desc" }))).toEqual(["d", "b", "C", "a"]);
    expect(names(sortRows(report, rows, { key: "units", direction: "asc" }))).toEqual(["b", "C", "d", "a"]);
    expect(names(sortRows(report, rows, { key: "name", direction: "asc" }))).toEqual(["a", "b", "C", "d"]);
    expect(names(sortRows(report, rows, null))).toEqual(["b", "a", "C", "d"]);
  });

  it("pages the rows, showing the last page for a page past the end and every row for All", () => {
    const many = Array.from({ length: 60 }, (_, index) => index);
    expect(pageOf(many, 25, 1)).toEqual({ rows: many.slice(0, 25), page: 1, pageCount: 3 });
    expect(pageOf(many, 25, 9)).toEqual({ rows: many.slice(50), page: 3, pageCount: 3 });
    expect(pageOf(many, "all", 2)).toEqual({ rows: many, page: 1, pageCount: 1 });
    expect(pageOf([], 25, 1)).toEqual({ rows: [], page: 1, pageCount: 1 });
  });

  it("totals counts and money over every row, and nothing for text", () => {
    expect(reportTotals(report, rows)).toEqual({ name: null, units: 14, cents: 161, note: null });
  });

  it("knows a report with no column totalled (a list of names) has no totals row", () => {
    expect(hasTotals(report)).toBe(true);
    const names = report.columns.filter((column) => column.type === "text");
    expect(hasTotals({ ...report, columns: names })).toBe(false);
    const untotalled = report.columns.map((column) => ({ ...column, total: "none" as const }));
    expect(hasTotals({ ...report, columns: untotalled })).toBe(false);
  });
});

describe("cells and files (ADR 055)", () => {
  it.each([
    ["count", 1234, "1,234"],
    ["money", 123450, "$1,234.50"],
    ["money", -1, "-$0.01"],
    ["percent", 0.125, "12.5%"],
    ["days", 12.6, "13"],
    ["number", 2.25, "2.3"],
    ["date", "2026-11-29", "11/29/2026"],
    ["text", null, ""],
  ] as const)("shows a %s of %s as %s", (type, value, text) => {
    expect(formatReportValue(type, value)).toBe(text);
  });

  it("names a file after the report and the day, MM-dd-yyyy", () => {
    expect(reportFileName("Fleet Pie", "2026-11-29", "xlsx")).toBe("Fleet Pie 11-29-2026.xlsx");
    expect(reportFileName("On/Off Rent", "2026-11-29", "csv")).toBe("On-Off Rent 11-29-2026.csv");
  });

  it.each([
    ['=HYPERLINK("http://x")', '"\'=HYPERLINK(""http://x"")"'],
    ["+1", "'+1"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tcmd", "'\tcmd"],
    ["Smith, John", '"Smith, John"'],
    ["plain", "plain"],
  ])("defuses and quotes the CSV field %j", (text, field) => {
    expect(csvField(text)).toBe(field);
  });
});
