// The report kit with JavaScript (ADR 055), on /fleetpie: a changed filter shows its result without a full
// reload and back restores the earlier one, a header sorts on the server, the chart is the server's SVG, and
// Download Excel saves the same rows the table shows; then paging, on the days in status of every unit.
import { expect, test } from "./fixtures.ts";
import { adoptSession } from "./support/accounts.ts";
import { downloadedRows, EXEC, shownRows } from "./report-kit.support.ts";

test("filters without a reload, sorts, goes back, draws the server's chart and downloads the rows shown", async ({
  page,
}) => {
  await adoptSession(page, EXEC);
  await page.goto("/fleetpie");
  await expect(page.getByRole("heading", { name: "Fleet Pie" })).toBeVisible();
  // The chart arrives drawn: an SVG in the page, no chart code in the browser.
  await expect(page.locator('[data-chart="fleet-pie"] svg')).toBeVisible();
  const groups = await shownRows(page);
  expect(groups.map(([slice]) => slice)).toEqual([
    "Ready to rent",
    "On rent",
    "Returning",
    "In recon",
    "For sale",
    "Sold, not delivered",
    "Claims",
  ]);

  // A mark on the window survives only client-side navigation.
  await page.evaluate(() => ((window as unknown as { kitMark: number }).kitMark = 1));
  await page.getByLabel("Slice by").selectOption("status");
  await expect(page).toHaveURL(/\/fleetpie\?by=status&truckType=all&group=all$/);
  await expect(page.locator("table[data-report-table] tbody tr")).toHaveCount(15);
  expect(await page.evaluate(() => (window as unknown as { kitMark?: number }).kitMark)).toBe(1);

  await page.getByRole("link", { name: "Units", exact: true }).click();
  await expect(page).toHaveURL(/sort=-units/);
  await expect(page.locator("table[data-report-table] tbody tr td").first()).toHaveText("ON RENT");
  const sorted = await shownRows(page);
  expect(sorted[0]![0]).toBe("ON RENT");
  const units = sorted.map(([, count]) => Number(count!.replace(/,/g, "")));
  expect(units).toEqual([...units].sort((a, b) => b - a));

  await page.goBack();
  await expect(page).toHaveURL(/\/fleetpie\?by=status&truckType=all&group=all$/);
  await expect(page.locator("table[data-report-table] tbody tr td").first()).toHaveText("NEW");
  await page.goForward();
  await expect(page).toHaveURL(/sort=-units/);
  await expect(page.locator("table[data-report-table] tbody tr td").first()).toHaveText("ON RENT");

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download Excel" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^Fleet Pie \d{2}-\d{2}-\d{4}\.xlsx$/);
  expect(await downloadedRows(download)).toEqual(await shownRows(page));

  // Paging, on a report of many rows: the days in status of every unit, 25 to a page by default.
  await page.goto("/days-in-status-report");
  const rows = page.locator("table[data-report-table] tbody tr");
  await expect(rows).toHaveCount(25);
  const pages = page.getByRole("navigation", { name: "Pages" });
  await expect(pages).toContainText(/Page 1 of \d+/);
  const first = await rows.first().locator("td").first().textContent();
  await pages.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(pages).toContainText(/Page 2 of \d+/);
  await expect(rows.first().locator("td").first()).not.toHaveText(first ?? "");
  await pages.getByRole("link", { name: "50", exact: true }).click();
  await expect(page).toHaveURL(/rows=50$/);
  await expect(rows).toHaveCount(50);
  await expect(pages).toContainText(/Page 1 of \d+/);
});
