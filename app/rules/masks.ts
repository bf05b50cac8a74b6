// Input masks of the order, trade and vendor forms (spec 1 §5 and §9, spec 2 §5.1): pure functions that
// turn whatever was typed or pasted into the shape the field allows. Safe to call on every keystroke.
import { isValidPhoneNumber, parsePhoneNumberFromString } from "libphonenumber-js";

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
  return isValidPhoneNumber(value, "US");
}

/** The number in E.164 form (+12124567890) for storage or comparison; null when it is not valid. */
export function phoneToE164(value: MaskInput): string | null {
  if (!value) return null;
  const parsed = parsePhoneNumberFromString(value, "US");
  return parsed?.isValid() ? parsed.number : null;
}
