// Editing credit memos without JavaScript: the memo dialog's edit links are plain links, the edit
// forms plain posts; an application's amount and the memo's description change and the memo opens again
// saying 'Credit Memo edited successfully!'; a blank required field comes back with the error catalogue's message, values kept.
import { expect, test } from "./fixtures.ts";
import { AR, EDITED, memoDialog } from "./credit-memo.support.ts";
import { editAppliedDialog, editDialog, memoWithApplication } from "./credit-memo-edit.support.ts";
import { adoptSession } from "./support/accounts.ts";

test("edits an application and the memo without JavaScript", async ({ page }) => {
  await adoptSession(page, AR);
  const memo = await memoWithApplication(page);
  await page.goto(`/credit-memos?modal=creditMemoEdit&creditMemoId=${memo.id}`);
  await memoDialog(page).getByRole("link", { name: "Edit Applied Credit" }).click();
  let row = editAppliedDialog(page).locator(`tr[data-applied-invoice="${memo.invoice}"]`);
  await row.getByRole("textbox", { name: /^Note/ }).fill("");
  await editAppliedDialog(page).getByRole("button", { name: "Save Changes" }).click();
  await expect(
    editAppliedDialog(page).getByText(
      "Error, please verify you have filled out all required fields and there are no duplicates and try again.",
    ),
  ).toBeVisible();
  row = editAppliedDialog(page).locator(`tr[data-applied-invoice="${memo.invoice}"]`);
  await row.getByRole("textbox", { name: /^Amount/ }).fill("0.75");
  await row.getByRole("textbox", { name: /^Note/ }).fill("Reduced without scripts");
  await editAppliedDialog(page).getByRole("button", { name: "Save Changes" }).click();
  await expect(memoDialog(page).getByText(EDITED)).toBeVisible();
  await expect(memoDialog(page).getByRole("row").filter({ hasText: memo.invoice })).toContainText("$0.75");

  await memoDialog(page).getByRole("link", { name: "Edit Credit Memo" }).click();
  await editDialog(page).getByLabel("Description", { exact: true }).fill("Edited without scripts");
  await editDialog(page).getByRole("button", { name: "Save Changes" }).click();
  await expect(memoDialog(page).getByText(EDITED)).toBeVisible();
  await expect(memoDialog(page).getByText("Edited without scripts").first()).toBeVisible();
});
