// Transport moves (ADR 011): giving a job to a carrier or taking it back (transport-edit), and marking
// a delivery or pickup done (transport-edit, or the transport page). Each keeps its order's counts and
// stage in step: trucks remaining = trucks − carrier-assigned jobs (what the edit dialogs show), In
// Transport / Pickup Scheduled once a carrier holds a job, Delivered / Returned once every truck is. A
// move is audited on the job and on each order record whose stage or counts it changed (at the
// record's new version).
import { z } from "zod";
import type { Db } from "~/modules/platform/services.server.ts";
import type { Prisma } from "../../generated/prisma/client";
import type { CardListName } from "../../rules/boards/boards.ts";
import {
  APPROVED_STAGE,
  AT_CUSTOMER_UNIT_STATUS_IDS,
  isPickedUpUnitStatus,
  OFFBOARDING_STATUS_LABEL,
  offboardingStageLabel,
  ONBOARDING_STATUS_LABEL,
  onboardingStageLabel,
  PLACEHOLDER_RETURNING_UNIT,
  RETURNING_UNIT_STATUS,
  SUBMITTED_STAGE,
} from "../../rules/orders/order-stages.ts";
import {
  listForStatus,
  mayAssignCarrier,
  mayCompleteTransport,
  offboardingStageAfter,
  onboardingStageAfter,
  QUEUE_FORBIDDEN_MESSAGE,
  QUEUE_MESSAGES,
  trucksRemaining,
  uniqueLists,
} from "../../rules/boards/queue.ts";
import { type AuditActor, auditActorOf, describeChange, recordAudit } from "../audit/audit-log.server.ts";
import {
  idField,
  parseInput,
  OperationConflict,
  refuse,
  settle,
  type OperationActor,
  type OperationResult,
} from "../operations/operation.server.ts";
import { writeUnitStatusChange } from "./unit-change.server.ts";

export const ASSIGN_CARRIER_ACTION = "assign-carrier";
export const UNASSIGN_CARRIER_ACTION = "unassign-carrier";
export const COMPLETE_DELIVERY_ACTION = "complete-delivery";
export const COMPLETE_PICKUP_ACTION = "complete-pickup";
export const TRANSPORT_BOARD = "Transport Board";
/** Sub-statuses of a unit on a carrier's truck (as the demo data writes them). */
export const FROM_CUSTOMER_SUB_STATUS = "From Customer";

export const assignCarrierInput = z.object({
  TransportJobID: idField("Choose a transport job."),
  /** null (or an empty form field) takes the job back from its carrier. */
  VendorID: z.preprocess((value) => (value === "" ? null : value), idField("Choose a carrier.").nullable()),
});
export const completeTransportInput = z.object({ TransportJobID: idField("Choose a transport job.") });

type Changes = Record<string, string>;

const jobSelect = {
  id: true,
  kind: true,
  unitId: true,
  vendorId: true,
  completedAt: true,
  vendor: { select: { name: true } },
  formHistory: {
    select: {
      id: true,
      kind: true,
      companyId: true,
      cancelledAt: true,
      orderForm: { select: { onboardingStatus: true } },
      tradeForm: { select: { onboardingStatus: true } },
      offRentForm: { select: { offboardingStatus: true } },
    },
  },
} as const;

/** The approval stage of the half a job serves; null when the request has no such half. */
function halfStage(job: {
  kind: "DELIVERY" | "PICKUP";
  formHistory: {
    orderForm: { onboardingStatus: number } | null;
    tradeForm: { onboardingStatus: number } | null;
    offRentForm: { offboardingStatus: number } | null;
  };
}): number | null {
  const form = job.formHistory;
  if (job.kind === "DELIVERY") return (form.orderForm ?? form.tradeForm)?.onboardingStatus ?? null;
  return form.offRentForm?.offboardingStatus ?? null;
}

/** The move being made, for the audit rows of the order records it changes. */
interface TransportMove {
  action: string;
  actor: AuditActor;
}

/** The changedData of one record: each field whose value moved, as 'label: old!label: new'. */
function changesOf(fields: [label: string, before: string | number, after: string | number][]): Changes {
  const changes: Changes = {};
  for (const [label, before, after] of fields) {
    if (before !== after) changes[label] = describeChange(label, String(before), String(after));
  }
  return changes;
}

const stageLabel = (label: (stage: number) => string | undefined, stage: number) => label(stage) ?? String(stage);

/** The on-rent half a delivery serves, as syncHalf recounts it. */
interface OnRentHalf {
  entityType: "OrderForm" | "TradeForm";
  row: { id: number; version: number; onboardingStatus: number };
  requested: number;
  remaining: number;
  remainingLabel: string;
  /** Writes the new stage and count where the row is still at the version read. */
  write(where: { id: number; version: number }, stage: number, remaining: number): Promise<{ count: number }>;
}

/**
 * Recomputes the counts and stage of the half a job belongs to and writes them (version + 1) when they
 * changed, each changed order record (OrderForm, TradeForm, OffRentForm) with an audit row of its own
 * at its new version, so an edit begun before the move is shown it as a change since its version.
 * Answers every change, for the job's own audit row.
 */
async function syncHalf(
  tx: Prisma.TransactionClient,
  formHistoryId: number,
  kind: "DELIVERY" | "PICKUP",
  move: TransportMove,
): Promise<Changes> {
  const all: Changes = {};
  const recordOrderChange = async (
    entityType: "OrderForm" | "TradeForm" | "OffRentForm",
    entityId: number,
    changes: Changes,
    version: number,
  ) => {
    Object.assign(all, changes);
    await recordAudit(tx, {
      entityType,
      entityId,
      formHistoryId,
      action: move.action,
      changedData: changes,
      actor: move.actor,
      version,
    });
  };
  const jobs = { formHistoryId, kind };
  const assigned = await tx.transportJob.count({ where: { ...jobs, vendorId: { not: null } } });
  const completed = await tx.transportJob.count({ where: { ...jobs, completedAt: { not: null } } });

  if (kind === "DELIVERY") {
    // The on-rent half: an order, or a trade's new trucks. Same rule, their own columns.
    const order = await tx.orderForm.findUnique({ where: { formHistoryId } });
    const trade = order ? null : await tx.tradeForm.findUnique({ where: { formHistoryId } });
    const half: OnRentHalf | null = order
      ? {
          entityType: "OrderForm",
          row: order,
          requested: order.trucksRequested,
          remaining: order.trucksRemaining,
          remainingLabel: "Trucks Remaining",
          write: (where, stage, remaining) =>
            tx.orderForm.updateMany({
              where,
              data: { onboardingStatus: stage, trucksRemaining: remaining, version: { increment: 1 } },
            }),
        }
      : trade
        ? {
            entityType: "TradeForm",
            row: trade,
            requested:
              trade.halfTonCountTrade +
              trade.threeQuarterTonCountTrade +
              trade.oneTonFlatCountTrade +
              trade.oneTonServiceCountTrade,
            remaining: trade.newTrucksRemaining,
            remainingLabel: "New Trucks Remaining",
            write: (where, stage, remaining) =>
              tx.tradeForm.updateMany({
                where,
                data: { onboardingStatus: stage, newTrucksRemaining: remaining, version: { increment: 1 } },
              }),
          }
        : null;
    if (!half) return all;
    const remaining = trucksRemaining(half.requested, assigned);
    const stage = onboardingStageAfter({
      stage: half.row.onboardingStatus,
      requested: half.requested,
      assignedDeliveries: assigned,
      completedDeliveries: completed,
    });
    if (stage === half.row.onboardingStatus && remaining === half.remaining) return all;
    const updated = await half.write({ id: half.row.id, version: half.row.version }, stage, remaining);
    if (updated.count !== 1) throw new OperationConflict(refuse(409, QUEUE_MESSAGES.stateChanged));
    const changes = changesOf([
      [
        ONBOARDING_STATUS_LABEL,
        stageLabel(onboardingStageLabel, half.row.onboardingStatus),
        stageLabel(onboardingStageLabel, stage),
      ],
      [half.remainingLabel, half.remaining, remaining],
    ]);
    await recordOrderChange(half.entityType, half.row.id, changes, half.row.version + 1);
    return all;
  }

  const offRent = await tx.offRentForm.findUnique({ where: { formHistoryId } });
  if (!offRent) return all;
  const lines = await tx.returningUnit.findMany({
    where: { offRentFormId: offRent.id, unitNumber: { not: PLACEHOLDER_RETURNING_UNIT.unitNumber } },
    select: { statusId: true },
  });
  const pickedUp = lines.filter((line) => isPickedUpUnitStatus(line.statusId)).length;
  const remaining = trucksRemaining(offRent.numTrucksReturning, assigned);
  const stage = offboardingStageAfter({
    stage: offRent.offboardingStatus,
    returning: lines.length,
    assignedPickups: assigned,
    pickedUp,
  });
  if (stage !== offRent.offboardingStatus || remaining !== offRent.trucksRemaining) {
    const updated = await tx.offRentForm.updateMany({
      where: { id: offRent.id, version: offRent.version },
      data: { offboardingStatus: stage, trucksRemaining: remaining, version: { increment: 1 } },
    });
    if (updated.count !== 1) throw new OperationConflict(refuse(409, QUEUE_MESSAGES.stateChanged));
    const changes = changesOf([
      [
        OFFBOARDING_STATUS_LABEL,
        stageLabel(offboardingStageLabel, offRent.offboardingStatus),
        stageLabel(offboardingStageLabel, stage),
      ],
      ["Trucks Remaining", offRent.trucksRemaining, remaining],
    ]);
    await recordOrderChange("OffRentForm", offRent.id, changes, offRent.version + 1);
  }
  // A trade's return half: the trade row carries the same count for its dialogs.
  if (offRent.tradeFormId !== null) {
    const trade = await tx.tradeForm.findUnique({ where: { id: offRent.tradeFormId } });
    const returnRemaining = trade ? trucksRemaining(trade.numTrucksReturning, assigned) : 0;
    if (trade && trade.returnTrucksRemaining !== returnRemaining) {
      const updated = await tx.tradeForm.updateMany({
        where: { id: trade.id, version: trade.version },
        data: { returnTrucksRemaining: returnRemaining, version: { increment: 1 } },
      });
      if (updated.count !== 1) throw new OperationConflict(refuse(409, QUEUE_MESSAGES.stateChanged));
      const changes = changesOf([["Return Trucks Remaining", trade.returnTrucksRemaining, returnRemaining]]);
      await recordOrderChange("TradeForm", trade.id, changes, trade.version + 1);
    }
  }
  return all;
}

/**
 * The requests whose onboarding cards list the unit (reserved for them, or on one of their delivery
 * jobs), so a change of the unit's status names them all.
 */
async function requestsListingUnit(tx: Prisma.TransactionClient, unitId: number): Promise<number[]> {
  const reservations = await tx.reservation.findMany({ where: { unitId }, select: { formHistoryId: true } });
  const deliveries = await tx.transportJob.findMany({
    where: { unitId, kind: "DELIVERY" },
    select: { formHistoryId: true },
  });
  return [...reservations, ...deliveries].map((row) => row.formHistoryId);
}

/** The board of the order half a job serves. */
const halfList = (kind: "DELIVERY" | "PICKUP"): CardListName => (kind === "DELIVERY" ? "onboarding" : "offboarding");

/** Gives a transport job to a carrier (VendorID) or takes it back (VendorID null). */
export async function assignCarrier(
  db: Db,
  actor: OperationActor,
  input: unknown,
  now: Date = new Date(),
): Promise<OperationResult> {
  const parsed = parseInput(assignCarrierInput, input);
  if (!parsed.ok) return parsed.refusal;
  if (!mayAssignCarrier(actor.permissions)) return refuse(403, QUEUE_FORBIDDEN_MESSAGE);
  const { TransportJobID: jobId, VendorID: vendorId } = parsed.data;

  const job = await db.transportJob.findUnique({ where: { id: jobId }, select: jobSelect });
  if (!job) return refuse(404, QUEUE_MESSAGES.jobNotFound);
  let vendor: { id: number; name: string } | null = null;
  if (vendorId !== null) {
    const found = await db.vendor.findUnique({
      where: { id: vendorId },
      select: { id: true, name: true, vendorType: true },
    });
    if (!found) return refuse(404, QUEUE_MESSAGES.carrierNotFound);
    if (found.vendorType !== "TRANSPORTER") {
      return {
        ok: false,
        status: 400,
        message: QUEUE_MESSAGES.notACarrier,
        fieldErrors: { VendorID: [QUEUE_MESSAGES.notACarrier] },
      };
    }
    vendor = { id: found.id, name: found.name };
  }
  if (job.formHistory.cancelledAt) return refuse(409, QUEUE_MESSAGES.cancelled);
  if (job.completedAt) return refuse(409, QUEUE_MESSAGES.jobCompleted);
  if (vendor === null && job.vendorId === null) return refuse(409, QUEUE_MESSAGES.notAssigned);
  if (vendor !== null && job.vendorId === vendor.id) return refuse(409, QUEUE_MESSAGES.alreadyAssigned);
  if (vendor !== null && (halfStage(job) ?? SUBMITTED_STAGE) < APPROVED_STAGE)
    return refuse(409, QUEUE_MESSAGES.notApproved);

  return settle(() =>
    db.$transaction(async (tx) => {
      const updated = await tx.transportJob.updateMany({
        where: { id: job.id, vendorId: job.vendorId, completedAt: null },
        data: vendor
          ? { vendorId: vendor.id, assignedAt: now, assignedById: actor.user.id }
          : { vendorId: null, assignedAt: null, assignedById: null },
      });
      if (updated.count !== 1) throw new OperationConflict(refuse(409, QUEUE_MESSAGES.stateChanged));
      const move = { action: vendor ? ASSIGN_CARRIER_ACTION : UNASSIGN_CARRIER_ACTION, actor: auditActorOf(actor) };
      const changes: Changes = {
        Carrier: describeChange("Carrier", job.vendor?.name ?? "none", vendor?.name ?? "none"),
        ...(await syncHalf(tx, job.formHistory.id, job.kind, move)),
      };
      await recordAudit(tx, {
        entityType: "TransportJob",
        entityId: job.id,
        formHistoryId: job.formHistory.id,
        action: move.action,
        changedData: changes,
        actor: move.actor,
      });
      // Only this request's cards change on its half's board: a card shows the carrier of its own jobs.
      return {
        ok: true as const,
        lists: ["transport", "shipping", halfList(job.kind)] satisfies CardListName[],
        requests: [job.formHistory.id],
      };
    }),
  );
}

/**
 * Marks a delivery or pickup done. A delivery puts its unit ON RENT to the order's customer (and ends
 * its reservation); a pickup puts it IN TRANSIT from the customer and its returning line to Picked Up.
 */
export async function completeTransport(
  db: Db,
  actor: OperationActor,
  input: unknown,
  now: Date = new Date(),
): Promise<OperationResult> {
  const parsed = parseInput(completeTransportInput, input);
  if (!parsed.ok) return parsed.refusal;
  if (!mayCompleteTransport(actor.permissions)) return refuse(403, QUEUE_FORBIDDEN_MESSAGE);

  const job = await db.transportJob.findUnique({ where: { id: parsed.data.TransportJobID }, select: jobSelect });
  if (!job) return refuse(404, QUEUE_MESSAGES.jobNotFound);
  if (job.formHistory.cancelledAt) return refuse(409, QUEUE_MESSAGES.cancelled);
  if (job.completedAt) return refuse(409, QUEUE_MESSAGES.jobCompleted);
  if (job.vendorId === null) return refuse(409, QUEUE_MESSAGES.needsCarrier);
  if (job.unitId === null) return refuse(409, QUEUE_MESSAGES.needsUnit);
  const unit = await db.unit.findUnique({
    where: { id: job.unitId },
    select: { id: true, statusId: true, subStatus: true, status: { select: { name: true } } },
  });
  if (!unit) return refuse(409, QUEUE_MESSAGES.needsUnit);
  const current = { id: unit.id, statusId: unit.statusId, statusName: unit.status.name, subStatus: unit.subStatus };
  if (job.kind === "DELIVERY" && current.statusName === "ON RENT") return refuse(409, QUEUE_MESSAGES.unitAlreadyOnRent);
  if (job.kind === "PICKUP" && current.statusName !== "ON RENT") return refuse(409, QUEUE_MESSAGES.unitNotOnRent);

  let line: { id: number } | null = null;
  if (job.kind === "PICKUP") {
    line = await db.returningUnit.findFirst({
      where: { formHistoryId: job.formHistory.id, unitId: unit.id, statusId: { in: [...AT_CUSTOMER_UNIT_STATUS_IDS] } },
      select: { id: true },
      orderBy: { id: "asc" },
    });
    if (!line) return refuse(409, QUEUE_MESSAGES.noReturningLine);
  }
  const to = job.kind === "DELIVERY" ? "ON RENT" : "IN TRANSIT";

  return settle(() =>
    db.$transaction(async (tx) => {
      const updated = await tx.transportJob.updateMany({
        where: { id: job.id, completedAt: null, vendorId: { not: null } },
        data: { completedAt: now },
      });
      if (updated.count !== 1) throw new OperationConflict(refuse(409, QUEUE_MESSAGES.jobCompleted));
      await writeUnitStatusChange(tx, {
        unit: current,
        to,
        subStatus: job.kind === "DELIVERY" ? null : FROM_CUSTOMER_SUB_STATUS,
        companyId: job.kind === "DELIVERY" ? job.formHistory.companyId : null,
        actor,
        changedFrom: TRANSPORT_BOARD,
        now,
      });
      // Read before the reservation goes: every request whose onboarding card lists the unit.
      const listing = job.kind === "DELIVERY" ? await requestsListingUnit(tx, unit.id) : [];
      if (job.kind === "DELIVERY") {
        // Delivered: the unit is the customer's now, no longer held for the order.
        await tx.reservation.deleteMany({ where: { unitId: unit.id } });
      } else if (line) {
        await tx.returningUnit.update({ where: { id: line.id }, data: { statusId: RETURNING_UNIT_STATUS.pickedUp } });
      }
      const move = {
        action: job.kind === "DELIVERY" ? COMPLETE_DELIVERY_ACTION : COMPLETE_PICKUP_ACTION,
        actor: auditActorOf(actor),
      };
      const changes: Changes = {
        Completed: describeChange("Completed", "no", "yes"),
        "Unit Status": describeChange("Unit Status", current.statusName, to),
        ...(await syncHalf(tx, job.formHistory.id, job.kind, move)),
      };
      await recordAudit(tx, {
        entityType: "TransportJob",
        entityId: job.id,
        formHistoryId: job.formHistory.id,
        action: move.action,
        changedData: changes,
        actor: move.actor,
      });
      const lists: CardListName[] =
        job.kind === "DELIVERY"
          ? uniqueLists([
              "transport",
              "shipping",
              "onboarding",
              "client-relations",
              "ar-open",
              listForStatus(current.statusName),
              "overview",
            ])
          : uniqueLists(["transport", "shipping", "offboarding", "ar-off-rent", "ar-open", "overview"]);
      // The unit's new status shows on every onboarding card that lists it; an offboarding card shows
      // its own returning lines, so a pickup changes only its request's card.
      return { ok: true as const, lists, requests: [...new Set([job.formHistory.id, ...listing])] };
    }),
  );
}
