// Session checks for the JSON API. The token comes from `Authorization: Bearer …` (the spec's
// clients) or from the HttpOnly session cookie set at sign-in (the browser's pages); either way
// resolveSession decides, against the database, on every request.
import type { RequestHandler, Response } from "express";
import { holdsAllAccess, holdsPermission, type PermissionName } from "../../app/rules/access/permissions.ts";
import { sessionTokenOf } from "../../app/modules/identity/session-cookie.server.ts";
import { resolveSession, type SignedInSession } from "../../app/modules/identity/users.server.ts";
import type { AppServices } from "../../app/modules/platform/services.server.ts";

declare module "express-serve-static-core" {
  interface Locals {
    /** Set by requireSession. */
    session?: SignedInSession;
    /** The signed-in user's id; the request logger records it. */
    userId?: number;
  }
}

export const SESSION_EXPIRED_MESSAGE = "Token has expired, please login again";
export const SIGN_IN_REQUIRED_MESSAGE = "Sign in required.";
export const FORBIDDEN_MESSAGE = "You do not have permission to do that.";

function unauthorized(res: Response, message: string, description?: string) {
  const challenge = description
    ? `Bearer realm="fleet-ops", error="invalid_token", error_description="${description}"`
    : 'Bearer realm="fleet-ops"';
  res.status(401).set("WWW-Authenticate", challenge).json({ error: message });
}

/** 401 unless the request carries a usable session; sets res.locals.session and res.locals.userId. */
export function requireSession(services: Pick<AppServices, "config" | "database">): RequestHandler {
  return async (req, res, next) => {
    const token = sessionTokenOf(req.headers);
    const session = await resolveSession(services.database.prisma, token, services.config);
    switch (session.status) {
      case "signed-in":
        res.locals.session = session;
        res.locals.userId = session.user.id;
        return next();
      case "expired":
        return unauthorized(res, SESSION_EXPIRED_MESSAGE, "expired");
      case "anonymous":
        req.log?.debug({ reason: session.reason }, "request without a usable session");
        return unauthorized(res, SIGN_IN_REQUIRED_MESSAGE, token ? "invalid" : undefined);
    }
  };
}

/**
 * 403 unless the session holds one of the named permissions, or all access. Goes after requireSession;
 * without a session it answers 401.
 */
export function requirePermission(...names: PermissionName[]): RequestHandler {
  return (_req, res, next) => {
    const session = res.locals.session;
    if (!session) return unauthorized(res, SIGN_IN_REQUIRED_MESSAGE);
    const held = session.permissions;
    if (holdsAllAccess(held) || names.some((name) => holdsPermission(held, name))) return next();
    res.status(403).json({ error: FORBIDDEN_MESSAGE });
  };
}
