// Credit memos without JavaScript: the Create Credit Memo dialog is a form posted to the AR
// board; Check, Add line and Remove draw it again with what was typed; a refused create keeps the values;
// the created memo opens in its memo dialog; another approver approves it and voids it with plain posts.
import { expect, test } from "./fixtures.ts";
import {
  AR,
  CREATED,
  createDialog,
  DUPLICATE,
  fillLine,
  fillMemo,
  FREE,
  memoDialog,
  OWN_MEMO,
  REQUIRED,
  seededMemo,
  uniqueClaim,
} from "./credit-memo.support.ts";
import { ADMIN, adoptSession } from "./support/accounts.ts";

test.describe("credit memos without JavaScript", () => {
  test("creates, approves and voids a memo with plain forms", async ({ page }) => {
    await adoptSession(page, AR);
    const seeded = await seededMemo(page);
    const claim = uniqueClaim("nojs");
    await page.goto(`/accounts-receivable?filter=${encodeURIComponent(claim)}`);
    await page.getByRole("link", { name: "Create Credit Memo" }).click();
    let dialog = createDialog(page);

    // The used number: Check says so and Create is disabled.
    await fillMemo(dialog, seeded.companyCode, seeded.invoiceClaim);
    await dialog.getByRole("button", { name: "Check" }).click();
    dialog = createDialog(page);
    await expect(dialog.getByText(DUPLICATE)).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Create", exact: true })).toBeDisabled();
    await expect(dialog.getByLabel("Source", { exact: true })).toHaveValue("Billing Error");

    await dialog.getByLabel("Invoice/Claim #", { exact: true }).fill(claim);
    await dialog.getByRole("button", { name: "Check" }).click();
    await expect(createDialog(page).getByText(FREE)).toBeVisible();

    // Lines: add two, remove the middle one; what was typed stays.
    await fillLine(createDialog(page), 1, "100");
    await createDialog(page).getByRole("button", { name: "Add line" }).click();
    await fillLine(createDialog(page), 2, "5.55");
    await createDialog(page).getByRole("button", { name: "Add line" }).click();
    await fillLine(createDialog(page), 3, "0.45");
    await expect(createDialog(page).locator("tr[data-memo-line]")).toHaveCount(3);
    await createDialog(page).getByRole("button", { name: "Remove line 2" }).click();
    dialog = createDialog(page);
    await expect(dialog.locator("tr[data-memo-line]")).toHaveCount(2);
    await expect(dialog.getByLabel("Amount, line 2")).toHaveValue("0.45");

    // A blank required field: refused, the values kept.
    await dialog.getByLabel("Description", { exact: true }).fill("");
    await dialog.getByRole("button", { name: "Create", exact: true }).click();
    dialog = createDialog(page);
    await expect(dialog.getByRole("alert").filter({ hasText: REQUIRED })).toBeVisible();
    await expect(dialog.getByLabel("Invoice/Claim #", { exact: true })).toHaveValue(claim);
    await expect(dialog.getByLabel("Amount, line 1")).toHaveValue("100");

    await dialog.getByLabel("Description", { exact: true }).fill("Returned early (browser test)");
    await dialog.getByRole("button", { name: "Create", exact: true }).click();
    await expect(page).toHaveURL(/modal=creditMemoEdit&creditMemoId=\d+&notice=created/);
    const memo = memoDialog(page);
    await expect(memo.getByText(CREATED)).toBeVisible();
    await expect(memo.locator("[data-memo-status]")).toHaveText("Pending approval");
    await expect(memo.locator("[data-memo-total]")).toHaveText("$100.45");
    const id = await memo.locator("[data-credit-memo]").getAttribute("data-credit-memo");

    // Four eyes: its creator sees why there is no Approve; the administrator approves it.
    await expect(memo.getByRole("button", { name: "Approve" })).toHaveCount(0);
    await expect(memo.locator("[data-approve-block]")).toHaveText(OWN_MEMO);
    await adoptSession(page, ADMIN);
    await page.goto(`/accounts-receivable?filter=${encodeURIComponent(claim)}&modal=creditMemoEdit&creditMemoId=${id}`);
    await memo.getByRole("button", { name: "Approve" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    const card = page.locator(`article[data-card-key="credit-memo-${id}"]`);
    await expect(card.getByRole("list", { name: "Flags" }).getByText("Approved", { exact: true })).toBeVisible();
    await card.getByRole("link", { name: "Details" }).click();
    await expect(memo.locator("[data-available-credit]")).toHaveText("$100.45");
    await memo.getByLabel("Reason for voiding").fill("Customer withdrew the claim");
    await memo.getByRole("button", { name: "Void Credit Memo" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(card).toHaveCount(0);
  });
});
