// Creating a credit memo (ADR 040): the fields and lines with their limits, the one validation
// the dialog, the form action and POST /api/credit-memo/create-new share, the messages, who may create,
// and the dialog's definition. Pure and free of zod (the dialog runs it in the browser; ADR 028).
import { mayCreateCreditMemos } from "./credit-memo-access.ts";
import { defineBoardDialog } from "../dialogs/board-dialog.ts";
import { postedFields } from "../dialogs/posted-fields.ts";
import { isCalendarDate, isBlankValue } from "../edit-fields.ts";
import { isCompanyCode, padCompanyCode, UNIT_NUMBER_LENGTH } from "../masks.ts";
import {
  type Cents,
  centsToDecimal,
  formatCents,
  MAX_CREDIT_LINE_CENTS,
  MAX_CREDIT_MEMO_CENTS,
  parseCents,
} from "./money.ts";

export const CREDIT_MEMO_CREATE_MESSAGES = {
  required: "Error, please verify you have filled out all required fields and try again.",
  requiredVin: "Error, please verify you have filled out all required VIN fields and try again.",
  duplicate: "Invoice/Claim # already exists. Please verify it is not a duplicate.",
  failed: "Error, creating credit memo failed. Check for possible duplicate credit memo.",
  created: "Credit Memo created successfully!",
  companyCode: "Company Number must be up to 5 digits.",
  companyUnknown: "No company has that company number.",
  date: "Date must be a date (YYYY-MM-DD).",
  type: "Type must be one of OP, CR, ADJ.",
  amount: `Amount must be a dollar amount from 0.01 to ${formatCents(MAX_CREDIT_LINE_CENTS).slice(1)}.`,
  memoTotal: `A credit memo's lines may total at most ${formatCents(MAX_CREDIT_MEMO_CENTS)}.`,
  unitNumber: `Unit Number must be up to ${UNIT_NUMBER_LENGTH} letters, digits or hyphens.`,
  tooLong: (label: string, max: number) => `${label} may be at most ${max} characters.`,
  notText: (label: string) => `${label} must be text.`,
  fieldRequired: (label: string) => `${label} is required.`,
  tooManyLines: "A credit memo may have at most 50 lines.",
  forbidden: "You do not have permission to create credit memos.",
} as const;

/** Success messages clear after 5 s, errors after 6 s. */
export const CREDIT_MEMO_SUCCESS_MS = 5_000;
export const CREDIT_MEMO_ERROR_MS = 6_000;

export const CREDIT_MEMO_TYPES = [
  { value: "OP", label: "OP - Overpayment" },
  { value: "CR", label: "CR - Credit" },
  { value: "ADJ", label: "ADJ - Adjustment" },
] as const;
export type CreditMemoType = (typeof CREDIT_MEMO_TYPES)[number]["value"];
export const DEFAULT_CREDIT_MEMO_TYPE: CreditMemoType = "OP";

/** Sources the dialog offers (free text up to 60 characters is accepted too). */
export const CREDIT_MEMO_SOURCES = [
  "Billing Error",
  "Early Return",
  "Rate Adjustment",
  "Damage Waiver",
  "Goodwill",
  "Duplicate Billing",
] as const;

export { mayCreateCreditMemos };

export const MAX_CREDIT_MEMO_LINES = 50;

/** The memo's own fields: body name, label, required, longest text. */
export const CREDIT_MEMO_FIELDS = [
  { name: "companyCode", label: "Company Number", required: true, maxLength: 10 },
  { name: "invoiceClaim", label: "Invoice/Claim #", required: true, maxLength: 40 },
  { name: "creditMemoDate", label: "Date", required: true, maxLength: 10 },
  { name: "creditMemoType", label: "Type", required: true, maxLength: 10 },
  { name: "creditMemoSource", label: "Source", required: true, maxLength: 60 },
  { name: "creditMemoDescription", label: "Description", required: true, maxLength: 1000 },
  { name: "creditMemoNotes", label: "Notes", required: false, maxLength: 2000 },
] as const;
export type CreditMemoFieldName = (typeof CREDIT_MEMO_FIELDS)[number]["name"];

/** A line's fields. */
export const CREDIT_MEMO_LINE_FIELDS = [
  { name: "relatedInvoice", label: "Related Invoice", required: true, maxLength: 40 },
  { name: "unitNumber", label: "Unit Number", required: true, maxLength: UNIT_NUMBER_LENGTH },
  { name: "amount", label: "Amount", required: true, maxLength: 20 },
  { name: "po", label: "PO", required: false, maxLength: 35 },
  { name: "note", label: "Note", required: true, maxLength: 500 },
] as const;
export type CreditMemoLineFieldName = (typeof CREDIT_MEMO_LINE_FIELDS)[number]["name"];

/** A line's form field name: the form repeats it once per line (`line.amount`). */
export const lineFormName = (name: CreditMemoLineFieldName) => `line.${name}`;
/** The key of a line field's messages: `lines.0.amount`. */
export const lineErrorKey = (index: number, name: CreditMemoLineFieldName) => `lines.${index}.${name}`;

export interface CreditMemoLineInput {
  relatedInvoice: string;
  unitNumber: string;
  amountCents: Cents;
  po: string | null;
  note: string;
}

export interface CreditMemoInput {
  companyCode: string;
  invoiceClaim: string;
  /** YYYY-MM-DD */
  memoDate: string;
  memoType: CreditMemoType;
  source: string;
  description: string;
  notes: string | null;
  lines: CreditMemoLineInput[];
}

export type CreditMemoValidation =
  { ok: true; memo: CreditMemoInput } | { ok: false; message: string; fieldErrors: Record<string, string[]> };

// NUL and other control characters cannot be stored in a text column (tabs and line breaks can).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

type Read = { ok: true; value: string | null } | { ok: false; message: string };

/** Text of at most `max` characters, trimmed; blank is null. */
function readText(raw: unknown, label: string, max: number): Read {
  if (isBlankValue(raw)) return { ok: true, value: null };
  if (typeof raw !== "string" && typeof raw !== "number") {
    return { ok: false, message: CREDIT_MEMO_CREATE_MESSAGES.notText(label) };
  }
  const text = String(raw).trim();
  if (CONTROL.test(text)) return { ok: false, message: CREDIT_MEMO_CREATE_MESSAGES.notText(label) };
  if (text.length > max) return { ok: false, message: CREDIT_MEMO_CREATE_MESSAGES.tooLong(label, max) };
  return { ok: true, value: text };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const listOf = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/**
 * The lines of a posted form: each `line.<field>` is repeated once per line, in order, so the n-th values
 * make the n-th line. A form with no line fields has no lines.
 */
export function linesFromForm(fields: Readonly<Record<string, unknown>>): Record<string, unknown>[] {
  const columns = CREDIT_MEMO_LINE_FIELDS.map(
    (entry) => [entry.name, listOf(fields[lineFormName(entry.name)])] as const,
  );
  const count = Math.max(0, ...columns.map(([, values]) => values.length));
  return Array.from({ length: count }, (_, index) =>
    Object.fromEntries(columns.map(([name, values]) => [name, values[index] ?? ""])),
  );
}

/** A form's fields as the API's body: the memo's fields, and `lines` from the repeated line fields. */
export function creditMemoBodyOfForm(fields: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const entry of CREDIT_MEMO_FIELDS) body[entry.name] = fields[entry.name];
  body.lines = linesFromForm(fields);
  return body;
}

/** A line is blank when the person typed nothing in it: the form's empty row, left alone. */
export function isBlankLine(line: Readonly<Record<string, unknown>>): boolean {
  return CREDIT_MEMO_LINE_FIELDS.every((entry) => isBlankValue(line[entry.name]));
}

/**
 * Reads a memo from a body (the API's JSON, or a form through creditMemoBodyOfForm). A blank required
 * field of the memo answers the required-fields message; a blank line field, or no line at all, the VIN
 * variant; anything else its field's message. Blank lines are left out. Field messages are keyed by the
 * body's names, a line's as `lines.<index>.<field>`.
 */
export function validateCreditMemo(body: unknown): CreditMemoValidation {
  const M = CREDIT_MEMO_CREATE_MESSAGES;
  if (!isObject(body)) return { ok: false, message: M.required, fieldErrors: {} };
  const errors: Record<string, string[]> = {};
  const add = (key: string, message: string) => (errors[key] ??= []).push(message);
  let missing = false;
  let missingLine = false;
  const values: Partial<Record<CreditMemoFieldName, string | null>> = {};
  for (const entry of CREDIT_MEMO_FIELDS) {
    const read = readText(body[entry.name], entry.label, entry.maxLength);
    if (!read.ok) add(entry.name, read.message);
    else if (read.value === null && entry.required && entry.name !== "creditMemoType") {
      missing = true;
      add(entry.name, M.fieldRequired(entry.label));
    } else values[entry.name] = read.value;
  }
  let companyCode = values.companyCode ?? null;
  if (companyCode !== null) {
    companyCode = /^\d{1,5}$/.test(companyCode) ? padCompanyCode(companyCode) : null;
    if (companyCode === null || !isCompanyCode(companyCode)) add("companyCode", M.companyCode);
  }
  const date = values.creditMemoDate ?? null;
  if (date !== null && !isCalendarDate(date)) add("creditMemoDate", M.date);
  const typeText = (values.creditMemoType ?? DEFAULT_CREDIT_MEMO_TYPE).toUpperCase();
  const memoType = CREDIT_MEMO_TYPES.find((type) => type.value === typeText)?.value;
  if (!memoType && !errors.creditMemoType) add("creditMemoType", M.type);

  const rawLines = body.lines;
  const lines: CreditMemoLineInput[] = [];
  if (rawLines !== undefined && !Array.isArray(rawLines)) add("lines", M.requiredVin);
  // Blank lines (a form's untouched row) are left out; the others keep their index for their messages.
  const given = (Array.isArray(rawLines) ? rawLines : [])
    .map((line, index) => ({ line: line as unknown, index }))
    .filter(({ line }) => !(isObject(line) && isBlankLine(line)));
  if (given.length > MAX_CREDIT_MEMO_LINES) add("lines", M.tooManyLines);
  if (given.length === 0) {
    missingLine = true;
    add("lines", M.requiredVin);
  }
  given.slice(0, MAX_CREDIT_MEMO_LINES).forEach(({ line, index }) => {
    if (!isObject(line)) {
      missingLine = true;
      add(lineErrorKey(index, "relatedInvoice"), M.requiredVin);
      return;
    }
    const read: Partial<Record<CreditMemoLineFieldName, string | null>> = {};
    for (const entry of CREDIT_MEMO_LINE_FIELDS) {
      const key = lineErrorKey(index, entry.name);
      const raw = line[entry.name];
      if (entry.name === "amount" && typeof raw === "number") {
        read.amount = String(raw);
        continue;
      }
      const text = readText(raw, entry.label, entry.maxLength);
      if (!text.ok) add(key, text.message);
      else if (text.value === null && entry.required) {
        missingLine = true;
        add(key, M.fieldRequired(entry.label));
      } else read[entry.name] = text.value;
    }
    const unitNumber = read.unitNumber ? read.unitNumber.replace(/\s/g, "").toUpperCase() : null;
    // Fleet unit numbers carry hyphens (H26-0007), as the other unit fields accept (ADR 048).
    if (read.unitNumber && !/^[A-Z0-9-]{1,8}$/.test(unitNumber ?? ""))
      add(lineErrorKey(index, "unitNumber"), M.unitNumber);
    let amountCents: Cents | null = null;
    if (read.amount) {
      amountCents = parseCents(typeof line.amount === "number" ? line.amount : read.amount);
      if (amountCents === null || amountCents < 1 || amountCents > MAX_CREDIT_LINE_CENTS)
        add(lineErrorKey(index, "amount"), M.amount);
    }
    if (
      read.relatedInvoice &&
      unitNumber &&
      amountCents !== null &&
      amountCents >= 1 &&
      amountCents <= MAX_CREDIT_LINE_CENTS &&
      read.note
    ) {
      lines.push({
        relatedInvoice: read.relatedInvoice,
        unitNumber,
        amountCents,
        po: read.po ?? null,
        note: read.note,
      });
    }
  });

  if (linesTotal(lines) > MAX_CREDIT_MEMO_CENTS) add("lines", M.memoTotal);
  if (missing) return { ok: false, message: M.required, fieldErrors: errors };
  if (missingLine) return { ok: false, message: M.requiredVin, fieldErrors: errors };
  const first = Object.values(errors)[0]?.[0];
  if (first || !companyCode || !date || !memoType)
    return { ok: false, message: first ?? M.required, fieldErrors: errors };
  return {
    ok: true,
    memo: {
      companyCode,
      invoiceClaim: values.invoiceClaim!,
      memoDate: date,
      memoType,
      source: values.creditMemoSource!,
      description: values.creditMemoDescription!,
      notes: values.creditMemoNotes ?? null,
      lines,
    },
  };
}

/** The total of a memo's lines, in cents. */
export const linesTotal = (lines: readonly Pick<CreditMemoLineInput, "amountCents">[]): Cents =>
  lines.reduce((sum, line) => sum + line.amountCents, 0);

/** A line's amount as the column takes it. */
export const lineAmountDecimal = (line: Pick<CreditMemoLineInput, "amountCents">) => centsToDecimal(line.amountCents);

// ---------------------------------------------------------------------------------------------
// The dialog

export const CREDIT_MEMO_CREATE_INTENT = "credit-memo-create";
/** Without JavaScript: check the invoice/claim number, or add a line (the dialog comes back, nothing saved). */
export const CREDIT_MEMO_CHECK_INTENT = "credit-memo-check-claim";
export const CREDIT_MEMO_ADD_LINE_INTENT = "credit-memo-add-line";
/**
 * Without JavaScript a line's Remove is a submit button of the create form naming this field with the line's
 * index: the dialog comes back without that line, nothing saved (as the vendor dialog's Confirm, ADR 035).
 */
export const REMOVE_LINE_FIELD = "removeLine";

export const CREDIT_MEMO_CREATE_API_PATH = "/api/credit-memo/create-new";
export const CREDIT_MEMO_CHECK_API_PATH = "/api/credit-memo/check-invoice-claim";
/** What the check says of a number no memo uses (without JavaScript, after Check). */
export const INVOICE_CLAIM_FREE = "No credit memo uses this Invoice/Claim # yet.";
export const LINE_ADDED = "Line added.";
export const LINE_REMOVED = "Line removed.";

/**
 * The lines a form shows again after a step without JavaScript: the submitted ones, less the one removed,
 * plus a blank one after Add line; at least one.
 */
export function linesAfterStep(
  values: Readonly<Record<string, unknown>>,
  step: "add" | "remove" | null,
): Record<string, string>[] {
  const lines = linesFromForm(values).map((line) =>
    Object.fromEntries(Object.entries(line).map(([key, value]) => [key, typeof value === "string" ? value : ""])),
  );
  const removed = step === "remove" ? Number(values[REMOVE_LINE_FIELD]) : NaN;
  const kept = Number.isInteger(removed) ? lines.filter((_, index) => index !== removed) : lines;
  if (step === "add" || kept.length === 0) kept.push(blankLine());
  return kept;
}

/** An empty line of the form. */
export const blankLine = (): Record<string, string> =>
  Object.fromEntries(CREDIT_MEMO_LINE_FIELDS.map((entry) => [entry.name, ""]));

/** What the check answers: the memos already filed under the number (empty: none; non-empty: a duplicate). */
export interface InvoiceClaimMatch {
  CreditMemoID: number;
  InvoiceClaim: string;
  CompanyCode: string;
  Status: string;
}

export interface CreditMemoCreateDialogData {
  /** Today (YYYY-MM-DD), the date's default. */
  today: string;
  mayCreate: boolean;
}

export const CREDIT_MEMO_CREATE_DIALOG = defineBoardDialog<CreditMemoCreateDialogData>()({
  name: "creditMemoCreate",
  feature: null,
  intents: {
    [CREDIT_MEMO_CREATE_INTENT]: postedFields,
    [CREDIT_MEMO_CHECK_INTENT]: postedFields,
    [CREDIT_MEMO_ADD_LINE_INTENT]: postedFields,
  },
});
