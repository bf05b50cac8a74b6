// Impersonation (ADR 009): a holder of id 1 acts
// as another user. The session token is the target's (their permissions, their identity) with an
// `act` claim naming the administrator; resolveSession re-checks the administrator on every request,
// and every audit entry written meanwhile records both identities.
import type { Config } from "~/modules/platform/config.server.ts";
import type { Db } from "~/modules/platform/services.server.ts";
import { holdsAllAccess } from "../../rules/access/permissions.ts";
import { auditActorOf, describeChange, recordAudit } from "../audit/audit-log.server.ts";
import { signSessionToken } from "./session-token.server.ts";
import { effectivePermissionIds, sessionGenerationOf, type SignedInSession } from "./users.server.ts";

export const IMPERSONATION_FORBIDDEN_MESSAGE = "You do not have permission to do that.";
export const ALREADY_IMPERSONATING_MESSAGE =
  "You are already acting as another user. Return to your own account first.";
export const NOT_IMPERSONATING_MESSAGE = "You are not acting as another user.";
export const IMPERSONATE_SELF_MESSAGE = "You cannot act as yourself.";
export const IMPERSONATION_TARGET_INVALID_MESSAGE = "Choose a valid user.";
export const IMPERSONATION_TARGET_NOT_FOUND_MESSAGE = "That user does not exist or is inactive.";

/** The audit entries' action names and field label. */
export const IMPERSONATION_START_ACTION = "impersonation-start";
export const IMPERSONATION_STOP_ACTION = "impersonation-stop";
const IMPERSONATION_LABEL = "Impersonation";

export type ImpersonationActor = Pick<SignedInSession, "user" | "permissions" | "impersonator">;

interface Person {
  id: number;
  firstName: string;
  lastName: string;
}

export type ImpersonationResult =
  | { ok: true; token: string; user: Person; impersonator: Person | null }
  | { ok: false; status: 400 | 403 | 404 | 409; message: string };

type ImpersonationConfig = Pick<Config, "JWT_SECRET" | "JWT_TTL_SECONDS">;

const fullName = (person: Pick<Person, "firstName" | "lastName">) => `${person.firstName} ${person.lastName}`;

/** The impersonation entry's value: 'Impersonation: none!Impersonation: <admin> as <user>' and back. */
function impersonationChange(impersonator: Person, user: Person, direction: "start" | "stop") {
  const acting = `${fullName(impersonator)} as ${fullName(user)}`;
  return {
    [IMPERSONATION_LABEL]:
      direction === "start"
        ? describeChange(IMPERSONATION_LABEL, "none", acting)
        : describeChange(IMPERSONATION_LABEL, acting, "none"),
  };
}

/**
 * Whether the employee directory offers "Act as" for this row: the viewer holds id 1 and is not
 * impersonating, and the target is someone else and active. startImpersonation decides again.
 */
export function mayImpersonate(viewer: ImpersonationActor, target: { id: number; active: boolean }): boolean {
  return (
    viewer.impersonator === null && holdsAllAccess(viewer.permissions) && target.active && target.id !== viewer.user.id
  );
}

/**
 * Starts acting as `targetUserId`. Only a holder of id 1 who is not already impersonating (409; one
 * level only, so the act claim never nests); the target must exist, be active (404) and not be the
 * actor (400). Answers a token for the target, with the target's permissions and act = the actor.
 */
export async function startImpersonation(
  db: Db,
  config: ImpersonationConfig,
  actor: ImpersonationActor,
  targetUserId: number,
  now: Date = new Date(),
): Promise<ImpersonationResult> {
  // Checked first: an impersonated session carries the target's permissions, which would make a
  // nested attempt look like a plain 403.
  if (actor.impersonator) return { ok: false, status: 409, message: ALREADY_IMPERSONATING_MESSAGE };
  if (!holdsAllAccess(actor.permissions)) {
    return { ok: false, status: 403, message: IMPERSONATION_FORBIDDEN_MESSAGE };
  }
  if (!Number.isSafeInteger(targetUserId) || targetUserId < 1 || targetUserId > 2_147_483_647) {
    return { ok: false, status: 400, message: IMPERSONATION_TARGET_INVALID_MESSAGE };
  }
  if (targetUserId === actor.user.id) return { ok: false, status: 400, message: IMPERSONATE_SELF_MESSAGE };

  const target = await db.user.findUnique({
    where: { id: targetUserId },
    select: { id: true, firstName: true, lastName: true, active: true, sessionGeneration: true },
  });
  if (!target?.active) return { ok: false, status: 404, message: IMPERSONATION_TARGET_NOT_FOUND_MESSAGE };

  const permissions = await effectivePermissionIds(db, target.id);
  const impersonator: Person = { id: actor.user.id, firstName: actor.user.firstName, lastName: actor.user.lastName };
  const user: Person = { id: target.id, firstName: target.firstName, lastName: target.lastName };
  // The administrator, acting as themselves, starts it.
  await recordAudit(db, {
    entityType: "User",
    entityId: target.id,
    action: IMPERSONATION_START_ACTION,
    changedData: impersonationChange(impersonator, user, "start"),
    actor: auditActorOf(actor),
  });
  const token = signSessionToken(
    config,
    {
      userId: target.id,
      permissions,
      generation: target.sessionGeneration,
      impersonatorId: impersonator.id,
      impersonatorGeneration: await sessionGenerationOf(db, impersonator.id),
    },
    now,
  );
  return { ok: true, token, user, impersonator };
}

/**
 * Ends impersonation: answers a fresh token for the administrator (their own permissions, no act
 * claim). The session must be impersonating (409 otherwise). resolveSession has already checked that
 * the administrator still exists, is active and holds id 1.
 */
export async function stopImpersonation(
  db: Db,
  config: ImpersonationConfig,
  session: ImpersonationActor,
  now: Date = new Date(),
): Promise<ImpersonationResult> {
  const { impersonator } = session;
  if (!impersonator) return { ok: false, status: 409, message: NOT_IMPERSONATING_MESSAGE };
  const user: Person = { id: session.user.id, firstName: session.user.firstName, lastName: session.user.lastName };
  const permissions = await effectivePermissionIds(db, impersonator.id);
  // Recorded by the impersonated session, so with both identities like everything done in it.
  await recordAudit(db, {
    entityType: "User",
    entityId: user.id,
    action: IMPERSONATION_STOP_ACTION,
    changedData: impersonationChange(impersonator, user, "stop"),
    actor: auditActorOf(session),
  });
  const token = signSessionToken(
    config,
    { userId: impersonator.id, permissions, generation: await sessionGenerationOf(db, impersonator.id) },
    now,
  );
  return { ok: true, token, user: { ...impersonator }, impersonator: null };
}
