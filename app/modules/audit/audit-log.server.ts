// The audit trail (AuditLog): who changed what and when. Every operation writes its entry through
// recordAudit, inside the operation's own transaction, so that a change and its record commit together
// and an impersonated session is recorded with both identities (ADR 009).
import type { Db } from "../../../server/database.ts";
import type { Prisma } from "../../generated/prisma/client";

/** The Prisma client or an interactive transaction's client: anything that can insert an audit row. */
export type AuditWriter = Pick<Db | Prisma.TransactionClient, "auditLog">;

/**
 * Who made a change. userId is the session's user (the impersonated user while impersonating);
 * impersonatorId is the administrator acting as them, or null. userId is null only for changes no
 * signed-in user made (none yet).
 */
export interface AuditActor {
  userId: number | null;
  impersonatorId: number | null;
}

export interface AuditEntry {
  /** The model changed, e.g. 'User', 'OrderForm'. */
  entityType: string;
  entityId: number;
  /** The request (FormHistoryID) the change belongs to, so an order's dialog can list its history. */
  formHistoryId?: number | null;
  /** What happened, e.g. 'password-change', 'impersonation-start'. */
  action: string;
  /** Field label → 'label: old!label: new' (see describeChange); {} when nothing displayable changed. */
  changedData: Prisma.InputJsonObject;
  actor: AuditActor;
}

/** The actor of a signed-in session: its user, and the impersonator if there is one. */
export function auditActorOf(session: { user: { id: number }; impersonator?: { id: number } | null }): AuditActor {
  return { userId: session.user.id, impersonatorId: session.impersonator?.id ?? null };
}

/** The changedData value of one field: 'label: before!label: after' (the spec's format). */
export function describeChange(label: string, before: string, after: string): string {
  return `${label}: ${before}!${label}: ${after}`;
}

/** Inserts one audit row. Pass the transaction client of the change it records. */
export async function recordAudit(tx: AuditWriter, entry: AuditEntry): Promise<{ id: bigint }> {
  const { actor } = entry;
  if (actor.impersonatorId !== null && actor.impersonatorId === actor.userId) {
    throw new Error("an audit actor cannot impersonate themselves");
  }
  return tx.auditLog.create({
    data: {
      entityType: entry.entityType,
      entityId: entry.entityId,
      formHistoryId: entry.formHistoryId ?? null,
      action: entry.action,
      changedData: entry.changedData,
      userId: actor.userId,
      impersonatorId: actor.impersonatorId,
    },
    select: { id: true },
  });
}
