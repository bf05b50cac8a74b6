import { describe, expect, it } from "vitest";
import {
  CREDIT_MEMO_APPLY_MESSAGES as M,
  creditRefusal,
  creditsText,
  invoiceDecision,
  overrideQuestion,
  validateApply,
} from "./credit-memo-apply.ts";

const today = "2026-11-24";
const line = { CMID: 7, Invoice: "INV-1", AppliedDate: "2026-11-20", AppliedAmount: "10.05", AppliedNote: "Offset" };

describe("applying credit memos (ADR 040)", () => {
  it("reads the lines: cents, today's date by default, the override as 1", () => {
    expect(
      validateApply({ CompanyCode: "42", lines: [line, { ...line, AppliedDate: "", InvoiceOverride: 1 }] }, today),
    ).toEqual({
      ok: true,
      apply: {
        companyCode: "00042",
        lines: [
          {
            creditMemoId: 7,
            invoice: "INV-1",
            appliedDate: "2026-11-20",
            amountCents: 1005,
            note: "Offset",
            override: false,
          },
          { creditMemoId: 7, invoice: "INV-1", appliedDate: today, amountCents: 1005, note: "Offset", override: true },
        ],
      },
    });
  });

  it("needs a CM, an invoice, an amount of at least 0.01 and a note on each line", () => {
    expect(validateApply({ CompanyCode: "42", lines: [{ ...line, AppliedNote: " " }] }, today)).toMatchObject({
      ok: false,
      message: M.required,
      fieldErrors: { "lines.0.AppliedNote": [M.required] },
    });
    expect(validateApply({ CompanyCode: "42", lines: [] }, today)).toMatchObject({ ok: false, message: M.required });
    expect(validateApply({ CompanyCode: "42", lines: [{ ...line, AppliedAmount: "0.00" }] }, today)).toMatchObject({
      ok: false,
      message: M.amount,
    });
    expect(validateApply({ CompanyCode: "42", lines: [{ ...line, AppliedAmount: "0.001" }] }, today)).toMatchObject({
      ok: false,
    });
    expect(validateApply({ CompanyCode: "42", lines: [{ ...line, CMID: "0x7" }] }, today)).toMatchObject({ ok: false });
    expect(validateApply({ CompanyCode: "123456", lines: [line] }, today)).toMatchObject({
      ok: false,
      message: M.companyCode,
    });
    expect(validateApply("x", today)).toMatchObject({ ok: false, message: M.required });
  });

  it("refuses applied dates older than 45 days", () => {
    expect(validateApply({ CompanyCode: "42", lines: [{ ...line, AppliedDate: "2026-10-10" }] }, today)).toMatchObject({
      ok: true,
    });
    expect(validateApply({ CompanyCode: "42", lines: [{ ...line, AppliedDate: "2026-10-09" }] }, today)).toMatchObject({
      ok: false,
      message: M.appliedDateOld,
    });
    expect(validateApply({ CompanyCode: "42", lines: [{ ...line, AppliedDate: "2026-02-30" }] }, today)).toMatchObject({
      ok: false,
      message: M.appliedDate,
    });
  });

  it("keeps each amount and each CM's total within its available credit", () => {
    const available = new Map([
      [7, 1_000],
      [8, 500],
    ]);
    expect(creditRefusal([{ creditMemoId: 7, amountCents: 1_000 }], available)).toBeNull();
    expect(creditRefusal([{ creditMemoId: 7, amountCents: 1_001 }], available)).toEqual({
      message: M.overAvailable,
      fieldErrors: { "lines.0.AppliedAmount": [M.overAvailable] },
    });
    expect(
      creditRefusal(
        [
          { creditMemoId: 8, amountCents: 100 },
          { creditMemoId: 7, amountCents: 600 },
          { creditMemoId: 7, amountCents: 401 },
        ],
        available,
      ),
    ).toEqual({
      message: "Total Amounts used cannot be greater than what is available in CM# 7.",
      fieldErrors: { "lines.1.AppliedAmount": [M.totalOver(7)], "lines.2.AppliedAmount": [M.totalOver(7)] },
    });
    expect(creditRefusal([{ creditMemoId: 9, amountCents: 1 }], available)).toMatchObject({ message: M.overAvailable });
  });

  it("answers 404 for an unknown invoice and 406 for another company's or a paid one, unless overridden", () => {
    const open = { companyCode: "00042", balanceCents: 500, status: "OPEN" };
    expect(invoiceDecision("INV-1", open, "00042", false)).toBeNull();
    expect(invoiceDecision("INV-1", null, "00042", false)).toEqual({
      status: 404,
      message: "Invoice INV-1 was not found",
    });
    expect(invoiceDecision("INV-1", { ...open, companyCode: "00043" }, "00042", false)).toEqual({
      status: 406,
      message: "Invoice INV-1 belongs to another company",
    });
    expect(invoiceDecision("INV-1", { ...open, balanceCents: 0 }, "00042", false)).toMatchObject({ status: 406 });
    expect(invoiceDecision("INV-1", { ...open, status: "PAID" }, "00042", false)).toMatchObject({ status: 406 });
    expect(invoiceDecision("INV-1", null, "00042", true)).toBeNull();
    expect(invoiceDecision("INV-1", { ...open, companyCode: "00043" }, "00042", true)).toBeNull();
  });

  it("asks to override after a 404 or a 406 only", () => {
    expect(overrideQuestion(404, "Invoice INV-1 was not found")).toBe(
      "Invoice INV-1 was not found, would you like to continue applying this invoice anyway?",
    );
    expect(overrideQuestion(406, "Invoice INV-1 is already paid")).toBe(
      "Invoice INV-1 is already paid, would you like to apply this Credit to this invoice anyway?",
    );
    expect(overrideQuestion(417, "x")).toBeNull();
    expect(
      creditsText([
        { CMID: 12, cents: 10_000 },
        { CMID: 14, cents: 2_050 },
      ]),
    ).toBe("CM # 12 - $100.00, CM # 14 - $20.50");
  });
});
