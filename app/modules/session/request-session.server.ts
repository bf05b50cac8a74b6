// The session of a page request: the token from `Authorization: Bearer` or the session cookie,
// resolved against the database (signature, expiry, user active, not revoked).
import type { AppServices } from "../../../server/services.ts";
import { sessionTokenOf } from "../identity/session-cookie.server.ts";
import { resolveSession } from "../identity/users.server.ts";
import { isUserListed } from "~/rules/permissions.ts";
import { redirect, type RouterContextProvider } from "react-router";
import { pageRequestContext, type PageSession } from "./page-session.ts";

export const OWNERS_STATS_VARIABLE = { group: "Software", name: "Owners Stats Permissions" } as const;

export function requestToken(request: Request): string | undefined {
  return sessionTokenOf({
    authorization: request.headers.get("authorization"),
    cookie: request.headers.get("cookie"),
  });
}

/**
 * No token: anonymous. A token that cannot be used (expired, garbage, revoked, inactive account):
 * expired, so the page offers to sign in again (spec 1 §4: "an expired or undecodable token opens the
 * login modal"). Otherwise the signed-in user with their current permissions.
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

/**
 * The signed-in session of a page request, as the guard middleware resolved it (no second lookup).
 * Pages that need a user call this; without a usable session it sends the visitor to sign in and back.
 */
export function requirePageSession(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Extract<PageSession, { status: "signed-in" }> {
  const { session } = context.get(pageRequestContext);
  if (session.status === "signed-in") return session;
  const url = new URL(request.url);
  throw redirect(`/employee-login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}
