// Input masks of the order, trade and vendor forms (phones, zips, states, codes, counts): pure functions that
// turn whatever was typed or pasted into the shape the field allows. Safe to call on every keystroke.
// The server's phone reading (libphonenumber-js), the browser's its own lighter one (ADR 038).
import { dialablePhoneE164, isDialablePhone } from "#phone-validity";

export const UNIT_NUMBER_LENGTH = 8;
export const ODOMETER_MAX_DIGITS = 9;
export const ZIP_DIGITS = 5;
export const TRUCK_COUNT_MAX_DIGITS = 3;
export const COMPANY_CODE_LENGTH = 5;
export const DEFAULT_COMPANY_CODE = "00000";

type MaskInput = string | null | undefined;

function digitsOf(value: MaskInput | number): string {
  return String(value ?? "").replace(/\D/g, "");
}

/** Uppercase, at most 8 characters. Whitespace is dropped: a pasted " ab123 " must not defeat the duplicate check. */
export function maskUnitNumber(value: MaskInput): string {
  return (value ?? "").replace(/\s/g, "").toUpperCase().slice(0, UNIT_NUMBER_LENGTH);
}

export function maskOdometer(value: MaskInput): string {
  return digitsOf(value).slice(0, ODOMETER_MAX_DIGITS);
}

export function maskZip(value: MaskInput): string {
  return digitsOf(value).slice(0, ZIP_DIGITS);
}

export function maskTruckCount(value: MaskInput): string {
  return digitsOf(value).slice(0, TRUCK_COUNT_MAX_DIGITS);
}

/**
 * Company codes are 5 digits, left-padded with zeros; nothing entered gives '00000'. A longer code is kept
 * whole so that validation rejects it, rather than the mask silently changing the customer.
 */
export function padCompanyCode(value: string | number | null | undefined): string {
  const digits = digitsOf(value);
  return digits === "" ? DEFAULT_COMPANY_CODE : digits.padStart(COMPANY_CODE_LENGTH, "0");
}

export function isCompanyCode(value: string): boolean {
  return /^\d{5}$/.test(value);
}

/** While a company code is typed: digits only, at most 5 (padding waits for the field to be left). */
export function maskCompanyCode(value: MaskInput): string {
  return digitsOf(value).slice(0, COMPANY_CODE_LENGTH);
}

export const STATE_CODE_LENGTH = 2;

/** A two-letter state code: letters only, upper-case. */
export function maskState(value: MaskInput): string {
  return (value ?? "")
    .replace(/[^A-Za-z]/g, "")
    .toUpperCase()
    .slice(0, STATE_CODE_LENGTH);
}

const DOMESTIC_PHONE_PATTERN = "(###) ###-####";
const ONE_DIGIT_COUNTRY_PHONE_PATTERN = "+# (###) ###-####";
const TWO_DIGIT_COUNTRY_PHONE_PATTERN = "+## (###) ###-####";

/**
 * Phone display mask. The spec fixes the literal patterns: (###) ###-####, and when the value starts with
 * + or 1, +# (###) ###-#### or +## (###) ###-#### (the two-digit country code once a twelfth digit is
 * typed). libphonenumber-js formats by each country's own grouping (a UK number would read
 * +44 20 7946 0958), which is not what staff are used to, so it only judges validity (isValidPhone).
 * Partial input is formatted as far as it goes, so the mask can run on every keystroke, and masking a
 * masked value changes nothing.
 */
export function maskPhone(value: MaskInput): string {
  const trimmed = (value ?? "").trim();
  const digits = digitsOf(trimmed);
  const international = trimmed.startsWith("+") || trimmed.startsWith("1");
  if (!international) return fillPattern(DOMESTIC_PHONE_PATTERN, digits);
  // A lone "+" is kept so the user can go on typing the country code.
  if (digits === "") return trimmed.startsWith("+") ? "+" : "";
  const pattern = digits.length > 11 ? TWO_DIGIT_COUNTRY_PHONE_PATTERN : ONE_DIGIT_COUNTRY_PHONE_PATTERN;
  return fillPattern(pattern, digits);
}

/** Fills each # with the next digit; a literal is written only when a digit follows it. Extra digits are dropped. */
function fillPattern(pattern: string, digits: string): string {
  let result = "";
  let pendingLiterals = "";
  let next = 0;
  for (const symbol of pattern) {
    if (next >= digits.length) break;
    if (symbol === "#") {
      result += pendingLiterals + digits.charAt(next);
      pendingLiterals = "";
      next += 1;
    } else {
      pendingLiterals += symbol;
    }
  }
  return result;
}

/** Whether the number is a real, dialable number; numbers without a country code are read as US numbers. */
export function isValidPhone(value: MaskInput): boolean {
  if (!value) return false;
  return isDialablePhone(value);
}

/** The number in E.164 form (+12124567890) for storage or comparison; null when it is not valid. */
export function phoneToE164(value: MaskInput): string | null {
  if (!value) return null;
  return dialablePhoneE164(value);
}

// ---------------------------------------------------------------------------------------------
// The masks by name, for inputs that apply one as the user types (app/components/dialogs/masked-input.tsx).

export interface InputMask {
  /** Applied on every change. */
  type: (value: string) => string;
  /** Applied when the field is left (company codes are padded then); the value itself otherwise. */
  blur?: (value: string) => string;
  /** The characters that count as typed content: the caret keeps its place among them. */
  significant: RegExp;
  /** The longest masked value: the plain input's maxlength when scripts do not run. */
  maxLength: number;
  inputMode: "numeric" | "tel" | "text";
}

export const PHONE_MAX_LENGTH = TWO_DIGIT_COUNTRY_PHONE_PATTERN.length;

export const INPUT_MASKS = {
  phone: { type: maskPhone, significant: /\d/, maxLength: PHONE_MAX_LENGTH, inputMode: "tel" },
  zip: { type: maskZip, significant: /\d/, maxLength: ZIP_DIGITS, inputMode: "numeric" },
  truckCount: { type: maskTruckCount, significant: /\d/, maxLength: TRUCK_COUNT_MAX_DIGITS, inputMode: "numeric" },
  companyCode: {
    type: maskCompanyCode,
    // Nothing typed stays empty (a required field), rather than becoming the default '00000'.
    blur: (value) => (value === "" ? "" : padCompanyCode(value)),
    significant: /\d/,
    maxLength: COMPANY_CODE_LENGTH,
    inputMode: "numeric",
  },
  unitNumber: { type: maskUnitNumber, significant: /\S/, maxLength: UNIT_NUMBER_LENGTH, inputMode: "text" },
  odometer: { type: maskOdometer, significant: /\d/, maxLength: ODOMETER_MAX_DIGITS, inputMode: "numeric" },
  state: { type: maskState, significant: /[A-Za-z]/, maxLength: STATE_CODE_LENGTH, inputMode: "text" },
} as const satisfies Record<string, InputMask>;

export type InputMaskName = keyof typeof INPUT_MASKS;

/**
 * Where the caret goes after masking: behind as many significant characters as were before it in what
 * was typed, so typing in the middle of '(212) 456-7890' does not throw the caret to the end.
 */
export function caretAfterMask(typed: string, caret: number, masked: string, significant: RegExp): number {
  const test = (char: string) => new RegExp(significant.source).test(char);
  let wanted = 0;
  for (const char of typed.slice(0, Math.max(0, caret))) if (test(char)) wanted += 1;
  if (wanted === 0) {
    // Before any content: after the mask's leading literals only if nothing significant follows them.
    const first = [...masked].findIndex(test);
    return first === -1 ? masked.length : Math.min(first, caret);
  }
  let seen = 0;
  for (let index = 0; index < masked.length; index += 1) {
    if (test(masked.charAt(index))) {
      seen += 1;
      if (seen === wanted) return index + 1;
    }
  }
  return masked.length;
}
