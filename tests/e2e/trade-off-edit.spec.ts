// The editOffTrade dialog with JavaScript: opened from a trade's card on the offboarding board,
// its save refused with the operation's messages (which clear after 6 s), a unit added, tested in place and
// saved, and a second browser's board showing it without reloading; converting the trade into an order
// after confirming, the second browser's board dropping the trade's card live.
import { expect, test } from "./fixtures.ts";
import { ADMIN, adoptSession, demo } from "./support/accounts.ts";
import { boardShowing, boardShowingUrl, liveStatus, requestCard } from "./support/board.ts";
import { openTradeDialog, tradeCandidate } from "./trade-off-edit.support.ts";

const OFF_RENT = demo("offrent");

test.describe("editing a trade's return half with JavaScript", () => {
  test("edits it from the board's card: refusals show and clear, a tested unit saves, a second browser sees it live", async ({
    page,
    browser,
    baseURL,
  }) => {
    // The page's clock is Playwright's, so the test moves past the app's timed messages instead of waiting.
    await page.clock.install();
    const other = await browser.newContext({ baseURL });
    try {
      const board = await other.newPage();
      await adoptSession(board, ADMIN);
      const { formHistoryId, units, spare } = await tradeCandidate(board, { from: "front", purpose: "edit" });
      await board.goto(boardShowing("offboarding", formHistoryId));
      await expect(liveStatus(board)).toHaveText("Live");
      const card = requestCard(board, formHistoryId);
      await expect(card).toBeVisible();
      await expect(card.locator(`[data-unit="${spare}"]`)).toHaveCount(0);

      await adoptSession(page, OFF_RENT);
      await page.goto(boardShowing("offboarding", formHistoryId));
      await expect(liveStatus(page)).toHaveText("Live");
      await requestCard(page, formHistoryId).getByRole("link", { name: "Edit" }).click();
      await expect(page).toHaveURL(new RegExp(`modal=editOffTrade&formHistoryId=${formHistoryId}`));
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByRole("heading", { name: "Edit Order" })).toBeVisible();
      const rows = dialog.locator("[data-unit-row]");
      await expect(rows).toHaveCount(units.length);

      await dialog.getByRole("button", { name: "Add unit" }).click();
      await expect(rows).toHaveCount(units.length + 1);
      const row = rows.last();
      await expect(row.getByLabel("Unit number")).toHaveValue("UPDATE");
      await row.getByLabel("Unit number").fill(spare!.toLowerCase());
      await expect(row.getByLabel("Unit number")).toHaveValue(spare!);
      await row.getByLabel("Odometer").fill("12345");

      // Not tested yet: the operation refuses, marks the row, and the message clears after 6 s.
      await dialog.getByRole("button", { name: "Save Changes" }).click();
      const untested = dialog.getByRole("alert").filter({ hasText: "All edited vins must be tested and valid" });
      await expect(untested.first()).toBeVisible();
      await expect(row.locator("[data-unit-test]")).toHaveText("Test Required");
      await page.clock.fastForward(6_500);
      await expect(untested).toHaveCount(0);

      // A unit the trade already returns: the specification's duplicate message.
      await row.getByLabel("Unit number").fill(units[0]!);
      await dialog.getByRole("button", { name: "Save Changes" }).click();
      await expect(
        dialog.getByRole("alert").filter({
          hasText: `Cannot use duplicate vins. ${units[0]} has already been used or completed on this order.`,
        }),
      ).toBeVisible();
      await expect(dialog.locator("[data-units-error]")).toHaveText("*The entered vins contain duplicates");

      await row.getByLabel("Unit number").fill(spare!);
      await dialog.getByRole("button", { name: "Test units" }).click();
      await expect(row.locator("[data-unit-test]")).toHaveText("VALID UNIT NUMBER");
      await dialog.getByRole("button", { name: "Save Changes" }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page).toHaveURL(boardShowingUrl("offboarding", formHistoryId));

      // The other browser, without reloading.
      await expect(card.locator(`[data-unit="${spare}"]`)).toBeVisible();

      const again = await openTradeDialog(page, formHistoryId);
      await expect(again.locator("[data-unit-row]")).toHaveCount(units.length + 1);
      await expect(again.locator("[data-order-history]")).toContainText(`${spare} (odometer 12345)`);
    } finally {
      await other.close();
    }
  });

  test("converts the trade into an order after confirming; a second browser's board drops its card live", async ({
    page,
    browser,
    baseURL,
  }) => {
    const other = await browser.newContext({ baseURL });
    try {
      const board = await other.newPage();
      await adoptSession(board, ADMIN);
      const { formHistoryId, units } = await tradeCandidate(board, { from: "front", purpose: "convert" });
      await board.goto(boardShowing("offboarding", formHistoryId));
      await expect(liveStatus(board)).toHaveText("Live");
      const card = requestCard(board, formHistoryId);
      await expect(card).toBeVisible();

      await adoptSession(page, OFF_RENT);
      const dialog = await openTradeDialog(page, formHistoryId, { waitUntilLive: true });
      const question = dialog.getByRole("group", {
        name: "Turn the traded unit into an On Rent? This removes the Off Rent half.",
      });
      await expect(question).toHaveCount(0);

      // No leaves the trade as it is.
      await dialog.getByRole("button", { name: "Convert to order…" }).click();
      await expect(question).toBeVisible();
      await question.getByRole("button", { name: "No" }).click();
      await expect(question).toHaveCount(0);

      await dialog.getByRole("button", { name: "Convert to order…" }).click();
      const kept = units[units.length - 1]!;
      await question.getByLabel("Unit the customer keeps on rent").selectOption(kept);
      await question.getByRole("button", { name: "Yes" }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page).toHaveURL(/\/offboarding$/);

      // The other browser, without reloading: the trade's return half is gone from the offboarding board.
      await expect(card).toHaveCount(0);
      // The request is an order now.
      const order = await board.request.get(`/api/orders/${formHistoryId}`);
      expect(order.status(), await order.text()).toBe(200);
    } finally {
      await other.close();
    }
  });
});
