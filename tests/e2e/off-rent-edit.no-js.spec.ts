// The editOffboarding dialog without JavaScript: "Add unit" and "Test units"
// are posts that come back with one more row or each row's result, the values kept; Save writes and
// closes the dialog; every message is rendered by the server and stays. "Add unit" and "Test units" fail
// nothing, so their pages answer 200 (a refused Save answers 4xx).
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { ADMIN, adoptSession } from "./support/accounts.ts";
import { boardShowing, requestCard } from "./support/board.ts";
import { fillMissingZip, offRentCandidate, openEditDialog } from "./off-rent-edit.support.ts";

/** Clicks a button of the dialog's form: the status the page it posts comes back with. */
async function post(page: Page, button: Locator): Promise<number> {
  const [response] = await Promise.all([
    page.waitForResponse(
      (answer) => answer.request().method() === "POST" && answer.request().resourceType() === "document",
    ),
    button.click(),
  ]);
  return response.status();
}

test.describe("editing an off-rent order without JavaScript", () => {
  test("adds a unit, tests it and saves", async ({ page }) => {
    await adoptSession(page, ADMIN);
    const { formHistoryId, spare, units } = await offRentCandidate(page, "back");
    const dialog = await openEditDialog(page, formHistoryId);
    const rows = dialog.locator("[data-unit-row]");
    await expect(rows).toHaveCount(units.length);
    await fillMissingZip(dialog);
    await dialog.getByLabel("City").fill("Round Rock");

    expect(await post(page, dialog.getByRole("button", { name: "Add unit" }))).toBe(200);
    await expect(rows).toHaveCount(units.length + 1);
    await expect(dialog.getByRole("status")).toHaveText(
      "A unit was added: enter its unit number and odometer, then test it.",
    );
    // The values typed before the post are kept.
    await expect(dialog.getByLabel("City")).toHaveValue("Round Rock");
    const row = rows.last();
    await expect(row.getByLabel("Unit number")).toHaveValue("UPDATE");
    await expect(row.getByLabel("Odometer")).toHaveValue("000000");
    await expect(row.locator("[data-unit-test]")).toHaveText("Test Required");

    await row.getByLabel("Unit number").fill(spare.toLowerCase());
    await row.getByLabel("Odometer").fill("4321");
    expect(await post(page, dialog.getByRole("button", { name: "Test units" }))).toBe(200);
    await expect(rows.last().locator("[data-unit-test]")).toHaveText("VALID UNIT NUMBER");
    await expect(rows.last().getByLabel("Unit number")).toHaveValue(spare.toLowerCase());
    await expect(dialog.getByLabel("City")).toHaveValue("Round Rock");

    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page).toHaveURL(/\/offboarding$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.goto(boardShowing("offboarding", formHistoryId));
    const card = requestCard(page, formHistoryId);
    await expect(card.locator(`[data-unit="${spare}"]`)).toBeVisible();
    await expect(card).toContainText("Round Rock");

    const again = await openEditDialog(page, formHistoryId);
    await expect(again.locator("[data-order-history]")).toContainText("Pickup City");
    await expect(again.locator("[data-order-history]")).toContainText(`${spare} (odometer 4321)`);
  });

  test("renders the server's messages, keeps them, and keeps the values", async ({ page }) => {
    await adoptSession(page, ADMIN);
    const order = await offRentCandidate(page, "back", 1);
    const dialog = await openEditDialog(page, order.formHistoryId);
    await fillMissingZip(dialog);

    await dialog.getByLabel("Company code").fill("");
    await dialog.getByLabel("Pickup contact name").fill("Lee Park");
    expect(await post(page, dialog.getByRole("button", { name: "Save", exact: true }))).toBe(400);
    const required = dialog
      .getByRole("alert")
      .filter({ hasText: "Company Code is required to edit an order." })
      .first();
    await expect(required).toBeVisible();
    await expect(dialog.getByLabel("Pickup contact name")).toHaveValue("Lee Park");
    // Without JavaScript no timer runs to take the message away: it stays until the next answer.
    await expect(required).toBeVisible();

    await dialog.getByLabel("Company code").fill(order.code);
    await dialog.getByRole("button", { name: "Add unit" }).click();
    const row = dialog.locator("[data-unit-row]").last();
    await row.getByLabel("Unit number").fill("NOSUCH99");
    // A test that finds an invalid unit has still done its job.
    expect(await post(page, dialog.getByRole("button", { name: "Test units" }))).toBe(200);
    await expect(dialog.locator("[data-unit-row]").last().locator("[data-unit-test]")).toHaveText(
      "INVALID UNIT NUMBER",
    );
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await expect(
      dialog.getByRole("alert").filter({ hasText: "All edited vins must be tested and valid" }).first(),
    ).toBeVisible();

    await dialog.locator("[data-unit-row]").last().getByLabel("Unit number").fill(order.units[0]!);
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await expect(dialog.getByRole("alert").filter({ hasText: "Cannot use duplicate vins" }).first()).toBeVisible();
    await expect(dialog.locator("[data-units-error]")).toHaveText("*The entered vins contain duplicates");
    await expect(dialog.getByLabel("Pickup contact name")).toHaveValue("Lee Park");
  });
});
