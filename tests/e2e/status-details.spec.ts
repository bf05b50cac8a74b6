// Status counts and status details with JavaScript: a count opens its list in the dialog, Per
// Page and the pages move through it, the download shows its progress and saves every row of the slice,
// and Rental Use set from the list shows at once for the person who clicked.
import { expect, test } from "./fixtures.ts";
import { adoptSession } from "./support/accounts.ts";
import { listRows, listTotal, STATUS_READER, statusDialog, workbookRows } from "./status-details.support.ts";

test("counts → details → per page and paging → Excel download → rental use", async ({ page }) => {
  await adoptSession(page, STATUS_READER);
  await page.goto("/statuscount");
  await expect(page.getByRole("heading", { name: "Status Count" })).toBeVisible();
  await page.getByRole("link", { name: /^All statuses: \d+ units$/ }).click();
  const dialog = statusDialog(page);
  await expect(dialog.getByRole("heading", { name: "All Statuses" })).toBeVisible();
  await expect(listRows(page)).toHaveCount(25);
  const total = await listTotal(page);

  await dialog.getByLabel("Per Page", { exact: true }).selectOption("50");
  await expect(listRows(page)).toHaveCount(50);
  await expect(page).toHaveURL(/perPage=50/);
  await dialog.getByRole("link", { name: "Next" }).click();
  await expect(dialog.getByText(/^Page 2 of \d+$/)).toBeVisible();
  await dialog.getByRole("link", { name: /^Unit Number/ }).click();
  await expect(page).toHaveURL(/sort=unitNumber/);

  const downloading = page.waitForEvent("download");
  await dialog.getByRole("link", { name: "Download Excel" }).click();
  const file = await workbookRows(await downloading, "ALL");
  expect(file.rows).toBe(total);

  // Rental Use on the NEW list: the clicker sees the change at once, and Undo clears it.
  await page.goto("/statuscount");
  await page.getByRole("link", { name: /^NEW: \d+ units$/ }).click();
  await expect(statusDialog(page).getByRole("heading", { name: "NEW" })).toBeVisible();
  const row = listRows(page).first();
  const rentalUse = row.locator("[data-rental-use]");
  // From a known start (the demo data gives some units a Rental Use), then set, then undone.
  await row.getByRole("button", { name: "Undo" }).click();
  await expect(rentalUse).toHaveText("");
  await row.getByRole("button", { name: "Trade" }).click();
  await expect(rentalUse).toHaveText("Trade");
  await row.getByRole("button", { name: "Undo" }).click();
  await expect(rentalUse).toHaveText("");
});
