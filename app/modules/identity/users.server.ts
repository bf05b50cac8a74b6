// Users as the identity layer sees them: lookup by e-mail, effective permissions, and the session
// check every authenticated request goes through.
import type { Config } from "../../../server/config.ts";
import type { Db } from "../../../server/database.ts";
import { verifySessionToken } from "./session-token.server.ts";

export type Theme = "LIGHT" | "DARK";

/** What the rest of the app knows about the signed-in user. */
export interface SessionUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  theme: Theme;
}

export interface SignedInSession {
  status: "signed-in";
  user: SessionUser;
  /** Recomputed from the database on every request, so grants and removals apply at once. */
  permissions: number[];
  /** The token's expiry (JWT NumericDate, seconds). */
  expiresAt: number;
}

/**
 * anonymous carries a reason for the log only; the client is told "sign in" whatever it is, so a
 * probe learns nothing about the account behind a token.
 */
export type ResolvedSession =
  | SignedInSession
  | { status: "expired" }
  | { status: "anonymous"; reason: "no-token" | "invalid-token" | "unknown-user" | "inactive" | "revoked" };

/** E-mail addresses are stored lower-case (a check constraint); compare them the same way. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const permissionSources = {
  permissions: { select: { permissionId: true } },
  department: { select: { permissions: { select: { permissionId: true } } } },
} as const;

interface PermissionSources {
  permissions: { permissionId: number }[];
  department: { permissions: { permissionId: number }[] } | null;
}

function unionOfPermissions(sources: PermissionSources): number[] {
  const ids = new Set<number>();
  for (const { permissionId } of sources.department?.permissions ?? []) ids.add(permissionId);
  for (const { permissionId } of sources.permissions) ids.add(permissionId);
  return [...ids].sort((a, b) => a - b);
}

/**
 * The user's department permissions plus their direct grants, ascending, without duplicates. Empty
 * for an unknown user.
 */
export async function effectivePermissionIds(db: Db, userId: number): Promise<number[]> {
  const user = await db.user.findUnique({ where: { id: userId }, select: permissionSources });
  return user ? unionOfPermissions(user) : [];
}

/** The active account with this e-mail (any case, surrounding blanks ignored), or null. */
export async function findActiveUserByEmail(db: Db, email: string) {
  const user = await db.user.findUnique({
    where: { email: normalizeEmail(email) },
    select: {
      id: true,
      email: true,
      firstName: true,
      lastName: true,
      theme: true,
      active: true,
      passwordHash: true,
    },
  });
  return user?.active ? user : null;
}

/**
 * Who a request's token belongs to. Beyond the signature and expiry, the user must still exist and
 * be active, and the token must not predate `tokensValidAfter` (moved forward by a password change or
 * a deactivation): revocation takes effect on the next request.
 */
export async function resolveSession(
  db: Db,
  token: string | null | undefined,
  config: Pick<Config, "JWT_SECRET">,
  now: Date = new Date(),
): Promise<ResolvedSession> {
  if (!token) return { status: "anonymous", reason: "no-token" };
  const verified = verifySessionToken(config, token, now);
  if (verified.status === "expired") return { status: "expired" };
  if (verified.status === "invalid") return { status: "anonymous", reason: "invalid-token" };

  const user = await db.user.findUnique({
    where: { id: verified.userId },
    select: {
      id: true,
      email: true,
      firstName: true,
      lastName: true,
      theme: true,
      active: true,
      tokensValidAfter: true,
      ...permissionSources,
    },
  });
  if (!user) return { status: "anonymous", reason: "unknown-user" };
  if (!user.active) return { status: "anonymous", reason: "inactive" };
  // iat has whole seconds: a token from the same second as the cut-off still passes (see ADR 006).
  if (Math.floor(user.tokensValidAfter.getTime() / 1000) > verified.issuedAt) {
    return { status: "anonymous", reason: "revoked" };
  }
  return {
    status: "signed-in",
    user: { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, theme: user.theme },
    permissions: unionOfPermissions(user),
    expiresAt: verified.expiresAt,
  };
}
