// The /credit-memos page without JavaScript: the search is a plain GET form, a memo's link opens
// its memo dialog drawn by the server, and its close link lands back on the same list.
import { expect, test } from "./fixtures.ts";
import { AR, memoDialog } from "./credit-memo.support.ts";
import { listedMemo } from "./credit-memos-page.support.ts";
import { adoptSession } from "./support/accounts.ts";

test.describe("the credit memos page without JavaScript", () => {
  test("searches and opens a memo in its dialog", async ({ page }) => {
    await adoptSession(page, AR);
    const memo = await listedMemo(page);
    await page.getByRole("textbox", { name: "Search credit memos" }).fill(memo.invoiceClaim);
    await page.getByRole("combobox", { name: "Status" }).selectOption("all");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(memo.invoiceClaim)}`));
    await expect(page.locator("tr[data-credit-memo-id]")).toHaveCount(1);
    await page.getByRole("link", { name: `Open credit memo ${memo.invoiceClaim}` }).click();
    const dialog = memoDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(memo.invoiceClaim).first()).toBeVisible();
    await expect(page).toHaveURL(/modal=creditMemoEdit/);
  });
});
