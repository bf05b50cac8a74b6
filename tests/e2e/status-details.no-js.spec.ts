// Status counts and status details without JavaScript: the counts' filters are a GET form, a
// count is a link to the dialog's URL, paging and Per Page are links and a GET form, the download is a
// plain link to the whole slice, and Rental Use is a form posted to the page.
import { expect, test } from "./fixtures.ts";
import { adoptSession } from "./support/accounts.ts";
import { listRows, listTotal, STATUS_READER, statusDialog, workbookRows } from "./status-details.support.ts";

test("counts → details → paging → Excel download → rental use, with plain forms and links", async ({ page }) => {
  await adoptSession(page, STATUS_READER);
  await page.goto("/statuscount");
  await page.getByLabel("Truck type").selectOption("HALF_TON");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/item=HALF_TON/);
  await page.getByRole("link", { name: /^RE-RENT: \d+ units$/ }).click();
  const dialog = statusDialog(page);
  await expect(dialog.getByRole("heading", { name: "RE-RENT" })).toBeVisible();
  await expect(page).toHaveURL(/item=HALF_TON/);
  const total = await listTotal(page);
  expect(await listRows(page).count()).toBe(Math.min(25, total));
  await expect(dialog.getByRole("columnheader", { name: /Rental Use/ })).toBeVisible();

  await dialog.getByLabel("Per Page", { exact: true }).selectOption("all");
  await dialog.getByRole("button", { name: "Show" }).click();
  await expect(listRows(page)).toHaveCount(total);

  const downloading = page.waitForEvent("download");
  await dialog.getByRole("link", { name: "Download Excel" }).click();
  const file = await workbookRows(await downloading, "RE-RENT");
  expect(file.rows).toBe(total);

  const row = listRows(page).first();
  const unit = await row.getAttribute("data-unit");
  const value = () => statusDialog(page).locator(`tr[data-unit="${unit}"] [data-rental-use]`);
  const button = (name: string) =>
    statusDialog(page).locator(`tr[data-unit="${unit}"]`).getByRole("button", { name, exact: true });
  // From a known start (the demo data gives some units a Rental Use), then set, then undone.
  await button("Undo").click();
  await expect(value()).toHaveText("");
  await button("Rental").click();
  await expect(value()).toHaveText("Rental");
  await button("Undo").click();
  await expect(value()).toHaveText("");
});
