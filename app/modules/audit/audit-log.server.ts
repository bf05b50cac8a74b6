// The audit trail (AuditLog): who changed what and when. Every operation writes its entry through
// recordAudit, inside the operation's own transaction, so that a change and its record commit together
// and an impersonated session is recorded with both identities (ADR 009).
import type { Db } from "~/modules/platform/services.server.ts";
import type { Prisma } from "../../generated/prisma/client";
import { type ChangeSince, splitChange } from "../../rules/dialogs/operation-result.ts";
import { type HistoryEntry, mergeOperationRows } from "../../rules/orders/request-history.ts";

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
  /** The entity's version after the change, for versioned records (orders, off-rents, trades, memos). */
  version?: number | null;
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
      version: entry.version ?? null,
    },
    select: { id: true },
  });
}

const HISTORY_SELECT = {
  id: true,
  action: true,
  changedAt: true,
  changedData: true,
  entityType: true,
  user: { select: { firstName: true, lastName: true } },
  impersonator: { select: { firstName: true, lastName: true } },
} as const;

interface HistoryRow {
  action: string;
  changedAt: Date;
  changedData: Prisma.JsonValue;
  user: { firstName: string; lastName: string } | null;
  impersonator: { firstName: string; lastName: string } | null;
}

/** One audit row as the dialogs show it: when, by whom (and through whom), which fields from what to what. */
function toChangeSince(row: HistoryRow): HistoryEntry {
  const name = (person: { firstName: string; lastName: string } | null) =>
    person ? `${person.firstName} ${person.lastName}` : "System";
  const by = row.impersonator ? `${name(row.impersonator)} as ${name(row.user)}` : name(row.user);
  const data =
    row.changedData && typeof row.changedData === "object" && !Array.isArray(row.changedData) ? row.changedData : {};
  const changes = Object.entries(data).map(([label, value]) =>
    splitChange(label, typeof value === "string" ? value : JSON.stringify(value)),
  );
  return { action: row.action, changedAt: row.changedAt.toISOString(), by, changes };
}

/**
 * A request's history (every entity of FormHistory `formHistoryId`), newest first, the rows one
 * operation wrote for it shown as one entry (a carrier move writes the job's row and the order's).
 */
export async function loadRequestHistory(db: Db, formHistoryId: number, limit = 200) {
  const rows = await db.auditLog.findMany({
    where: { formHistoryId },
    orderBy: [{ changedAt: "desc" }, { id: "desc" }],
    take: limit,
    select: HISTORY_SELECT,
  });
  return mergeOperationRows(rows.map(toChangeSince));
}

/** One record's history (a department's), newest first. */
export async function loadRecordHistory(
  db: Pick<Db, "auditLog">,
  entityType: string,
  entityId: number,
  limit = 50,
): Promise<HistoryEntry[]> {
  const rows = await db.auditLog.findMany({
    where: { entityType, entityId },
    orderBy: [{ changedAt: "desc" }, { id: "desc" }],
    take: limit,
    select: HISTORY_SELECT,
  });
  return rows.map(toChangeSince);
}

/**
 * The changes made to a versioned record after `fromVersion` (oldest first): what a save refused for a
 * stale version shows instead of overwriting them.
 */
export async function changesSinceVersion(
  db: Pick<Db, "auditLog">,
  entityType: string,
  entityId: number,
  fromVersion: number,
): Promise<ChangeSince[]> {
  const rows = await db.auditLog.findMany({
    where: { entityType, entityId, version: { gt: fromVersion } },
    orderBy: [{ changedAt: "asc" }, { id: "asc" }],
    select: HISTORY_SELECT,
  });
  return rows.map(toChangeSince).map(({ changedAt, by, changes }) => ({ changedAt, by, changes }));
}
