// Record ids as requests carry them (ADR 039): one reading for every path, form field and JSON body.
// A JSON whole number, or a string of digits and nothing else, 1 … 2^31 - 1 (the id columns' range).
// Never Number() or z.coerce, which read "0x10" as 16, "1e3" as 1000, "+1", " 1" and "1.0" as 1,
// and true as 1. Free of zod, so the browser can read ids without it; the zod field of one
// id is in id-schema.ts.
export const MAX_ID = 2_147_483_647;

const DIGITS = /^\d{1,10}$/;

/** The id `value` names, or null for anything else ("0x10", "1e3", "+1", " 1", "1.0", 0, true…). */
export function readId(value: unknown): number | null {
  const id = typeof value === "string" ? (DIGITS.test(value) ? Number(value) : Number.NaN) : value;
  return typeof id === "number" && Number.isInteger(id) && id >= 1 && id <= MAX_ID ? id : null;
}

/**
 * The ids a body names under `fields` (name → the message its field is refused with), read with readId:
 * all of them, or null with each refused field's message in the fields' order. The zod-free reading of a
 * payload's envelope, for rules the browser runs too.
 */
export function readIdFields<Name extends string>(
  body: Readonly<Record<string, unknown>>,
  fields: Readonly<Record<Name, string>>,
): { ids: Record<Name, number> | null; errors: [Name, string][] } {
  const ids = {} as Record<Name, number>;
  const errors: [Name, string][] = [];
  for (const [name, message] of Object.entries(fields) as [Name, string][]) {
    const id = readId(body[name]);
    if (id === null) errors.push([name, message]);
    else ids[name] = id;
  }
  return { ids: errors.length === 0 ? ids : null, errors };
}
