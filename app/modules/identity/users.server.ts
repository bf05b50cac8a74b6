// Users as the identity layer sees them: lookup by e-mail, effective permissions, and the session
// check every authenticated request goes through.
import type { Config } from "~/modules/platform/config.server.ts";
import type { Db } from "~/modules/platform/services.server.ts";
import { holdsAllAccess } from "../../rules/access/permissions.ts";
import { Prisma } from "../../generated/prisma/client.ts";
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

/** The administrator acting as the session's user. */
export interface Impersonator {
  id: number;
  firstName: string;
  lastName: string;
}

export interface SignedInSession {
  status: "signed-in";
  /** Whose session this is: while impersonating, the user being impersonated. */
  user: SessionUser;
  /** Set while an administrator acts as `user`; every audit entry then records both. */
  impersonator: Impersonator | null;
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
  | {
      status: "anonymous";
      reason:
        | "no-token"
        | "invalid-token"
        | "unknown-user"
        | "inactive"
        | "revoked"
        | "impersonator-unknown"
        | "impersonator-inactive"
        | "impersonator-not-admin"
        | "impersonator-revoked";
    };

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

/** The user's current session generation, for a token issued now; 0 for an unknown user. */
export async function sessionGenerationOf(db: Db, userId: number): Promise<number> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { sessionGeneration: true } });
  return user?.sessionGeneration ?? 0;
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
      sessionGeneration: true,
    },
  });
  return user?.active ? user : null;
}

/** What a session needs of its user (and of an impersonator): one row per account, see sessionAccounts. */
interface SessionAccount {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  theme: Theme;
  active: boolean;
  tokensValidAfter: Date;
  sessionGeneration: number;
  /** The department's permissions and the direct grants, ascending, without duplicates. */
  permissions: number[];
  /** Whether the token's id is in RevokedToken (signed out). */
  signedOut: boolean;
}

/**
 * The accounts a token names, with their effective permissions and the token's sign-out, in one statement:
 * every request resolves its session, and Prisma's nested select took five round trips for it (ADR 053).
 * Exported for the load benchmark's hand-written baseline, which sends the very same statement.
 */
export function sessionAccountsSql(ids: number[], tokenId: string): Prisma.Sql {
  return Prisma.sql`
    SELECT u."id", u."email", u."firstName", u."lastName", u."theme"::text AS "theme", u."active",
           u."tokensValidAfter", u."sessionGeneration",
           ARRAY(
             SELECT up."permissionId" FROM "UserPermission" up WHERE up."userId" = u."id"
             UNION
             SELECT dp."permissionId" FROM "DepartmentPermission" dp WHERE dp."departmentId" = u."departmentId"
             ORDER BY 1
           ) AS "permissions",
           EXISTS (SELECT 1 FROM "RevokedToken" r WHERE r."jti" = ${tokenId}) AS "signedOut"
      FROM "User" u
     WHERE u."id" = ANY(${ids}::int[])`;
}

function sessionAccounts(db: Db, ids: number[], tokenId: string): Promise<SessionAccount[]> {
  return db.$queryRaw<SessionAccount[]>(sessionAccountsSql(ids, tokenId));
}

/**
 * Whether the token was revoked by its user's revocations: issued in an older session generation (the
 * exact check), or in a second before `tokensValidAfter` (kept for revocations written as a
 * time, e.g. `UPDATE "User" SET "tokensValidAfter" = now()` by hand; iat has whole seconds).
 */
function revokedFor(
  account: { tokensValidAfter: Date; sessionGeneration: number },
  issuedAt: number,
  generation: number,
): boolean {
  return generation !== account.sessionGeneration || Math.floor(account.tokensValidAfter.getTime() / 1000) > issuedAt;
}

/**
 * Who a request's token belongs to. Beyond the signature and expiry, the user must still exist and
 * be active, the token must carry the user's current session generation (bumped by a password change,
 * a reset or a deactivation) and must not have been signed out (its id in RevokedToken):
 * revocation takes effect on the next request, with no one-second window. An impersonated session (act claim)
 * also needs its impersonator to exist, be active, still hold id 1 and not have been
 * revoked since the token was issued: demoting or deactivating the administrator ends it at once.
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

  const { impersonatorId } = verified;
  const accounts = await sessionAccounts(
    db,
    impersonatorId === null ? [verified.userId] : [verified.userId, impersonatorId],
    verified.tokenId,
  );
  const user = accounts.find((account) => account.id === verified.userId);
  const impersonator = impersonatorId === null ? null : accounts.find((account) => account.id === impersonatorId);
  if (!user) return { status: "anonymous", reason: "unknown-user" };
  if (!user.active) return { status: "anonymous", reason: "inactive" };
  if (user.signedOut || revokedFor(user, verified.issuedAt, verified.generation)) {
    return { status: "anonymous", reason: "revoked" };
  }
  if (impersonatorId !== null) {
    if (!impersonator) return { status: "anonymous", reason: "impersonator-unknown" };
    if (!impersonator.active) return { status: "anonymous", reason: "impersonator-inactive" };
    if (!holdsAllAccess(impersonator.permissions)) {
      return { status: "anonymous", reason: "impersonator-not-admin" };
    }
    if (revokedFor(impersonator, verified.issuedAt, verified.impersonatorGeneration ?? -1)) {
      return { status: "anonymous", reason: "impersonator-revoked" };
    }
  }
  return {
    status: "signed-in",
    user: { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, theme: user.theme },
    impersonator: impersonator
      ? { id: impersonator.id, firstName: impersonator.firstName, lastName: impersonator.lastName }
      : null,
    permissions: user.permissions,
    expiresAt: verified.expiresAt,
  };
}
