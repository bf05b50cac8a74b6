// What a report page receives from its loader (ADR 055): everything already computed and formatted on the
// server — the filters with their values, the columns with their sort links, one page of cells, the totals,
// the charts as SVG with their numbers, the export links — so the page draws and never computes.
import type { ChartKind, ReportColumnType } from "./report-kit.ts";

export interface ReportFilterView {
  name: string;
  label: string;
  kind: "choice" | "date" | "text";
  value: string;
  options?: { value: string; label: string }[];
  maxLength?: number;
}

export interface ReportColumnView {
  key: string;
  label: string;
  type: ReportColumnType;
  align: "left" | "right";
  /** The link that sorts by this column (the other way round when it is the sort already); null: not sortable. */
  sortHref: string | null;
  sorted: "asc" | "desc" | null;
}

export interface ReportCellView {
  text: string;
  href: string | null;
}

export interface ReportChartView {
  id: string;
  title: string;
  kind: ChartKind;
  caption: string;
  /** The chart drawn on the server; its colours follow the theme through the page's stylesheet. */
  svg: string;
  /** The chart's numbers as a table: a row per category, a column per series. */
  table: { categories: ReportCellView[]; series: { name: string; values: string[] }[] };
}

/** A headline number above the table, formatted, with where it leads and a line on what it counts. */
export interface ReportFigureView {
  key: string;
  label: string;
  text: string;
  href: string | null;
  note: string | null;
}

export interface ReportView {
  title: string;
  description: string;
  filters: ReportFilterView[];
  /** A filter value the report does not allow: the page says so (answered 400) and shows no rows. */
  error: { field: string; message: string } | null;
  columns: ReportColumnView[];
  rows: { key: string; cells: ReportCellView[] }[];
  totals: ReportCellView[] | null;
  rowCount: number;
  page: number;
  pageCount: number;
  pageSize: string;
  /** Links: the page before and after, and each page size. */
  previousHref: string | null;
  nextHref: string | null;
  pageSizeHrefs: { label: string; href: string; current: boolean }[];
  charts: ReportChartView[];
  figures: ReportFigureView[];
  exports: { xlsx: string; csv: string } | null;
}
