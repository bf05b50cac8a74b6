// Priority and prepay with JavaScript: Other's reason with its live counter, the card's priority
// seen live by a second browser, removing the priority behind its confirmation, and removing a prepay.
// Each test works on an order it inserted itself.
import { expect, test } from "./fixtures.ts";
import { insertOrder } from "./order-cancel.support.ts";
import { ADMIN, adoptSession } from "./support/accounts.ts";
import { boardShowing, liveStatus, requestCard } from "./support/board.ts";

test.describe("priority and prepay with JavaScript", () => {
  test("sets Other's priority, which a second browser's board shows live, then removes it", async ({
    page,
    browser,
    baseURL,
  }) => {
    const request = await insertOrder("Priority JS");
    const other = await browser.newContext({ baseURL });
    try {
      const watcher = await other.newPage();
      await adoptSession(watcher, ADMIN);
      await watcher.goto(boardShowing("onboarding", request.formHistoryId));
      await expect(liveStatus(watcher)).toHaveText("Live");
      const watched = requestCard(watcher, request.formHistoryId);
      await expect(watched).toBeVisible();

      await adoptSession(page, ADMIN);
      await page.goto(boardShowing("onboarding", request.formHistoryId));
      await requestCard(page, request.formHistoryId).getByRole("link", { name: "Priority", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Set Priority" });
      await dialog.getByRole("button", { name: "Set Priority" }).click();
      await expect(dialog.getByRole("alert")).toHaveText("*You must select a priority reason.");

      await dialog.getByLabel("Priority reason").selectOption("Other");
      await dialog.getByLabel("Other reason").fill("Governor's fleet");
      await expect(dialog.getByText("16/64")).toBeVisible();
      await dialog.getByRole("button", { name: "Set Priority" }).click();
      await expect(dialog).toBeHidden();
      await expect(watched.getByText("Priority: Governor's fleet")).toBeVisible();

      await requestCard(page, request.formHistoryId).getByRole("link", { name: "Priority", exact: true }).click();
      const again = page.getByRole("dialog", { name: "Set Priority" });
      await expect(again.getByText("Current priority: Governor's fleet")).toBeVisible();
      await again.getByRole("button", { name: "Remove Priority…" }).click();
      await again.getByRole("button", { name: "Yes, Remove Priority" }).click();
      await expect(again).toBeHidden();
      await expect(watched.getByText("Priority: Governor's fleet")).toHaveCount(0);
    } finally {
      await other.close();
    }
  });

  test("removes a confirmed prepay after Yes", async ({ page }) => {
    const request = await insertOrder("Prepay JS", { prepay: true });
    await adoptSession(page, ADMIN);
    await page.goto(boardShowing("onboarding", request.formHistoryId));
    const card = requestCard(page, request.formHistoryId);
    await expect(card.getByText("Prepay", { exact: true })).toBeVisible();
    await card.getByRole("link", { name: "Remove Prepay" }).click();
    const dialog = page.getByRole("dialog", { name: "Remove Prepay" });
    await dialog.getByRole("button", { name: "Yes" }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByText("Prepay", { exact: true })).toHaveCount(0);
    await expect(card.getByRole("link", { name: "Remove Prepay" })).toHaveCount(0);
  });
});
