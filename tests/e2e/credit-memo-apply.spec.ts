// Applying credit with JavaScript: from an approved memo's card, a line to an invoice that does
// not exist is answered with the question of the 404, No keeps the dialog, Apply Anyway applies it; the
// memo then lists the application as an override.
import { expect, test } from "./fixtures.ts";
import {
  AR,
  APPLIED,
  applyDialog,
  memoDialog,
  memoWithCredit,
  NOT_FOUND_QUESTION,
  uniqueClaim,
} from "./credit-memo.support.ts";
import { adoptSession } from "./support/accounts.ts";

test("applies credit to an unknown invoice after asking, with JavaScript", async ({ page }) => {
  await adoptSession(page, AR);
  const memo = await memoWithCredit(page);
  await page.goto(`/accounts-receivable?filter=${memo.id}&modal=creditMemoApply&creditMemoId=${memo.id}`);
  const dialog = applyDialog(page);
  await expect(dialog.getByLabel("CM, line 1")).toHaveValue(String(memo.id));
  const invoice = uniqueClaim("inv");

  // The browser's own check first: a note is required.
  await dialog.getByLabel("Invoice, line 1").fill(invoice);
  await dialog.getByLabel("Amount, line 1").fill("0.01");
  await dialog.getByRole("button", { name: "Apply", exact: true }).click();
  await expect(dialog.getByRole("alert").filter({ hasText: "filled out all required fields" })).toBeVisible();

  await dialog.getByLabel("Note, line 1").fill("Browser test override");
  await dialog.getByRole("button", { name: "Apply", exact: true }).click();
  const question = dialog.getByText(NOT_FOUND_QUESTION(invoice));
  await expect(question).toBeVisible();
  await dialog.getByRole("button", { name: "No" }).click();
  await expect(question).toBeHidden();
  await dialog.getByRole("button", { name: "Apply", exact: true }).click();
  await expect(question).toBeVisible();
  await dialog.getByRole("button", { name: "Apply Anyway" }).click();
  // The memo applied opens with its new application, saying so.
  await expect(memoDialog(page).getByText(APPLIED)).toBeVisible();
  await expect(memoDialog(page).getByRole("cell", { name: `${invoice} (override)` })).toBeVisible();
});
