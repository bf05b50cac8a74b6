// The answers the JSON API shares (ADR 031): a refusal `{ error, errors?, conflict? }`, a done operation
// `{ ok: true, message? }`, a session token, and the responses every session-guarded endpoint can give.
// They describe what server/api/errors.ts, operation-endpoint.ts and authenticate.ts send; the API tests
// parse real answers with them.
import { z } from "zod";
import type { ApiResponse, HttpStatus } from "./endpoint.ts";

export const fieldErrorsSchema = z
  .record(z.string(), z.array(z.string()))
  .meta({ id: "FieldErrors", description: "Messages per field, for forms.", example: { note: ["Enter a note."] } });

export const changeSinceSchema = z
  .object({
    changedAt: z.string(),
    by: z.string(),
    changes: z.array(z.object({ label: z.string(), before: z.string(), after: z.string() })),
  })
  .meta({ id: "ChangeSince", description: "One change made to the record since the version the edit started from." });

export const versionConflictSchema = z
  .object({ currentVersion: z.number().int(), since: z.array(changeSinceSchema) })
  .meta({ id: "VersionConflict", description: "The record's version now and what changed since the edit's version." });

export const refusalSchema = z
  .object({
    error: z.string(),
    errors: fieldErrorsSchema.optional(),
    conflict: versionConflictSchema.optional(),
  })
  .meta({
    id: "Refusal",
    description: "Why the request was refused: a message, and for a form's fields or a stale edit the details.",
  });

export const doneSchema = z
  .object({ ok: z.literal(true), message: z.string().optional() })
  .meta({ id: "Done", description: "The operation was done; every open board showing it refreshes." });

export const tokenSchema = z
  .object({ token: z.string() })
  .meta({ id: "SessionToken", description: "A session token: send it as `Authorization: Bearer <token>`." });

const refusal = (description: string, error: string): ApiResponse => ({
  description,
  schema: refusalSchema,
  example: { error },
});

/** The refusals a session-guarded endpoint can answer, by status. */
export const REFUSALS = {
  400: refusal("The request is malformed or a field is invalid (`errors` per field).", "Enter a note."),
  401: {
    ...refusal("No session, or it expired or was revoked. Sign in again.", "Sign in required."),
    headers: { "WWW-Authenticate": 'Bearer realm="fleet-ops"' },
  },
  403: refusal("The session lacks the permission this needs.", "You do not have permission to do that."),
  404: refusal("No such record.", "Order not found."),
  409: refusal(
    "The record changed since it was read (with `conflict`), or its state does not allow this.",
    "This order was changed by someone else. Reload it and try again.",
  ),
  412: refusal(
    "`If-Match` named a version that is no longer current (with `conflict`).",
    "This order was changed by someone else. Reload it and try again.",
  ),
  429: refusal(
    "Too many attempts: wait until the `Retry-After` header's seconds have passed.",
    "Too many failed sign-in attempts. Please wait a few minutes and try again.",
  ),
} as const satisfies Partial<Record<HttpStatus, ApiResponse>>;

/** The answers of an endpoint that runs a domain operation (operation-endpoint.ts). */
export function operationResponses(done: ApiResponse = { description: "Done.", schema: doneSchema }) {
  return {
    200: done,
    400: REFUSALS[400],
    401: REFUSALS[401],
    403: REFUSALS[403],
    404: REFUSALS[404],
    409: REFUSALS[409],
  };
}
