// Overriding a unit's lateness (ADR 044): the department that works the unit's status sets OverrideLate
// with a reason, or clears it, from the status details dialog. Audited like the seed's overrides
// ('override-late', 'override-late-clear' on the Unit) in the same transaction as the change.
import type { Db } from "~/modules/platform/services.server.ts";
import {
  mayOverrideLateness,
  OVERRIDE_REASON_MAX,
  STATUS_DETAILS_MESSAGES as M,
  UNIT_NUMBER_PATTERN,
} from "../../rules/fleet/status-details.ts";
import type { OperationResult } from "../../rules/dialogs/operation-result.ts";
import { auditActorOf, describeChange, recordAudit } from "../audit/audit-log.server.ts";
import { type OperationActor, refuse } from "../operations/operation.server.ts";

export const LATE_OVERRIDE_AUDIT = { set: "override-late", clear: "override-late-clear" } as const;

export interface LateOverrideInput {
  UnitNumber: string;
  /** Required to set; ignored when clearing. */
  OverrideReason?: string;
}

/** Sets (`override: true`, with a reason) or clears a unit's lateness override. */
export async function changeLateOverride(
  db: Db,
  actor: OperationActor,
  input: LateOverrideInput,
  override: boolean,
): Promise<OperationResult> {
  const unitNumber = input.UnitNumber.trim().toUpperCase();
  if (!UNIT_NUMBER_PATTERN.test(unitNumber)) return refuse(400, M.unitNumber);
  const reason = (input.OverrideReason ?? "").trim();
  if (override && (reason === "" || reason.length > OVERRIDE_REASON_MAX)) return refuse(400, M.overrideReason);
  const unit = await db.unit.findUnique({
    where: { unitNumber },
    select: { id: true, overrideLate: true, overrideReason: true, status: { select: { name: true } } },
  });
  // Whether the actor may is judged on the unit's status, so the unit is read first; an unknown unit is a
  // 404 for anyone who may open the status lists at all (the page's own guard).
  if (!unit) return refuse(404, M.unitNotFound);
  if (!mayOverrideLateness(unit.status.name, actor.permissions)) return refuse(403, M.overrideForbidden);
  if (!override && !unit.overrideLate) return refuse(409, M.overrideNotSet);
  const before = { late: unit.overrideLate ? "1" : "0", reason: unit.overrideReason ?? "" };
  await db.$transaction(async (tx) => {
    await tx.unit.update({
      where: { id: unit.id },
      data: { overrideLate: override, overrideReason: override ? reason : null },
    });
    await recordAudit(tx, {
      entityType: "Unit",
      entityId: unit.id,
      action: override ? LATE_OVERRIDE_AUDIT.set : LATE_OVERRIDE_AUDIT.clear,
      changedData: {
        "Override Late": describeChange("Override Late", before.late, override ? "1" : "0"),
        "Override Reason": describeChange("Override Reason", before.reason, override ? reason : ""),
      },
      actor: auditActorOf(actor),
    });
  });
  return { ok: true, lists: [], message: override ? M.overrideSaved : M.overrideCleared };
}
