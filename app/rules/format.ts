// Display and API formatting of amounts and dates (US dollars, MM/dd/yyyy on screen, YYYY-MM-DD in
// calls), identical in the browser and
// on the server so server-rendered text matches what the browser renders.
// lightFormat, not format: the numeric tokens of MM/dd/yyyy need no locale, and format brings every
// formatter and the en-US locale to each page (6.4 KiB gzipped; ADR 028).
import { isValid, lightFormat, parseISO } from "date-fns";

/** '$' currency (USD), '%' percent, '.' plain decimal: the style codes the spec names. */
export type AmountStyle = "$" | "%" | ".";

type AmountInput = number | string | null | undefined;

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(style: AmountStyle, fractionDigits: number): Intl.NumberFormat {
  const key = `${style}:${fractionDigits}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat("en-US", {
      style: style === "$" ? "currency" : style === "%" ? "percent" : "decimal",
      currency: "USD",
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

function isEmptyAmount(value: AmountInput): value is null | undefined | "" {
  return value === null || value === undefined || (typeof value === "string" && value.trim() === "");
}

/**
 * Formats an amount in US English: '$' gives USD (-$1,234.50), '%' a percent of a ratio (0.125 gives
 * 12.50%), '.' a plain grouped decimal. Two fraction digits unless told otherwise (0 allowed). An empty
 * value gives '' in currency style, and reads as zero in the other two, as the spec states only the
 * former. Text that is not a number gives '' rather than "$NaN".
 */
export function formatCurrency(value: AmountInput, style: AmountStyle = "$", fractionDigits = 2): string {
  if (isEmptyAmount(value)) {
    if (style === "$") return "";
    return formatterFor(style, fractionDigits).format(0);
  }
  const amount = typeof value === "number" ? value : Number(value.replace(/[$,\s]/g, ""));
  if (!Number.isFinite(amount)) return "";
  return formatterFor(style, fractionDigits).format(amount);
}

type DateInput = Date | string | number | null | undefined;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The year, month and day of a YYYY-MM-DD string that names a real day (not 2024-02-30), else null. */
function calendarDay(value: string): { year: string; month: string; day: string } | null {
  const [year = "", month = "", day = ""] = value.split("-");
  const date = new Date(0);
  date.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
  const real =
    date.getUTCFullYear() === Number(year) &&
    date.getUTCMonth() === Number(month) - 1 &&
    date.getUTCDate() === Number(day);
  return real ? { year, month, day } : null;
}

function toDate(value: Exclude<DateInput, null | undefined>): Date {
  // parseISO reads a date-only string as local midnight (new Date would take it as UTC midnight and
  // show the previous day west of Greenwich).
  return typeof value === "string" ? parseISO(value) : new Date(value);
}

/**
 * The calendar date of an instant in UTC, YYYY-MM-DD, as every call sends dates. A value
 * that already is a date-only string is returned unchanged: it names a day, not an instant. Empty or
 * unreadable input gives ''.
 */
export function formatDateForApi(value: DateInput): string {
  if (value === null || value === undefined || value === "") return "";
  if (typeof value === "string" && DATE_ONLY.test(value.trim())) {
    return calendarDay(value.trim()) ? value.trim() : "";
  }
  const date = toDate(value);
  return isValid(date) ? date.toISOString().slice(0, 10) : "";
}

/**
 * The UTC calendar day of an instant as MM/dd/yyyy: how a date-only column (read back as UTC midnight)
 * is shown, the same day in every time zone. An invalid date or none gives ''.
 */
export function formatUtcDay(value: Date | null | undefined): string {
  if (!value || Number.isNaN(value.getTime())) return "";
  const iso = value.toISOString();
  const at = iso.length - 14; // YYYY-MM-DD before "T00:00:00.000Z", also for years beyond 9999
  return `${iso.slice(at - 5, at - 3)}/${iso.slice(at - 2, at)}/${iso.slice(0, at - 6)}`;
}

/** MM/dd/yyyy in local time, as every page shows dates. Empty or unreadable input gives ''. */
export function formatDisplayDate(value: DateInput): string {
  if (value === null || value === undefined || value === "") return "";
  // A day (YYYY-MM-DD) is only rearranged: the boards show a few thousand of them per list, and
  // date-fns' parse and format cost ~20 µs each.
  if (typeof value === "string" && DATE_ONLY.test(value)) {
    const day = calendarDay(value);
    return day ? `${day.month}/${day.day}/${day.year}` : "";
  }
  const date = toDate(value);
  return isValid(date) ? lightFormat(date, "MM/dd/yyyy") : "";
}
