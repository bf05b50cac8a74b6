// Sign-out revokes the signed-out token itself (ADR 039): its id (`jti`) is kept in RevokedToken until
// the token would have expired anyway, and resolveSession refuses it from the next request on. Other
// sessions of the same user are untouched. Rows past their expiry are purged at each sign-out, so the
// table holds at most one row per token signed out within the last JWT_TTL_SECONDS.
import type { Config } from "~/modules/platform/config.server.ts";
import type { Db } from "~/modules/platform/services.server.ts";
import { verifySessionToken } from "./session-token.server.ts";

/**
 * Revokes `token` when it is one of ours and still valid; answers whether it did. A forged, garbage or
 * expired token is left alone: there is nothing to revoke, and nobody can fill the table without
 * holding a valid token.
 */
export async function revokeSessionToken(
  db: Db,
  config: Pick<Config, "JWT_SECRET">,
  token: string | null | undefined,
  now: Date = new Date(),
): Promise<boolean> {
  if (!token) return false;
  const verified = verifySessionToken(config, token, now);
  if (verified.status !== "valid") return false;
  await db.$transaction(async (tx) => {
    await tx.revokedToken.deleteMany({ where: { expiresAt: { lt: now } } });
    // The user row may be gone (a deleted account): its token is refused anyway.
    const exists = await tx.user.count({ where: { id: verified.userId } });
    if (exists === 0) return;
    await tx.revokedToken.createMany({
      data: [{ jti: verified.tokenId, userId: verified.userId, expiresAt: new Date(verified.expiresAt * 1000) }],
      skipDuplicates: true,
    });
  });
  return true;
}
