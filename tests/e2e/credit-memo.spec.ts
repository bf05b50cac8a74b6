// Credit memos with JavaScript: on the AR board, Create Credit Memo checks the form before
// sending (the required message for 6 s), adds and removes lines in the page, checks the invoice/claim
// number on leaving it (a duplicate disables Create), and opens the new memo, which says so for 5 s; a
// second browser (another approver) sees the memo's card arrive live and approves it; its creator voids it.
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
import { cardByKey, liveStatus } from "./support/board.ts";

test.describe("credit memos with JavaScript", () => {
  test("creates a memo that a second browser's board shows live, approves it and voids it", async ({
    page,
    browser,
    baseURL,
  }) => {
    await adoptSession(page, AR);
    const seeded = await seededMemo(page);
    const claim = uniqueClaim("js");
    const boardPath = `/accounts-receivable?filter=${encodeURIComponent(claim)}`;

    const other = await browser.newContext({ baseURL });
    try {
      // The second browser is another approver (four eyes): the administrator.
      const watcher = await other.newPage();
      await adoptSession(watcher, ADMIN);
      await watcher.goto(boardPath);
      await expect(liveStatus(watcher)).toHaveText("Live");

      await page.clock.install();
      await page.goto(boardPath);
      await page.getByRole("link", { name: "Create Credit Memo" }).click();
      const dialog = createDialog(page);
      const create = dialog.getByRole("button", { name: "Create", exact: true });

      // Nothing typed: the required-fields message, gone after 6 s.
      await create.click();
      const required = dialog.getByRole("alert").filter({ hasText: REQUIRED });
      await expect(required).toBeVisible();
      await page.clock.fastForward(6_500);
      await expect(required).toBeHidden();

      // A number already used: the check's message, and Create disabled until the number changes.
      await fillMemo(dialog, seeded.companyCode.replace(/^0+/, ""), seeded.invoiceClaim);
      await dialog.getByLabel("Invoice/Claim #", { exact: true }).blur();
      await expect(dialog.getByText(DUPLICATE)).toBeVisible();
      await expect(create).toBeDisabled();
      await expect(dialog.getByLabel("Company Number", { exact: true })).toHaveValue(seeded.companyCode);
      await dialog.getByLabel("Invoice/Claim #", { exact: true }).fill(claim);
      await dialog.getByLabel("Invoice/Claim #", { exact: true }).blur();
      await expect(dialog.getByText(FREE)).toBeVisible();
      await expect(create).toBeEnabled();

      // Lines added and removed in the page.
      await fillLine(dialog, 1, "1,250.10");
      await dialog.getByRole("button", { name: "Add line" }).click();
      await dialog.getByRole("button", { name: "Add line" }).click();
      await expect(dialog.locator("tr[data-memo-line]")).toHaveCount(3);
      await fillLine(dialog, 3, "0.20");
      await dialog.getByRole("button", { name: "Remove line 2" }).click();
      await expect(dialog.locator("tr[data-memo-line]")).toHaveCount(2);
      await expect(dialog.getByLabel("Amount, line 2")).toHaveValue("0.20");

      await create.click();
      const memo = memoDialog(page);
      await expect(memo.getByText(CREATED)).toBeVisible();
      await expect(memo.locator("[data-memo-status]")).toHaveText("Pending approval");
      await expect(memo.locator("[data-memo-total]")).toHaveText("$1,250.30");
      await expect(memo.locator("[data-available-credit]")).toHaveText("$0.00");
      await page.clock.fastForward(5_500);
      await expect(memo.getByText(CREATED)).toBeHidden();
      const id = await memo.locator("[data-credit-memo]").getAttribute("data-credit-memo");

      // The other browser, without reloading: the new memo's card.
      const card = cardByKey(watcher, `credit-memo-${id}`);
      await expect(card).toBeVisible();
      await expect(card.getByRole("list", { name: "Flags" }).getByText("Pending", { exact: true })).toBeVisible();

      // Its creator may not approve it; the other approver does, in the memo's dialog.
      await expect(memo.getByRole("button", { name: "Approve" })).toHaveCount(0);
      await expect(memo.locator("[data-approve-block]")).toHaveText(OWN_MEMO);
      await watcher.goto(`${boardPath}&modal=creditMemoEdit&creditMemoId=${id}`);
      // This page is not the fixture's, which waits for React to take a loaded page over: wait here.
      await watcher.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      await memoDialog(watcher).getByRole("button", { name: "Approve" }).click();
      await expect(watcher.getByRole("dialog")).toHaveCount(0);
      await expect(card.getByRole("list", { name: "Flags" }).getByText("Approved", { exact: true })).toBeVisible();
      await expect(card.getByText("$1,250.30").first()).toBeVisible();

      // Void: a reason first.
      await page.goto(`${boardPath}&modal=creditMemoEdit&creditMemoId=${id}`);
      await expect(memo.locator("[data-memo-status]")).toHaveText("Approved");
      await expect(memo.locator("[data-available-credit]")).toHaveText("$1,250.30");
      await memo.getByRole("button", { name: "Void Credit Memo" }).click();
      await expect(
        memo.getByRole("alert").filter({ hasText: "Give a reason for voiding this credit memo." }),
      ).toBeVisible();
      await memo.getByLabel("Reason for voiding").fill("Entered against the wrong customer");
      await memo.getByRole("button", { name: "Void Credit Memo" }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(card).toHaveCount(0);
    } finally {
      await other.close();
    }
  });
});
