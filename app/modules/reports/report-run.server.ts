// Running a declared report (ADR 055): its URL read into a state (a value it does not allow answers 400 with
// the message on the page), its rows loaded by the report's own read, sorted and paged here, the totals over
// every row, the charts drawn, and the same rows as a file behind the same route and guard.
import type { Db } from "~/modules/platform/services.server.ts";
import { downloadResponse } from "~/modules/platform/download.server.ts";
import { CSV_TYPE, XLSX_TYPE } from "~/rules/downloads.ts";
import {
  alignOf,
  formatReportValue,
  offeredOptions,
  pageOf,
  PAGE_SIZES,
  type PageSize,
  readReportQuery,
  type ReportDefinition,
  type ReportFigure,
  reportFileName,
  reportQueryString,
  type ReportState,
  reportTotals,
  shownFor,
  type ReportViewer,
  sortRows,
} from "~/rules/reports/report-kit.ts";
import type { ReportChartView, ReportView } from "~/rules/reports/report-view.ts";
import { renderChartSvg } from "./report-chart.server.ts";
import { reportCsv, reportWorkbook } from "./report-export.server.ts";

/** A report as the server runs it: its declaration and the one read that gives its rows. */
export interface ServerReport<Row> extends ReportDefinition<Row> {
  /** `now`: the instant the report is read as of (days in a status, lateness). */
  load(db: Db, state: ReportState, now: Date): Promise<Row[]>;
  /** Headline numbers shown above the table (not in the files), read beside the rows. */
  figures?(db: Db, state: ReportState): Promise<ReportFigure[]>;
}

const dayOf = (now: Date) => now.toISOString().slice(0, 10);

/** The filters as the page shows them, with the values read (or, after a refusal, as they were sent). */
function filterViews<Row>(
  report: ServerReport<Row>,
  values: Record<string, string>,
  viewer: ReportViewer | undefined,
): ReportView["filters"] {
  return report.filters.map((filter) => ({
    name: filter.name,
    label: filter.label,
    kind: filter.kind,
    value: values[filter.name] ?? "",
    ...(filter.kind === "choice"
      ? { options: offeredOptions(filter.options, viewer).map(({ value, label }) => ({ value, label })) }
      : {}),
    ...(filter.kind === "text" ? { maxLength: filter.maxLength } : {}),
  }));
}

/** The filters as sent, each missing or empty one at its default: which columns a refused URL's page shows. */
function sentOrDefault<Row>(report: ServerReport<Row>, search: URLSearchParams, today: string): Record<string, string> {
  return Object.fromEntries(
    report.filters.map((filter) => {
      const sent = search.get(filter.name)?.trim() ?? "";
      if (sent !== "" || filter.kind === "text") return [filter.name, sent];
      return [filter.name, filter.kind === "choice" ? filter.defaultValue : filter.defaultValue(today)];
    }),
  );
}

/**
 * The page's data, and its status: 400 when the URL holds a value the report does not allow (the page shows
 * the message beside the filters it was sent, and no rows), 200 otherwise.
 */
export async function reportView<Row>(
  db: Db,
  whole: ServerReport<Row>,
  pathname: string,
  search: URLSearchParams,
  now: Date,
  viewer?: ReportViewer,
): Promise<{ status: 200 | 400; view: ReportView }> {
  const query = readReportQuery(whole, search, dayOf(now), viewer);
  if (!query.ok) {
    const sent = Object.fromEntries(whole.filters.map((filter) => [filter.name, search.get(filter.name) ?? ""]));
    const columnsWithoutLinks = shownFor(whole, sentOrDefault(whole, search, dayOf(now))).columns.map((column) => ({
      key: column.key,
      label: column.label,
      type: column.type,
      align: alignOf(column.type),
      sortHref: null,
      sorted: null,
    }));
    return {
      status: 400,
      view: {
        title: whole.title,
        description: whole.description,
        filters: filterViews(whole, sent, viewer),
        error: { field: query.field, message: query.message },
        columns: columnsWithoutLinks,
        rows: [],
        totals: null,
        rowCount: 0,
        page: 1,
        pageCount: 1,
        pageSize: "25",
        previousHref: null,
        nextHref: null,
        pageSizeHrefs: [],
        charts: [],
        figures: [],
        exports: null,
      },
    };
  }
  const state: ReportState = { ...query.state, now: now.toISOString() };
  const report = shownFor(whole, state.filters);
  const [loaded, figures] = await Promise.all([report.load(db, state, now), whole.figures?.(db, state) ?? []]);
  const rows = sortRows(report, loaded, state.sort);
  const shown = pageOf(rows, state.pageSize, state.page);
  const href = (changes: Parameters<typeof reportQueryString>[2]) =>
    `${pathname}${reportQueryString(report, state, changes)}`;
  const totals = reportTotals(report, rows);
  const charts: ReportChartView[] = (report.charts ?? []).map((chart) => {
    const data = chart.data(rows, state);
    return {
      id: chart.id,
      title: chart.title,
      kind: chart.kind,
      caption: chart.caption(state),
      svg: renderChartSvg(chart.kind, chart.title, data),
      table: {
        categories: data.categories.map((text, index) => ({ text, href: data.hrefs?.[index] ?? null })),
        series: data.series.map((series) => ({
          name: series.name,
          values: series.values.map((value) => formatReportValue(data.valueType, value)),
        })),
      },
    };
  });
  const pageSizes: PageSize[] = [...PAGE_SIZES, "all"];
  return {
    status: 200,
    view: {
      title: report.title,
      description: report.description,
      filters: filterViews(report, state.filters, viewer),
      error: null,
      columns: report.columns.map((column) => {
        const sorted = state.sort?.key === column.key ? state.sort.direction : null;
        const next = sorted === "asc" ? "desc" : sorted === "desc" ? "asc" : column.type === "text" ? "asc" : "desc";
        return {
          key: column.key,
          label: column.label,
          type: column.type,
          align: alignOf(column.type),
          sortHref: column.sortable === false ? null : href({ sort: { key: column.key, direction: next } }),
          sorted,
        };
      }),
      rows: shown.rows.map((row) => ({
        key: report.rowKey(row),
        cells: report.columns.map((column) => ({
          text: formatReportValue(column.type, column.value(row)),
          href: column.href?.(row) ?? null,
        })),
      })),
      totals:
        rows.length === 0
          ? null
          : report.columns.map((column, index) => ({
              text:
                index === 0 && totals[column.key] === null
                  ? "Totals"
                  : formatReportValue(column.type, totals[column.key] ?? null),
              href: null,
            })),
      rowCount: rows.length,
      page: shown.page,
      pageCount: shown.pageCount,
      pageSize: String(state.pageSize),
      previousHref: shown.page > 1 ? href({ page: shown.page - 1 }) : null,
      nextHref: shown.page < shown.pageCount ? href({ page: shown.page + 1 }) : null,
      pageSizeHrefs: pageSizes.map((size) => ({
        label: size === "all" ? "All" : String(size),
        href: href({ pageSize: size }),
        current: size === state.pageSize,
      })),
      charts,
      figures: figures.map((figure) => ({
        key: figure.key,
        label: figure.label,
        text: formatReportValue(figure.type, figure.value),
        href: figure.href ?? null,
        note: figure.note ?? null,
      })),
      exports: { xlsx: href({ format: "xlsx" }), csv: href({ format: "csv" }) },
    },
  };
}

/**
 * `?format=xlsx|csv`: every row of the filtered, sorted result as a file named after the report and the day.
 * A value the report does not allow answers 400 with the message, as the page does.
 */
export async function reportDownload<Row>(
  db: Db,
  whole: ServerReport<Row>,
  search: URLSearchParams,
  now: Date,
  viewer?: ReportViewer,
): Promise<Response> {
  const format = search.get("format") === "csv" ? "csv" : "xlsx";
  const query = readReportQuery(whole, search, dayOf(now), viewer);
  if (!query.ok) return new Response(query.message, { status: 400, headers: { "Content-Type": "text/plain" } });
  const state: ReportState = { ...query.state, now: now.toISOString() };
  const report = shownFor(whole, state.filters);
  const rows = sortRows(report, await report.load(db, state, now), state.sort);
  return reportFile(report, rows, format, query.state.today);
}

/** Rows as the report's file, `{Title} {MM-dd-yyyy}.xlsx` or `.csv`: what reports and list pages download. */
export function reportFile<Row>(
  definition: ReportDefinition<Row>,
  rows: readonly Row[],
  format: "xlsx" | "csv",
  today: string,
): Response {
  const name = reportFileName(definition.title, today, format);
  return format === "csv"
    ? downloadResponse(reportCsv(definition, rows), name, CSV_TYPE)
    : downloadResponse(reportWorkbook(definition, rows), name, XLSX_TYPE);
}
