// The report kit without JavaScript (ADR 055), on /fleetpie: the filter form is a plain GET, the header
// links sort on the server, the chart is already drawn, a bad value answers 400 with its message on the
// page, and Download CSV is a plain link to the same rows.
import { expect, test } from "./fixtures.ts";
import { adoptSession } from "./support/accounts.ts";
import { downloadedRows, EXEC, shownRows } from "./report-kit.support.ts";

test("filters, sorts, refuses a bad value and downloads the rows shown, with plain forms and links", async ({
  page,
}) => {
  await adoptSession(page, EXEC);
  await page.goto("/fleetpie");
  await page.getByLabel("Slice by").selectOption("truckType");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/\/fleetpie\?by=truckType&truckType=all&group=all$/);
  await expect(page.locator('[data-chart="fleet-pie"] svg')).toBeVisible();
  expect((await shownRows(page)).map(([slice]) => slice)).toEqual([
    "1/2 Ton",
    "3/4 Ton",
    "1-Ton Flatbed",
    "1-Ton Service Body",
  ]);

  await page.getByRole("link", { name: "Slice", exact: true }).click();
  await expect(page).toHaveURL(/sort=label/);
  await expect(page.locator("table[data-report-table] tbody tr td").first()).toHaveText("1-Ton Flatbed");
  // Text sorts as a person reads it (the collation of "en"): "1-Ton …" before "1/2 Ton".
  expect((await shownRows(page)).map(([slice]) => slice)).toEqual([
    "1-Ton Flatbed",
    "1-Ton Service Body",
    "1/2 Ton",
    "3/4 Ton",
  ]);

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^Fleet Pie \d{2}-\d{2}-\d{4}\.csv$/);
  expect(await downloadedRows(download)).toEqual(await shownRows(page));

  const refused = await page.goto("/fleetpie?by=colour");
  expect(refused?.status()).toBe(400);
  await expect(page.getByRole("alert")).toHaveText("Slice by cannot be “colour”; choose one of the listed values.");
});
