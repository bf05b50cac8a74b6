// The session of a page request: the token from `Authorization: Bearer` or the session cookie,
// resolved against the database (signature, expiry, user active, not revoked).
import type { AppServices } from "~/modules/platform/services.server.ts";
import { sessionTokenOf } from "../identity/session-cookie.server.ts";
import { resolveSession } from "../identity/users.server.ts";
import { isUserListed } from "~/rules/access/permissions.ts";
import type { PageSession } from "./page-session.ts";

export const OWNERS_STATS_VARIABLE = { group: "Software", name: "Owners Stats Permissions" } as const;

export function requestToken(request: Request): string | undefined {
  return sessionTokenOf({
    authorization: request.headers.get("authorization"),
    cookie: request.headers.get("cookie"),
  });
}

/**
 * No token: anonymous. A token that cannot be used (expired, garbage, revoked, inactive account):
 * expired, so the page offers to sign in again: an expired or undecodable token opens the sign-in
 * dialog. Otherwise the signed-in user with their current permissions.
 */
export async function readRequestSession(
  request: Request,
  services: Pick<AppServices, "config" | "database" | "logger">,
  now: Date = new Date(),
): Promise<PageSession> {
  const token = requestToken(request);
  if (!token) return { status: "anonymous" };
  const db = services.database.prisma;
  const resolved = await resolveSession(db, token, services.config, now);
  if (resolved.status === "expired") return { status: "expired" };
  if (resolved.status === "anonymous") {
    services.logger.debug({ reason: resolved.reason }, "page request with an unusable session token");
    return { status: "expired" };
  }
  const variable = await db.softwareVariable.findUnique({
    where: { group_name: OWNERS_STATS_VARIABLE },
    select: { value: true },
  });
  return {
    status: "signed-in",
    user: resolved.user,
    permissions: resolved.permissions,
    expiresAt: resolved.expiresAt,
    ownersStatsUser: isUserListed(resolved.user.id, variable?.value),
    impersonator: resolved.impersonator,
  };
}
