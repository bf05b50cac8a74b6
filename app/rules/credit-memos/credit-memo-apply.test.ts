import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CREDIT_MEMO_APPLY_MESSAGES as M,
  creditRefusal,
  creditsText,
  invoiceDecision,
  invoiceTake,
  overrideQuestion,
  planInvoiceTakes,
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

describe("what an invoice takes of an application (ADR 054)", () => {
  const own = { companyCode: "00042", balanceCents: 48_908, status: "OPEN" };

  it("refuses an amount above the invoice's open balance unless overridden, naming what is open", () => {
    expect(invoiceDecision("INV-1", own, "00042", false, 48_908)).toBeNull();
    expect(invoiceDecision("INV-1", own, "00042", false, 60_000)).toEqual({
      status: 406,
      message: "Invoice INV-1 has only $489.08 open",
    });
    expect(overrideQuestion(406, M.invoiceOverBalance("INV-1", 48_908))).toBe(
      "Invoice INV-1 has only $489.08 open, would you like to apply this Credit to this invoice anyway?",
    );
    expect(invoiceDecision("INV-1", own, "00042", true, 60_000)).toBeNull();
    expect(invoiceDecision("INV-1", { ...own, status: "VOID" }, "00042", false, 1)).toMatchObject({ status: 406 });
  });

  it("takes at most the open balance of the memo company's own invoice, nothing of any other", () => {
    expect(invoiceTake(60_000, own, "00042")).toBe(48_908);
    expect(invoiceTake(100, own, "00042")).toBe(100);
    expect(invoiceTake(10_000, { ...own, balanceCents: 0, status: "PAID" }, "00042")).toBe(0);
    expect(invoiceTake(10_000, own, "00043")).toBe(0);
    expect(invoiceTake(10_000, { ...own, status: "VOID" }, "00042")).toBe(0);
    expect(invoiceTake(10_000, null, "00042")).toBe(0);
  });

  it("lets lines to one invoice see the balance the lines before them left", () => {
    const invoices = new Map([["INV-1", own]]);
    const line = (amountCents: number, override = false) => ({ invoice: "INV-1", amountCents, override });
    expect(planInvoiceTakes([line(30_000), line(18_908)], invoices, "00042")).toEqual({
      ok: true,
      takes: [30_000, 18_908],
    });
    expect(planInvoiceTakes([line(30_000), line(30_000)], invoices, "00042")).toEqual({
      ok: false,
      index: 1,
      status: 406,
      message: "Invoice INV-1 has only $189.08 open",
    });
    expect(planInvoiceTakes([line(30_000), line(30_000, true)], invoices, "00042")).toEqual({
      ok: true,
      takes: [30_000, 18_908],
    });
    // The map it was given is left as it was.
    expect(invoices.get("INV-1")!.balanceCents).toBe(48_908);
  });

  it("never lets the takes of any sequence exceed the balance, nor one take its line", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(fc.record({ amountCents: fc.integer({ min: 1, max: 500_000 }), override: fc.boolean() }), {
          maxLength: 8,
        }),
        (balanceCents, lines) => {
          const invoices = new Map([["INV-1", { companyCode: "00042", balanceCents, status: "OPEN" }]]);
          const plan = planInvoiceTakes(
            lines.map((line) => ({ ...line, invoice: "INV-1" })),
            invoices,
            "00042",
          );
          if (!plan.ok) return;
          expect(plan.takes.reduce((sum, take) => sum + take, 0)).toBeLessThanOrEqual(balanceCents);
          plan.takes.forEach((take, index) => expect(take).toBeLessThanOrEqual(lines[index]!.amountCents));
        },
      ),
    );
  });

  it("refuses applied dates in the future", () => {
    const refused = validateApply({ CompanyCode: "42", lines: [{ ...line, AppliedDate: "2026-11-25" }] }, today);
    expect(refused).toEqual({
      ok: false,
      message: M.appliedDateFuture,
      fieldErrors: { "lines.0.AppliedDate": [M.appliedDateFuture] },
    });
    expect(validateApply({ CompanyCode: "42", lines: [{ ...line, AppliedDate: today }] }, today).ok).toBe(true);
  });
});
