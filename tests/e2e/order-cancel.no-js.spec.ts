// Cancelling a request with JavaScript disabled: the dialog is a form
// posted to the board, the server renders its messages with the typed note kept, a stale version shows
// who changed what since, and success lands back on the board without the card. Each test cancels a
// request it inserted itself (tests/e2e/order-cancel.support.ts), for a company of its own.
import { expect, test } from "./fixtures.ts";
import { insertOffRent, insertOrder, openCancelDialog } from "./order-cancel.support.ts";
import { ADMIN, adoptSession } from "./support/accounts.ts";
import { boardShowing, boardShowingUrl, requestCard } from "./support/board.ts";

const REQUIRED = "*You must include a note to cancel the order.";

test.describe("cancelling a request without JavaScript", () => {
  test("cancels an order from its card: the server says a note is required, then the card is gone", async ({
    page,
  }) => {
    const order = await insertOrder("no-js");
    await adoptSession(page, ADMIN);
    await page.goto(boardShowing("onboarding", order.formHistoryId));
    const dialog = await openCancelDialog(page, order);
    await expect(dialog.getByText(`Order #${order.formHistoryId}`)).toBeVisible();
    await expect(dialog.locator("[data-note-counter]")).toHaveText("0/500");
    await expect(dialog.getByRole("heading", { name: "History" })).toBeVisible();

    await dialog.getByRole("button", { name: "Cancel Order" }).click();
    await expect(page.getByRole("dialog", { name: order.companyName }).getByRole("alert")).toHaveText(REQUIRED);

    const text = `E2E no-JS: duplicate of another order (${order.formHistoryId})`;
    await page.getByRole("dialog", { name: order.companyName }).getByLabel("Cancellation note").fill(text);
    await page.getByRole("dialog", { name: order.companyName }).getByRole("button", { name: "Cancel Order" }).click();
    await expect(page).toHaveURL(boardShowingUrl("onboarding", order.formHistoryId));
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1, name: "On Rent" })).toBeVisible();
    await expect(requestCard(page, order.formHistoryId)).toHaveCount(0);
  });

  test("keeps the typed note and shows who changed what when the order moved on meanwhile", async ({ page }) => {
    const order = await insertOrder("stale");
    await adoptSession(page, ADMIN);
    const address = `/onboarding?modal=noteOnboarding&formHistoryId=${order.formHistoryId}`;
    await page.goto(address);
    const dialog = page.getByRole("dialog", { name: order.companyName });
    const text = "E2E no-JS: credit not approved";
    await dialog.getByLabel("Cancellation note").fill(text);

    // Meanwhile the order is approved elsewhere: the dialog's version is stale.
    const approved = await page.request.put("/api/queue/approve", {
      data: { FormHistoryID: order.formHistoryId, half: "on" },
    });
    expect(approved.status(), await approved.text()).toBe(200);

    await dialog.getByRole("button", { name: "Cancel Order" }).click();
    const refused = page.getByRole("dialog", { name: order.companyName });
    await expect(
      refused.getByRole("alert").filter({ hasText: "This order changed after you opened it." }),
    ).toBeVisible();
    const conflict = refused.locator("[data-version-conflict]");
    await expect(conflict).toContainText("your changes were not saved");
    await expect(conflict).toContainText("Onboarding Status");
    await expect(conflict).toContainText("Approved");
    await expect(refused.getByLabel("Cancellation note")).toHaveValue(text);
    await expect(refused.locator("[data-note-counter]")).toHaveText(`${text.length}/500`);

    // Sent again over the version it now shows, the cancel goes through.
    await refused.getByRole("button", { name: "Cancel Order" }).click();
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(requestCard(page, order.formHistoryId)).toHaveCount(0);
  });

  test("cancels an off-rent from its card on the Off Rent board", async ({ page }) => {
    const offRent = await insertOffRent("no-js");
    await adoptSession(page, ADMIN);
    await page.goto(boardShowing("offboarding", offRent.formHistoryId));
    const dialog = await openCancelDialog(page, offRent);
    await expect(dialog.getByText(`Off-rent #${offRent.formHistoryId}`)).toBeVisible();
    await dialog.getByLabel("Cancellation note").fill("E2E no-JS: customer extends the rental");
    await dialog.getByRole("button", { name: "Cancel Order" }).click();
    await expect(page).toHaveURL(boardShowingUrl("offboarding", offRent.formHistoryId));
    await expect(page.getByRole("heading", { level: 1, name: "Off Rent" })).toBeVisible();
    await expect(requestCard(page, offRent.formHistoryId)).toHaveCount(0);
  });
});
