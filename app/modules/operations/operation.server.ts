// What every domain operation shares (the queue moves, the order edits): the actor,
// the result type (app/rules/dialogs/operation-result.ts), input parsing into field messages, and the conflict
// that rolls a transaction back with a 409.
import type { z } from "zod";
import type { OperationRefusal, OperationResult, VersionConflict } from "../../rules/dialogs/operation-result.ts";
import type { SignedInSession } from "../identity/users.server.ts";
import { idSchema } from "../../rules/id-schema.ts";
import { MAX_ID, readId } from "../../rules/ids.ts";

export type { OperationRefusal, OperationResult } from "../../rules/dialogs/operation-result.ts";

/** The signed-in session (page or API) that makes the move. */
export type OperationActor = Pick<SignedInSession, "user" | "permissions" | "impersonator">;

export const refuse = (
  status: OperationRefusal["status"],
  message: string,
  conflict?: VersionConflict,
): OperationRefusal => (conflict ? { ok: false, status, message, conflict } : { ok: false, status, message });

/** Parses input with a schema; a 400 with one message list per field otherwise. */
export function parseInput<T extends z.ZodType>(
  schema: T,
  input: unknown,
): { ok: true; data: z.infer<T> } | { ok: false; refusal: OperationRefusal } {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, data: parsed.data };
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (fieldErrors[String(issue.path[0] ?? "")] ??= []).push(issue.message);
  return { ok: false, refusal: { ok: false, status: 400, message: parsed.error.issues[0]!.message, fieldErrors } };
}

/** Thrown inside a transaction to roll it back and answer a refusal (state changed under us). */
export class OperationConflict extends Error {
  constructor(readonly refusal: OperationRefusal) {
    super(refusal.message);
  }
}

/** Runs the transactional part; a OperationConflict becomes its refusal, anything else propagates. */
export async function settle(work: () => Promise<OperationResult>): Promise<OperationResult> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof OperationConflict) return error.refusal;
    throw error;
  }
}

export const fullName = (user: { firstName: string; lastName: string }) => `${user.firstName} ${user.lastName}`;

export { MAX_ID };

/** An id written in a URL: digits only, in the id column's range; null for any other text ("0x10", "1e3", "+1"). */
export function idFromPath(param: string | null | undefined): number | null {
  return typeof param === "string" ? readId(param) : null;
}

/** A positive database id, from JSON (number) or a form (digits only). */
export const idField = idSchema;
