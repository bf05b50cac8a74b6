// What the status browser tests share: the administrator (all access, listed in 'Rental Use
// Override Permissions' by the demo data), the status details dialog, its rows, and reading a downloaded
// workbook's rows.
import ExcelJS from "exceljs";
import { expect, type Download, type Page } from "@playwright/test";
import { ADMIN } from "./support/accounts.ts";

export const STATUS_READER = ADMIN;

export const statusDialog = (page: Page) => page.getByRole("dialog", { name: "Status Details" });
export const listRows = (page: Page) => statusDialog(page).locator("tbody tr[data-unit]");

/** The slice's size the dialog states ("1,234 units"). */
export async function listTotal(page: Page): Promise<number> {
  const text = await statusDialog(page).getByRole("status").first().innerText();
  return Number(/^([\d,]+) units?/.exec(text)![1]!.replace(/,/g, ""));
}

/** The downloaded workbook: its name, its sheet's header and how many unit rows it holds. */
export async function workbookRows(download: Download, status: string) {
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${status} Status \\d{2}-\\d{2}-\\d{4}\\.xlsx$`));
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0]!;
  expect(sheet.getRow(1).getCell(1).value).toBe("UnitNumber");
  return { rows: sheet.rowCount - 1, first: String(sheet.getRow(2).getCell(1).value) };
}
