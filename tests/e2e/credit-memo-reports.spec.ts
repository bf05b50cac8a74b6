// The credit memo detail reports in the browser: the open report shows its totals, and its
// Export to Excel link downloads the workbook of the same report, named after it and the day.
import ExcelJS from "exceljs";
import { expect, test } from "./fixtures.ts";
import { AR } from "./credit-memo.support.ts";
import { adoptSession } from "./support/accounts.ts";

test("downloads the open credit memo report as a workbook", async ({ page }) => {
  await adoptSession(page, AR);
  await page.goto("/cm-open-detail");
  await expect(page.getByRole("heading", { name: "Open Credit Memo Detail" })).toBeVisible();
  await expect(page.locator("tr[data-totals]")).toContainText("Totals");
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export to Excel" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^Open Credit Memo Detail \d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.getWorksheet("Open Credit Memo Detail")!;
  expect(sheet.getRow(1).getCell(1).value).toBe("Company Code");
  expect(String(sheet.getRow(sheet.rowCount).getCell(1).value)).toMatch(/^Totals \(/);
});
