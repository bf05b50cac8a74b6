// The transport board's carrier dialog assignCarrier (ADR 035): a request's open transport jobs with their
// carriers, and the carriers to give them to. Each save is the queue's assignCarrier, as
// PUT /api/queue/assign-carrier runs it; the dialog stays open on the request so its other jobs follow.
import {
  CARRIER_ASSIGN_DIALOG,
  CARRIER_ASSIGN_INTENT,
  CARRIER_ASSIGN_MESSAGES,
  type CarrierAssignDialogData,
} from "../../rules/transport/carrier-assign.ts";
import { mayAssignCarrier } from "../../rules/boards/queue.ts";
import { fieldText } from "../../rules/dialogs/board-dialog.ts";
import { type BoardDialogContext, type LoadedDialog, serveBoardDialog } from "../dialogs/board-dialog-kit.server.ts";
import { idFromPath, type OperationRefusal, refuse } from "../operations/operation.server.ts";
import { listCarriers } from "../vendors/vendor-directory.server.ts";
import { jobRoute } from "../boards/lists/transport.server.ts";
import { assignCarrier } from "./transport.server.ts";

const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);

/** `?modal=assignCarrier&formHistoryId=N`: the request's open jobs, and every carrier. */
export async function loadCarrierAssignDialog({
  db,
  actor,
  search,
  now,
}: BoardDialogContext): Promise<LoadedDialog<CarrierAssignDialogData> | OperationRefusal> {
  const formHistoryId = idFromPath(search.get("formHistoryId"));
  if (formHistoryId === null) return refuse(400, CARRIER_ASSIGN_MESSAGES.chooseRequest);
  const request = await db.formHistory.findUnique({
    where: { id: formHistoryId },
    select: { cancelledAt: true, company: { select: { name: true } } },
  });
  if (!request) return refuse(404, CARRIER_ASSIGN_MESSAGES.notFound);
  const [jobs, carriers] = await Promise.all([
    db.transportJob.findMany({
      where: { formHistoryId, completedAt: null },
      orderBy: [{ kind: "asc" }, { id: "asc" }],
      select: {
        id: true,
        kind: true,
        vendorId: true,
        scheduledDate: true,
        fromCity: true,
        fromState: true,
        toCity: true,
        toState: true,
        unit: { select: { unitNumber: true } },
        vendor: { select: { name: true } },
      },
    }),
    listCarriers(db),
  ]);
  return {
    titleContext: { companyName: request.company.name },
    data: {
      formHistoryId,
      companyName: request.company.name,
      jobs: request.cancelledAt
        ? []
        : jobs.map((job) => ({
            TransportJobID: job.id,
            kind: job.kind === "DELIVERY" ? "Delivery" : "Pickup",
            unitNumber: job.unit?.unitNumber ?? null,
            route: jobRoute(job),
            scheduledDate: day(job.scheduledDate),
            VendorID: job.vendorId,
            carrier: job.vendor?.name ?? null,
          })),
      carriers,
      mayAssign: mayAssignCarrier(actor.permissions),
      today: day(now)!,
    },
  };
}

export const CARRIER_ASSIGN_DIALOG_SERVER = serveBoardDialog(CARRIER_ASSIGN_DIALOG, {
  load: loadCarrierAssignDialog,
  intents: {
    [CARRIER_ASSIGN_INTENT]: async ({ db, actor, now }, fields) => {
      const vendor = fieldText(fields, "VendorID") ?? "";
      const result = await assignCarrier(
        db,
        actor,
        { TransportJobID: fieldText(fields, "TransportJobID") ?? "", VendorID: vendor },
        now,
      );
      if (!result.ok) return result;
      const message = vendor === "" ? CARRIER_ASSIGN_MESSAGES.removed : CARRIER_ASSIGN_MESSAGES.assigned;
      return { ...result, message, stayOpen: true };
    },
  },
});
