// Department search with JavaScript: opened from the navigation bar over the current page,
// results as the user types, a unit's history in place, the specification's message for no result, and
// on to the unit hub.
import { expect, test } from "./fixtures.ts";
import { adoptSession } from "./support/accounts.ts";
import { firstResultNumber, NO_RESULTS, PARTIAL, resultsTable, SEARCHER, searchDialog } from "./unit-search.support.ts";

test("search as you type → results → history → unit hub", async ({ page }) => {
  await adoptSession(page, SEARCHER);
  await page.goto("/home");
  await page.getByRole("link", { name: "Search units" }).click();
  const dialog = searchDialog(page);
  await expect(dialog).toBeVisible();

  // Typing asks without submitting. Whether "H" was asked on its own depends on the pause between the
  // keys (a loaded machine can exceed the debounce), so the test holds what does not: the last question
  // is the whole text, and the rows shown answer it, not a stale "H".
  const searches: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith("/api/departmentSearch/")) searches.push(path);
  });
  const asked = page.waitForResponse((response) => response.url().endsWith(`/api/departmentSearch/${PARTIAL}`));
  await dialog.getByLabel("Unit Number").pressSequentially(PARTIAL, { delay: 30 });
  await asked;
  await expect(resultsTable(dialog)).toBeVisible();
  expect(searches.at(-1)).toBe(`/api/departmentSearch/${PARTIAL}`);
  const links = resultsTable(dialog).getByRole("link", { name: /^History of / });
  await expect.poll(async () => (await links.allTextContents()).every((unit) => unit.includes(PARTIAL))).toBe(true);
  const rows = resultsTable(dialog).getByRole("row");
  expect(await rows.count()).toBeGreaterThan(2);
  await expect(dialog.getByText("Several units match: choose one to see its history.")).toBeVisible();

  // A unit's number shows its history in place.
  const unit = await firstResultNumber(dialog);
  await dialog.getByRole("link", { name: `History of ${unit}` }).click();
  const history = dialog.getByRole("table", { name: `History of ${unit}` });
  await expect(history).toBeVisible();
  await expect(history.getByRole("row").nth(1)).toContainText(/Status|Sub-Status/);
  await expect(resultsTable(dialog).getByRole("row")).toHaveCount(2);
  await expect(page).toHaveURL(/\/home\?/);

  // Nothing found: the specification's message.
  await dialog.getByLabel("Unit Number").fill("ZZZZ-999");
  await expect(dialog.getByText(NO_RESULTS)).toBeVisible();

  // Back to the unit, then its hub.
  await dialog.getByLabel("Unit Number").fill(unit);
  await dialog.getByRole("link", { name: "Unit hub" }).first().click();
  await expect(page).toHaveURL(new RegExp(`/unit-hub\\?search=${unit}$`));
  await expect(page.getByRole("heading", { name: unit, level: 2 })).toBeVisible();
  await expect(page.getByRole("table", { name: `History of ${unit}` })).toBeVisible();
});
