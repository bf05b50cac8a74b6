// The report kit (ADR 055): a report is declared once — columns, filters, default order, totals, charts —
// and this module gives every report the same reading of its URL, sorting, paging, totals, cell text and
// export file names. Pure: the server runs it; the page only draws what the server computed.
import { format } from "date-fns";
import { type FeatureName, hasFeature } from "../access/permissions.ts";

export type ReportColumnType = "text" | "date" | "count" | "number" | "money" | "percent" | "days";

/** A cell's value: cents for money, a fraction (0.25) for a percent, YYYY-MM-DD for a date. */
export type ReportValue = string | number | null;

export interface ReportColumn<Row> {
  key: string;
  label: string;
  type: ReportColumnType;
  value(row: Row): ReportValue;
  /** Where the cell leads (a count to the status details or the unit hub for that slice). */
  href?(row: Row): string | null;
  /** The totals row: a sum (the default for counts, money and numbers), a figure of its own, or none. */
  total?: "sum" | "none" | ((rows: readonly Row[]) => ReportValue);
  sortable?: boolean;
  /** Shown only when the filters ask for its view of the report (a view choice); absent: always. */
  when?(filters: Readonly<Record<string, string>>): boolean;
}

export interface ChoiceOption {
  value: string;
  label: string;
  /** Offered, and answered, only to holders of this feature (a section some viewers may not read). */
  requires?: FeatureName;
}

/** Who reads the report: the signed-in session's permission ids. */
export interface ReportViewer {
  permissionIds: readonly number[];
}

/** The options of a choice this viewer is offered (an option with `requires` only to its holders). */
export function offeredOptions(options: readonly ChoiceOption[], viewer: ReportViewer | undefined): ChoiceOption[] {
  return options.filter((option) => !option.requires || hasFeature(viewer?.permissionIds ?? [], option.requires));
}

export type ReportFilter =
  | { kind: "choice"; name: string; label: string; options: readonly ChoiceOption[]; defaultValue: string }
  | { kind: "date"; name: string; label: string; defaultValue(today: string): string }
  | { kind: "text"; name: string; label: string; maxLength: number };

export type ChartKind = "bar" | "stacked-bar" | "line" | "pie" | "map";

/** A chart's numbers: one value per category and series; the same numbers the page shows in a table. */
export interface ChartData {
  /** For a map: the regions' names as the map knows them (US states' full names). */
  categories: string[];
  series: { name: string; values: number[] }[];
  /** How the numbers read in the table and the axis. */
  valueType: "count" | "percent" | "days" | "money";
  /** Where each category leads (a slice of the fleet to its status counts), if anywhere. */
  hrefs?: (string | null)[];
}

export interface ReportChart<Row> {
  id: string;
  title: string;
  kind: ChartKind;
  caption(state: ReportState): string;
  data(rows: readonly Row[], state: ReportState): ChartData;
  /** Drawn only when the filters ask for its view, as a column's `when`; absent: always. */
  when?(filters: Readonly<Record<string, string>>): boolean;
}

/**
 * A headline number above the table — the work still ahead, a setting the report reads — with where it
 * leads. It is not a row: the files hold the table's rows only.
 */
export interface ReportFigure {
  key: string;
  label: string;
  type: ReportColumnType;
  value: ReportValue;
  href?: string | null;
  note?: string;
}

export interface ReportDefinition<Row> {
  title: string;
  description: string;
  filters: readonly ReportFilter[];
  columns: readonly ReportColumn<Row>[];
  /** The order the rows are shown in until a column is chosen; null: the order the report reads them in. */
  defaultSort: ReportSort | null;
  charts?: readonly ReportChart<Row>[];
  rowKey(row: Row): string;
  /** A refusal that reads filters together (a range that ends before it starts); null: allowed. */
  check?(filters: Readonly<Record<string, string>>, today: string): { field: string; message: string } | null;
}

export interface ReportSort {
  key: string;
  direction: "asc" | "desc";
}

export const PAGE_SIZES = [25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number] | "all";
export const DEFAULT_PAGE_SIZE: PageSize = 25;

export interface ReportState {
  filters: Record<string, string>;
  sort: ReportSort | null;
  pageSize: PageSize;
  page: number;
  /** YYYY-MM-DD: the day the report is read (date filters' defaults, file names). */
  today: string;
  /** The instant the report is read (ISO 8601), for lateness; the runner sets it. */
  now?: string;
  /** Who reads it; the runner sets it, and a report that answers by permission reads it. */
  viewer?: ReportViewer;
}

export type ReportQuery = { ok: true; state: ReportState } | { ok: false; field: string; message: string };

export const REPORT_MESSAGES = {
  choice: (label: string, value: string) => `${label} cannot be “${value}”; choose one of the listed values.`,
  date: (label: string) => `${label} must be a date (YYYY-MM-DD).`,
  text: (label: string, max: number) => `${label} may be at most ${max} characters.`,
  sort: (value: string) => `The report cannot be sorted by “${value}”.`,
  pageSize: "Rows per page must be 25, 50, 100 or All.",
  page: "The page must be a whole number from 1.",
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day as YYYY-MM-DD (2026-02-30 is not). */
export function isCalendarDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** A column or chart that may show for some filter values only. */
type Conditional = { when?(filters: Readonly<Record<string, string>>): boolean };

/**
 * The report as these filters show it: the columns and charts whose `when` holds (all of them for a report
 * without views). The sort, totals, cells, charts and files all read this one.
 */
export function shownFor<Definition extends { columns: readonly Conditional[]; charts?: readonly Conditional[] }>(
  definition: Definition,
  filters: Readonly<Record<string, string>>,
): Definition {
  const shows = (part: Conditional) => part.when?.(filters) ?? true;
  // The same declaration less what these filters hide; its columns and charts keep their own types.
  return {
    ...definition,
    columns: definition.columns.filter(shows),
    ...(definition.charts ? { charts: definition.charts.filter(shows) } : {}),
  } as Definition;
}

/**
 * The report's state from its URL: each filter (missing means its default), `sort` (`key` or `-key`),
 * `rows` (25, 50, 100, all) and `page`. A value the report does not allow is refused with its field and a
 * message (the page answers 400), never read as something else.
 */
export function readReportQuery<Row>(
  definition: ReportDefinition<Row>,
  search: URLSearchParams,
  today: string,
  viewer?: ReportViewer,
): ReportQuery {
  const filters: Record<string, string> = {};
  for (const filter of definition.filters) {
    const raw = search.get(filter.name);
    const given = raw === null ? null : raw.trim();
    if (filter.kind === "choice") {
      const value = given === null || given === "" ? filter.defaultValue : given;
      if (!offeredOptions(filter.options, viewer).some((option) => option.value === value))
        return { ok: false, field: filter.name, message: REPORT_MESSAGES.choice(filter.label, value.slice(0, 40)) };
      filters[filter.name] = value;
    } else if (filter.kind === "date") {
      const value = given === null || given === "" ? filter.defaultValue(today) : given;
      if (value !== "" && !isCalendarDay(value))
        return { ok: false, field: filter.name, message: REPORT_MESSAGES.date(filter.label) };
      filters[filter.name] = value;
    } else {
      const value = given ?? "";
      if (value.length > filter.maxLength)
        return { ok: false, field: filter.name, message: REPORT_MESSAGES.text(filter.label, filter.maxLength) };
      filters[filter.name] = value;
    }
  }
  const refused = definition.check?.(filters, today);
  if (refused) return { ok: false, ...refused };
  // Only the columns of the view the filters ask for can order it.
  const { columns } = shownFor(definition, filters);
  const sortable = columns.filter((column) => column.sortable !== false).map((column) => column.key);
  const byDefault = definition.defaultSort;
  let sort = byDefault && columns.some((column) => column.key === byDefault.key) ? byDefault : null;
  const sortText = search.get("sort");
  if (sortText !== null && sortText !== "") {
    const key = sortText.replace(/^-/, "");
    if (!sortable.includes(key))
      return { ok: false, field: "sort", message: REPORT_MESSAGES.sort(sortText.slice(0, 40)) };
    sort = { key, direction: sortText.startsWith("-") ? "desc" : "asc" };
  }
  let pageSize: PageSize = DEFAULT_PAGE_SIZE;
  const rowsText = search.get("rows");
  if (rowsText !== null && rowsText !== "") {
    if (rowsText === "all") pageSize = "all";
    else if (PAGE_SIZES.map(String).includes(rowsText)) pageSize = Number(rowsText) as PageSize;
    else return { ok: false, field: "rows", message: REPORT_MESSAGES.pageSize };
  }
  let page = 1;
  const pageText = search.get("page");
  if (pageText !== null && pageText !== "") {
    if (!/^[1-9]\d{0,5}$/.test(pageText)) return { ok: false, field: "page", message: REPORT_MESSAGES.page };
    page = Number(pageText);
  }
  return { ok: true, state: { filters, sort, pageSize, page, today, ...(viewer ? { viewer } : {}) } };
}

/**
 * The URL's query for a state, defaults left out (so a plain report is a plain link), with `changes`
 * applied: another sort, page, page size, or an export's `format`.
 */
export function reportQueryString<Row>(
  definition: ReportDefinition<Row>,
  state: ReportState,
  changes: { sort?: ReportSort; page?: number; pageSize?: PageSize; format?: "xlsx" | "csv" } = {},
): string {
  const params = new URLSearchParams();
  for (const filter of definition.filters) {
    const value = state.filters[filter.name] ?? "";
    const fallback =
      filter.kind === "choice" ? filter.defaultValue : filter.kind === "date" ? filter.defaultValue(state.today) : "";
    if (value !== fallback) params.set(filter.name, value);
  }
  const sort = changes.sort ?? state.sort;
  const isDefault =
    sort === null ||
    (definition.defaultSort !== null &&
      sort.key === definition.defaultSort.key &&
      sort.direction === definition.defaultSort.direction);
  if (sort && !isDefault) params.set("sort", `${sort.direction === "desc" ? "-" : ""}${sort.key}`);
  const pageSize = changes.pageSize ?? state.pageSize;
  if (pageSize !== DEFAULT_PAGE_SIZE) params.set("rows", String(pageSize));
  if (changes.format) params.set("format", changes.format);
  else {
    const page = changes.page ?? (changes.sort || changes.pageSize ? 1 : state.page);
    if (page > 1) params.set("page", String(page));
  }
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** Compares two values of a column: numbers as numbers, text as text (case-insensitive), empty last. */
function compareValues(a: ReportValue, b: ReportValue): number {
  if (a === null || a === "") return b === null || b === "" ? 0 : 1;
  if (b === null || b === "") return -1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  return String(a).localeCompare(String(b), "en", { sensitivity: "base", numeric: true });
}

/**
 * The rows in the sort's order; rows that tie keep the order the report read them in (its default order),
 * so paging is stable. Empty values sort last both ways.
 */
export function sortRows<Row>(definition: ReportDefinition<Row>, rows: readonly Row[], sort: ReportSort | null): Row[] {
  const column = sort ? definition.columns.find((each) => each.key === sort.key) : undefined;
  if (!sort || !column) return [...rows];
  const sign = sort.direction === "desc" ? -1 : 1;
  return rows
    .map((row, index) => ({ row, index, value: column.value(row) }))
    .sort((a, b) => {
      const aEmpty = a.value === null || a.value === "";
      const bEmpty = b.value === null || b.value === "";
      if (aEmpty !== bEmpty) return aEmpty ? 1 : -1;
      return sign * compareValues(a.value, b.value) || a.index - b.index;
    })
    .map((entry) => entry.row);
}

/** One page of the rows (the last page when `page` is past the end), and how many pages there are. */
export function pageOf<Row>(rows: readonly Row[], pageSize: PageSize, page: number) {
  const pageCount = pageSize === "all" ? 1 : Math.max(1, Math.ceil(rows.length / pageSize));
  const current = Math.min(page, pageCount);
  const shown = pageSize === "all" ? [...rows] : rows.slice((current - 1) * pageSize, current * pageSize);
  return { rows: shown, page: current, pageCount };
}

/** How a column is totalled: as declared, else a sum for counts, money and numbers and none for the rest. */
const totalRuleOf = <Row>(column: ReportColumn<Row>) =>
  column.total ?? (["count", "money", "number"].includes(column.type) ? "sum" : "none");

/** Whether any column has a total: a list without one (names, e-mails) gets no totals row. */
export function hasTotals<Row>(definition: ReportDefinition<Row>): boolean {
  return definition.columns.some((column) => totalRuleOf(column) !== "none");
}

/** The totals row over every row of the result (not only the page), by column key; null: no total. */
export function reportTotals<Row>(
  definition: ReportDefinition<Row>,
  rows: readonly Row[],
): Record<string, ReportValue> {
  const totals: Record<string, ReportValue> = {};
  for (const column of definition.columns) {
    const rule = totalRuleOf(column);
    if (typeof rule === "function") totals[column.key] = rule(rows);
    else if (rule === "sum") {
      let sum = 0;
      for (const row of rows) {
        const value = column.value(row);
        if (typeof value === "number") sum += value;
      }
      totals[column.key] = sum;
    } else totals[column.key] = null;
  }
  return totals;
}

const grouped = (value: number, digits = 0) =>
  value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** A cell as the page shows it: 1,234; $1,234.50; 12.5%; 11/29/2026. */
export function formatReportValue(type: ReportColumnType, value: ReportValue): string {
  if (value === null || value === "") return "";
  if (typeof value === "string") {
    if (type === "date" && isCalendarDay(value)) return format(new Date(`${value}T12:00:00Z`), "MM/dd/yyyy");
    return value;
  }
  switch (type) {
    case "money":
      return `${value < 0 ? "-" : ""}$${grouped(Math.abs(value) / 100, 2)}`;
    case "percent":
      return `${grouped(value * 100, 1)}%`;
    case "number":
      return Number.isInteger(value) ? grouped(value) : grouped(value, 1);
    case "count":
    case "days":
      return grouped(Math.round(value));
    case "text":
    case "date":
      return String(value);
  }
}

/** Numbers right, everything else left. */
export const alignOf = (type: ReportColumnType): "left" | "right" =>
  type === "text" || type === "date" ? "left" : "right";

/**
 * `Fleet Pie 11-29-2026.xlsx`: the report's title and the day it was taken (MM-dd-yyyy); a character no
 * file name may hold becomes a hyphen (`On-Off Rent`).
 */
export function reportFileName(title: string, today: string, extension: "xlsx" | "csv"): string {
  const [year, month, day] = today.split("-");
  return `${title.replace(/[\\/:*?"<>|]/g, "-")} ${month}-${day}-${year}.${extension}`;
}

/**
 * Text a spreadsheet would read as a formula (=, +, -, @, a tab or a carriage return first) gets a leading
 * apostrophe, so a cell a customer or an employee typed can never run in someone's spreadsheet.
 */
export function defuseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** One CSV field: defused, quoted when it holds a comma, a quote or a line break. */
export function csvField(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const text = defuseFormula(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The calendar day `days` after (or, negative, before) a YYYY-MM-DD day: date filters' defaults. */
export function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * One view of a report whose table switches with the choice filter `name`: its columns and charts, shown
 * when the filter is `value`. They read that view's rows only, as the report's load gives only those.
 */
export function inView<Row, ViewRow extends Row>(
  name: string,
  value: string,
  view: { columns: readonly ReportColumn<ViewRow>[]; charts?: readonly ReportChart<ViewRow>[] },
): { columns: ReportColumn<Row>[]; charts: ReportChart<Row>[] } {
  const when = (part: Conditional) => ({
    when: (filters: Readonly<Record<string, string>>) => filters[name] === value && (part.when?.(filters) ?? true),
  });
  // Typed for the report's rows: another view's rows never reach these (see above).
  return {
    columns: view.columns.map((column) => ({ ...column, ...when(column) })) as unknown as ReportColumn<Row>[],
    charts: (view.charts ?? []).map((chart) => ({ ...chart, ...when(chart) })) as unknown as ReportChart<Row>[],
  };
}
