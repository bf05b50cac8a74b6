// What the queue operations (ADR 011) share: the actor, the result type, input parsing into field
// messages, and the conflict that rolls a transaction back with a 409.
import { z } from "zod";
import type { CardListName } from "../../rules/boards.ts";
import type { SignedInSession } from "../identity/users.server.ts";

/** The signed-in session (page or API) that makes the move. */
export type QueueActor = Pick<SignedInSession, "user" | "permissions" | "impersonator">;

export type QueueResult =
  | { ok: true; lists: CardListName[] }
  | { ok: false; status: 400 | 403 | 404 | 409; message: string; fieldErrors?: Record<string, string[]> };

export type QueueRefusal = Extract<QueueResult, { ok: false }>;

export const refuse = (status: 403 | 404 | 409, message: string): QueueRefusal => ({ ok: false, status, message });

/** Parses input with a schema; a 400 with one message list per field otherwise. */
export function parseInput<T extends z.ZodType>(
  schema: T,
  input: unknown,
): { ok: true; data: z.infer<T> } | { ok: false; refusal: QueueRefusal } {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, data: parsed.data };
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (fieldErrors[String(issue.path[0] ?? "")] ??= []).push(issue.message);
  return { ok: false, refusal: { ok: false, status: 400, message: parsed.error.issues[0]!.message, fieldErrors } };
}

/** Thrown inside a transaction to roll it back and answer a refusal (state changed under us). */
export class QueueConflict extends Error {
  constructor(readonly refusal: QueueRefusal) {
    super(refusal.message);
  }
}

/** Runs the transactional part; a QueueConflict becomes its refusal, anything else propagates. */
export async function settle(work: () => Promise<QueueResult>): Promise<QueueResult> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof QueueConflict) return error.refusal;
    throw error;
  }
}

export const fullName = (user: { firstName: string; lastName: string }) => `${user.firstName} ${user.lastName}`;

export const MAX_ID = 2_147_483_647;

/** A positive database id, from JSON (number) or a form (digits). */
export function idField(message: string) {
  return z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(MAX_ID, { error: message });
}
