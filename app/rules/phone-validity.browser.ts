// The browser's reading of a phone number (ADR 038): complete for its mask and shaped like a real one: a
// North American number of 10 digits whose area code does not start with 0 or 1, with or without its 1,
// or + and another country's number of at least 6 digits in all (libphonenumber-js accepts some that
// short, +43 1000, and some of 18). It never refuses what the server's reading
// (phone-validity.ts, libphonenumber-js) accepts; what it lets through that the server refuses comes back
// from the save with the same message. It keeps libphonenumber-js's 25 KiB out of the dialogs.

/** A North American number: an area code that does not start with 0 or 1, and 7 more digits. */
const NANP = /^[2-9]\d{9}$/;

function digitsOf(value: string): string {
  return value.replace(/\D/g, "");
}

export function isDialablePhone(value: string): boolean {
  const trimmed = value.trim();
  const digits = digitsOf(trimmed);
  if (!trimmed.startsWith("+") && !trimmed.startsWith("1")) return NANP.test(digits);
  if (digits.startsWith("1") && digits.length === 11) return NANP.test(digits.slice(1));
  return trimmed.startsWith("+") && !digits.startsWith("0") && !digits.startsWith("1") && digits.length >= 6;
}

/** The number in E.164 form (+12124567890); null when it is not shaped like a dialable number. */
export function dialablePhoneE164(value: string): string | null {
  if (!isDialablePhone(value)) return null;
  const digits = digitsOf(value);
  return digits.length === 10 ? `+1${digits}` : `+${digits}`;
}
