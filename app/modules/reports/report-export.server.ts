// A report's whole filtered result as a file (ADR 055): Excel through exceljs' streaming writer (each row
// committed as it is written, so memory stays flat however many rows) or CSV line by line. Both put the
// header first, counts and money as numbers, and defuse text a spreadsheet would run as a formula.
import { PassThrough, Readable } from "node:stream";
import ExcelJS from "exceljs";
import {
  csvField,
  defuseFormula,
  type ReportColumn,
  type ReportColumnType,
  type ReportDefinition,
  type ReportValue,
  hasTotals,
  reportTotals,
} from "~/rules/reports/report-kit.ts";

const NUMBER_FORMATS: Partial<Record<ReportColumnType, string>> = {
  money: '"$"#,##0.00',
  count: "#,##0",
  days: "#,##0",
  number: "#,##0.0",
  percent: "0.0%",
  date: "mm/dd/yyyy",
};

/** A value as the spreadsheet holds it: dollars from cents, a Date for a day, text defused. */
function cellValue(type: ReportColumnType, value: ReportValue): string | number | Date | null {
  if (value === null || value === "") return null;
  if (typeof value === "number") return type === "money" ? value / 100 : value;
  if (type === "date" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T00:00:00Z`);
  return defuseFormula(value);
}

const WIDTHS: Record<ReportColumnType, number> = {
  text: 28,
  date: 12,
  count: 10,
  number: 12,
  money: 14,
  percent: 10,
  days: 10,
};

/** The workbook: one sheet named after the report, the header frozen with a filter on it, a totals row if any. */
export function reportWorkbook<Row>(definition: ReportDefinition<Row>, rows: readonly Row[]): Readable {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true });
  // Sheet names: at most 31 characters, none of : \ / ? * [ ].
  const sheet = workbook.addWorksheet(definition.title.replace(/[:\\/?*[\]]/g, " ").slice(0, 31), {
    views: [{ state: "frozen", ySplit: 1 }],
  });
  const columns: readonly ReportColumn<Row>[] = definition.columns;
  sheet.columns = columns.map((column) => ({
    header: column.label,
    key: column.key,
    width: Math.max(WIDTHS[column.type], column.label.length + 2),
    ...(NUMBER_FORMATS[column.type] ? { style: { numFmt: NUMBER_FORMATS[column.type] } } : {}),
  }));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  for (const row of rows) {
    sheet.addRow(columns.map((column) => cellValue(column.type, column.value(row)))).commit();
  }
  if (hasTotals(definition)) {
    const totals = reportTotals(definition, rows);
    const totalRow = sheet.addRow(
      columns.map((column, index) =>
        index === 0 && totals[column.key] === null ? "Totals" : cellValue(column.type, totals[column.key] ?? null),
      ),
    );
    totalRow.font = { bold: true };
    totalRow.commit();
  }
  sheet.commit();
  void workbook.commit().catch((error: unknown) => output.destroy(error as Error));
  return output;
}

/** The CSV: a byte-order mark (Excel reads it as UTF-8), the header, a line per row, the totals if any. */
export function reportCsv<Row>(definition: ReportDefinition<Row>, rows: readonly Row[]): Readable {
  const columns = definition.columns;
  const plain = (type: ReportColumnType, value: ReportValue) =>
    typeof value === "number" && type === "money" ? (value / 100).toFixed(2) : value;
  function* lines() {
    yield `\ufeff${columns.map((column) => csvField(column.label)).join(",")}\r\n`;
    for (const row of rows) {
      yield `${columns.map((column) => csvField(plain(column.type, column.value(row)))).join(",")}\r\n`;
    }
    if (!hasTotals(definition)) return;
    const totals = reportTotals(definition, rows);
    yield `${columns
      .map((column, index) =>
        csvField(
          index === 0 && totals[column.key] === null ? "Totals" : plain(column.type, totals[column.key] ?? null),
        ),
      )
      .join(",")}\r\n`;
  }
  return Readable.from(lines());
}
