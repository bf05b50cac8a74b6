// The editOnTrade dialog without JavaScript: every button is a plain post. A refused save
// answers 400 with the specification's message and what was typed kept; "Add unit", "Remove ticked units",
// "Test units" and the separate delivery's button fail nothing and come back (200) with one more row,
// one fewer, each row's result or the delivery section shown; a save closes the dialog and the
// board shows the change. Each test edits its own trade (trade-on-edit.support.ts).
import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { ADMIN, adoptSession, ON_RENT } from "./support/accounts.ts";
import { boardShowing, requestCard } from "./support/board.ts";
import {
  convertibleTrade,
  editDialogPath,
  field,
  openAtAddress,
  pickTrade,
  spareUnitFor,
  TRADE_PLACES,
} from "./trade-on-edit.support.ts";

/** Clicks a button of the dialog's form: the status of the page its post comes back with. */
async function post(page: Page, button: Locator): Promise<number> {
  const [response] = await Promise.all([
    page.waitForResponse(
      (answer) => answer.request().method() === "POST" && answer.request().resourceType() === "document",
    ),
    button.click(),
  ]);
  return response.status();
}

test.describe("editing a trade's new half without JavaScript", () => {
  test("a refusal keeps what was typed; the separate delivery, Add unit and Remove ticked units come back; a save", async ({
    page,
  }) => {
    await adoptSession(page, ADMIN);
    const { formHistoryId } = await pickTrade(page, TRADE_PLACES.noJsEdit);
    const dialog = await openAtAddress(page, formHistoryId);
    for (const section of [
      "Order Information",
      "Pickup and Delivery Info",
      "Use Information",
      "Rental Agreement Information",
    ]) {
      await expect(dialog.getByRole("group", { name: section })).toBeVisible();
    }

    // A blank required field: 400, the specification's message, the field's, and the values kept.
    const po = `PO-NJ-${randomUUID().slice(0, 8)}`;
    const raName = await field(dialog, "RA Name").inputValue();
    await field(dialog, "PO Number (optional)").fill(po);
    await field(dialog, "RA Name").fill("");
    expect(await post(page, dialog.getByRole("button", { name: "Save Changes" }))).toBe(400);
    await expect(dialog.getByRole("alert").filter({ hasText: "*All fields must be filled..." })).toBeVisible();
    await expect(dialog.getByText("RA Name is required.")).toBeVisible();
    await expect(field(dialog, "PO Number (optional)")).toHaveValue(po);
    await field(dialog, "RA Name").fill(raName);

    // The separate delivery's button comes back with the section shown, then gone, the values kept.
    expect(await post(page, dialog.getByRole("button", { name: "Add a separate delivery address" }))).toBe(200);
    await expect(dialog.getByRole("group", { name: "Pickup Information" })).toBeVisible();
    await expect(dialog.getByRole("group", { name: "Delivery Information" })).toBeVisible();
    await expect(dialog.getByRole("status")).toHaveText("Enter the separate delivery address, then save.");
    await expect(field(dialog, "PO Number (optional)")).toHaveValue(po);
    expect(await post(page, dialog.getByRole("button", { name: "Remove the separate delivery address" }))).toBe(200);
    await expect(dialog.getByRole("group", { name: "Delivery Information" })).toHaveCount(0);
    await expect(dialog.getByRole("group", { name: "Pickup and Delivery Info" })).toBeVisible();

    // A row added, ticked and removed with "Remove ticked units": each post comes back (200), the row gone.
    const rows = dialog.locator("[data-unit-row]");
    const before = await rows.count();
    expect(await post(page, dialog.getByRole("button", { name: "Add unit" }))).toBe(200);
    await expect(rows).toHaveCount(before + 1);
    await rows.last().getByRole("checkbox", { name: "Discard this unit" }).check();
    expect(await post(page, dialog.getByRole("button", { name: "Remove ticked units" }))).toBe(200);
    await expect(dialog.getByRole("status")).toHaveText("The unit ticked is removed when you save.");
    await expect(rows).toHaveCount(before);
    await expect(field(dialog, "PO Number (optional)")).toHaveValue(po);

    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.goto(boardShowing("onboarding", formHistoryId));
    await expect(requestCard(page, formHistoryId).getByText(po)).toBeVisible();
  });

  test("adds a unit, tests it and saves it with one more new truck", async ({ page }) => {
    await adoptSession(page, ADMIN);
    const trade = await pickTrade(page, TRADE_PLACES.noJsUnits);
    const spare = await spareUnitFor(page, trade);
    const dialog = await openAtAddress(page, trade.formHistoryId);
    const rows = dialog.locator("[data-unit-row]");
    const before = await rows.count();

    expect(await post(page, dialog.getByRole("button", { name: "Add unit" }))).toBe(200);
    await expect(rows).toHaveCount(before + 1);
    await expect(dialog.getByRole("status")).toHaveText(
      "A unit was added: enter its unit number and odometer, then test it.",
    );
    const row = rows.last();
    await expect(row.getByLabel("Unit number")).toHaveValue("UPDATE");
    await expect(row.getByLabel("Odometer")).toHaveValue("000000");
    await expect(row.locator("[data-unit-test]")).toHaveText("Test Required");

    await row.getByLabel("Unit number").fill(spare.toLowerCase());
    await row.getByLabel("Odometer").fill("4321");
    // One more new truck for the unit coming back.
    const half = field(dialog, "1/2 Ton");
    const trucks = String(Number((await half.inputValue()) || 0) + 1);
    await half.fill(trucks);
    expect(await post(page, dialog.getByRole("button", { name: "Test units" }))).toBe(200);
    await expect(rows.last().locator("[data-unit-test]")).toHaveText("VALID UNIT NUMBER");
    await expect(rows.last().getByLabel("Unit number")).toHaveValue(spare.toLowerCase());
    await expect(field(dialog, "1/2 Ton")).toHaveValue(trucks);

    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);

    const again = await openAtAddress(page, trade.formHistoryId);
    await expect(again.locator("[data-unit-row]")).toHaveCount(before + 1);
    await expect(again.locator("[data-order-history]")).toContainText("Added Unit 1");
    await expect(again.locator("[data-order-history]")).toContainText(`${spare} (odometer 4321)`);
  });

  test("converts the trade after asking: the server holds Yes to the counts; No leaves it, Yes makes it an order", async ({
    page,
  }) => {
    // Found as an administrator (the return halves are on the Off Rent board), converted by the On Rent team.
    await adoptSession(page, ADMIN);
    const { formHistoryId, units } = await convertibleTrade(page, 1);
    await adoptSession(page, ON_RENT);
    const dialog = await openAtAddress(page, formHistoryId);
    const question = dialog.getByRole("group", {
      name: "Turn the traded unit into an On Rent? This removes the Off Rent half.",
    });
    for (const label of ["3/4 Ton", "1-Ton Flatbed", "1-Ton Service Body"]) await field(dialog, label).fill("0");
    await field(dialog, "1/2 Ton").fill(String(units.length));

    // The question comes back with the dialog, the counts typed kept; No takes it away.
    expect(await post(page, dialog.getByRole("button", { name: "Convert to order…" }))).toBe(200);
    await expect(question).toBeVisible();
    await expect(field(dialog, "1/2 Ton")).toHaveValue(String(units.length));
    // Without JavaScript Yes is the server's to check: as many new trucks as returning units is refused.
    expect(await post(page, question.getByRole("button", { name: "Yes" }))).toBe(409);
    await expect(dialog.getByRole("alert")).toContainText(
      `The new trucks must total ${units.length - 1}, one less than the ${units.length} returning unit${units.length === 1 ? "" : "s"}`,
    );
    await expect(question).toBeVisible();
    expect(await post(page, question.getByRole("button", { name: "No" }))).toBe(200);
    await expect(question).toHaveCount(0);
    await expect(dialog.getByRole("status")).toHaveText("The trade was not converted.");

    await field(dialog, "1/2 Ton").fill(String(units.length - 1));
    expect(await post(page, dialog.getByRole("button", { name: "Convert to order…" }))).toBe(200);
    await question.getByLabel("Unit the customer keeps on rent").selectOption(units[0]!);
    await question.getByRole("button", { name: "Yes" }).click();
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // Its dialog now says there is no such trade, and the request reads as an order.
    await page.goto(editDialogPath(formHistoryId));
    await expect(page.getByRole("dialog")).toContainText("That trade does not exist.");
    expect((await page.request.get(`/api/orders/${formHistoryId}`)).status()).toBe(200);
  });
});
