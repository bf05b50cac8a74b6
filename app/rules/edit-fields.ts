// A form's fields as a table (ADR 014): what each field holds, how it is read and normalised
// (phones masked, states upper-cased, blanks null), and the messages. Shared by every editor whose
// payload is a flat list of fields (on-rent and trade editing, vendors). Pure and free of zod,
// so the dialogs that run it in the browser stay light.
import { DAMAGE_WAIVERS, isDamageWaiverId } from "./orders/damage-waivers.ts";
import { isCompanyCode, isValidPhone, maskPhone, padCompanyCode, TRUCK_COUNT_MAX_DIGITS, ZIP_DIGITS } from "./masks.ts";
import { readId } from "./ids.ts";

/** What a field holds, which decides how it is read and normalised (normaliseField). */
export type EditFieldKind =
  "text" | "companyCode" | "count" | "waiver" | "yesNo" | "date" | "phone" | "email" | "state" | "zip";

/**
 * One field of an order editor's payload. The on-rent editor's table is ON_RENT_EDIT_FIELDS; the trade's
 * on-rent half (trade-on-edit.ts) describes its payload with the same shape, so both are read alike.
 */
export interface EditField<Section extends string = string> {
  /** The payload's name (PUT /api/order/edit), also the form field's name. */
  name: string;
  /** The label in the dialog and in the audit history ('label: old!label: new'). */
  label: string;
  section: Section;
  kind: EditFieldKind;
  required: boolean;
  maxLength?: number;
  /** What a blank optional field stands for (the trade's damage waiver is 1 when none is sent); null without it. */
  fallback?: string | number | boolean;
}

/** A field's value once normalised: text, a count or waiver id, a yes/no, or null for a blank optional field. */
export type EditFieldValue = string | number | boolean | null;

/** Field messages. */
export const fieldMessages = {
  required: (label: string) => `${label} is required.`,
  notText: (label: string) => `${label} must be text.`,
  tooLong: (label: string, max: number) => `${label} may be at most ${max} characters.`,
  badCharacters: (label: string) => `${label} contains characters that are not allowed.`,
  phone: (label: string) => `${label} must be a valid phone number.`,
  email: (label: string) => `${label} must be a valid e-mail address.`,
  state: (label: string) => `${label} must be a two-letter state code.`,
  zip: (label: string) => `${label} must be ${ZIP_DIGITS} digits.`,
  count: (label: string) => `${label} must be a whole number from 0 to 999.`,
  date: (label: string) => `${label} must be a date (YYYY-MM-DD).`,
  companyCode: (label = "Company Number") => `${label} must be up to 5 digits.`,
  waiver: () => `Choose a damage waiver: ${DAMAGE_WAIVERS.map((waiver) => `${waiver.id} ${waiver.label}`).join(", ")}.`,
  yesNo: (label = "Second Key") => `${label} must be yes or no.`,
};

/** Missing, null or only spaces: what the required check calls blank. */
export const isBlankValue = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");
const isBlank = isBlankValue;

// NUL and other control characters cannot be stored in a PostgreSQL text column or mean nothing here.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Whether text holds NUL or another control character (a line break and a tab are text). */
export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTERS.test(text);
}
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD, in the years the business can mean (1900–2999). */
export function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  if (year < 1900 || year > 2999) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A count of 0–999 from a number or from text of up to 3 digits; null otherwise. */
export function parseTruckCount(value: unknown): number | null {
  if (typeof value === "number") return Number.isInteger(value) && value >= 0 && value <= 999 ? value : null;
  if (typeof value === "string" && new RegExp(`^\\d{1,${TRUCK_COUNT_MAX_DIGITS}}$`).test(value.trim()))
    return Number(value.trim());
  return null;
}

/** The text of a value, trimmed; non-text is refused (null). */
function textOf(value: unknown): string | null {
  if (typeof value === "string") return value.trim();
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return null;
}

/**
 * The normalised value of one field, or its message. Blank optional fields become their fallback or null;
 * blank required fields are left to the '*All fields must be filled...' check.
 */
export function normaliseField(
  entry: EditField,
  raw: unknown,
): { ok: true; value: EditFieldValue } | { ok: false; message: string } {
  const { label } = entry;
  const fail = (message: string) => ({ ok: false as const, message });
  if (isBlank(raw))
    return entry.required ? fail(fieldMessages.required(label)) : { ok: true, value: entry.fallback ?? null };
  switch (entry.kind) {
    case "count": {
      const count = parseTruckCount(raw);
      return count === null ? fail(fieldMessages.count(label)) : { ok: true, value: count };
    }
    case "waiver": {
      const id = readId(raw) ?? raw;
      return isDamageWaiverId(id) ? { ok: true, value: id as number } : fail(fieldMessages.waiver());
    }
    case "yesNo": {
      // A boolean in the payload; the 1/0 some clients send for one, and a form's text, read the same.
      if (raw === true || raw === 1 || raw === "true" || raw === "1") return { ok: true, value: true };
      if (raw === false || raw === 0 || raw === "false" || raw === "0") return { ok: true, value: false };
      return fail(fieldMessages.yesNo(label));
    }
    case "companyCode":
    case "date":
    case "phone":
    case "email":
    case "state":
    case "zip":
    case "text":
      break; // read as text below
  }
  const text = textOf(raw);
  if (text === null) return fail(invalidMessage(entry));
  if (CONTROL_CHARACTERS.test(text)) return fail(fieldMessages.badCharacters(label));
  switch (entry.kind) {
    case "companyCode": {
      if (!/^\d{1,5}$/.test(text)) return fail(fieldMessages.companyCode(label));
      const code = padCompanyCode(text);
      return isCompanyCode(code) ? { ok: true, value: code } : fail(fieldMessages.companyCode(label));
    }
    case "date":
      return isCalendarDate(text) ? { ok: true, value: text } : fail(fieldMessages.date(label));
    case "phone": {
      // The stored form is the mask's; the digits typed must all survive it (nothing silently cut off).
      const masked = maskPhone(text);
      const sameDigits = masked.replace(/\D/g, "") === text.replace(/\D/g, "");
      return sameDigits && isValidPhone(masked) ? { ok: true, value: masked } : fail(fieldMessages.phone(label));
    }
    case "email":
      if (text.length > (entry.maxLength ?? 254)) return fail(fieldMessages.tooLong(label, entry.maxLength ?? 254));
      return EMAIL.test(text) ? { ok: true, value: text } : fail(fieldMessages.email(label));
    case "state": {
      const state = text.toUpperCase();
      return /^[A-Z]{2}$/.test(state) ? { ok: true, value: state } : fail(fieldMessages.state(label));
    }
    case "zip":
      return new RegExp(`^\\d{${ZIP_DIGITS}}$`).test(text) ? { ok: true, value: text } : fail(fieldMessages.zip(label));
    case "text":
      if (entry.maxLength !== undefined && text.length > entry.maxLength)
        return fail(fieldMessages.tooLong(label, entry.maxLength));
      return { ok: true, value: text };
  }
}

function invalidMessage(entry: EditField): string {
  switch (entry.kind) {
    case "companyCode":
      return fieldMessages.companyCode(entry.label);
    case "date":
      return fieldMessages.date(entry.label);
    case "phone":
      return fieldMessages.phone(entry.label);
    case "email":
      return fieldMessages.email(entry.label);
    case "state":
      return fieldMessages.state(entry.label);
    case "zip":
      return fieldMessages.zip(entry.label);
    case "text":
    case "count":
    case "waiver":
    case "yesNo":
      return fieldMessages.notText(entry.label);
  }
}

/**
 * Every field of a table read from a body: the normalised values, each field's messages, and whether a
 * required field was blank (the editors then answer '*All fields must be filled...').
 */
export function normaliseFields(
  table: readonly EditField[],
  body: Readonly<Record<string, unknown>>,
): { fields: Record<string, EditFieldValue>; fieldErrors: Record<string, string[]>; missing: boolean } {
  const fieldErrors: Record<string, string[]> = {};
  const fields: Record<string, EditFieldValue> = {};
  let missing = false;
  for (const entry of table) {
    const raw = body[entry.name];
    if (entry.required && isBlank(raw)) {
      missing = true;
      (fieldErrors[entry.name] ??= []).push(fieldMessages.required(entry.label));
      continue;
    }
    const result = normaliseField(entry, raw);
    if (result.ok) fields[entry.name] = result.value;
    else (fieldErrors[entry.name] ??= []).push(result.message);
  }
  return { fields, fieldErrors, missing };
}
