// Cancelling a request with a note (ADR 013): one operation for PUT /api/order/cancel and the
// noteOnboarding dialog. In one transaction it marks the request cancelled (FormHistory.cancelledAt/By,
// which every board reads), bumps the order's version so open edits see it, frees the units held for it
// (reservations, transport jobs without a carrier), writes the cancellation note and the audit entry.
import type { Db } from "~/modules/platform/services.server.ts";
import type { Prisma } from "../../generated/prisma/client";
import {
  ORDER_CANCEL_MESSAGES,
  ORDER_CANCEL_ACTION,
  cancelDepartmentsOf,
  cancellationBlock,
  cancellationDepartment,
  cancelNoteType,
  listsAfterCancel,
  mayCancel,
  mayCancelAny,
  type CancelDepartment,
  type CancellationState,
  type RequestKind,
} from "../../rules/orders/order-cancel.ts";
import { orderCancelSchema } from "../../rules/orders/order-cancel-schema.ts";
import { OFFBOARDING_STAGE, ONBOARDING_STAGE, PICKED_UP_UNIT_STATUS_IDS } from "../../rules/orders/order-stages.ts";
import { auditActorOf, changesSinceVersion, describeChange, recordAudit } from "../audit/audit-log.server.ts";
import {
  OperationConflict,
  parseInput,
  refuse,
  settle,
  type OperationActor,
  type OperationResult,
} from "../operations/operation.server.ts";

type OrderEntity = "OrderForm" | "OffRentForm" | "TradeForm";

/** A request as the cancellation sees it. */
export interface CancellationSnapshot {
  formHistoryId: number;
  kind: RequestKind;
  companyName: string;
  companyCode: string;
  /** The record whose version a cancel (and an edit) is made from: the order, the off-rent or the trade. */
  entity: { type: OrderEntity; id: number; version: number };
  onboardingStatus: number | null;
  offboardingStatus: number | null;
  /** Offboarding when the request has an off-rent (off-rents and trades), else Onboarding. */
  department: CancelDepartment;
  cancelled: { at: Date; by: string | null } | null;
  state: CancellationState;
  /** What a cancellation would release: the reserved units and the jobs still without a carrier. */
  reservedUnits: string[];
  openJobs: { kind: "DELIVERY" | "PICKUP"; unitNumber: string | null }[];
}

type Reader = Pick<Db, "formHistory" | "transportJob" | "returningUnit" | "reservation">;

/** Reads a request's cancellation state (null when there is no such request). */
export async function loadCancellation(db: Reader, formHistoryId: number): Promise<CancellationSnapshot | null> {
  const form = await db.formHistory.findUnique({
    where: { id: formHistoryId },
    select: {
      id: true,
      kind: true,
      cancelledAt: true,
      cancelledBy: { select: { firstName: true, lastName: true } },
      company: { select: { name: true, code: true } },
      orderForm: { select: { id: true, version: true, onboardingStatus: true } },
      tradeForm: { select: { id: true, version: true, onboardingStatus: true } },
      offRentForm: { select: { id: true, version: true, offboardingStatus: true } },
    },
  });
  if (!form) return null;
  const onRent = form.kind === "ORDER" ? form.orderForm : form.kind === "TRADE" ? form.tradeForm : null;
  const offRent = form.kind === "ORDER" ? null : form.offRentForm;
  const entity: CancellationSnapshot["entity"] | null =
    form.kind === "ORDER"
      ? form.orderForm && { type: "OrderForm", id: form.orderForm.id, version: form.orderForm.version }
      : form.kind === "TRADE"
        ? form.tradeForm && { type: "TradeForm", id: form.tradeForm.id, version: form.tradeForm.version }
        : form.offRentForm && { type: "OffRentForm", id: form.offRentForm.id, version: form.offRentForm.version };
  // A request without its order row is not an order anyone can open.
  if (!entity) return null;

  const [jobs, pickedUpLines, reservations] = await Promise.all([
    db.transportJob.findMany({
      where: { formHistoryId },
      select: { kind: true, vendorId: true, completedAt: true, unit: { select: { unitNumber: true } } },
      orderBy: { id: "asc" },
    }),
    db.returningUnit.count({ where: { formHistoryId, statusId: { in: [...PICKED_UP_UNIT_STATUS_IDS] } } }),
    db.reservation.findMany({
      where: { formHistoryId },
      select: { unit: { select: { unitNumber: true } } },
      orderBy: { unit: { unitNumber: "asc" } },
    }),
  ]);
  const done = (kind: "DELIVERY" | "PICKUP") => jobs.some((job) => job.kind === kind && job.completedAt !== null);
  const state: CancellationState = {
    cancelled: form.cancelledAt !== null,
    delivered:
      (onRent?.onboardingStatus ?? ONBOARDING_STAGE.submitted) >= ONBOARDING_STAGE.delivered || done("DELIVERY"),
    pickedUp:
      (offRent?.offboardingStatus ?? OFFBOARDING_STAGE.submitted) >= OFFBOARDING_STAGE.returned ||
      pickedUpLines > 0 ||
      done("PICKUP"),
    carrierJobs: jobs.filter((job) => job.vendorId !== null && job.completedAt === null).length,
  };
  return {
    formHistoryId: form.id,
    kind: form.kind,
    companyName: form.company.name,
    companyCode: form.company.code,
    entity,
    onboardingStatus: onRent?.onboardingStatus ?? null,
    offboardingStatus: offRent?.offboardingStatus ?? null,
    department: cancellationDepartment({ hasOffRent: offRent !== null }),
    cancelled: form.cancelledAt
      ? {
          at: form.cancelledAt,
          by: form.cancelledBy ? `${form.cancelledBy.firstName} ${form.cancelledBy.lastName}` : null,
        }
      : null,
    state,
    reservedUnits: reservations.map((reservation) => reservation.unit.unitNumber),
    openJobs: jobs
      .filter((job) => job.vendorId === null && job.completedAt === null)
      .map((job) => ({ kind: job.kind, unitNumber: job.unit?.unitNumber ?? null })),
  };
}

/** A job a cancellation removes, as the dialog and the audit entry name it: 'Delivery U1234'. */
export const openJobLabel = (job: { kind: "DELIVERY" | "PICKUP"; unitNumber: string | null }) =>
  `${job.kind === "DELIVERY" ? "Delivery" : "Pickup"} ${job.unitNumber ?? "(no unit)"}`;

async function bumpVersion(tx: Prisma.TransactionClient, entity: CancellationSnapshot["entity"]): Promise<number> {
  const where = { id: entity.id, version: entity.version };
  const data = { version: { increment: 1 } };
  const updated =
    entity.type === "OrderForm"
      ? await tx.orderForm.updateMany({ where, data })
      : entity.type === "TradeForm"
        ? await tx.tradeForm.updateMany({ where, data })
        : await tx.offRentForm.updateMany({ where, data });
  if (updated.count !== 1) throw new OperationConflict(refuse(409, ORDER_CANCEL_MESSAGES.stateChanged));
  return entity.version + 1;
}

/**
 * Cancels the request `FormHistoryID` with the note (PUT /api/order/cancel). Refuses (nothing
 * written): 400 for a bad body, 403 without the department's permission, 404 for no such request, 409
 * when it is already cancelled, delivered or picked up, a carrier holds one of its jobs, or the order
 * moved on since `version`.
 */
export async function cancelOrder(
  db: Db,
  actor: OperationActor,
  input: unknown,
  now: Date = new Date(),
): Promise<OperationResult> {
  const parsed = parseInput(orderCancelSchema, input);
  if (!parsed.ok) return parsed.refusal;
  if (!mayCancelAny(actor.permissions)) return refuse(403, ORDER_CANCEL_MESSAGES.forbidden);
  const body = parsed.data;

  const request = await loadCancellation(db, body.FormHistoryID);
  if (!request) return refuse(404, ORDER_CANCEL_MESSAGES.notFound);
  if (!mayCancel(request.kind, actor.permissions)) return refuse(403, ORDER_CANCEL_MESSAGES.forbidden);
  if (!cancelDepartmentsOf(request.kind).includes(body.department)) {
    const message = ORDER_CANCEL_MESSAGES.wrongDepartment(request.department);
    return { ok: false, status: 400, message, fieldErrors: { department: [message] } };
  }
  const blocked = cancellationBlock(request.state);
  if (blocked) return refuse(409, blocked);
  const { entity } = request;
  if (body.version !== null && body.version !== undefined && body.version !== entity.version) {
    return refuse(409, ORDER_CANCEL_MESSAGES.stale, {
      currentVersion: entity.version,
      since: await changesSinceVersion(db, entity.type, entity.id, body.version),
    });
  }

  return settle(async () => {
    try {
      return await db.$transaction(async (tx) => {
        // Free what was held for it: jobs no carrier has taken leave the transport board, and reserved
        // units go back to the pool. Carrier-held and finished jobs refuse the cancel; checked again here,
        // inside the transaction, so a job given to a carrier meanwhile is seen (or waited for). Rows are
        // locked in the order the transport moves lock them (jobs, reservations, the order, the request).
        const removed = await tx.transportJob.deleteMany({
          where: { formHistoryId: request.formHistoryId, vendorId: null, completedAt: null },
        });
        const released = await tx.reservation.deleteMany({ where: { formHistoryId: request.formHistoryId } });
        const where = { formHistoryId: request.formHistoryId };
        const carrierJobs = await tx.transportJob.count({
          where: { ...where, vendorId: { not: null }, completedAt: null },
        });
        const doneJobs = await tx.transportJob.findMany({
          where: { ...where, completedAt: { not: null } },
          select: { kind: true },
        });
        const pickedUp = await tx.returningUnit.count({
          where: { ...where, statusId: { in: [...PICKED_UP_UNIT_STATUS_IDS] } },
        });
        const lateBlock = cancellationBlock({
          cancelled: false,
          delivered: doneJobs.some((job) => job.kind === "DELIVERY"),
          pickedUp: pickedUp > 0 || doneJobs.some((job) => job.kind === "PICKUP"),
          carrierJobs,
        });
        if (lateBlock) throw new OperationConflict(refuse(409, lateBlock));
        if (released.count !== request.reservedUnits.length || removed.count !== request.openJobs.length) {
          throw new OperationConflict(refuse(409, ORDER_CANCEL_MESSAGES.stateChanged));
        }
        // Guarded by what was read: a concurrent edit, approval or carrier move loses the race with a 409.
        const version = await bumpVersion(tx, entity);
        const marked = await tx.formHistory.updateMany({
          where: { id: request.formHistoryId, cancelledAt: null },
          data: { cancelledAt: now, cancelledById: actor.user.id },
        });
        if (marked.count !== 1) throw new OperationConflict(refuse(409, ORDER_CANCEL_MESSAGES.alreadyCancelled));

        await tx.note.create({
          data: {
            formHistoryId: request.formHistoryId,
            noteType: cancelNoteType(body.department),
            subject: body.note,
            authorId: actor.user.id,
            createdAt: now,
          },
        });
        const changedData: Record<string, string> = {
          Cancelled: describeChange("Cancelled", "No", "Yes"),
          "Cancellation Note": describeChange("Cancellation Note", "", body.note),
        };
        if (request.reservedUnits.length > 0) {
          changedData["Reserved Units"] = describeChange("Reserved Units", request.reservedUnits.join(", "), "");
        }
        if (request.openJobs.length > 0) {
          changedData["Transport Jobs Without Carrier"] = describeChange(
            "Transport Jobs Without Carrier",
            request.openJobs.map(openJobLabel).join(", "),
            "",
          );
        }
        await recordAudit(tx, {
          entityType: entity.type,
          entityId: entity.id,
          formHistoryId: request.formHistoryId,
          action: ORDER_CANCEL_ACTION,
          changedData,
          actor: auditActorOf(actor),
          version,
        });
        return {
          ok: true as const,
          lists: listsAfterCancel(request.kind, removed.count),
          requests: [request.formHistoryId],
        };
      });
    } catch (error) {
      // A deadlock or write conflict with a concurrent move of the same request (P2034): it changed.
      if (isWriteConflict(error)) return refuse(409, ORDER_CANCEL_MESSAGES.stateChanged);
      throw error;
    }
  });
}

function isWriteConflict(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2034";
}
