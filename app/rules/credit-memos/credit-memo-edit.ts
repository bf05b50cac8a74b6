// Editing credit memos (ADR 048): the memo dialog creditMemoEdit with action Create (the
// memo's fields and lines, PUT /api/credit-memo/edit-memo) or Apply (its applications, PUT
// /api/credit-memo/edit-applied-memo). One validation for the dialog, its form action and the JSON API; the
// money rules of an edit; the messages. Pure and free of zod (the dialog runs it in the browser; ADR 028).
import { isBlankValue, isCalendarDate } from "../edit-fields.ts";
import { CREDIT_MEMO_APPLY_MESSAGES } from "./credit-memo-apply.ts";
import { type CreditMemoInput, creditMemoBodyOfForm, validateCreditMemo } from "./credit-memo-create.ts";
import {
  type Cents,
  formatCents,
  isAppliedDateAllowed,
  isAppliedDateInFuture,
  MIN_APPLIED_CENTS,
  parseCents,
} from "./money.ts";

export const CREDIT_MEMO_EDIT_MESSAGES = {
  /** the error catalogue: an edit's failure (action Create). */
  required: "Error, please verify you have filled out all required fields and try again.",
  /** the error catalogue: an edit's failure with action Apply: the same with 'there are no duplicates'. */
  requiredApplied:
    "Error, please verify you have filled out all required fields and there are no duplicates and try again.",
  edited: "Credit Memo edited successfully!",
  forbidden: "You do not have permission to edit credit memos.",
  notFound: "That credit memo does not exist.",
  memoId: "creditMemoID must be the memo's id.",
  version: "The version the edit was made from is missing.",
  stale: "This credit memo was changed by someone else after you opened it. Your changes were not saved.",
  isVoid: "A void credit memo cannot be edited.",
  notApproved: "Only an approved credit memo has applied credit to edit.",
  belowApplied: (applied: Cents) =>
    `The lines' total cannot be less than the credit already applied (${formatCents(applied)}).`,
  aboveApproved: (approved: Cents) =>
    `An approved credit memo's total cannot be raised above ${formatCents(approved)}; create a new memo for more credit.`,
  overOriginal: (limit: Cents) =>
    `The total applied cannot be greater than the original applied sum plus the available credit (${formatCents(limit)}).`,
  duplicateInvoice: "Each invoice may be applied once in this edit.",
  unknownInvoice: (invoice: string) => `This credit memo has no application to invoice ${invoice}.`,
  removedAndEdited: (invoice: string) => `Invoice ${invoice} cannot be both edited and removed.`,
  nothingToEdit: "Edit or remove at least one application.",
  companyFixed:
    "The company of a credit memo with applied credit cannot change; remove its applications first, or create a memo for the other company.",
  tooManyLines: "At most 50 applications can be edited at once.",
} as const;

/** The memo and the version every edit names. */
interface EditEnvelope {
  creditMemoId: number;
  version: number;
}

export type CreditMemoEditInput = EditEnvelope & { memo: CreditMemoInput };

export interface AppliedEditLine {
  /** The invoice of the applications this line replaces. */
  originalInvoice: string;
  invoice: string;
  /** YYYY-MM-DD, or null: keep the original's date. */
  appliedDate: string | null;
  amountCents: Cents;
  note: string;
  override: boolean;
}

export type AppliedEditInput = EditEnvelope & {
  lines: AppliedEditLine[];
  /** Invoices whose applications the edit removes. */
  removedInvoices: string[];
};

type Refused = { ok: false; message: string; fieldErrors: Record<string, string[]> };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A whole number from 1, from JSON (number) or a form (digits only). */
function positiveWhole(raw: unknown): number | null {
  const text = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw.trim() : "";
  return /^[1-9]\d{0,9}$/.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : null;
}

function readEnvelope(body: Record<string, unknown>, errors: Record<string, string[]>): EditEnvelope | null {
  const creditMemoId = positiveWhole(body.creditMemoID);
  const version = positiveWhole(body.version);
  if (creditMemoId === null) errors.creditMemoID = [CREDIT_MEMO_EDIT_MESSAGES.memoId];
  if (version === null) errors.version = [CREDIT_MEMO_EDIT_MESSAGES.version];
  return creditMemoId === null || version === null ? null : { creditMemoId, version };
}

/**
 * An edit of a memo's fields and lines (action Create): the create's rules (required fields, the VIN
 * variant, each field's limits) plus creditMemoID and version. Its refusals answer the create's messages,
 * which are the error catalogue's required-fields error and its VIN variant.
 */
export function validateCreditMemoEdit(body: unknown): { ok: true; edit: CreditMemoEditInput } | Refused {
  if (!isObject(body)) return { ok: false, message: CREDIT_MEMO_EDIT_MESSAGES.required, fieldErrors: {} };
  const errors: Record<string, string[]> = {};
  const envelope = readEnvelope(body, errors);
  const memo = validateCreditMemo(body);
  if (!memo.ok) return { ok: false, message: memo.message, fieldErrors: { ...errors, ...memo.fieldErrors } };
  if (!envelope) return { ok: false, message: Object.values(errors)[0]![0]!, fieldErrors: errors };
  return { ok: true, edit: { ...envelope, memo: memo.memo } };
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

function text(raw: unknown, max: number): string | null | false {
  if (isBlankValue(raw)) return null;
  if (typeof raw !== "string" && typeof raw !== "number") return false;
  const value = String(raw).trim();
  return value.length > max || CONTROL.test(value) ? false : value;
}

/** A line's field key for its messages: `lines.0.AppliedAmount`. */
export const appliedEditKey = (index: number, field: string) => `lines.${index}.${field}`;

export const MAX_APPLIED_EDIT_LINES = 50;

/**
 * An edit of a memo's applications (action Apply): `{ creditMemoID, version, appliedDate?, removedInvoices,
 * lines: [{ originalInvoice, Invoice, AppliedDate?, AppliedAmount, AppliedNote, InvoiceOverride? }] }`. A
 * blank required field, an invoice named twice (the error catalogue's 'there are no duplicates') or both edited and removed
 * answer the error catalogue's message with the field's own. `originals` is each original invoice's applied date
 * (YYYY-MM-DD): an unchanged date stays allowed however old, a changed one must be at most 45 days old.
 */
export function validateAppliedEdit(
  body: unknown,
  today: string,
  originals: ReadonlyMap<string, string> = new Map(),
): { ok: true; edit: AppliedEditInput } | Refused {
  const M = CREDIT_MEMO_EDIT_MESSAGES;
  const A = CREDIT_MEMO_APPLY_MESSAGES;
  if (!isObject(body)) return { ok: false, message: M.requiredApplied, fieldErrors: {} };
  const errors: Record<string, string[]> = {};
  const add = (key: string, message: string) => (errors[key] ??= []).push(message);
  const envelope = readEnvelope(body, errors);
  const defaultDate = text(body.appliedDate, 10);
  if (defaultDate === false || (typeof defaultDate === "string" && !isCalendarDate(defaultDate)))
    add("appliedDate", A.appliedDate);
  const removedRaw = body.removedInvoices === undefined ? [] : body.removedInvoices;
  const removed: string[] = [];
  if (!Array.isArray(removedRaw)) add("removedInvoices", M.requiredApplied);
  else {
    for (const entry of removedRaw) {
      const invoice = text(entry, 40);
      if (invoice === null) continue;
      if (invoice === false) add("removedInvoices", M.requiredApplied);
      else if (removed.includes(invoice)) add("removedInvoices", M.duplicateInvoice);
      else removed.push(invoice);
    }
  }
  const raw = body.lines === undefined ? [] : body.lines;
  if (!Array.isArray(raw)) add("lines", M.requiredApplied);
  const given = Array.isArray(raw) ? raw : [];
  if (given.length > MAX_APPLIED_EDIT_LINES) add("lines", M.tooManyLines);
  let missing = false;
  let duplicate = false;
  const lines: AppliedEditLine[] = [];
  const seenOriginal = new Set<string>();
  const seenInvoice = new Set<string>();
  given.slice(0, MAX_APPLIED_EDIT_LINES).forEach((line: unknown, index) => {
    const key = (field: string) => appliedEditKey(index, field);
    if (!isObject(line)) {
      missing = true;
      add(key("Invoice"), M.requiredApplied);
      return;
    }
    const original = text(line.originalInvoice, 40);
    const invoice = text(line.Invoice, 40);
    const note = text(line.AppliedNote, 500);
    if (!original) {
      missing = true;
      add(key("originalInvoice"), M.requiredApplied);
    }
    if (!invoice) {
      if (invoice === null) missing = true;
      add(key("Invoice"), A.required);
    }
    if (!note) {
      if (note === null) missing = true;
      add(key("AppliedNote"), A.required);
    }
    let amountCents: Cents | null = null;
    if (isBlankValue(line.AppliedAmount)) {
      missing = true;
      add(key("AppliedAmount"), A.required);
    } else {
      amountCents = parseCents(line.AppliedAmount);
      if (amountCents === null || amountCents < MIN_APPLIED_CENTS) {
        amountCents = null;
        add(key("AppliedAmount"), A.amount);
      }
    }
    const ownDate = text(line.AppliedDate, 10);
    const date = ownDate === null ? (typeof defaultDate === "string" ? defaultDate : null) : ownDate;
    if (date === false || (date !== null && !isCalendarDate(date))) add(key("AppliedDate"), A.appliedDate);
    else if (date !== null && original && date !== originals.get(original)) {
      // An unchanged date stays as it was; a new one is held to the apply's rules.
      if (!isAppliedDateAllowed(date, today)) add(key("AppliedDate"), A.appliedDateOld);
      else if (isAppliedDateInFuture(date, today)) add(key("AppliedDate"), A.appliedDateFuture);
    }
    if (original) {
      if (seenOriginal.has(original)) {
        duplicate = true;
        add(key("originalInvoice"), M.duplicateInvoice);
      }
      seenOriginal.add(original);
      if (removed.includes(original)) add(key("originalInvoice"), M.removedAndEdited(original));
    }
    if (invoice) {
      if (seenInvoice.has(invoice)) {
        duplicate = true;
        add(key("Invoice"), M.duplicateInvoice);
      }
      seenInvoice.add(invoice);
    }
    const override = line.InvoiceOverride === 1 || line.InvoiceOverride === "1" || line.InvoiceOverride === true;
    if (original && invoice && note && amountCents !== null && date !== false) {
      lines.push({
        originalInvoice: original,
        invoice,
        appliedDate: typeof date === "string" && isCalendarDate(date) ? date : null,
        amountCents,
        note,
        override,
      });
    }
  });
  if (!errors.lines && !errors.removedInvoices && given.length === 0 && removed.length === 0)
    add("lines", M.nothingToEdit);
  const first = Object.values(errors)[0]?.[0];
  if (missing || duplicate) return { ok: false, message: M.requiredApplied, fieldErrors: errors };
  if (first || !envelope) return { ok: false, message: first ?? M.requiredApplied, fieldErrors: errors };
  return { ok: true, edit: { ...envelope, lines, removedInvoices: removed } };
}

/**
 * The money rule of an edit of the memo's lines: never below what is already applied (the memo would owe
 * credit), and once approved never above the approved total (more credit needs an approval: a new memo).
 * Null when the new total fits.
 */
export function memoTotalRefusal(
  status: "PENDING" | "APPROVED",
  newTotal: Cents,
  currentTotal: Cents,
  applied: Cents,
): string | null {
  if (newTotal < applied) return CREDIT_MEMO_EDIT_MESSAGES.belowApplied(applied);
  if (status === "APPROVED" && newTotal > currentTotal) return CREDIT_MEMO_EDIT_MESSAGES.aboveApproved(currentTotal);
  return null;
}

/**
 * the edit rule for action Apply: the edited applications' total may not exceed what they applied before (the
 * original applied sum) plus the memo's available credit. Null when it fits.
 */
export function appliedTotalRefusal(newTotal: Cents, originalApplied: Cents, available: Cents): string | null {
  const limit = originalApplied + available;
  return newTotal > limit ? CREDIT_MEMO_EDIT_MESSAGES.overOriginal(limit) : null;
}

// ---------------------------------------------------------------------------------------------
// The dialog (creditMemoEdit with an action)

export const CREDIT_MEMO_EDIT_INTENT = "credit-memo-edit";
export const CREDIT_MEMO_EDIT_APPLIED_INTENT = "credit-memo-edit-applied";
export const CREDIT_MEMO_EDIT_API_PATH = "/api/credit-memo/edit-memo";
export const CREDIT_MEMO_EDIT_APPLIED_API_PATH = "/api/credit-memo/edit-applied-memo";
/** `notice=edited` / `notice=applied` on the memo dialog's URL: it says so for 5 s. */
export const EDITED_NOTICE = "edited";
export const APPLIED_NOTICE = "applied";
/** Without JavaScript an application's Remove is a checkbox naming its original invoice. */
export const REMOVED_INVOICE_FIELD = "removedInvoices";

/** The editable actions of creditMemoEdit; anything else shows the memo read-only. */
export type CreditMemoEditAction = "Create" | "Apply";
export const readEditAction = (raw: string | null | undefined): CreditMemoEditAction | null =>
  raw === "Create" || raw === "Apply" ? raw : null;

/** Why the action cannot edit this memo now (shown read-only instead), or null. */
export function editBlock(action: CreditMemoEditAction, status: "PENDING" | "APPROVED" | "VOID", applications: number) {
  if (status === "VOID") return CREDIT_MEMO_EDIT_MESSAGES.isVoid;
  if (action === "Apply" && (status !== "APPROVED" || applications === 0)) return CREDIT_MEMO_EDIT_MESSAGES.notApproved;
  return null;
}

const listOf = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
export const APPLIED_EDIT_FIELDS = [
  "originalInvoice",
  "Invoice",
  "AppliedDate",
  "AppliedAmount",
  "AppliedNote",
] as const;
export const appliedEditFormName = (field: (typeof APPLIED_EDIT_FIELDS)[number]) => `line.${field}`;

/** A posted edit-applied form as the API's body: the removed invoices' lines are left out. */
export function appliedEditBodyOfForm(fields: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const columns = APPLIED_EDIT_FIELDS.map((field) => [field, listOf(fields[appliedEditFormName(field)])] as const);
  const count = Math.max(0, ...columns.map(([, values]) => values.length));
  const removed = listOf(fields[REMOVED_INVOICE_FIELD]).filter((value) => typeof value === "string" && value !== "");
  const lines = Array.from({ length: count }, (_, index) =>
    Object.fromEntries(columns.map(([field, values]) => [field, values[index] ?? ""])),
  ).filter((line) => !removed.includes(line.originalInvoice));
  return { creditMemoID: fields.creditMemoID, version: fields.version, removedInvoices: removed, lines };
}

/** Without JavaScript a line's Remove is a checkbox naming its index: the line is left out of the save. */
export const DROP_LINE_FIELD = "dropLine";

/** A posted edit form (action Create) as the API's body: the memo's fields and the lines not removed. */
export function memoEditBodyOfForm(fields: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const body = creditMemoBodyOfForm(fields);
  const dropped = new Set(listOf(fields[DROP_LINE_FIELD]).map((value) => Number(value)));
  const lines = (body.lines as Record<string, unknown>[]).filter((_, index) => !dropped.has(index));
  return { ...body, lines, creditMemoID: fields.creditMemoID, version: fields.version };
}
