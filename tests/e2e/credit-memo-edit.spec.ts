// Editing credit memos with JavaScript: from the memo dialog on /credit-memos, Edit Applied Credit
// changes an application's amount and Edit Credit Memo the description; each save opens the memo again
// saying 'Credit Memo edited successfully!', and a second browser on the page hears who saved.
import { expect, test } from "./fixtures.ts";
import { AR, EDITED, memoDialog } from "./credit-memo.support.ts";
import { editAppliedDialog, editDialog, memoWithApplication } from "./credit-memo-edit.support.ts";
import { adoptSession } from "./support/accounts.ts";

test("edits an application and the memo, and another browser on the page sees who saved", async ({ page, browser }) => {
  await adoptSession(page, AR);
  const memo = await memoWithApplication(page);
  const other = await browser.newContext();
  const watcher = await other.newPage();
  await adoptSession(watcher, AR);
  await watcher.goto(`/credit-memos?company=${memo.companyCode}`);
  await expect(watcher.locator("tr[data-credit-memo-id]").first()).toBeVisible();

  await page.goto(`/credit-memos?modal=creditMemoEdit&creditMemoId=${memo.id}`);
  // The links are the router's once the page has hydrated (the bar says so).
  await expect(page.locator("header.nav-bar")).toHaveAttribute("data-enhanced", "");
  await memoDialog(page).getByRole("link", { name: "Edit Applied Credit" }).click();
  let dialog = editAppliedDialog(page);
  const row = dialog.locator(`tr[data-applied-invoice="${memo.invoice}"]`);
  await row.getByRole("textbox", { name: /^Amount/ }).fill("0.50");
  await row.getByRole("textbox", { name: /^Note/ }).fill("Halved (browser test)");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(memoDialog(page).getByText(EDITED)).toBeVisible();
  await expect(memoDialog(page).getByRole("row").filter({ hasText: memo.invoice })).toContainText("$0.50");
  await expect(watcher.getByText(/Credit memos updated by /)).toBeVisible();

  await memoDialog(page).getByRole("link", { name: "Edit Credit Memo" }).click();
  dialog = editDialog(page);
  await dialog.getByLabel("Description", { exact: true }).fill("Edited description (browser test)");
  // The browser checks before sending, with the server's rules: a blank source is refused unsent.
  await dialog.getByLabel("Source", { exact: true }).fill("");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(
    dialog.getByText("Error, please verify you have filled out all required fields and try again."),
  ).toBeVisible();
  await dialog.getByLabel("Source", { exact: true }).fill("Goodwill");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(memoDialog(page).getByText(EDITED)).toBeVisible();
  await expect(memoDialog(page).getByText("Edited description (browser test)").first()).toBeVisible();
  await other.close();
});
