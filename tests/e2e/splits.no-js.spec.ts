// The split dialogs without JavaScript: every step is a submit button the board
// answers with the dialog after the step — Add Split, Move to split 2 — and Save lands on the board with the new
// part; a refused Save comes back with its message. Each test splits a request it inserted itself.
import { SPLIT_MESSAGES } from "../../app/rules/splits/splits.ts";
import { expect, test } from "./fixtures.ts";
import { ADMIN, adoptSession } from "./support/accounts.ts";
import {
  companyCards,
  insertSplitOffRent,
  insertSplitOrder,
  insertSplitTrade,
  openSplit,
  splitColumn,
  splitDialogOf,
  splitParts,
  unitRow,
} from "./splits.support.ts";

test.describe("splitting without JavaScript", () => {
  test("splits an order with Add Split, Move to split 2 and Save", async ({ page }) => {
    const order = await insertSplitOrder("No JS");
    await adoptSession(page, ADMIN);
    let dialog = await openSplit(page, order);
    await dialog.getByRole("button", { name: "Save Split" }).click();
    dialog = splitDialogOf(page, "order");
    await expect(dialog.getByRole("alert")).toHaveText(SPLIT_MESSAGES.atLeastOne);

    await dialog.getByRole("button", { name: "Add Split" }).click();
    dialog = splitDialogOf(page, "order");
    await expect(dialog.getByRole("status")).toHaveText("Split 2 added.");
    await expect(dialog.getByLabel("Total on Order, split 2", { exact: true })).toHaveValue("1");

    const unit = order.reserved[0]!;
    await unitRow(dialog, 1, unit).getByRole("button", { name: "Move to split 2" }).click();
    dialog = splitDialogOf(page, "order");
    await expect(unitRow(dialog, 2, unit)).toBeVisible();
    await expect(dialog.getByLabel("Total on Order, split 2", { exact: true })).toHaveValue("2");
    await expect(splitColumn(dialog, 1).locator('[data-field="total"]')).toHaveText("2");
    await expect(dialog.getByLabel("1/2 Tons, split 2", { exact: true })).toHaveValue("2");

    await dialog.getByRole("button", { name: "Save Split" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(companyCards(page)).toHaveCount(2);
    expect(await splitParts(order.formHistoryId)).toHaveLength(1);
  });

  test("splits a trade: Add Split and a reservation moved take a new truck and a return with them", async ({
    page,
  }) => {
    const trade = await insertSplitTrade("No JS Trade");
    await adoptSession(page, ADMIN);
    let dialog = await openSplit(page, trade);
    await dialog.getByRole("button", { name: "Add Split" }).click();
    dialog = splitDialogOf(page, "trade");
    const unit = trade.reserved[0]!;
    await unitRow(dialog, 1, unit).getByRole("button", { name: "Move to split 2" }).click();
    dialog = splitDialogOf(page, "trade");
    await expect(unitRow(dialog, 2, unit)).toBeVisible();
    await expect(dialog.getByLabel("Total on Order, split 2", { exact: true })).toHaveValue("2");
    await expect(splitColumn(dialog, 2).locator('[data-field="returns-remaining"]')).toHaveText("2");
    await dialog.getByRole("button", { name: "Save Split" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    expect(await splitParts(trade.formHistoryId)).toHaveLength(1);
  });

  test("keeps a typed Total on Order through a step and refuses what does not add up", async ({ page }) => {
    const offRent = await insertSplitOffRent("No JS Off");
    await adoptSession(page, ADMIN);
    let dialog = await openSplit(page, offRent);
    await dialog.getByRole("button", { name: "Add Split" }).click();
    dialog = splitDialogOf(page, "off-rent");
    await dialog.getByLabel("Total on Order, split 2", { exact: true }).fill("5");
    await dialog.getByRole("button", { name: "Save Split" }).click();
    dialog = splitDialogOf(page, "off-rent");
    await expect(dialog.getByRole("alert")).toHaveText(SPLIT_MESSAGES.totalRange(1, 1));
    await expect(dialog.getByLabel("Total on Order, split 2", { exact: true })).toHaveValue("5");

    await dialog.getByLabel("Total on Order, split 2", { exact: true }).fill("1");
    await unitRow(dialog, 1, offRent.returning[0]!).getByRole("button", { name: "Move to split 2" }).click();
    dialog = splitDialogOf(page, "off-rent");
    await expect(unitRow(dialog, 2, offRent.returning[0]!)).toBeVisible();
    await dialog.getByRole("button", { name: "Save Split" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(companyCards(page)).toHaveCount(2);
  });
});
