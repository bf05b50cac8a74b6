// What the /credit-memos browser tests share: a memo listed on the page (the demo data's), and a
// new memo created through the JSON API as accounts receivable (the page's session).
import { expect, type Page } from "@playwright/test";
import { CREDIT_MEMO_CREATE_API_PATH } from "../../app/rules/credit-memos/credit-memo-create.ts";
import { uniqueClaim } from "./credit-memo.support.ts";

/**
 * The first memo of the demo data the page lists (of a status, when given): its invoice/claim number and
 * company code. Memos the tests create (E2E-…) are passed over: the tests beside this one change them.
 */
export async function listedMemo(
  page: Page,
  status?: "PENDING" | "APPROVED",
): Promise<{ invoiceClaim: string; companyCode: string }> {
  await page.goto(status ? `/credit-memos?status=${status}` : "/credit-memos");
  const row = page
    .locator("tr[data-credit-memo-id]")
    .filter({ hasNot: page.getByRole("rowheader").filter({ hasText: /^\s*E2E-/ }) })
    .first();
  await expect(row).toBeVisible();
  const invoiceClaim = (await row.getByRole("rowheader").textContent())!.trim();
  const company = (await row.getByRole("cell").nth(1).textContent())!;
  return { invoiceClaim, companyCode: /\((\w+)\)$/.exec(company.trim())![1]! };
}

/** Creates a pending memo of the company over the API; answers its invoice/claim number. */
export async function createMemoOverApi(page: Page, companyCode: string): Promise<string> {
  const invoiceClaim = uniqueClaim("page");
  const response = await page.request.post(CREDIT_MEMO_CREATE_API_PATH, {
    data: {
      companyCode,
      invoiceClaim,
      creditMemoDate: new Date().toISOString().slice(0, 10),
      creditMemoType: "OP",
      creditMemoSource: "Billing Error",
      creditMemoDescription: "Rent billed twice (browser test)",
      creditMemoNotes: "",
      lines: [{ relatedInvoice: "INV-1", unitNumber: "T1", amount: "12.34", po: null, note: "Line" }],
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return invoiceClaim;
}
