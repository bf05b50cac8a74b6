// The zod field of one record id (ADR 039): the reading of ids.ts, refused with the field's message.
import { z } from "zod";
import { MAX_ID } from "./ids.ts";

const DIGITS = /^\d{1,10}$/;

/** A zod field of one record id, refused with `message` when it is not one (see readId). */
export function idSchema(message: string) {
  // A union and a pipe rather than a refinement: the API's OpenAPI document is drawn from it.
  return z
    .union([z.number({ error: message }), z.string({ error: message }).regex(DIGITS, { error: message })], {
      error: message,
    })
    .transform(Number)
    .pipe(z.number().int({ error: message }).min(1, { error: message }).max(MAX_ID, { error: message }));
}
