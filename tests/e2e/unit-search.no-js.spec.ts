// Department search without JavaScript: the navigation bar's link opens the dialog over the
// page, its plain GET form searches, a unit's number shows its history, and the unit hub's own form finds
// a partial number's units to choose from.
import { expect, test } from "./fixtures.ts";
import { adoptSession } from "./support/accounts.ts";
import { firstResultNumber, NO_RESULTS, PARTIAL, resultsTable, SEARCHER, searchDialog } from "./unit-search.support.ts";

test("search → results → history → unit hub, with plain forms and links", async ({ page }) => {
  await adoptSession(page, SEARCHER);
  await page.goto("/recon?filter=nothing-matches");
  await page.getByRole("link", { name: "Search units" }).click();
  const dialog = searchDialog(page);
  await expect(dialog).toBeVisible();

  await dialog.getByLabel("Unit Number").fill("ZZZZ-999");
  await dialog.getByRole("button", { name: "Search" }).click();
  await expect(dialog.getByText(NO_RESULTS)).toBeVisible();
  // The page's own filter rode along.
  await expect(page).toHaveURL(/\/recon\?filter=nothing-matches&modal=departmentSearchModal/);

  await dialog.getByLabel("Unit Number").fill(PARTIAL);
  await dialog.getByRole("button", { name: "Search" }).click();
  await expect(resultsTable(dialog)).toBeVisible();
  const unit = await firstResultNumber(dialog);
  await dialog.getByRole("link", { name: `History of ${unit}` }).click();
  await expect(dialog.getByRole("table", { name: `History of ${unit}` })).toBeVisible();

  await dialog.getByRole("link", { name: "Unit hub" }).first().click();
  await expect(page).toHaveURL(new RegExp(`/unit-hub\\?search=${unit}$`));
  await expect(page.getByRole("heading", { name: unit, level: 2 })).toBeVisible();

  // The hub's own form: a partial number lists its units to choose from.
  await page.getByLabel("Unit number").fill(PARTIAL);
  await page.getByRole("button", { name: "Search" }).click();
  const matches = page.getByRole("table", { name: "Matching units" });
  await expect(matches).toBeVisible();
  await matches.getByRole("link", { name: `Unit hub of ${unit}` }).click();
  await expect(page.getByRole("heading", { name: unit, level: 2 })).toBeVisible();
});
