// Applying credit memos to invoices (ADR 040): the applied lines with their rules (a CM, an
// invoice, an amount of at least 0.01 within the CM's credit, a note, an applied date at most 45 days
// old), the messages, and which invoice conditions the server answers 404, 406 or 417 (the override flow).
// Pure and free of zod (ADR 028).
import { defineBoardDialog } from "../dialogs/board-dialog.ts";
import { postedFields } from "../dialogs/posted-fields.ts";
import { isCalendarDate, isBlankValue } from "../edit-fields.ts";
import { isCompanyCode, padCompanyCode } from "../masks.ts";
import {
  type Cents,
  formatCents,
  isAppliedDateAllowed,
  isAppliedDateInFuture,
  MIN_APPLIED_CENTS,
  parseCents,
} from "./money.ts";

export const CREDIT_MEMO_APPLY_MESSAGES = {
  required: "Error, please verify you have filled out all required fields and try again.",
  overAvailable: "Error, Amount cannot be greater than available credit.",
  totalOver: (creditMemoId: number) =>
    `Total Amounts used cannot be greater than what is available in CM# ${creditMemoId}.`,
  appliedDateOld: "Applied Date cannot be more than 45 days ago.",
  appliedDateFuture: "Applied Date cannot be in the future.",
  appliedDate: "Applied Date must be a date (YYYY-MM-DD).",
  amount: "Amount must be a dollar amount of at least 0.01.",
  noCredits: "Error, company number does not have any approved credits available.",
  companyCode: "Company Number must be up to 5 digits.",
  notThisCompany: (creditMemoId: number) => `CM# ${creditMemoId} is not an approved credit of this company.`,
  invoiceNotFound: (invoice: string) => `Invoice ${invoice} was not found`,
  invoiceOtherCompany: (invoice: string) => `Invoice ${invoice} belongs to another company`,
  invoicePaid: (invoice: string) => `Invoice ${invoice} is already paid`,
  invoiceOverBalance: (invoice: string, balance: Cents) => `Invoice ${invoice} has only ${formatCents(balance)} open`,
  invoiceChanged: "An invoice changed while the credit was applied; nothing was applied. Please try again.",
  noLongerAvailable: (creditMemoId: number, available: Cents) =>
    `CM# ${creditMemoId} no longer has that credit available (${formatCents(available)} left).`,
  applied: "Credit Memo applied successfully!",
  forbidden: "You do not have permission to apply credit memos.",
  tooManyLines: "At most 50 lines can be applied at once.",
  /** What the dialog adds to a 404's and a 406's message (the override question). */
  askNotFound: ", would you like to continue applying this invoice anyway?",
  askOther: ", would you like to apply this Credit to this invoice anyway?",
} as const;

export const MAX_APPLIED_LINES = 50;

export interface AppliedLineInput {
  creditMemoId: number;
  invoice: string;
  /** YYYY-MM-DD */
  appliedDate: string;
  amountCents: Cents;
  note: string;
  override: boolean;
}

export interface ApplyInput {
  companyCode: string;
  lines: AppliedLineInput[];
}

export type ApplyValidation =
  { ok: true; apply: ApplyInput } | { ok: false; message: string; fieldErrors: Record<string, string[]> };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

function text(raw: unknown, max: number): string | null | false {
  if (isBlankValue(raw)) return null;
  if (typeof raw !== "string" && typeof raw !== "number") return false;
  const value = String(raw).trim();
  return value.length > max || CONTROL.test(value) ? false : value;
}

/** A line's field key for its messages: `lines.0.AppliedAmount`. */
export const appliedLineKey = (index: number, field: string) => `lines.${index}.${field}`;

/**
 * Reads an application body: `{ CompanyCode, lines: [{ CMID, Invoice, AppliedDate, AppliedAmount,
 * AppliedNote, InvoiceOverride }] }`. A blank required field answers the required-fields message; a bad
 * amount, an old date or a bad field its own. `today` is YYYY-MM-DD (the 45-day rule).
 */
export function validateApply(body: unknown, today: string): ApplyValidation {
  const M = CREDIT_MEMO_APPLY_MESSAGES;
  if (!isObject(body)) return { ok: false, message: M.required, fieldErrors: {} };
  const errors: Record<string, string[]> = {};
  const add = (key: string, message: string) => (errors[key] ??= []).push(message);
  let missing = false;
  const code = text(body.CompanyCode, 10);
  let companyCode: string | null = null;
  if (code === null) {
    missing = true;
    add("CompanyCode", M.required);
  } else if (code === false || !/^\d{1,5}$/.test(code) || !isCompanyCode(padCompanyCode(code))) {
    add("CompanyCode", M.companyCode);
  } else companyCode = padCompanyCode(code);
  const raw = Array.isArray(body.lines) ? body.lines : null;
  if (raw === null) add("lines", M.required);
  const given = (raw ?? [])
    .map((line, index) => ({ line: line as unknown, index }))
    .filter(
      ({ line }) =>
        !(
          isObject(line) && ["CMID", "Invoice", "AppliedAmount", "AppliedNote"].every((key) => isBlankValue(line[key]))
        ),
    );
  if (given.length === 0) {
    missing = true;
    add("lines", M.required);
  }
  if (given.length > MAX_APPLIED_LINES) add("lines", M.tooManyLines);
  const lines: AppliedLineInput[] = [];
  for (const { line, index } of given.slice(0, MAX_APPLIED_LINES)) {
    const key = (field: string) => appliedLineKey(index, field);
    if (!isObject(line)) {
      missing = true;
      add(key("CMID"), M.required);
      continue;
    }
    const cm = text(line.CMID, 10);
    const creditMemoId =
      typeof cm === "string" && /^[1-9]\d{0,9}$/.test(cm) && Number(cm) <= 2_147_483_647 ? Number(cm) : null;
    if (cm === null) missing = true;
    if (creditMemoId === null) add(key("CMID"), M.required);
    const invoice = text(line.Invoice, 40);
    if (invoice === null) missing = true;
    if (!invoice) add(key("Invoice"), M.required);
    const note = text(line.AppliedNote, 500);
    if (note === null) missing = true;
    if (!note) add(key("AppliedNote"), M.required);
    const amountCents = isBlankValue(line.AppliedAmount) ? null : parseCents(line.AppliedAmount);
    if (isBlankValue(line.AppliedAmount)) {
      missing = true;
      add(key("AppliedAmount"), M.required);
    } else if (amountCents === null || amountCents < MIN_APPLIED_CENTS) add(key("AppliedAmount"), M.amount);
    const dateText = text(line.AppliedDate, 10);
    const appliedDate = dateText === null ? today : dateText === false ? "" : dateText;
    if (!isCalendarDate(appliedDate)) add(key("AppliedDate"), M.appliedDate);
    else if (!isAppliedDateAllowed(appliedDate, today)) add(key("AppliedDate"), M.appliedDateOld);
    else if (isAppliedDateInFuture(appliedDate, today)) add(key("AppliedDate"), M.appliedDateFuture);
    const override = line.InvoiceOverride === 1 || line.InvoiceOverride === "1" || line.InvoiceOverride === true;
    if (
      creditMemoId !== null &&
      invoice &&
      note &&
      appliedDate &&
      amountCents !== null &&
      amountCents >= MIN_APPLIED_CENTS
    ) {
      lines.push({ creditMemoId, invoice, appliedDate, amountCents, note, override });
    }
  }
  if (missing) return { ok: false, message: M.required, fieldErrors: errors };
  const first = Object.values(errors)[0]?.[0];
  if (first || companyCode === null) return { ok: false, message: first ?? M.required, fieldErrors: errors };
  return { ok: true, apply: { companyCode, lines } };
}

/**
 * The credit rules of the lines against each CM's available credit (cents, by CM id): a line above its
 * CM's credit answers 'Amount cannot be greater…', lines of one CM whose sum is above it 'Total Amounts
 * used…'. Null when they fit.
 */
export function creditRefusal(
  lines: readonly Pick<AppliedLineInput, "creditMemoId" | "amountCents">[],
  available: ReadonlyMap<number, Cents>,
): { message: string; fieldErrors: Record<string, string[]> } | null {
  const M = CREDIT_MEMO_APPLY_MESSAGES;
  const fieldErrors: Record<string, string[]> = {};
  lines.forEach((line, index) => {
    if (line.amountCents > (available.get(line.creditMemoId) ?? 0)) {
      fieldErrors[appliedLineKey(index, "AppliedAmount")] = [M.overAvailable];
    }
  });
  const first = Object.values(fieldErrors)[0]?.[0];
  if (first) return { message: first, fieldErrors };
  const totals = new Map<number, Cents>();
  for (const line of lines) totals.set(line.creditMemoId, (totals.get(line.creditMemoId) ?? 0) + line.amountCents);
  for (const [creditMemoId, total] of totals) {
    if (total > (available.get(creditMemoId) ?? 0)) {
      const message = M.totalOver(creditMemoId);
      lines.forEach((line, index) => {
        if (line.creditMemoId === creditMemoId) fieldErrors[appliedLineKey(index, "AppliedAmount")] = [message];
      });
      return { message, fieldErrors };
    }
  }
  return null;
}

/** An invoice as the apply finds it, read under its row lock (null: no such invoice). */
export interface FoundInvoice {
  companyCode: string;
  /** Its open balance (an edit counts what the applications it replaces gave back). */
  balanceCents: Cents;
  status: string;
}

/**
 * What an applied line's invoice answers (ADR 040, 054): 404 when no invoice has the number, 406 when it is
 * another company's, already paid (balance 0, PAID or VOID) or owes less than the amount; each may be
 * overridden (InvoiceOverride 1). Null: apply it.
 */
export function invoiceDecision(
  invoice: string,
  found: FoundInvoice | null,
  companyCode: string,
  override: boolean,
  amountCents: Cents = 0,
): { status: 404 | 406; message: string } | null {
  if (override) return null;
  const M = CREDIT_MEMO_APPLY_MESSAGES;
  if (!found) return { status: 404, message: M.invoiceNotFound(invoice) };
  if (found.companyCode !== companyCode) return { status: 406, message: M.invoiceOtherCompany(invoice) };
  if (found.balanceCents <= 0 || found.status !== "OPEN") return { status: 406, message: M.invoicePaid(invoice) };
  if (amountCents > found.balanceCents)
    return { status: 406, message: M.invoiceOverBalance(invoice, found.balanceCents) };
  return null;
}

/**
 * What an invoice absorbs of an applied amount (ADR 054): the memo company's own open invoice at most its open
 * balance; another company's, a void or an unknown invoice nothing (the credit is spent on the override alone).
 */
export function invoiceTake(amountCents: Cents, found: FoundInvoice | null, companyCode: string): Cents {
  if (!found || found.companyCode !== companyCode || found.status === "VOID") return 0;
  return Math.max(0, Math.min(amountCents, found.balanceCents));
}

export type InvoicePlan =
  { ok: true; takes: Cents[] } | { ok: false; index: number; status: 404 | 406; message: string };

/**
 * The lines against their invoices in order, each seeing the balance the lines before it left (two lines to
 * one invoice never take more than it owes): what each invoice absorbs, or the first line's refusal.
 */
export function planInvoiceTakes(
  lines: readonly { invoice: string; amountCents: Cents; override: boolean }[],
  invoices: ReadonlyMap<string, FoundInvoice>,
  companyCode: string,
): InvoicePlan {
  const balances = new Map([...invoices].map(([number, found]) => [number, found.balanceCents]));
  const takes: Cents[] = [];
  for (const [index, line] of lines.entries()) {
    const original = invoices.get(line.invoice);
    const found = original ? { ...original, balanceCents: balances.get(line.invoice)! } : null;
    const decision = invoiceDecision(line.invoice, found, companyCode, line.override, line.amountCents);
    if (decision) return { ok: false, index, ...decision };
    const take = invoiceTake(line.amountCents, found, companyCode);
    if (found) balances.set(line.invoice, found.balanceCents - take);
    takes.push(take);
  }
  return { ok: true, takes };
}

/** The dialog's question after a 404 or 406: the server's message and the override question. */
export function overrideQuestion(status: number, message: string): string | null {
  if (status === 404) return `${message}${CREDIT_MEMO_APPLY_MESSAGES.askNotFound}`;
  if (status === 406) return `${message}${CREDIT_MEMO_APPLY_MESSAGES.askOther}`;
  return null;
}

export const CREDIT_MEMO_APPLY_API_PATH = "/api/credit-memo/apply-new";
export const CREDIT_MEMO_FIND_CREDITS_API_PATH = "/api/credit-memo/find-company-credits";

/** A company's approved credits, as GET /api/credit-memo/find-company-credits answers them. */
export interface CompanyCredits {
  CompanyName: string;
  CompanyContact: string | null;
  CompanyStreet: string | null;
  CompanyCity: string | null;
  CompanyState: string | null;
  CompanyZip: string | null;
  /** The total, as the database's decimal text. */
  AvailableCredit: string;
  /** 'CM # 12 - $100.00, CM # 14 - $20.00' */
  Invoices: string;
  CMList: { CMID: number; AvailableCredit: string; InvoiceClaim: string }[];
}

/** The specification's list of credits: 'CM # id - $balance', comma-separated. */
export const creditsText = (credits: readonly { CMID: number; cents: Cents }[]) =>
  credits.map((credit) => `CM # ${credit.CMID} - ${formatCents(credit.cents)}`).join(", ");

// ---------------------------------------------------------------------------------------------
// The dialog

export const CREDIT_MEMO_APPLY_INTENT = "credit-memo-apply";
/** Apply Anyway (no JavaScript too): a submit button naming the index of the line to override. */
export const OVERRIDE_LINE_FIELD = "overrideLine";
/** The lines the form shows without JavaScript (blank ones are left out); with it, Add line adds more. */
export const APPLY_FORM_LINES = 3;
export const APPLIED_LINE_FIELDS = [
  "CMID",
  "Invoice",
  "AppliedDate",
  "AppliedAmount",
  "AppliedNote",
  "InvoiceOverride",
] as const;
export const appliedFormName = (field: (typeof APPLIED_LINE_FIELDS)[number]) => `line.${field}`;

const listOf = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** A posted form as the API's body: the company and the lines (`line.<field>` repeated per line). */
export function applyBodyOfForm(fields: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const columns = APPLIED_LINE_FIELDS.map((field) => [field, listOf(fields[appliedFormName(field)])] as const);
  const count = Math.max(0, ...columns.map(([, values]) => values.length));
  const overridden = typeof fields[OVERRIDE_LINE_FIELD] === "string" ? Number(fields[OVERRIDE_LINE_FIELD]) : NaN;
  const lines = Array.from({ length: count }, (_, index) => {
    const line: Record<string, unknown> = Object.fromEntries(
      columns.map(([field, values]) => [field, values[index] ?? ""]),
    );
    if (index === overridden) line.InvoiceOverride = "1";
    return line;
  });
  return { CompanyCode: fields.CompanyCode, lines };
}

/** Which override a refusal's message asks for (the dialog's question), from the server's own messages. */
export function overrideStatusOf(message: string | null): 404 | 406 | null {
  if (!message) return null;
  if (/^Invoice .+ was not found$/.test(message)) return 404;
  if (/^Invoice .+ (belongs to another company|is already paid)$/.test(message)) return 406;
  return null;
}

export interface CreditMemoApplyDialogData {
  /** Today and the earliest applied date (YYYY-MM-DD). */
  today: string;
  earliest: string;
  /** The company searched for (or the memo's), as typed. */
  companyCode: string;
  credits: CompanyCredits | null;
  /** Why there are no credits to show ('does not have any approved credits'), or null. */
  searchError: string | null;
  /** The memo the card named: preselected on the first line. */
  creditMemoId: number | null;
  mayApply: boolean;
}

export const CREDIT_MEMO_APPLY_DIALOG = defineBoardDialog<CreditMemoApplyDialogData>()({
  name: "creditMemoApply",
  feature: null,
  intents: { [CREDIT_MEMO_APPLY_INTENT]: postedFields },
});
