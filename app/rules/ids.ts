// Record ids as requests carry them (ADR 039): one reading for every path, form field and JSON body.
// A JSON whole number, or a string of digits and nothing else, 1 … 2^31 - 1 (the id columns' range).
// Never Number() or z.coerce, which read "0x10" as 16, "1e3" as 1000, "+1", " 1" and "1.0" as 1,
// and true as 1.
import { z } from "zod";

export const MAX_ID = 2_147_483_647;

const DIGITS = /^\d{1,10}$/;

/** The id `value` names, or null for anything else ("0x10", "1e3", "+1", " 1", "1.0", 0, true…). */
export function readId(value: unknown): number | null {
  const id = typeof value === "string" ? (DIGITS.test(value) ? Number(value) : Number.NaN) : value;
  return typeof id === "number" && Number.isInteger(id) && id >= 1 && id <= MAX_ID ? id : null;
}

/** A zod field of one record id, refused with `message` when it is not one (see readId). */
export function idSchema(message: string) {
  // A union and a pipe rather than a refinement: the API's OpenAPI document is drawn from it (ADR 031).
  return z
    .union([z.number({ error: message }), z.string({ error: message }).regex(DIGITS, { error: message })], {
      error: message,
    })
    .transform(Number)
    .pipe(z.number().int({ error: message }).min(1, { error: message }).max(MAX_ID, { error: message }));
}
