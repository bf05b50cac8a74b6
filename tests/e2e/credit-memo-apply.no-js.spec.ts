// Applying credit without JavaScript: the company is searched with a plain GET form, the lines
// are posted to the AR board, the 404's question comes back with the values kept, and Apply Anyway (a
// submit button naming the line) applies it.
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

test("searches a company and applies credit to an unknown invoice after asking, without JavaScript", async ({
  page,
}) => {
  await adoptSession(page, AR);
  const memo = await memoWithCredit(page);
  await page.goto(`/accounts-receivable?filter=${memo.id}&modal=creditMemoApply`);
  let dialog = applyDialog(page);
  await dialog.getByLabel("Company Number").fill("99999");
  await dialog.getByRole("button", { name: "Search" }).click();
  await expect(
    applyDialog(page).getByText("Error, company number does not have any approved credits available."),
  ).toBeVisible();
  await applyDialog(page).getByLabel("Company Number").fill(memo.companyCode);
  await applyDialog(page).getByRole("button", { name: "Search" }).click();
  dialog = applyDialog(page);
  await expect(dialog.locator("[data-company-credits]")).toContainText(`CM # ${memo.id} - $`);

  const invoice = uniqueClaim("inv");
  await dialog.getByLabel("CM, line 1").selectOption(String(memo.id));
  await dialog.getByLabel("Invoice, line 1").fill(invoice);
  await dialog.getByLabel("Amount, line 1").fill("0.01");
  await dialog.getByLabel("Note, line 1").fill("Browser test override (no JavaScript)");
  await dialog.getByRole("button", { name: "Apply", exact: true }).click();
  dialog = applyDialog(page);
  await expect(dialog.getByText(NOT_FOUND_QUESTION(invoice))).toBeVisible();
  await expect(dialog.getByLabel("Invoice, line 1")).toHaveValue(invoice);
  await dialog.getByRole("button", { name: "Apply Anyway" }).click();
  // The memo applied opens with its new application, saying so.
  await expect(memoDialog(page).getByText(APPLIED)).toBeVisible();
  await expect(memoDialog(page).getByRole("cell", { name: `${invoice} (override)` })).toBeVisible();
});
