// The editOffTrade dialog without JavaScript: every button is a post. A refused save comes back
// with the operation's message and every value typed; "Add unit" and "Test units" come back with one more
// row or each row's result (200: they fail nothing); Save Changes writes and closes the dialog. Converting
// asks first ("Convert to order…" and No come back with the question shown or gone), and Yes converts.
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { ADMIN, adoptSession, demo } from "./support/accounts.ts";
import { boardShowing, requestCard } from "./support/board.ts";
import { openTradeDialog, tradeCandidate, tradeDialogPath } from "./trade-off-edit.support.ts";

const OFF_RENT = demo("offrent");

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

test.describe("editing a trade's return half without JavaScript", () => {
  test("a refused save keeps the values; Add unit and Test units come back; Save Changes writes", async ({ page }) => {
    // The administrator finds the trade (the accounts receivable board lists the customer's units on rent).
    await adoptSession(page, ADMIN);
    const { formHistoryId, code, units, spare } = await tradeCandidate(page, { from: "back", purpose: "edit" });
    await adoptSession(page, OFF_RENT);
    const dialog = await openTradeDialog(page, formHistoryId);
    const rows = dialog.locator("[data-unit-row]");
    await expect(rows).toHaveCount(units.length);

    await dialog.getByLabel("Company code").fill("");
    await dialog.getByLabel("City").fill("Round Rock");
    expect(await post(page, dialog.getByRole("button", { name: "Save Changes" }))).toBe(400);
    await expect(
      dialog.getByRole("alert").filter({ hasText: "Company Code is required to edit an order." }).first(),
    ).toBeVisible();
    await expect(dialog.getByLabel("City")).toHaveValue("Round Rock");

    await dialog.getByLabel("Company code").fill(code);
    expect(await post(page, dialog.getByRole("button", { name: "Add unit" }))).toBe(200);
    await expect(rows).toHaveCount(units.length + 1);
    await expect(dialog.getByRole("status")).toHaveText(
      "A unit was added: enter its unit number and odometer, then test it.",
    );
    await expect(dialog.getByLabel("City")).toHaveValue("Round Rock");
    const row = rows.last();
    await expect(row.getByLabel("Unit number")).toHaveValue("UPDATE");

    await row.getByLabel("Unit number").fill(spare!.toLowerCase());
    await row.getByLabel("Odometer").fill("4321");
    expect(await post(page, dialog.getByRole("button", { name: "Test units" }))).toBe(200);
    await expect(rows.last().locator("[data-unit-test]")).toHaveText("VALID UNIT NUMBER");
    await expect(rows.last().getByLabel("Unit number")).toHaveValue(spare!.toLowerCase());

    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL(/\/offboarding$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.goto(boardShowing("offboarding", formHistoryId));
    const card = requestCard(page, formHistoryId);
    await expect(card.locator(`[data-unit="${spare}"]`)).toBeVisible();
    await expect(card).toContainText("Round Rock");

    const again = await openTradeDialog(page, formHistoryId);
    await expect(again.locator("[data-order-history]")).toContainText("Pickup City");
    await expect(again.locator("[data-order-history]")).toContainText(`${spare} (odometer 4321)`);
  });

  test("converts the trade after asking: No leaves it, Yes makes it an order", async ({ page }) => {
    await adoptSession(page, OFF_RENT);
    const { formHistoryId, units } = await tradeCandidate(page, { from: "back", purpose: "convert" });
    const dialog = await openTradeDialog(page, formHistoryId);
    const question = dialog.getByRole("group", {
      name: "Turn the traded unit into an On Rent? This removes the Off Rent half.",
    });
    await dialog.getByLabel("City").fill("Waco");

    expect(await post(page, dialog.getByRole("button", { name: "Convert to order…" }))).toBe(200);
    await expect(question).toBeVisible();
    await expect(dialog.getByLabel("City")).toHaveValue("Waco");
    expect(await post(page, question.getByRole("button", { name: "No" }))).toBe(200);
    await expect(question).toHaveCount(0);
    await expect(dialog.getByRole("status")).toHaveText("The trade was not converted.");

    expect(await post(page, dialog.getByRole("button", { name: "Convert to order…" }))).toBe(200);
    await question.getByLabel("Unit the customer keeps on rent").selectOption(units[0]!);
    await question.getByRole("button", { name: "Yes" }).click();
    await expect(page).toHaveURL(/\/offboarding$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.goto(boardShowing("offboarding", formHistoryId));
    await expect(requestCard(page, formHistoryId)).toHaveCount(0);

    // Its dialog now says there is no such trade.
    await page.goto(tradeDialogPath(formHistoryId));
    await expect(page.getByRole("dialog")).toContainText("That trade does not exist.");
  });
});
