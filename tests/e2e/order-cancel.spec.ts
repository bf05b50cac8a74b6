// Cancelling a request with JavaScript: from an order's card on the On Rent
// board, with the live counter and the required-note message that clears after 4 s, while a second
// browser on the same board sees the card leave without reloading; and an off-rent on the Off Rent board.
// Each test cancels a request it inserted itself (tests/e2e/order-cancel.support.ts), for a company of
// its own: the demo data other files use stays as it was.
import { expect, test } from "./fixtures.ts";
import { insertOffRent, insertOrder, openCancelDialog } from "./order-cancel.support.ts";
import { ADMIN, adoptSession } from "./support/accounts.ts";
import { boardShowing, boardShowingUrl, liveStatus, requestCard, signInToLiveBoard } from "./support/board.ts";
import { watchAlertShown } from "./support/timed.ts";

const REQUIRED = "*You must include a note to cancel the order.";

test.describe("cancelling a request with JavaScript", () => {
  test("cancels an order from its card; a second browser on the board sees the card leave live", async ({
    page,
    browser,
    baseURL,
  }) => {
    // Browser A watches the On Rent board.
    const order = await insertOrder("live");
    await signInToLiveBoard(page, ADMIN, boardShowing("onboarding", order.formHistoryId));
    await expect(requestCard(page, order.formHistoryId)).toBeVisible();

    const other = await browser.newContext({ baseURL });
    try {
      // Browser B cancels it from the card.
      const pageB = await other.newPage();
      await signInToLiveBoard(pageB, ADMIN, boardShowing("onboarding", order.formHistoryId));
      const dialog = await openCancelDialog(pageB, order);
      await expect(dialog.getByText(`Order #${order.formHistoryId}`)).toBeVisible();
      await expect(dialog.getByRole("heading", { name: "History" })).toBeVisible();
      const note = dialog.getByLabel("Cancellation note");
      const counter = dialog.locator("[data-note-counter]");
      await expect(counter).toHaveText("0/500");
      await expect(note).toHaveAttribute("maxlength", "500");

      // No note: the message shows, and clears after 4 s (timed in the page, see support/timed.ts).
      const shownFor = await watchAlertShown(pageB, REQUIRED);
      await dialog.getByRole("button", { name: "Cancel Order" }).click();
      const required = dialog.getByRole("alert").filter({ hasText: REQUIRED });
      await expect(required).toBeVisible();
      const ms = await shownFor();
      expect(ms).toBeGreaterThanOrEqual(3_900);
      expect(ms).toBeLessThan(8_000);
      await expect(required).toBeHidden();

      // The counter follows the typing.
      const text = `E2E: customer postponed the project (${order.formHistoryId})`;
      await note.fill(text);
      await expect(counter).toHaveText(`${text.length}/500`);

      await dialog.getByRole("button", { name: "Cancel Order" }).click();
      await expect(pageB.getByRole("dialog")).toHaveCount(0);
      await expect(pageB).toHaveURL(boardShowingUrl("onboarding", order.formHistoryId));
      await expect(requestCard(pageB, order.formHistoryId)).toHaveCount(0);

      // Browser A, without reloading: the card has left the board.
      await expect(requestCard(page, order.formHistoryId)).toHaveCount(0);
      await expect(page).toHaveURL(boardShowingUrl("onboarding", order.formHistoryId));
    } finally {
      await other.close();
    }

    // Reopened, the dialog says it is cancelled and shows the cancellation in the history.
    await page.goto(`/onboarding?modal=noteOnboarding&formHistoryId=${order.formHistoryId}`);
    const dialog = page.getByRole("dialog", { name: order.companyName });
    await expect(dialog.getByText(/^Cancelled on .+ by /)).toBeVisible();
    await expect(dialog.getByText("Order cancelled")).toBeVisible();
    await expect(dialog.getByText("E2E: customer postponed the project")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Cancel Order" })).toHaveCount(0);
  });

  test("cancels an off-rent from its card on the Off Rent board with the same dialog", async ({ page }) => {
    const offRent = await insertOffRent("js");
    await adoptSession(page, ADMIN);
    await page.goto(boardShowing("offboarding", offRent.formHistoryId));
    const dialog = await openCancelDialog(page, offRent);
    await expect(dialog.getByText(`Off-rent #${offRent.formHistoryId}`)).toBeVisible();
    await expect(dialog.getByText("Offboarding", { exact: false }).first()).toBeVisible();
    await dialog.getByLabel("Cancellation note").fill("E2E: the customer keeps the trucks another month");
    await dialog.getByRole("button", { name: "Cancel Order" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(boardShowingUrl("offboarding", offRent.formHistoryId));
    await expect(page.getByRole("heading", { level: 1, name: "Off Rent" })).toBeVisible();
    await expect(requestCard(page, offRent.formHistoryId)).toHaveCount(0);
  });

  test("says 'Unable to save your note' for 4 s when the cancel is not confirmed, keeping the note", async ({
    page,
  }) => {
    const order = await insertOrder("unconfirmed");
    await adoptSession(page, ADMIN);
    // An answer that is not the app's (a proxy's page) to the dialog's post to the board: nothing is
    // cancelled, the dialog says so (the board's clientAction).
    const board = /\/onboarding\.data/;
    await page.route(board, (route) =>
      route.request().method() === "POST"
        ? route.fulfill({ status: 200, contentType: "text/html", body: "<p>Gateway</p>" })
        : route.fallback(),
    );
    await page.goto(
      `${boardShowing("onboarding", order.formHistoryId)}&modal=noteOnboarding&formHistoryId=${order.formHistoryId}`,
    );
    const dialog = page.getByRole("dialog", { name: order.companyName });
    await expect(liveStatus(page)).toHaveText("Live");
    await dialog.getByLabel("Cancellation note").fill("E2E: never sent");
    await dialog.getByRole("button", { name: "Cancel Order" }).click();
    const failure = dialog.getByRole("alert").filter({ hasText: "Unable to save your note" });
    await expect(failure).toBeVisible();
    await expect(dialog.getByLabel("Cancellation note")).toHaveValue("E2E: never sent");
    await expect(failure).toBeHidden();
    await expect(page).toHaveURL(/modal=noteOnboarding/);
    await page.unroute(board);
    await page.goto(boardShowing("onboarding", order.formHistoryId));
    await expect(requestCard(page, order.formHistoryId)).toBeVisible();
  });
});
