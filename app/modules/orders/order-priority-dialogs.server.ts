// The setPriorityOrder and removePrepayOrder dialogs (ADR 041) on the boards: their loaders and intents.
// Saving goes through order-priority.server.ts, as the JSON API does; the dialog's save states the
// priority it was opened on (OldValue), so a change made meanwhile answers 409 instead of being overwritten.
import {
  mayChangePriority,
  mayRemovePrepay,
  ORDER_PRIORITY_DIALOG,
  ORDER_PRIORITY_MESSAGES as M,
  type OrderPriorityDialogData,
  PREPAY_FIELD,
  PREPAY_REMOVE_DIALOG,
  type PrepayRemoveDialogData,
  readPriorityForm,
  REMOVE_PREPAY_INTENT,
  REMOVE_PRIORITY_INTENT,
  SET_PRIORITY_INTENT,
} from "../../rules/orders/order-priority.ts";
import { fieldText } from "../../rules/dialogs/board-dialog.ts";
import { type BoardDialogContext, type LoadedDialog, serveBoardDialog } from "../dialogs/board-dialog-kit.server.ts";
import { idFromPath, type OperationRefusal, refuse } from "../operations/operation.server.ts";
import { removePrepay, removePriority, setPriorityFromForm } from "./order-priority.server.ts";

const KIND_LABELS = { ORDER: "Order", TRADE: "Trade", OFF_RENT: "Off-rent" } as const;

async function loadRequest({ db, search }: BoardDialogContext) {
  const formHistoryId = idFromPath(search.get("formHistoryId"));
  if (formHistoryId === null) return refuse(400, M.chooseOrder);
  const request = await db.formHistory.findUnique({
    where: { id: formHistoryId },
    select: {
      id: true,
      kind: true,
      cancelledAt: true,
      priorityReason: true,
      priorityDeadline: true,
      confirmedPrepay: true,
      company: { select: { name: true } },
      orderForm: { select: { id: true } },
    },
  });
  return request ?? refuse(404, M.notFound);
}

const isRefusal = (value: object): value is OperationRefusal => "ok" in value && value.ok === false;

export async function loadOrderPriorityDialog(
  context: BoardDialogContext,
): Promise<LoadedDialog<OrderPriorityDialogData> | OperationRefusal> {
  const request = await loadRequest(context);
  if (isRefusal(request)) return request;
  const blocked = request.cancelledAt ? M.cancelled : mayChangePriority(context.actor.permissions) ? null : M.forbidden;
  return {
    titleContext: { companyName: request.company.name },
    data: {
      formHistoryId: request.id,
      requestLabel: `${KIND_LABELS[request.kind]} #${request.id}`,
      companyName: request.company.name,
      reason: request.priorityReason,
      deadline: request.priorityDeadline ? request.priorityDeadline.toISOString().slice(0, 10) : null,
      blocked,
    },
  };
}

export async function loadPrepayRemoveDialog(
  context: BoardDialogContext,
): Promise<LoadedDialog<PrepayRemoveDialogData> | OperationRefusal> {
  const request = await loadRequest(context);
  if (isRefusal(request)) return request;
  if (!request.orderForm) return refuse(404, M.notFound);
  const blocked = request.cancelledAt
    ? M.cancelled
    : !mayRemovePrepay(context.actor.permissions)
      ? M.prepayForbidden
      : request.confirmedPrepay
        ? null
        : M.prepayAlreadyRemoved;
  return {
    titleContext: { companyName: request.company.name },
    data: {
      formHistoryId: request.id,
      orderFormId: request.orderForm.id,
      requestLabel: `${KIND_LABELS[request.kind]} #${request.id}`,
      companyName: request.company.name,
      confirmedPrepay: request.confirmedPrepay,
      blocked,
    },
  };
}

export const ORDER_PRIORITY_DIALOG_SERVER = serveBoardDialog(ORDER_PRIORITY_DIALOG, {
  load: loadOrderPriorityDialog,
  intents: {
    [SET_PRIORITY_INTENT]: ({ db, actor, now }, fields) =>
      setPriorityFromForm(db, actor, fields, readPriorityForm, now),
    [REMOVE_PRIORITY_INTENT]: ({ db, actor, now }, fields) => removePriority(db, actor, fields, now),
  },
});

export const PREPAY_REMOVE_DIALOG_SERVER = serveBoardDialog(PREPAY_REMOVE_DIALOG, {
  load: loadPrepayRemoveDialog,
  intents: {
    [REMOVE_PREPAY_INTENT]: ({ db, actor }, fields) =>
      removePrepay(db, actor, {
        OrderFormID: fieldText(fields, "OrderFormID"),
        FormHistoryID: fieldText(fields, "FormHistoryID"),
        ChangedField: PREPAY_FIELD,
        OldValue: 1,
        NewValue: 0,
      }),
  },
});
