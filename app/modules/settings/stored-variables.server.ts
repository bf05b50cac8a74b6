// The software variables' list, edit and audit for /stored-variables (ADR 044). Readers of the page see
// every variable and its recent changes; only holders of all access (id 1) edit, since the variables
// decide who may do what ('Rental Use Override Permissions', 'Employee Management Permissions', …). A
// user-id list is read strictly and every id must be an existing user, a number of months must be whole;
// the change and its audit row commit together.
import type { Db } from "~/modules/platform/services.server.ts";
import { holdsAllAccess } from "../../rules/access/permissions.ts";
import type { OperationResult } from "../../rules/dialogs/operation-result.ts";
import { readId } from "../../rules/ids.ts";
import {
  holdsMonths,
  holdsUserIds,
  readUserIdList,
  readWholeMonths,
  STORED_VARIABLE_MESSAGES as M,
  userIdListText,
  VARIABLE_VALUE_MAX,
} from "../../rules/settings/stored-variables.ts";
import { auditActorOf, describeChange, recordAudit } from "../audit/audit-log.server.ts";
import { type OperationActor, refuse } from "../operations/operation.server.ts";

export const STORED_VARIABLE_ENTITY = "SoftwareVariable";
export const STORED_VARIABLE_AUDIT_ACTION = "variable-edit";

export interface StoredVariable {
  id: number;
  group: string;
  name: string;
  value: string;
  updatedAt: string;
  holdsUserIds: boolean;
}

export interface StoredVariableChange {
  id: string;
  variable: string;
  change: string;
  by: string | null;
  at: string;
}

/** Every variable by group and name, and the latest changes (who, when, what). */
export async function listStoredVariables(
  db: Db,
): Promise<{ variables: StoredVariable[]; changes: StoredVariableChange[] }> {
  const [rows, audit] = await Promise.all([
    db.softwareVariable.findMany({ orderBy: [{ group: "asc" }, { name: "asc" }] }),
    db.auditLog.findMany({
      where: { entityType: STORED_VARIABLE_ENTITY },
      orderBy: [{ changedAt: "desc" }, { id: "desc" }],
      take: 50,
      include: { user: { select: { firstName: true, lastName: true } } },
    }),
  ]);
  const names = new Map(rows.map((row) => [row.id, row.name]));
  return {
    variables: rows.map((row) => ({
      id: row.id,
      group: row.group,
      name: row.name,
      value: row.value,
      updatedAt: row.updatedAt.toISOString(),
      holdsUserIds: holdsUserIds(row.name),
    })),
    changes: audit.map((entry) => ({
      id: entry.id.toString(),
      variable: names.get(entry.entityId) ?? `#${entry.entityId}`,
      change: Object.values(entry.changedData as Record<string, string>).join("; "),
      by: entry.user ? `${entry.user.firstName} ${entry.user.lastName}` : null,
      at: entry.changedAt.toISOString(),
    })),
  };
}

/** `{ VariableID, VariableValue }` → the variable's new value. */
export async function editStoredVariable(db: Db, actor: OperationActor, input: unknown): Promise<OperationResult> {
  if (!holdsAllAccess(actor.permissions)) return refuse(403, M.forbidden);
  const fields = typeof input === "object" && input !== null ? (input as Record<string, unknown>) : {};
  const id = readId(fields.VariableID);
  if (id === null) return refuse(404, M.notFound);
  if (typeof fields.VariableValue !== "string") return { ok: false, status: 400, message: M.userIds };
  let value = fields.VariableValue.trim();
  if (value.length > VARIABLE_VALUE_MAX) {
    return { ok: false, status: 400, message: M.tooLong, fieldErrors: { VariableValue: [M.tooLong] } };
  }
  const variable = await db.softwareVariable.findUnique({ where: { id } });
  if (!variable) return refuse(404, M.notFound);
  if (holdsUserIds(variable.name)) {
    const ids = readUserIdList(value);
    if (ids === null)
      return { ok: false, status: 400, message: M.userIds, fieldErrors: { VariableValue: [M.userIds] } };
    const found = await db.user.findMany({ where: { id: { in: ids } }, select: { id: true } });
    const known = new Set(found.map((user) => user.id));
    const unknown = ids.filter((each) => !known.has(each));
    if (unknown.length > 0) {
      const message = M.unknownUsers(unknown);
      return { ok: false, status: 400, message, fieldErrors: { VariableValue: [message] } };
    }
    value = userIdListText(ids);
  }
  if (holdsMonths(variable.name)) {
    const months = readWholeMonths(value);
    if (months === null)
      return { ok: false, status: 400, message: M.months, fieldErrors: { VariableValue: [M.months] } };
    value = String(months);
  }
  if (value !== variable.value) {
    await db.$transaction(async (tx) => {
      await tx.softwareVariable.update({ where: { id }, data: { value } });
      await recordAudit(tx, {
        entityType: STORED_VARIABLE_ENTITY,
        entityId: id,
        action: STORED_VARIABLE_AUDIT_ACTION,
        changedData: { [variable.name]: describeChange(variable.name, variable.value, value) },
        actor: auditActorOf(actor),
      });
    });
  }
  return { ok: true, lists: [], message: M.saved };
}
