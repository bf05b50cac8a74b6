// Change Password (the profile page, the passwordReset dialog and PUT /users/changePassword/{userId}): only
// for oneself. Success stores a new argon2id hash and moves tokensValidAfter to now, which revokes every
// other session of the user; the caller gets a fresh token so the current session continues (ADR 006, ADR
// 007).
import type { Config } from "~/modules/platform/config.server.ts";
import type { Db } from "~/modules/platform/services.server.ts";
import { auditActorOf, recordAudit } from "../audit/audit-log.server.ts";
import { OLD_PASSWORD_INCORRECT_MESSAGE } from "../../rules/access/passwords.ts";
import { changePasswordSchema } from "../../rules/access/passwords-schema.ts";
import { hashPassword, verifyPassword } from "./passwords.server.ts";
import { sessionGenerationOf } from "./users.server.ts";
import { signSessionToken } from "./session-token.server.ts";
import type { SignedInSession } from "./users.server.ts";

export const ONLY_OWN_PASSWORD_MESSAGE = "You can only change your own password.";

export type PasswordChangeResult = { ok: true; token: string } | { ok: false; status: 400 | 403; message: string };

export async function changePassword(
  db: Db,
  config: Pick<Config, "JWT_SECRET" | "JWT_TTL_SECONDS">,
  actor: Pick<SignedInSession, "user" | "permissions"> & Partial<Pick<SignedInSession, "impersonator">>,
  targetUserId: number,
  input: unknown,
  now: Date = new Date(),
): Promise<PasswordChangeResult> {
  if (actor.user.id !== targetUserId) return { ok: false, status: 403, message: ONLY_OWN_PASSWORD_MESSAGE };
  const parsed = changePasswordSchema.safeParse(input);
  if (!parsed.success) return { ok: false, status: 400, message: parsed.error.issues[0]!.message };
  const { oldPassword, newPassword } = parsed.data;

  const user = await db.user.findUnique({ where: { id: actor.user.id }, select: { passwordHash: true } });
  // An account without a password (Microsoft only) has no old password that could be right.
  if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, oldPassword))) {
    return { ok: false, status: 400, message: OLD_PASSWORD_INCORRECT_MESSAGE };
  }

  const passwordHash = await hashPassword(newPassword);
  // A new session generation revokes every other token of the account at once; this
  // session goes on with a fresh token of the new generation.
  const generation = await db.$transaction(async (tx) => {
    const { sessionGeneration } = await tx.user.update({
      where: { id: actor.user.id },
      data: { passwordHash, tokensValidAfter: now, sessionGeneration: { increment: 1 } },
      select: { sessionGeneration: true },
    });
    await recordAudit(tx, {
      entityType: "User",
      entityId: actor.user.id,
      action: "password-change",
      changedData: {},
      actor: auditActorOf(actor),
    });
    return sessionGeneration;
  });
  // An impersonated session stays impersonated: the fresh token keeps its act claim.
  const token = signSessionToken(
    config,
    {
      userId: actor.user.id,
      permissions: actor.permissions,
      generation,
      impersonatorId: actor.impersonator?.id ?? null,
      impersonatorGeneration: actor.impersonator ? await sessionGenerationOf(db, actor.impersonator.id) : undefined,
    },
    now,
  );
  return { ok: true, token };
}
