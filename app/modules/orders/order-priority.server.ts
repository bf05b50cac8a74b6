// An order's priority and prepay (ADR 041): PUT /api/order/set-priority,
// /remove-priority and /remove-prepay, and the setPriorityOrder and removePrepayOrder dialogs. Each change
// is checked against the value the caller saw (OldValue, or the value the dialog was opened on), written
// only if the row still holds it (a concurrent change answers 409), and audited on the request's history
// with the field's old and new value (the specification's ChangedField, OldValue and NewValue).
import type { Db } from "~/modules/platform/services.server.ts";
import type { CardListName } from "../../rules/boards/boards.ts";
import {
  mayChangePriority,
  mayRemovePrepay,
  ORDER_PRIORITY_MESSAGES as M,
  PREPAY_FIELD,
  type PriorityReading,
  readPriorityBody,
  REMOVE_PREPAY_INTENT,
  REMOVE_PRIORITY_INTENT,
  SET_PRIORITY_INTENT,
} from "../../rules/orders/order-priority.ts";
import { auditActorOf, describeChange, recordAudit } from "../audit/audit-log.server.ts";
import { idFromPath, type OperationActor, type OperationResult, refuse } from "../operations/operation.server.ts";

/** The lists whose cards show a request's priority (a badge, and the order within the stage). */
const PRIORITY_LISTS: CardListName[] = ["onboarding", "shipping", "transport"];
/** The list whose cards show the prepay badge. */
const PREPAY_LISTS: CardListName[] = ["onboarding"];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A body's record id, from JSON (a whole number) or a form (digits only). */
function idOf(value: unknown): number | null {
  if (typeof value === "number") return Number.isSafeInteger(value) ? idFromPath(String(value)) : null;
  return typeof value === "string" ? idFromPath(value.trim()) : null;
}

const dayText = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : "");

/** What a change was made from, when the caller says: `OldValue` (API) — null or "" for no priority. */
function statedOldValue(body: Record<string, unknown>): { stated: false } | { stated: true; value: string | null } {
  if (!("OldValue" in body)) return { stated: false };
  const old = body.OldValue;
  if (old === null || old === undefined || old === "") return { stated: true, value: null };
  return typeof old === "string" ? { stated: true, value: old.trim() } : { stated: true, value: String(old) };
}

async function loadRequest(db: Db, formHistoryId: number) {
  return db.formHistory.findUnique({
    where: { id: formHistoryId },
    select: { id: true, cancelledAt: true, priorityReason: true, priorityDeadline: true, confirmedPrepay: true },
  });
}

/**
 * Sets (reading) or removes (null) the priority. `read` turns the body into the new priority: the API's
 * body or the dialog's form.
 */
async function changePriority(
  db: Db,
  actor: OperationActor,
  input: unknown,
  next: ((body: Record<string, unknown>) => PriorityReading) | null,
  now: Date,
): Promise<OperationResult> {
  if (!mayChangePriority(actor.permissions)) return refuse(403, M.forbidden);
  if (!isObject(input)) return refuse(400, M.chooseOrder);
  const formHistoryId = idOf(input.FormHistoryID);
  if (formHistoryId === null) {
    return { ok: false, status: 400, message: M.chooseOrder, fieldErrors: { FormHistoryID: [M.chooseOrder] } };
  }
  const reading = next ? next(input) : ({ ok: true, reason: null, deadline: null } as const);
  if (!reading.ok) return { ok: false, status: 400, message: reading.message, fieldErrors: reading.fieldErrors };
  const request = await loadRequest(db, formHistoryId);
  if (!request) return refuse(404, M.notFound);
  if (request.cancelledAt) return refuse(409, M.cancelled);
  if (!next && request.priorityReason === null) return refuse(409, M.noPriority);
  const old = statedOldValue(input);
  if (old.stated && old.value !== request.priorityReason) return refuse(409, M.stalePriority);

  const deadline = reading.deadline ? new Date(`${reading.deadline}T00:00:00Z`) : null;
  return db.$transaction(async (tx) => {
    // Written only if the priority is still the one checked above: a change in between answers 409.
    const written = await tx.formHistory.updateMany({
      where: { id: formHistoryId, priorityReason: request.priorityReason, cancelledAt: null },
      data: { priorityReason: reading.reason, priorityDeadline: deadline, prioritySetAt: reading.reason ? now : null },
    });
    if (written.count === 0) return refuse(409, M.stalePriority);
    await recordAudit(tx, {
      entityType: "FormHistory",
      entityId: formHistoryId,
      formHistoryId,
      action: next ? SET_PRIORITY_INTENT : REMOVE_PRIORITY_INTENT,
      changedData: {
        "Priority Reason": describeChange("Priority Reason", request.priorityReason ?? "", reading.reason ?? ""),
        "Priority Deadline": describeChange(
          "Priority Deadline",
          dayText(request.priorityDeadline),
          reading.deadline ?? "",
        ),
      },
      actor: auditActorOf(actor),
    });
    return {
      ok: true,
      lists: [...PRIORITY_LISTS],
      requests: [formHistoryId],
      message: next ? M.set : M.removed,
    } satisfies OperationResult;
  });
}

/** PUT /api/order/set-priority: PriorityReason (Other's text itself), PriorityDeadline, FormHistoryID, OldValue. */
export function setPriority(db: Db, actor: OperationActor, input: unknown, now: Date = new Date()) {
  return changePriority(db, actor, input, readPriorityBody, now);
}

/** The dialog's save: the same, read from its form (a reason from the list, Other's text apart). */
export function setPriorityFromForm(
  db: Db,
  actor: OperationActor,
  input: unknown,
  read: (fields: Record<string, unknown>) => PriorityReading,
  now: Date = new Date(),
) {
  return changePriority(db, actor, input, read, now);
}

/** PUT /api/order/remove-priority: the same fields, reason and deadline null. */
export function removePriority(db: Db, actor: OperationActor, input: unknown, now: Date = new Date()) {
  return changePriority(db, actor, input, null, now);
}

const isOne = (value: unknown) => value === 1 || value === "1" || value === true || value === "true";
const isZero = (value: unknown) => value === 0 || value === "0" || value === false || value === "false";

/**
 * PUT /api/order/remove-prepay {OrderFormID, FormHistoryID, ChangedField 'ConfirmedPrepay', OldValue 1,
 * NewValue 0}: the order's prepay goes from confirmed to not confirmed (the only move the specification
 * shows); a prepay already removed answers 409.
 */
export async function removePrepay(db: Db, actor: OperationActor, input: unknown): Promise<OperationResult> {
  if (!mayRemovePrepay(actor.permissions)) return refuse(403, M.prepayForbidden);
  if (!isObject(input)) return refuse(400, M.chooseOrder);
  const orderFormId = idOf(input.OrderFormID);
  const formHistoryId = idOf(input.FormHistoryID);
  if (orderFormId === null || formHistoryId === null) {
    const fieldErrors: Record<string, string[]> = {};
    if (orderFormId === null) fieldErrors.OrderFormID = [M.chooseOrder];
    if (formHistoryId === null) fieldErrors.FormHistoryID = [M.chooseOrder];
    return { ok: false, status: 400, message: M.chooseOrder, fieldErrors };
  }
  if (input.ChangedField !== PREPAY_FIELD || !isOne(input.OldValue) || !isZero(input.NewValue)) {
    return { ok: false, status: 400, message: M.prepayField, fieldErrors: { ChangedField: [M.prepayField] } };
  }
  const order = await db.orderForm.findUnique({ where: { id: orderFormId }, select: { formHistoryId: true } });
  if (!order) return refuse(404, M.notFound);
  if (order.formHistoryId !== formHistoryId) return refuse(400, M.prepayOrder);
  const request = await loadRequest(db, formHistoryId);
  if (!request) return refuse(404, M.notFound);
  if (request.cancelledAt) return refuse(409, M.cancelled);
  if (!request.confirmedPrepay) return refuse(409, M.prepayAlreadyRemoved);
  return db.$transaction(async (tx) => {
    const written = await tx.formHistory.updateMany({
      where: { id: formHistoryId, confirmedPrepay: true, cancelledAt: null },
      data: { confirmedPrepay: false },
    });
    if (written.count === 0) return refuse(409, M.prepayAlreadyRemoved);
    await recordAudit(tx, {
      entityType: "FormHistory",
      entityId: formHistoryId,
      formHistoryId,
      action: REMOVE_PREPAY_INTENT,
      changedData: { "Confirmed Prepay": describeChange("Confirmed Prepay", "1", "0") },
      actor: auditActorOf(actor),
    });
    return {
      ok: true,
      lists: [...PREPAY_LISTS],
      requests: [formHistoryId],
      message: M.prepayRemoved,
    } satisfies OperationResult;
  });
}
