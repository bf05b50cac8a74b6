// The money findings of a security probe (ADR 054), replayed over HTTP as the demo AR account (accounts receivable,
// credit-memo-approve, credit-memo-edit-void) would send them: one credit spent twice through a company edit,
// a removal that raised balances, a memo large enough to take the AR lists down, a creator approving their
// own memo and applications dated in the future. Each ends with the invariants read from the database.
import { beforeAll, describe, expect, it } from "vitest";
import { loadCards } from "~/modules/boards/lists/credit-memos.server.ts";
import { findCompanyCredits } from "~/modules/credit-memos/credit-memo-apply.server.ts";
import { CREDIT_MEMO_APPLY_MESSAGES as A } from "~/rules/credit-memos/credit-memo-apply.ts";
import { CREDIT_MEMO_CREATE_MESSAGES as C } from "~/rules/credit-memos/credit-memo-create.ts";
import { CREDIT_MEMO_EDIT_MESSAGES as E } from "~/rules/credit-memos/credit-memo-edit.ts";
import { CREDIT_MEMO_REVIEW_MESSAGES as R } from "~/rules/credit-memos/credit-memo-review.ts";
import { createCreditMemosRouter } from "../../../server/api/credit-memos.ts";
import { apiHarness } from "../../support/api-harness.ts";
import { createTestPrisma } from "../../support/database.ts";
import { company } from "../../support/factories/companies.ts";
import { arInvoice, creditMemoBody } from "../../support/factories/credit-memos.ts";
import { actorWith } from "../../support/factories/users.ts";
import { databaseFingerprint } from "../../support/property.ts";
import { expectMoneyInvariants } from "./money-invariants.ts";

const db = createTestPrisma();
const api = apiHarness(createCreditMemosRouter);
const AR = ["accounts-receivable", "credit-memo-approve", "credit-memo-edit-void"] as const;
let clerk: string;
let approver: string;

beforeAll(async () => {
  clerk = api.tokenFor(await actorWith(db, [...AR]));
  approver = api.tokenFor(await actorWith(db, [...AR]));
});

const today = () => new Date().toISOString().slice(0, 10);
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const balanceOf = async (id: number) => {
  const invoice = await db.arInvoice.findUniqueOrThrow({ where: { id } });
  return { balance: invoice.balance.toFixed(2), status: invoice.status };
};

/** A memo of these line amounts for a company, created by the clerk and approved by the other approver. */
async function approvedMemo(companyCode: string, amounts: string[]): Promise<number> {
  const created = await api.call("POST", "/api/credit-memo/create-new", {
    token: clerk,
    body: creditMemoBody(companyCode, {
      lines: amounts.map((amount, index) => ({
        relatedInvoice: `INV-${index}`,
        unitNumber: "T1",
        amount,
        po: null,
        note: "Credit",
      })),
    }),
  });
  expect(created.status).toBe(200);
  const id = Number(created.body.CreditMemoID);
  expect((await api.call("POST", `/api/credit-memo/${id}/approve`, { token: approver })).status).toBe(200);
  return id;
}

const apply = (companyCode: string, CMID: number, Invoice: string, AppliedAmount: string, extra = {}) =>
  api.call("POST", "/api/credit-memo/apply-new", {
    token: clerk,
    body: {
      CompanyCode: companyCode,
      lines: [{ CMID, Invoice, AppliedDate: today(), AppliedAmount, AppliedNote: "Offset", ...extra }],
    },
  });

async function editCompany(id: number, companyCode: string) {
  const read = await api.call("GET", `/api/credit-memo/${id}`, { token: clerk });
  return api.call("PUT", "/api/credit-memo/edit-memo", { token: clerk, body: { ...read.body, companyCode } });
}

async function removeApplication(id: number, invoice: string) {
  const read = await api.call<{ version: number }>("GET", `/api/credit-memo/${id}/applied`, { token: clerk });
  return api.call("PUT", "/api/credit-memo/edit-applied-memo", {
    token: clerk,
    body: { creditMemoID: id, version: read.body.version, removedInvoices: [invoice], lines: [] },
  });
}

describe("one approved credit is spent once", () => {
  it("keeps the memo's company while it has applications, so a removal always restores the invoice it took from", async () => {
    const [first, other] = [await company(db), await company(db)];
    const memo = await approvedMemo(first.code, ["700.00"]);
    const one = await arInvoice(db, first.id, { balance: 100_000 });
    const two = await arInvoice(db, first.id, { balance: 100_000 });

    expect(await apply(first.code, memo, one.invoiceNumber, "700.00")).toMatchObject({ status: 200 });
    expect(await balanceOf(one.id)).toEqual({ balance: "300.00", status: "OPEN" });
    // The probe's step: move the memo to another company while its credit sits on this company's invoice.
    const before = await databaseFingerprint();
    expect(await editCompany(memo, other.code)).toEqual({
      status: 409,
      body: { error: E.companyFixed, errors: { companyCode: [E.companyFixed] } },
    });
    expect(await databaseFingerprint()).toBe(before);

    expect(await removeApplication(memo, one.invoiceNumber)).toMatchObject({ status: 200 });
    expect(await balanceOf(one.id)).toEqual({ balance: "1000.00", status: "OPEN" });
    // Without applications the company may change and change back; the credit is then spent once.
    expect(await editCompany(memo, other.code)).toMatchObject({ status: 200 });
    expect(await editCompany(memo, first.code)).toMatchObject({ status: 200 });
    expect(await apply(first.code, memo, two.invoiceNumber, "700.00")).toMatchObject({ status: 200 });
    expect(await apply(first.code, memo, one.invoiceNumber, "0.01")).toMatchObject({ status: 417 });
    expect(await balanceOf(one.id)).toEqual({ balance: "1000.00", status: "OPEN" });
    expect(await balanceOf(two.id)).toEqual({ balance: "300.00", status: "OPEN" });
    await expectMoneyInvariants(db);
  });

  it("refuses a company change in the database too, whoever writes it", async () => {
    const [first, other] = [await company(db), await company(db)];
    const memo = await approvedMemo(first.code, ["50.00"]);
    const invoice = await arInvoice(db, first.id);
    expect(await apply(first.code, memo, invoice.invoiceNumber, "50.00")).toMatchObject({ status: 200 });
    await expect(db.creditMemo.update({ where: { id: memo }, data: { companyId: other.id } })).rejects.toThrow(
      /company cannot change/,
    );
  });
});

describe("an application takes at most what the invoice owes, and its removal gives back exactly that", () => {
  it("asks before applying more than the balance, takes only the balance, and gives back only that", async () => {
    const owner = await company(db);
    const memo = await approvedMemo(owner.code, ["800.00"]);
    const partly = await arInvoice(db, owner.id, { balance: 48_908 });
    const paid = await arInvoice(db, owner.id, { balance: 0, status: "PAID" });

    expect(await apply(owner.code, memo, partly.invoiceNumber, "600.00")).toEqual({
      status: 406,
      body: {
        error: "Invoice " + partly.invoiceNumber + " has only $489.08 open",
        errors: { "lines.0.Invoice": [A.invoiceOverBalance(partly.invoiceNumber, 48_908)] },
      },
    });
    expect(await apply(owner.code, memo, partly.invoiceNumber, "600.00", { InvoiceOverride: 1 })).toMatchObject({
      status: 200,
    });
    expect(await apply(owner.code, memo, paid.invoiceNumber, "100.00", { InvoiceOverride: 1 })).toMatchObject({
      status: 200,
    });
    expect(await balanceOf(partly.id)).toEqual({ balance: "0.00", status: "PAID" });
    expect(await balanceOf(paid.id)).toEqual({ balance: "0.00", status: "PAID" });
    const taken = await db.creditMemoApplication.findMany({ where: { creditMemoId: memo }, orderBy: { id: "asc" } });
    expect(taken.map((each) => [each.appliedAmount.toFixed(2), each.invoiceAmount.toFixed(2)])).toEqual([
      ["600.00", "489.08"],
      ["100.00", "0.00"],
    ]);

    expect(await removeApplication(memo, partly.invoiceNumber)).toMatchObject({ status: 200 });
    expect(await removeApplication(memo, paid.invoiceNumber)).toMatchObject({ status: 200 });
    expect(await balanceOf(partly.id)).toEqual({ balance: "489.08", status: "OPEN" });
    expect(await balanceOf(paid.id)).toEqual({ balance: "0.00", status: "PAID" });
    await expectMoneyInvariants(db);
  });

  it("lets twenty simultaneous applications of two memos to one invoice take its balance to zero and no further", async () => {
    const owner = await company(db);
    const memos = [await approvedMemo(owner.code, ["500.00"]), await approvedMemo(owner.code, ["500.00"])];
    const invoice = await arInvoice(db, owner.id, { balance: 12_345 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => apply(owner.code, memos[index % 2]!, invoice.invoiceNumber, "10.00")),
    );
    const accepted = answers.filter((answer) => answer.status === 200).length;
    expect(accepted).toBe(12);
    for (const answer of answers.filter((each) => each.status !== 200)) {
      expect(answer.status).toBe(406);
      expect(String(answer.body.error)).toMatch(/has only \$3\.45 open|is already paid/);
    }
    expect(await balanceOf(invoice.id)).toEqual({ balance: "3.45", status: "OPEN" });
    await expectMoneyInvariants(db);
  });
});

describe("amounts are bounded, and no memo takes the lists down", () => {
  it("refuses lines above 999,999.99 and memos above 9,999,999.99 with 400, writing nothing", async () => {
    const owner = await company(db);
    const before = await databaseFingerprint();
    const line = (amount: string) => ({ relatedInvoice: "INV-1", unitNumber: "T1", amount, po: null, note: "x" });
    const huge = await api.call("POST", "/api/credit-memo/create-new", {
      token: clerk,
      body: creditMemoBody(owner.code, { lines: [line("9,999,999,999.99"), line("9,999,999,999.99")] }),
    });
    expect(huge).toMatchObject({ status: 400, body: { error: C.amount } });
    const many = await api.call("POST", "/api/credit-memo/create-new", {
      token: clerk,
      body: creditMemoBody(owner.code, { lines: Array.from({ length: 11 }, () => line("999,999.99")) }),
    });
    expect(many).toMatchObject({ status: 400, body: { error: C.memoTotal } });
    expect(C.amount).toBe("Amount must be a dollar amount from 0.01 to 999,999.99.");
    expect(C.memoTotal).toBe("A credit memo's lines may total at most $9,999,999.99.");
    expect(await databaseFingerprint()).toBe(before);
  });

  it("reads a memo written before the bounds, with two lines at the column's maximum, on every list", async () => {
    const owner = await company(db);
    // Such a memo predates the bound (NOT VALID keeps old rows): written here the way it once was.
    await db.$executeRawUnsafe(`ALTER TABLE "CreditMemoLine" DROP CONSTRAINT "CreditMemoLine_amount_bound"`);
    try {
      const memo = await db.creditMemo.create({
        data: {
          companyId: owner.id,
          invoiceClaim: `HUGE-${owner.code}`,
          memoDate: new Date("2026-11-20T00:00:00Z"),
          source: "Billing Error",
          description: "Too large",
          status: "APPROVED",
          lines: {
            create: [1, 2].map((n) => ({
              relatedInvoice: `I${n}`,
              unitNumber: "T1",
              amount: "9999999999.99",
              note: "x",
            })),
          },
        },
      });
      const found = await api.call("GET", `/api/credit-memo/find-company-credits/${owner.code}`, { token: clerk });
      expect(found).toMatchObject({ status: 200, body: [{ AvailableCredit: "19999999999.98" }] });
      expect((await findCompanyCredits(db, owner.code))?.AvailableCredit).toBe("19999999999.98");
      const card = (await loadCards(db, new Date())).find((each) => each.key === `credit-memo-${memo.id}`);
      expect(card?.facts).toContainEqual({ label: "Available credit", value: "$19,999,999,999.98" });
      expect((await api.call("GET", `/api/credit-memo/${memo.id}`, { token: clerk })).status).toBe(200);
    } finally {
      await db.$executeRawUnsafe(
        `ALTER TABLE "CreditMemoLine" ADD CONSTRAINT "CreditMemoLine_amount_bound" CHECK (amount <= 999999.99) NOT VALID`,
      );
    }
  });
});

describe("four eyes and dates", () => {
  it("refuses the creator's own approval (403) in the operation and in the database", async () => {
    const owner = await company(db);
    const created = await api.call("POST", "/api/credit-memo/create-new", {
      token: clerk,
      body: creditMemoBody(owner.code),
    });
    const id = Number(created.body.CreditMemoID);
    const before = await databaseFingerprint();
    expect(await api.call("POST", `/api/credit-memo/${id}/approve`, { token: clerk })).toEqual({
      status: 403,
      body: { error: R.ownMemo },
    });
    expect(await databaseFingerprint()).toBe(before);
    const memo = await db.creditMemo.findUniqueOrThrow({ where: { id } });
    await expect(
      db.creditMemo.update({ where: { id }, data: { status: "APPROVED", approvedById: memo.createdById } }),
    ).rejects.toThrow(/CreditMemo_four_eyes/);
    expect(await api.call("POST", `/api/credit-memo/${id}/approve`, { token: approver })).toMatchObject({
      status: 200,
    });
  });

  it("refuses an applied date in the future, applying and editing", async () => {
    const owner = await company(db);
    const memo = await approvedMemo(owner.code, ["50.00"]);
    const invoice = await arInvoice(db, owner.id);
    const before = await databaseFingerprint();
    expect(await apply(owner.code, memo, invoice.invoiceNumber, "5.00", { AppliedDate: tomorrow() })).toEqual({
      status: 400,
      body: { error: A.appliedDateFuture, errors: { "lines.0.AppliedDate": [A.appliedDateFuture] } },
    });
    expect(await databaseFingerprint()).toBe(before);
    expect(await apply(owner.code, memo, invoice.invoiceNumber, "5.00")).toMatchObject({ status: 200 });
    const read = await api.call<{ version: number; lines: Record<string, unknown>[] }>(
      "GET",
      `/api/credit-memo/${memo}/applied`,
      { token: clerk },
    );
    const edited = await api.call("PUT", "/api/credit-memo/edit-applied-memo", {
      token: clerk,
      body: { ...read.body, lines: read.body.lines.map((line) => ({ ...line, AppliedDate: tomorrow() })) },
    });
    expect(edited).toMatchObject({ status: 400 });
    expect(edited.body.errors).toEqual({ "lines.0.AppliedDate": [A.appliedDateFuture] });
  });
});
