// What the memo edit browser tests share: an approved memo with an application made through the JSON
// API (an invoice of its own, applied anyway), and the dialogs by their titles.
import { expect, type Page } from "@playwright/test";
import { CREDIT_MEMO_APPLY_API_PATH } from "../../app/rules/credit-memos/credit-memo-apply.ts";
import { memoWithCredit, uniqueClaim } from "./credit-memo.support.ts";

export const editDialog = (page: Page) => page.getByRole("dialog", { name: "Edit Credit Memo" });
export const editAppliedDialog = (page: Page) => page.getByRole("dialog", { name: "Edit Applied Credit Memo" });

/** An approved memo with credit left and 1.00 of it applied to a new invoice number: its id and that invoice. */
export async function memoWithApplication(page: Page): Promise<{ id: number; companyCode: string; invoice: string }> {
  const memo = await memoWithCredit(page);
  const invoice = uniqueClaim("edit").slice(0, 20);
  const response = await page.request.post(CREDIT_MEMO_APPLY_API_PATH, {
    data: {
      CompanyCode: memo.companyCode,
      lines: [
        {
          CMID: memo.id,
          Invoice: invoice,
          AppliedDate: new Date().toISOString().slice(0, 10),
          AppliedAmount: "1.00",
          AppliedNote: "Browser test application",
          InvoiceOverride: 1,
        },
      ],
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return { ...memo, invoice };
}
