// The board dialog noteOnboarding (cancel a request with a note; ADR 013): its loader and its form intent
// (app/modules/dialogs/board-dialogs.server.ts). Both go through order-cancel.server.ts, as the JSON API does.
import {
  ORDER_CANCEL_MESSAGES,
  ORDER_CANCEL_INTENT,
  cancellationBlock,
  mayCancel,
  requestLabel,
  type OrderCancelDialogData,
} from "../../rules/orders/order-cancel.ts";
import { ORDER_CANCEL_DIALOG } from "../../rules/orders/order-cancel-schema.ts";
import { loadRequestHistory } from "../audit/audit-log.server.ts";
import { type BoardDialogContext, type LoadedDialog, serveBoardDialog } from "../dialogs/board-dialog-kit.server.ts";
import { refuse, type OperationRefusal } from "../operations/operation.server.ts";
import { cancelOrder, loadCancellation, openJobLabel } from "./order-cancel.server.ts";

const ID_PATTERN = /^[1-9]\d{0,9}$/;

/** `?modal=noteOnboarding&formHistoryId=N`: the request, what cancelling it releases, and its history. */
export async function loadOrderCancelDialog({
  db,
  actor,
  search,
}: BoardDialogContext): Promise<LoadedDialog<OrderCancelDialogData> | OperationRefusal> {
  const raw = search.get("formHistoryId") ?? "";
  const formHistoryId = ID_PATTERN.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(formHistoryId) || formHistoryId > 2_147_483_647)
    return refuse(400, ORDER_CANCEL_MESSAGES.chooseOrder);
  const request = await loadCancellation(db, formHistoryId);
  if (!request) return refuse(404, ORDER_CANCEL_MESSAGES.notFound);
  const history = await loadRequestHistory(db, formHistoryId);
  const data: OrderCancelDialogData = {
    formHistoryId,
    kind: request.kind,
    requestLabel: requestLabel(request.kind, formHistoryId),
    companyName: request.companyName,
    companyCode: request.companyCode,
    department: request.department,
    version: request.entity.version,
    onboardingStatus: request.onboardingStatus,
    offboardingStatus: request.offboardingStatus,
    cancelled: request.cancelled ? { at: request.cancelled.at.toISOString(), by: request.cancelled.by } : null,
    blocked: mayCancel(request.kind, actor.permissions)
      ? cancellationBlock(request.state)
      : ORDER_CANCEL_MESSAGES.forbidden,
    releases: {
      reservedUnits: request.reservedUnits,
      openJobs: request.openJobs.map(openJobLabel),
    },
    history,
  };
  return { titleContext: { companyName: request.companyName }, data };
}

/** The dialog's form: the same body as PUT /api/order/cancel, with the version the dialog was opened on. */
export const ORDER_CANCEL_DIALOG_SERVER = serveBoardDialog(ORDER_CANCEL_DIALOG, {
  load: loadOrderCancelDialog,
  intents: {
    [ORDER_CANCEL_INTENT]: ({ db, actor, now }, { version, ...body }) =>
      cancelOrder(db, actor, { ...body, ...(version ? { version } : {}) }, now),
  },
});
