// What the report kit's browser tests share (ADR 055): the executive account (it holds the reports), the
// report they read (/fleetpie), and the rows of a downloaded file, read back to compare with the page.
import ExcelJS from "exceljs";
import { readFile } from "node:fs/promises";
import { expect, type Download, type Page } from "@playwright/test";
import { demo } from "./support/accounts.ts";

export const EXEC = demo("exec");

/** The report table's rows as the page shows them: [slice, units]. */
export async function shownRows(page: Page): Promise<string[][]> {
  const table = page.locator("table[data-report-table]");
  await expect(table).toBeVisible();
  return table
    .locator("tbody tr")
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll("td")].slice(0, 2).map((cell) => cell.textContent?.trim() ?? "")),
    );
}

/** A downloaded file's data rows (header and totals left out) as [slice, units] text, like the page's. */
export async function downloadedRows(download: Download): Promise<string[][]> {
  const file = await download.path();
  if (download.suggestedFilename().endsWith(".csv")) {
    const lines = (await readFile(file, "utf8"))
      .replace(/^\ufeff/, "")
      .trim()
      .split("\r\n");
    return lines.slice(1, -1).map((line) => {
      const [slice, units] = line.split(",");
      return [slice!, Number(units).toLocaleString("en-US")];
    });
  }
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0]!;
  const rows: string[][] = [];
  sheet.eachRow((row, index) => {
    if (index === 1 || index === sheet.rowCount) return;
    rows.push([String(row.getCell(1).value), Number(row.getCell(2).value).toLocaleString("en-US")]);
  });
  return rows;
}
