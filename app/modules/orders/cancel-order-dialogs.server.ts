// The board dialog noteOnboarding (cancel a request with a note; ADR 013): its loader and its form intent
// (app/modules/dialogs/board-dialogs.server.ts). Both go through cancel-order.server.ts, as the JSON API does.
import {
  CANCEL_MESSAGES,
  CANCEL_ORDER_DIALOG,
  CANCEL_ORDER_INTENT,
  cancellationBlock,
  mayCancel,
  requestLabel,
  type CancelOrderDialogData,
} from "../../rules/order-cancel.ts";
import { loadRequestHistory } from "../audit/audit-log.server.ts";
import { type BoardDialogContext, type LoadedDialog, serveBoardDialog } from "../dialogs/board-dialog-kit.server.ts";
import { refuse, type OperationRefusal } from "../operations/operation.server.ts";
import { cancelOrder, loadCancellation, openJobLabel } from "./cancel-order.server.ts";

const ID_PATTERN = /^[1-9]\d{0,9}$/;

/** `?modal=noteOnboarding&formHistoryId=N`: the request, what cancelling it releases, and its history. */
export async function loadCancelOrderDialog({ db, actor, search }: BoardDialogContext): Promise<LoadedDialog<CancelOrderDialogData> | OperationRefusal> {
  const raw = search.get("formHistoryId") ?? "";
  const formHistoryId = ID_PATTERN.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(formHistoryId) || formHistoryId > 2_147_483_647) return refuse(400, CANCEL_MESSAGES.chooseOrder);
  const request = await loadCancellation(db, formHistoryId);
  if (!request) return refuse(404, CANCEL_MESSAGES.notFound);
  const history = await loadRequestHistory(db, formHistoryId);
  const data: CancelOrderDialogData = {
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
    blocked: mayCancel(request.kind, actor.permissions) ? cancellationBlock(request.state) : CANCEL_MESSAGES.forbidden,
    releases: {
      reservedUnits: request.reservedUnits,
      openJobs: request.openJobs.map(openJobLabel),
    },
    history,
  };
  return { titleContext: { companyName: request.companyName }, data };
}

/** The dialog's form: the same body as PUT /api/order/cancel, with the version the dialog was opened on. */
export const CANCEL_ORDER_DIALOG_SERVER = serveBoardDialog(CANCEL_ORDER_DIALOG, {
  load: loadCancelOrderDialog,
  intents: {
    [CANCEL_ORDER_INTENT]: ({ db, actor, now }, { version, ...body }) =>
      cancelOrder(db, actor, { ...body, ...(version ? { version } : {}) }, now),
  },
});
