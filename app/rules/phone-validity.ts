// Whether a phone number is real and dialable, judged by libphonenumber-js (numbers without a country
// code read as US numbers): the server's reading, which every save is held to. The browser gets
// phone-validity.browser.ts instead (package.json "imports", ADR 038), so the library's metadata stays
// out of every dialog with a phone field.
import { isValidPhoneNumber, parsePhoneNumberFromString } from "libphonenumber-js";

export function isDialablePhone(value: string): boolean {
  return isValidPhoneNumber(value, "US");
}

/** The number in E.164 form (+12124567890); null when it is not dialable. */
export function dialablePhoneE164(value: string): string | null {
  const parsed = parsePhoneNumberFromString(value, "US");
  return parsed?.isValid() ? parsed.number : null;
}
