// Moving a unit on to its next status by hand (ADR 011): the department owning the unit's current
// status moves it to one of the statuses app/rules/boards/queue.ts allows after it (the usual next one when
// NewStatus is left out), with a unit history row naming the board it was done from.
import { z } from "zod";
import type { Db } from "~/modules/platform/services.server.ts";
import {
  boardForStatus,
  defaultNextUnitStatus,
  listsForStatusMove,
  mayMoveUnitStatus,
  mayWorkAnyStatus,
  mayWorkStatus,
  QUEUE_BOARD_NAMES,
  QUEUE_FORBIDDEN_MESSAGE,
  QUEUE_MESSAGES,
  statusMoveRefusedMessage,
} from "../../rules/boards/queue.ts";
import { isUnitStatusName } from "../../rules/fleet/unit-statuses.ts";
import { auditActorOf, describeChange, recordAudit } from "../audit/audit-log.server.ts";
import {
  parseInput,
  refuse,
  settle,
  type OperationActor,
  type OperationResult,
} from "../operations/operation.server.ts";
import { writeUnitStatusChange } from "./unit-change.server.ts";

export const UNIT_STATUS_ACTION = "status-change";

const blankToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

export const unitStatusInput = z.object({
  UnitNumber: z
    .string({ error: "Enter a unit number." })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9-]{1,8}$/, { error: "Enter a unit number of up to 8 letters, digits or dashes." }),
  NewStatus: z.preprocess(
    blankToUndefined,
    z.string().refine(isUnitStatusName, { error: "Choose a unit status." }).optional(),
  ),
  ChangedFrom: z.preprocess(blankToUndefined, z.enum(QUEUE_BOARD_NAMES, { error: "Choose the board." }).optional()),
});

export async function moveUnitStatus(
  db: Db,
  actor: OperationActor,
  input: unknown,
  now: Date = new Date(),
): Promise<OperationResult> {
  const parsed = parseInput(unitStatusInput, input);
  if (!parsed.ok) return parsed.refusal;
  const { UnitNumber: unitNumber, NewStatus: requested, ChangedFrom: board } = parsed.data;
  if (!mayWorkAnyStatus(actor.permissions)) return refuse(403, QUEUE_FORBIDDEN_MESSAGE);

  const unit = await db.unit.findUnique({
    where: { unitNumber },
    select: {
      id: true,
      statusId: true,
      subStatus: true,
      status: { select: { name: true } },
      reservation: { select: { id: true } },
      transportJobs: { where: { completedAt: null }, select: { id: true }, take: 1 },
    },
  });
  if (!unit) return refuse(404, QUEUE_MESSAGES.unitNotFound);
  const from = unit.status.name;
  // Whose queue the unit is in decides who may move it on.
  if (!mayWorkStatus(actor.permissions, from)) return refuse(403, QUEUE_FORBIDDEN_MESSAGE);
  const to = requested ?? defaultNextUnitStatus(from);
  if (to === undefined)
    return refuse(409, from === "SOLD" ? QUEUE_MESSAGES.statusFinal : statusMoveRefusedMessage(from, "another status"));
  if (to === from) return refuse(409, QUEUE_MESSAGES.sameStatus);
  if (!mayMoveUnitStatus(from, to)) return refuse(409, statusMoveRefusedMessage(from, to));
  if (unit.reservation) return refuse(409, QUEUE_MESSAGES.unitReserved);
  if (unit.transportJobs.length > 0) return refuse(409, QUEUE_MESSAGES.unitInTransport);

  return settle(() =>
    db.$transaction(async (tx) => {
      await writeUnitStatusChange(tx, {
        unit: { id: unit.id, statusId: unit.statusId, statusName: from, subStatus: unit.subStatus },
        to,
        // A sub-status describes the old status; the department sets a new one if it needs one.
        subStatus: null,
        actor,
        changedFrom: board ?? boardForStatus(from),
        now,
      });
      await recordAudit(tx, {
        entityType: "Unit",
        entityId: unit.id,
        action: UNIT_STATUS_ACTION,
        changedData: { Status: describeChange("Status", from, to) },
        actor: auditActorOf(actor),
      });
      return { ok: true as const, lists: listsForStatusMove(from, to) };
    }),
  );
}
