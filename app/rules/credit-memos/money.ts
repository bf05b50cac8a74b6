// Money of credit memos (ADR 040): amounts are whole cents from the form or the JSON body to
// the database's numeric(12,2) and back, never binary floating point; available credit is what the
// database computes (credit_memo_available) and this module only reads, compares and shows it.
// Pure and free of zod, so the dialogs run it in the browser (ADR 028).

/** Integer cents. */
export type Cents = number;

/** The largest amount a numeric(12,2) column holds: 9,999,999,999.99. */
export const MAX_CENTS: Cents = 999_999_999_999;
/**
 * The largest line of a credit memo (999,999.99) and the largest memo (9,999,999.99, its lines' total): a
 * credit for one truck's billing never comes near either, and sums of many memos stay far inside every
 * column and JavaScript's exact integers (ADR 054).
 */
export const MAX_CREDIT_LINE_CENTS: Cents = 99_999_999;
export const MAX_CREDIT_MEMO_CENTS: Cents = 999_999_999;
/** The smallest applied amount (0.01). */
export const MIN_APPLIED_CENTS: Cents = 1;
/** An applied date may be at most this many days before today. */
export const APPLIED_DATE_MAX_AGE_DAYS = 45;

// Digits with optional thousands commas (1,234) or plain (1234), and at most two decimals.
const MONEY = /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{0,2}))?$|^\.(\d{1,2})$/;

/**
 * Cents from what a person types or a client sends: "1234.5", "$1,234.50", ".5", or a JSON number with
 * at most two decimals (its shortest text is read, so 0.1 stays 10 cents). Null for anything else:
 * negatives, three decimals, exponents, text, amounts beyond the column.
 */
export function parseCents(raw: unknown): Cents | null {
  let text: string;
  if (typeof raw === "number") {
    if (!Number.isFinite(raw)) return null;
    text = String(raw);
  } else if (typeof raw === "string") {
    text = raw.trim().replace(/^\$\s*/, "");
  } else {
    return null;
  }
  const match = MONEY.exec(text);
  if (!match) return null;
  const [whole = "0", fraction = ""] = text.replace(/,/g, "").split(".");
  if (whole.length > 10) return null;
  const cents = Number(whole || "0") * 100 + Number(fraction.padEnd(2, "0"));
  return cents <= MAX_CENTS ? cents : null;
}

/** The column's text of an amount: 1234.50 for 123450 cents (what Prisma writes into numeric(12,2)). */
export function centsToDecimal(cents: Cents): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** Cents from the database's text of a numeric ("1234.5", "-0.01", "12"); null for anything else. */
export function decimalToCents(text: string): Cents | null {
  const match = /^(-)?(\d+)(?:\.(\d{1,2})0*)?$/.exec(text.trim());
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? "").padEnd(2, "0"));
  return match[1] ? -cents : cents;
}

/** An amount as the screens show it: $1,234.50, -$0.01. */
export function formatCents(cents: Cents): string {
  const [whole, fraction] = centsToDecimal(Math.abs(cents)).split(".");
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${cents < 0 ? "-" : ""}$${grouped}.${fraction}`;
}

export type CreditMemoStatusName = "PENDING" | "APPROVED" | "VOID";

/**
 * The credit a memo still has: its lines less its applications once approved; a pending or void memo
 * has none (ADR 040). The database computes the same in credit_memo_available (the apply's check).
 */
export function availableCredit(status: CreditMemoStatusName, lineCents: Cents, appliedCents: Cents): Cents {
  return status === "APPROVED" ? lineCents - appliedCents : 0;
}

/** The whole days from one YYYY-MM-DD to another (negative when `to` is earlier). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The earliest applied date allowed on `today` (both YYYY-MM-DD): 45 days back. */
export function earliestAppliedDate(today: string): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) - APPLIED_DATE_MAX_AGE_DAYS * 86_400_000).toISOString().slice(0, 10);
}

/** Whether an applied date may be chosen on `today`: not older than 45 days (the picker disables older ones). */
export function isAppliedDateAllowed(appliedDate: string, today: string): boolean {
  return daysBetween(appliedDate, today) <= APPLIED_DATE_MAX_AGE_DAYS;
}

/** Whether an applied date is after `today`: credit is applied when it is applied, never ahead (ADR 054). */
export function isAppliedDateInFuture(appliedDate: string, today: string): boolean {
  return daysBetween(today, appliedDate) > 0;
}
