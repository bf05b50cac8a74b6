// Writing a unit's status change the one way every queue operation does it (ADR 011): the unit's
// status, statusChangedAt and a cleared late override, plus unit history rows (UnitHistory, docs/data-model.md) for the
// status and, when it changes with it, the sub-status.
import type { Prisma } from "../../generated/prisma/client";
import { fullName, OperationConflict, refuse, type OperationActor } from "../operations/operation.server.ts";
import { QUEUE_MESSAGES } from "../../rules/boards/queue.ts";

export interface UnitStatusChange {
  unit: { id: number; statusId: number; statusName: string; subStatus: string | null };
  to: string;
  /** The sub-status that goes with the new status (null clears it). */
  subStatus: string | null;
  /** Set to move the unit to (or away from, with null) a customer; left alone when undefined. */
  companyId?: number | null;
  actor: OperationActor;
  changedFrom: string;
  now: Date;
}

/** Moves the unit, conditional on its status being the one read (else a 409 rolls everything back). */
export async function writeUnitStatusChange(tx: Prisma.TransactionClient, change: UnitStatusChange): Promise<void> {
  const { unit, to, subStatus, actor, changedFrom, now } = change;
  const status = await tx.unitStatus.findUnique({ where: { name: to }, select: { id: true } });
  if (!status) throw new Error(`unit status ${to} is missing from the UnitStatus table`);
  const updated = await tx.unit.updateMany({
    where: { id: unit.id, statusId: unit.statusId },
    data: {
      statusId: status.id,
      subStatus,
      statusChangedAt: now,
      overrideLate: false,
      overrideReason: null,
      ...(change.companyId === undefined ? {} : { companyId: change.companyId }),
    },
  });
  if (updated.count !== 1) throw new OperationConflict(refuse(409, QUEUE_MESSAGES.statusChanged));
  const who = { changedOn: now, changedBy: fullName(actor.user), changedById: actor.user.id, changedFrom };
  await tx.unitHistory.create({
    data: { unitId: unit.id, statType: "STATUS", prevVal: unit.statusName, newVal: to, ...who },
  });
  if ((unit.subStatus ?? null) !== subStatus) {
    await tx.unitHistory.create({
      data: { unitId: unit.id, statType: "SUB_STATUS", prevVal: unit.subStatus, newVal: subStatus, ...who },
    });
  }
}
