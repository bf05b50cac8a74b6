import { describe, expect, it } from "vitest";
import { permissionIdsNamed } from "../access/permissions.ts";
import {
  CREDIT_MEMO_CREATE_MESSAGES as M,
  creditMemoBodyOfForm,
  linesAfterStep,
  linesFromForm,
  mayCreateCreditMemos,
  validateCreditMemo,
} from "./credit-memo-create.ts";

const line = { relatedInvoice: "INV-1001", unitNumber: "t4421", amount: "1,250.50", po: "", note: "Billed twice" };
const body = {
  companyCode: "42",
  invoiceClaim: " CLM-1 ",
  creditMemoDate: "2026-11-24",
  creditMemoType: "",
  creditMemoSource: "Billing Error",
  creditMemoDescription: "Rent billed twice",
  creditMemoNotes: "",
  lines: [line],
};

describe("creating a credit memo (ADR 040)", () => {
  it("reads a memo: the company padded, the type OP by default, the unit upper-cased, amounts in cents", () => {
    expect(validateCreditMemo(body)).toEqual({
      ok: true,
      memo: {
        companyCode: "00042",
        invoiceClaim: "CLM-1",
        memoDate: "2026-11-24",
        memoType: "OP",
        source: "Billing Error",
        description: "Rent billed twice",
        notes: null,
        lines: [
          { relatedInvoice: "INV-1001", unitNumber: "T4421", amountCents: 125050, po: null, note: "Billed twice" },
        ],
      },
    });
  });

  it("answers the required-fields message for a blank memo field, before anything about lines", () => {
    const result = validateCreditMemo({ ...body, creditMemoSource: " ", lines: [] });
    expect(result).toMatchObject({ ok: false, message: M.required });
    expect(!result.ok && result.fieldErrors).toMatchObject({ creditMemoSource: ["Source is required."] });
  });

  it("answers the VIN variant for a blank line field or no line, and leaves untouched lines out", () => {
    expect(validateCreditMemo({ ...body, lines: [] })).toMatchObject({ ok: false, message: M.requiredVin });
    const blankNote = validateCreditMemo({ ...body, lines: [{ ...line, note: "" }] });
    expect(blankNote).toMatchObject({
      ok: false,
      message: M.requiredVin,
      fieldErrors: { "lines.0.note": ["Note is required."] },
    });
    const empty = { relatedInvoice: "", unitNumber: "", amount: "", po: "", note: "" };
    const second = validateCreditMemo({ ...body, lines: [empty, { ...line, amount: "0" }] });
    expect(second).toMatchObject({ ok: false, message: M.amount, fieldErrors: { "lines.1.amount": [M.amount] } });
    expect(validateCreditMemo({ ...body, lines: [line, empty] })).toMatchObject({ ok: true });
  });

  it("refuses bad fields with their own messages", () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ companyCode: "123456" }, "companyCode", M.companyCode],
      [{ creditMemoDate: "2026-02-30" }, "creditMemoDate", M.date],
      [{ creditMemoType: "XX" }, "creditMemoType", M.type],
      [
        { lines: [{ ...line, unitNumber: "TOO-LONG-1" }] },
        "lines.0.unitNumber",
        "Unit Number may be at most 8 characters.",
      ],
      [{ lines: [{ ...line, unitNumber: "T 44/2" }] }, "lines.0.unitNumber", M.unitNumber],
      [{ lines: [{ ...line, amount: "12.345" }] }, "lines.0.amount", M.amount],
      [{ lines: [{ ...line, amount: -5 }] }, "lines.0.amount", M.amount],
      [{ creditMemoNotes: "a\u0000b" }, "creditMemoNotes", M.notText("Notes")],
      [{ invoiceClaim: 12 }, "invoiceClaim", ""],
    ];
    for (const [change, field, message] of cases) {
      const result = validateCreditMemo({ ...body, ...change });
      if (field === "invoiceClaim") {
        expect(result.ok, field).toBe(true);
        continue;
      }
      expect(result.ok, JSON.stringify(change)).toBe(false);
      expect(!result.ok && result.fieldErrors[field], JSON.stringify(change)).toEqual([message]);
    }
    expect(validateCreditMemo([1, 2])).toMatchObject({ ok: false, message: M.required });
    expect(validateCreditMemo({ ...body, lines: "x" })).toMatchObject({ ok: false, message: M.requiredVin });
    expect(validateCreditMemo({ ...body, lines: Array.from({ length: 51 }, () => line) })).toMatchObject({
      ok: false,
      message: M.tooManyLines,
    });
  });

  it("reads a form's repeated line fields as lines, and redraws them after Add line and Remove", () => {
    const fields = {
      companyCode: "42",
      "line.relatedInvoice": ["INV-1", "INV-2"],
      "line.unitNumber": ["A1", "B2"],
      "line.amount": ["1", "2"],
      "line.po": ["", ""],
      "line.note": ["n1", "n2"],
    };
    expect(linesFromForm(fields)).toEqual([
      { relatedInvoice: "INV-1", unitNumber: "A1", amount: "1", po: "", note: "n1" },
      { relatedInvoice: "INV-2", unitNumber: "B2", amount: "2", po: "", note: "n2" },
    ]);
    expect(creditMemoBodyOfForm({ ...fields, "line.note": "only" })).toMatchObject({
      companyCode: "42",
      lines: [{ note: "only" }, { note: "" }],
    });
    expect(linesAfterStep(fields, "add")).toHaveLength(3);
    expect(linesAfterStep({ ...fields, removeLine: "0" }, "remove")).toEqual([
      { relatedInvoice: "INV-2", unitNumber: "B2", amount: "2", po: "", note: "n2" },
    ]);
    expect(linesAfterStep({}, null)).toEqual([{ relatedInvoice: "", unitNumber: "", amount: "", po: "", note: "" }]);
  });

  it("lets accounts receivable's staff create memos, not its read-only readers", () => {
    expect(mayCreateCreditMemos(permissionIdsNamed(["accounts-receivable"]))).toBe(true);
    expect(mayCreateCreditMemos(permissionIdsNamed(["credit-memos"]))).toBe(true);
    expect(mayCreateCreditMemos(permissionIdsNamed(["credit-memo-approve"]))).toBe(true);
    expect(mayCreateCreditMemos(permissionIdsNamed(["restricted"]))).toBe(true);
    expect(mayCreateCreditMemos(permissionIdsNamed(["ar-read-only"]))).toBe(false);
    expect(mayCreateCreditMemos(permissionIdsNamed(["onboarding"]))).toBe(false);
  });
});
