// Running a declared report (ADR 055): its URL read into a state (a value it does not allow answers 400 with
// the message on the page), its rows loaded by the report's own read, sorted and paged here, the totals over
// every row, the charts drawn, and the same rows as a file behind the same route and guard.
import type { Db } from "~/modules/platform/services.server.ts";
import { downloadResponse } from "~/modules/platform/download.server.ts";
import { CSV_TYPE, XLSX_TYPE } from "~/rules/downloads.ts";
import {
  alignOf,
  definitionIn,
  formatReportValue,
  offeredOptions,
  pageOf,
  PAGE_SIZES,
  type PageSize,
  readReportQuery,
  type ReportDefinition,
  reportFileName,
  reportQueryString,
  type ReportState,
  reportTotals,
  type ReportViewer,
  sortRows,
} from "~/rules/reports/report-kit.ts";
import type { ReportChartView, ReportView } from "~/rules/reports/report-view.ts";
import { renderChartSvg } from "./report-chart.server.ts";
import { reportCsv, reportWorkbook } from "./report-export.server.ts";

/** A report as the server runs it: its declaration and the one read that gives its rows. */
export interface ServerReport<Row> extends ReportDefinition<Row> {
  load(db: Db, state: ReportState): Promise<Row[]>;
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

/**
 * The page's data, and its status: 400 when the URL holds a value the report does not allow (the page shows
 * the message beside the filters it was sent, and no rows), 200 otherwise.
 */
export async function reportView<Row>(
  db: Db,
  report: ServerReport<Row>,
  pathname: string,
  search: URLSearchParams,
  now: Date,
  viewer?: ReportViewer,
): Promise<{ status: 200 | 400; view: ReportView }> {
  const query = readReportQuery(report, search, dayOf(now), viewer);
  const columnsWithoutLinks = report.columns
    .filter((column) => !column.shownIn)
    .map((column) => ({
      key: column.key,
      label: column.label,
      type: column.type,
      align: alignOf(column.type),
      sortHref: null,
      sorted: null,
    }));
  if (!query.ok) {
    const sent = Object.fromEntries(report.filters.map((filter) => [filter.name, search.get(filter.name) ?? ""]));
    return {
      status: 400,
      view: {
        title: report.title,
        description: report.description,
        filters: filterViews(report, sent, viewer),
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
        exports: null,
      },
    };
  }
  const state: ReportState = { ...query.state, now: now.toISOString() };
  report = definitionIn<Row, ServerReport<Row>>(report, state);
  const rows = sortRows(report, await report.load(db, state), state.sort);
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
  report: ServerReport<Row>,
  search: URLSearchParams,
  now: Date,
  viewer?: ReportViewer,
): Promise<Response> {
  const format = search.get("format") === "csv" ? "csv" : "xlsx";
  const query = readReportQuery(report, search, dayOf(now), viewer);
  if (!query.ok) return new Response(query.message, { status: 400, headers: { "Content-Type": "text/plain" } });
  const state: ReportState = { ...query.state, now: now.toISOString() };
  report = definitionIn<Row, ServerReport<Row>>(report, state);
  const rows = sortRows(report, await report.load(db, state), state.sort);
  const name = reportFileName(report.title, query.state.today, format);
  return format === "csv"
    ? downloadResponse(reportCsv(report, rows), name, CSV_TYPE)
    : downloadResponse(reportWorkbook(report, rows), name, XLSX_TYPE);
}
