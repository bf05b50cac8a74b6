// Priority and prepay without JavaScript: the dialogs are forms posted to the board; a refusal
// comes back with its message and what was chosen, a save lands on the board with the card changed.
import { expect, test } from "./fixtures.ts";
import { insertOrder } from "./order-cancel.support.ts";
import { ADMIN, adoptSession } from "./support/accounts.ts";
import { boardShowing, requestCard } from "./support/board.ts";

test.describe("priority and prepay without JavaScript", () => {
  test("sets a priority with a deadline after the server asks for Other's text, then removes it", async ({ page }) => {
    const request = await insertOrder("Priority No JS");
    await adoptSession(page, ADMIN);
    await page.goto(boardShowing("onboarding", request.formHistoryId));
    await requestCard(page, request.formHistoryId).getByRole("link", { name: "Priority", exact: true }).click();
    let dialog = page.getByRole("dialog", { name: "Set Priority" });
    await dialog.getByLabel("Priority reason").selectOption("Other");
    await dialog.getByRole("button", { name: "Set Priority" }).click();

    dialog = page.getByRole("dialog", { name: "Set Priority" });
    await expect(dialog.getByRole("alert")).toHaveText("*You must enter a priority reason when Other is selected.");
    await expect(dialog.getByLabel("Priority reason")).toHaveValue("Other");
    await dialog.getByLabel("Priority reason").selectOption("Hard Deadline");
    await dialog.getByLabel("Deadline (optional)").fill("2026-12-24");
    await dialog.getByRole("button", { name: "Set Priority" }).click();

    await expect(page.getByRole("dialog")).toHaveCount(0);
    const card = requestCard(page, request.formHistoryId);
    await expect(card.getByText("Priority: Hard Deadline (due 12/24/2026)")).toBeVisible();

    await card.getByRole("link", { name: "Priority", exact: true }).click();
    dialog = page.getByRole("dialog", { name: "Set Priority" });
    await dialog.getByRole("button", { name: "Yes, Remove Priority" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(requestCard(page, request.formHistoryId).getByText(/^Priority:/)).toHaveCount(0);
  });

  test("removes a confirmed prepay, and No leaves it", async ({ page }) => {
    const request = await insertOrder("Prepay No JS", { prepay: true });
    await adoptSession(page, ADMIN);
    await page.goto(boardShowing("onboarding", request.formHistoryId));
    const card = requestCard(page, request.formHistoryId);
    await card.getByRole("link", { name: "Remove Prepay" }).click();
    await page.getByRole("dialog", { name: "Remove Prepay" }).getByRole("link", { name: "No" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(card.getByText("Prepay", { exact: true })).toBeVisible();

    await card.getByRole("link", { name: "Remove Prepay" }).click();
    await page.getByRole("dialog", { name: "Remove Prepay" }).getByRole("button", { name: "Yes" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(requestCard(page, request.formHistoryId).getByText("Prepay", { exact: true })).toHaveCount(0);
  });
});
