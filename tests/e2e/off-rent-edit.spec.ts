// The editOffboarding dialog with JavaScript: a unit is added, tested in place
// and saved, and a second browser's offboarding board shows it without reloading; the form checks itself
// before posting and its messages clear after 6 s; a carrier-assigned unit is locked.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { ADMIN, demo, adoptSession } from "./support/accounts.ts";
import { boardShowing, liveStatus, requestCard } from "./support/board.ts";
import { carrierAssignedOffRent, fillMissingZip, offRentCandidate, openEditDialog } from "./off-rent-edit.support.ts";

const OFF_RENT = demo("offrent");

/** Opens the dialog and waits until the page runs (the board's socket is live). */
const openDialog = (page: Page, formHistoryId: number) => openEditDialog(page, formHistoryId, { waitUntilLive: true });

test.describe("editing an off-rent order with JavaScript", () => {
  test("adds a unit, tests it and saves; a second browser's board shows it live", async ({
    page,
    browser,
    baseURL,
  }) => {
    const other = await browser.newContext({ baseURL });
    try {
      const board = await other.newPage();
      await adoptSession(board, ADMIN);
      const { formHistoryId, spare, units } = await offRentCandidate(board, "front");
      await board.goto(boardShowing("offboarding", formHistoryId));
      await expect(liveStatus(board)).toHaveText("Live");
      const card = requestCard(board, formHistoryId);
      await expect(card).toBeVisible();
      await expect(card.locator(`[data-unit="${spare}"]`)).toHaveCount(0);

      await adoptSession(page, OFF_RENT);
      const dialog = await openDialog(page, formHistoryId);
      const rows = dialog.locator("[data-unit-row]");
      await expect(rows).toHaveCount(units.length);
      await fillMissingZip(dialog);

      await dialog.getByRole("button", { name: "Add unit" }).click();
      await expect(rows).toHaveCount(units.length + 1);
      const row = rows.last();
      await expect(row.getByLabel("Unit number")).toHaveValue("UPDATE");
      await expect(row.getByLabel("Odometer")).toHaveValue("000000");
      await expect(row.locator("[data-unit-test]")).toHaveText("Test Required");

      // The masks: upper-case, 8 characters; digits only, 9 at most.
      await row.getByLabel("Unit number").fill(`${spare.toLowerCase()}xyz`);
      await expect(row.getByLabel("Unit number")).toHaveValue(`${spare}XYZ`.slice(0, 8));
      await row.getByLabel("Unit number").fill(spare.toLowerCase());
      await expect(row.getByLabel("Unit number")).toHaveValue(spare);
      await row.getByLabel("Odometer").fill("12a345");
      await expect(row.getByLabel("Odometer")).toHaveValue("12345");

      // Not tested yet: the dialog refuses before posting.
      await dialog.getByRole("button", { name: "Save", exact: true }).click();
      await expect(
        dialog.getByRole("alert").filter({ hasText: "All edited vins must be tested and valid" }).first(),
      ).toBeVisible();

      await dialog.getByRole("button", { name: "Test units" }).click();
      await expect(row.locator("[data-unit-test]")).toHaveText("VALID UNIT NUMBER");
      await dialog.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page).toHaveURL(/\/offboarding$/);

      // The other browser, without reloading.
      await expect(card.locator(`[data-unit="${spare}"]`)).toBeVisible();

      // The change is in the order's history.
      const again = await openDialog(page, formHistoryId);
      await expect(again.locator("[data-order-history]")).toContainText(`Added Unit 1`);
      await expect(again.locator("[data-order-history]")).toContainText(`${spare} (odometer 12345)`);
      await expect(again.locator("[data-unit-row]")).toHaveCount(units.length + 1);
    } finally {
      await other.close();
    }
  });

  test("checks the units before posting; messages clear after 6 s", async ({ page }) => {
    // The page's clock is Playwright's, so the test moves past the app's timed messages instead of waiting.
    await page.clock.install();
    await adoptSession(page, ADMIN);
    const order = await offRentCandidate(page, "front", 1);
    const dialog = await openDialog(page, order.formHistoryId);
    await fillMissingZip(dialog);

    await dialog.getByRole("button", { name: "Add unit" }).click();
    const row = dialog.locator("[data-unit-row]").last();
    await row.getByLabel("Unit number").fill("NOSUCH99");
    // The test posts its intent to the board's action (as without JavaScript), not to the JSON API.
    const vinTestCalls: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/truck/vin-test") vinTestCalls.push(request.url());
    });
    const [testPost] = await Promise.all([
      page.waitForRequest(
        (request) => request.method() === "POST" && new URL(request.url()).pathname === "/offboarding.data",
      ),
      dialog.getByRole("button", { name: "Test units" }).click(),
    ]);
    expect(testPost.postData() ?? "").toContain("edit-off-rent-test-units");
    await expect(row.locator("[data-unit-test]")).toHaveText("INVALID UNIT NUMBER");
    expect(vinTestCalls).toEqual([]);
    // Editing the number resets it.
    await row.getByLabel("Unit number").fill("NOSUCH9");
    await expect(row.locator("[data-unit-test]")).toHaveText("Test Required");

    // A duplicate of the first unit.
    await row.getByLabel("Unit number").fill(order.units[0]!);
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    const duplicate = dialog.getByRole("alert").filter({ hasText: "Cannot use duplicate vins" });
    await expect(duplicate).toBeVisible();
    await expect(dialog.locator("[data-units-error]")).toHaveText("*The entered vins contain duplicates");
    await page.clock.fastForward(6_500);
    await expect(duplicate).toHaveCount(0);
    await expect(dialog.locator("[data-units-error]")).toHaveCount(0);

    // Discarding the new row; a blank company code.
    await row.getByRole("button", { name: "Discard this unit" }).click();
    await dialog.getByLabel("Company code").fill("");
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await expect(
      dialog.getByRole("alert").filter({ hasText: "Company Code is required to edit an order." }).first(),
    ).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`modal=editOffboarding&formHistoryId=${order.formHistoryId}`));
  });

  test("shows a carrier-assigned unit locked", async ({ page }) => {
    await adoptSession(page, ADMIN);
    const locked = await carrierAssignedOffRent(page);
    expect(locked, "the demo data has an off-rent with a carrier-assigned unit").not.toBeNull();
    const dialog = await openDialog(page, locked!.formHistoryId);
    const row = dialog.locator("[data-unit-row]").filter({ has: page.locator(`input[value="${locked!.unit}"]`) });
    await expect(row.locator("[data-carrier-lock]")).toHaveText(/Carrier Assigned/);
    await expect(row.getByLabel("Unit number")).toHaveAttribute("readonly", "");
    await expect(row.getByRole("button", { name: /^Remove/ })).toHaveCount(0);
  });
});
