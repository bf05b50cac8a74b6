// What the credit memo browser tests share: the AR account of the demo data (it creates, approves
// others' memos and voids them), the messages, a number no memo uses, a company and a used number from the memo cards,
// and filling the Create Credit Memo dialog.
import { randomInt } from "node:crypto";
import { expect, type Locator, type Page } from "@playwright/test";
import { demo } from "./support/accounts.ts";
import { boardCards } from "./support/board.ts";

/** Accounts receivable in the demo data: accounts-receivable, credit-memo-approve, credit-memo-edit-void. */
export const AR = demo("ar");

export const REQUIRED = "Error, please verify you have filled out all required fields and try again.";
export const REQUIRED_VIN = "Error, please verify you have filled out all required VIN fields and try again.";
export const DUPLICATE = "Invoice/Claim # already exists. Please verify it is not a duplicate.";
export const FREE = "No credit memo uses this Invoice/Claim # yet.";
export const CREATED = "Credit Memo created successfully!";
export const APPLIED = "Credit Memo applied successfully!";
export const EDITED = "Credit Memo edited successfully!";
export const OWN_MEMO = "A credit memo is approved by someone other than the person who created it.";

export const uniqueClaim = (label: string) => `E2E-${label}-${randomInt(1_000_000, 9_999_999)}`;

/** A company code and an invoice/claim number already used, read from the AR board's memo cards. */
export async function seededMemo(page: Page): Promise<{ companyCode: string; invoiceClaim: string }> {
  const memos = (await boardCards(page, "accounts-receivable")).filter((card) => card.key.startsWith("credit-memo-"));
  expect(memos.length, "memo cards").toBeGreaterThan(0);
  const [companyCode, , invoiceClaim] = memos[0]!.subtitle.split(" · ");
  return { companyCode: companyCode!, invoiceClaim: invoiceClaim! };
}

export const createDialog = (page: Page) => page.getByRole("dialog", { name: "Create Credit Memo" });
export const memoDialog = (page: Page) => page.getByRole("dialog", { name: "Credit Memo - Don't Edit" });

/** Fills the memo's own fields (the date and type keep their defaults). */
export async function fillMemo(dialog: Locator, companyCode: string, claim: string): Promise<void> {
  await dialog.getByLabel("Company Number", { exact: true }).fill(companyCode);
  await dialog.getByLabel("Invoice/Claim #", { exact: true }).fill(claim);
  await dialog.getByLabel("Source", { exact: true }).fill("Billing Error");
  await dialog.getByLabel("Description", { exact: true }).fill("Rent billed twice (browser test)");
}

/** Fills line `n` (1-based). */
export async function fillLine(dialog: Locator, n: number, amount: string): Promise<void> {
  await dialog.getByLabel(`Related Invoice, line ${n}`).fill(`INV-E2E-${n}`);
  await dialog.getByLabel(`Unit Number, line ${n}`).fill(`E2E${n}`);
  await dialog.getByLabel(`Amount, line ${n}`).fill(amount);
  await dialog.getByLabel(`Note, line ${n}`).fill(`Line ${n}`);
}

export const NOT_FOUND_QUESTION = (invoice: string) =>
  `Invoice ${invoice} was not found, would you like to continue applying this invoice anyway?`;

/** An approved memo with credit left, from the AR board's memo cards: its id and company code. */
export async function memoWithCredit(page: Page): Promise<{ id: number; companyCode: string }> {
  const memos = (await boardCards(page, "accounts-receivable")).filter(
    (card) => card.key.startsWith("credit-memo-") && card.stage.startsWith("approved"),
  );
  expect(memos.length, "approved memos with credit").toBeGreaterThan(0);
  const card = memos[randomInt(memos.length)]!;
  return { id: Number(card.key.slice("credit-memo-".length)), companyCode: card.subtitle.split(" · ")[0]! };
}

export const applyDialog = (page: Page) => page.getByRole("dialog", { name: "Apply Credit Memo" });
