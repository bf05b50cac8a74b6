import { describe, expect, it } from "vitest";
import { CREDIT_MEMO_APPLY_MESSAGES as A } from "./credit-memo-apply.ts";
import { CREDIT_MEMO_CREATE_MESSAGES as C } from "./credit-memo-create.ts";
import {
  appliedEditBodyOfForm,
  appliedTotalRefusal,
  CREDIT_MEMO_EDIT_MESSAGES as M,
  editBlock,
  memoEditBodyOfForm,
  memoTotalRefusal,
  readEditAction,
  validateAppliedEdit,
  validateCreditMemoEdit,
} from "./credit-memo-edit.ts";

const memoBody = (extra: Record<string, unknown> = {}) => ({
  creditMemoID: 12,
  version: 3,
  companyCode: "42",
  invoiceClaim: "CLM-1",
  creditMemoDate: "2026-11-20",
  creditMemoType: "OP",
  creditMemoSource: "Billing Error",
  creditMemoDescription: "Twice",
  lines: [{ relatedInvoice: "INV-1", unitNumber: "t1", amount: "10.10", po: "", note: "n" }],
  ...extra,
});

describe("validateCreditMemoEdit (action Create)", () => {
  it("reads the create's fields with the memo's id and version", () => {
    const result = validateCreditMemoEdit(memoBody());
    expect(result).toMatchObject({
      ok: true,
      edit: {
        creditMemoId: 12,
        version: 3,
        memo: { companyCode: "00042", lines: [{ amountCents: 1010, unitNumber: "T1" }] },
      },
    });
  });

  it("accepts the fleet's hyphenated unit numbers (the seeded memos' lines carry them)", () => {
    const body = memoBody({ lines: [{ relatedInvoice: "INV-1", unitNumber: "h26-0007", amount: "1", note: "n" }] });
    expect(validateCreditMemoEdit(body)).toMatchObject({
      ok: true,
      edit: { memo: { lines: [{ unitNumber: "H26-0007" }] } },
    });
    expect(validateCreditMemoEdit(memoBody({ lines: [{ ...body.lines[0], unitNumber: "H26_0007" }] })).ok).toBe(false);
  });

  it("answers the required-fields error, or its VIN variant, as the create does", () => {
    expect(validateCreditMemoEdit(memoBody({ creditMemoSource: " " }))).toMatchObject({
      ok: false,
      message: C.required,
    });
    expect(validateCreditMemoEdit(memoBody({ lines: [] }))).toMatchObject({ ok: false, message: C.requiredVin });
  });

  it("needs the memo's id and the version the edit was made from", () => {
    expect(validateCreditMemoEdit(memoBody({ version: undefined }))).toEqual({
      ok: false,
      message: M.version,
      fieldErrors: { version: [M.version] },
    });
    expect(validateCreditMemoEdit(memoBody({ creditMemoID: "1e3" }))).toMatchObject({
      ok: false,
      fieldErrors: { creditMemoID: [M.memoId] },
    });
    expect(validateCreditMemoEdit(null)).toMatchObject({ ok: false, message: M.required });
  });
});

describe("the money rules of an edit", () => {
  it("keeps a memo's total at or above what is applied, and an approved one at or below its approved total", () => {
    expect(memoTotalRefusal("PENDING", 5_000, 1_000, 0)).toBeNull();
    expect(memoTotalRefusal("APPROVED", 900, 1_000, 900)).toBeNull();
    expect(memoTotalRefusal("APPROVED", 899, 1_000, 900)).toBe(M.belowApplied(900));
    expect(memoTotalRefusal("APPROVED", 1_001, 1_000, 0)).toBe(M.aboveApproved(1_000));
    expect(M.belowApplied(900)).toContain("$9.00");
  });

  it("the edit rule: the applied total within the original applied sum plus the available credit, to the cent", () => {
    expect(appliedTotalRefusal(1_500, 1_000, 500)).toBeNull();
    expect(appliedTotalRefusal(1_501, 1_000, 500)).toBe(M.overOriginal(1_500));
    expect(appliedTotalRefusal(0, 0, 0)).toBeNull();
  });
});

describe("validateAppliedEdit (action Apply)", () => {
  const today = "2026-11-24";
  const line = (extra: Record<string, unknown> = {}) => ({
    originalInvoice: "INV-1",
    Invoice: "INV-1",
    AppliedDate: "2026-11-20",
    AppliedAmount: "5.00",
    AppliedNote: "n",
    ...extra,
  });
  const body = (extra: Record<string, unknown> = {}) => ({
    creditMemoID: "12",
    version: "2",
    lines: [line()],
    ...extra,
  });

  it("reads the lines and the removed invoices", () => {
    expect(validateAppliedEdit(body({ removedInvoices: ["INV-2", ""] }), today)).toEqual({
      ok: true,
      edit: {
        creditMemoId: 12,
        version: 2,
        removedInvoices: ["INV-2"],
        lines: [
          {
            originalInvoice: "INV-1",
            invoice: "INV-1",
            appliedDate: "2026-11-20",
            amountCents: 500,
            note: "n",
            override: false,
          },
        ],
      },
    });
  });

  it("answers the error catalogue's message with 'there are no duplicates' for a blank field or an invoice named twice", () => {
    expect(validateAppliedEdit(body({ lines: [line({ AppliedNote: "" })] }), today)).toMatchObject({
      ok: false,
      message: M.requiredApplied,
      fieldErrors: { "lines.0.AppliedNote": [A.required] },
    });
    const twice = validateAppliedEdit(body({ lines: [line(), line({ originalInvoice: "INV-2" })] }), today);
    expect(twice).toMatchObject({
      ok: false,
      message: M.requiredApplied,
      fieldErrors: { "lines.1.Invoice": [M.duplicateInvoice] },
    });
    expect(M.requiredApplied).toBe(
      "Error, please verify you have filled out all required fields and there are no duplicates and try again.",
    );
  });

  it("refuses an invoice both edited and removed, an amount under 0.01, and an empty edit", () => {
    expect(validateAppliedEdit(body({ removedInvoices: ["INV-1"] }), today)).toMatchObject({
      ok: false,
      fieldErrors: { "lines.0.originalInvoice": [M.removedAndEdited("INV-1")] },
    });
    expect(validateAppliedEdit(body({ lines: [line({ AppliedAmount: "0.00" })] }), today)).toMatchObject({
      ok: false,
      fieldErrors: { "lines.0.AppliedAmount": [A.amount] },
    });
    expect(validateAppliedEdit(body({ lines: [] }), today)).toMatchObject({ ok: false, message: M.nothingToEdit });
  });

  it("keeps an unchanged applied date however old; a changed one at most 45 days back", () => {
    const originals = new Map([["INV-1", "2026-08-01"]]);
    expect(validateAppliedEdit(body({ lines: [line({ AppliedDate: "2026-08-01" })] }), today, originals).ok).toBe(true);
    expect(validateAppliedEdit(body({ lines: [line({ AppliedDate: "2026-08-02" })] }), today, originals)).toMatchObject(
      {
        ok: false,
        fieldErrors: { "lines.0.AppliedDate": [A.appliedDateOld] },
      },
    );
    expect(validateAppliedEdit(body({ lines: [line({ AppliedDate: "2026-10-10" })] }), today, originals).ok).toBe(true);
  });
});

describe("the dialog's helpers", () => {
  it("reads the action: Create and Apply edit, anything else is read-only", () => {
    expect(readEditAction("Create")).toBe("Create");
    expect(readEditAction("Apply")).toBe("Apply");
    expect(readEditAction("apply")).toBeNull();
    expect(readEditAction(null)).toBeNull();
  });

  it("blocks editing a void memo, and editing applications of a memo without any", () => {
    expect(editBlock("Create", "PENDING", 0)).toBeNull();
    expect(editBlock("Create", "VOID", 0)).toBe(M.isVoid);
    expect(editBlock("Apply", "APPROVED", 0)).toBe(M.notApproved);
    expect(editBlock("Apply", "APPROVED", 2)).toBeNull();
  });

  it("turns posted forms into the API's bodies, leaving removed lines out", () => {
    const memo = memoEditBodyOfForm({
      creditMemoID: "12",
      version: "3",
      "line.relatedInvoice": ["A", "B"],
      "line.unitNumber": ["T1", "T2"],
      "line.amount": ["1", "2"],
      "line.po": ["", ""],
      "line.note": ["x", "y"],
      dropLine: "0",
    });
    expect(memo).toMatchObject({ creditMemoID: "12", version: "3", lines: [{ relatedInvoice: "B" }] });
    const applied = appliedEditBodyOfForm({
      creditMemoID: "12",
      version: "2",
      "line.originalInvoice": ["INV-1", "INV-2"],
      "line.Invoice": ["INV-1", "INV-2"],
      "line.AppliedDate": ["2026-11-20", "2026-11-21"],
      "line.AppliedAmount": ["1", "2"],
      "line.AppliedNote": ["a", "b"],
      removedInvoices: "INV-2",
    });
    expect(applied).toMatchObject({ removedInvoices: ["INV-2"], lines: [{ originalInvoice: "INV-1" }] });
    expect((applied.lines as unknown[]).length).toBe(1);
  });
});
