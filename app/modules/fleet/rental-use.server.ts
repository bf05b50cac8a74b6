// Setting a unit's Rental Use from a status list (ADR 044): POST /api/setRentalUse and the status details
// dialog's Rental, Trade and Undo buttons run this one operation. Holders of set-rental-use listed in the
// software variable 'Rental Use Override Permissions' may; the change writes the unit, a unit history row
// (Rental Use) and the audit log in one transaction, and announces rentalUseSet so open lists read again.
import type { Db } from "~/modules/platform/services.server.ts";
import { canSetRentalUse, hasFeature } from "../../rules/access/permissions.ts";
import {
  readRentalUse,
  RENTAL_USE_CHANGE_FROM,
  RENTAL_USE_CHANGE_TYPE_ID,
  RENTAL_USE_VARIABLE,
  STATUS_DETAILS_MESSAGES as M,
  UNIT_NUMBER_PATTERN,
} from "../../rules/fleet/status-details.ts";
import { statusListHasRentalUse } from "../../rules/fleet/unit-statuses.ts";
import type { OperationResult } from "../../rules/dialogs/operation-result.ts";
import { auditActorOf, describeChange, recordAudit } from "../audit/audit-log.server.ts";
import { type OperationActor, refuse } from "../operations/operation.server.ts";

export const RENTAL_USE_AUDIT_ACTION = "rental-use";

/** The variable's value: who may press the buttons besides holding set-rental-use. */
export async function rentalUseOverrideVariable(db: Db): Promise<string | null> {
  const row = await db.softwareVariable.findUnique({
    where: { group_name: { group: "Software", name: RENTAL_USE_VARIABLE } },
    select: { value: true },
  });
  return row?.value ?? null;
}

const fieldsOf = (input: unknown): Record<string, unknown> | null =>
  typeof input === "object" && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : null;

/** `{ UnitNumber, NewValue, ChangeTypeID: 6, ChangeFrom: 'Status Count' }` → the unit's Rental Use. */
export async function setRentalUse(db: Db, actor: OperationActor, input: unknown): Promise<OperationResult> {
  // Who may is decided before the body or the unit is looked at: a 403 tells nothing about units.
  if (!hasFeature(actor.permissions, "set-rental-use")) return refuse(403, M.rentalUseForbidden);
  const variable = await rentalUseOverrideVariable(db);
  if (
    !canSetRentalUse({ permissionIds: actor.permissions, userId: actor.user.id, rentalUseOverrideVariable: variable })
  ) {
    return refuse(403, M.rentalUseForbidden);
  }
  const fields = fieldsOf(input);
  if (!fields) return refuse(400, M.unitNumber);
  const unitNumber = typeof fields.UnitNumber === "string" ? fields.UnitNumber.trim().toUpperCase() : "";
  if (!UNIT_NUMBER_PATTERN.test(unitNumber)) return refuse(400, M.unitNumber);
  const newValue = readRentalUse(fields.NewValue);
  if (newValue === undefined) return refuse(400, M.newValue);
  if (fields.ChangeTypeID !== RENTAL_USE_CHANGE_TYPE_ID && fields.ChangeTypeID !== String(RENTAL_USE_CHANGE_TYPE_ID)) {
    return refuse(400, M.changeType);
  }
  if (fields.ChangeFrom !== RENTAL_USE_CHANGE_FROM) return refuse(400, M.changeFrom);

  const unit = await db.unit.findUnique({
    where: { unitNumber },
    select: { id: true, rentalUse: true, status: { select: { name: true } } },
  });
  if (!unit) return refuse(404, M.unitNotFound);
  if (!statusListHasRentalUse(unit.status.name)) return refuse(409, M.notRentalUseStatus);

  const before = unit.rentalUse ?? null;
  if (before !== newValue) {
    await db.$transaction(async (tx) => {
      await tx.unit.update({ where: { id: unit.id }, data: { rentalUse: newValue } });
      await tx.unitHistory.create({
        data: {
          unitId: unit.id,
          statType: "RENTAL_USE",
          prevVal: before,
          newVal: newValue,
          changedOn: new Date(),
          changedBy: `${actor.user.firstName} ${actor.user.lastName}`,
          changedById: actor.user.id,
          changedFrom: RENTAL_USE_CHANGE_FROM,
        },
      });
      await recordAudit(tx, {
        entityType: "Unit",
        entityId: unit.id,
        action: RENTAL_USE_AUDIT_ACTION,
        changedData: { "Rental Use": describeChange("Rental Use", before ?? "", newValue ?? "") },
        actor: auditActorOf(actor),
      });
    });
  }
  return {
    ok: true,
    lists: [],
    message: M.rentalUseSaved,
    announce: [{ event: "rentalUseSet", payload: { UnitNumber: unitNumber, NewValue: newValue } }],
  };
}
