// Approving a request (ADR 011): the on-rent half (an order, or a trade's new trucks; onboarding-approve)
// or the off-rent half (an off-rent, or a trade's return; offboarding-approve) moves from Submitted to
// Approved. The request's FormHistory.approvedAt/approvedById record its first approval.
import { z } from "zod";
import type { Db } from "~/modules/platform/services.server.ts";
import {
  OFFBOARDING_STATUS_LABEL,
  offboardingStageLabel,
  ONBOARDING_STATUS_LABEL,
  onboardingStageLabel,
} from "../../rules/orders/order-stages.ts";
import { APPROVAL_MOVE, mayApprove, QUEUE_FORBIDDEN_MESSAGE, QUEUE_MESSAGES } from "../../rules/boards/queue.ts";
import { auditActorOf, describeChange, recordAudit } from "../audit/audit-log.server.ts";
import {
  idField,
  parseInput,
  OperationConflict,
  refuse,
  settle,
  type OperationActor,
  type OperationResult,
} from "../operations/operation.server.ts";

export const APPROVE_ACTION = "approve";

export const approveInput = z.object({
  FormHistoryID: idField("Choose an order."),
  half: z.enum(["on", "off"], { error: "Choose the on-rent or the off-rent half." }),
});
export type ApproveInput = z.input<typeof approveInput>;

export async function approveOrder(
  db: Db,
  actor: OperationActor,
  input: unknown,
  now: Date = new Date(),
): Promise<OperationResult> {
  const parsed = parseInput(approveInput, input);
  if (!parsed.ok) return parsed.refusal;
  const { FormHistoryID: formHistoryId, half } = parsed.data;
  if (!mayApprove(half, actor.permissions)) return refuse(403, QUEUE_FORBIDDEN_MESSAGE);

  const form = await db.formHistory.findUnique({
    where: { id: formHistoryId },
    select: {
      id: true,
      kind: true,
      cancelledAt: true,
      approvedAt: true,
      orderForm: { select: { id: true, onboardingStatus: true, version: true } },
      tradeForm: { select: { id: true, onboardingStatus: true, version: true } },
      offRentForm: { select: { id: true, offboardingStatus: true, version: true } },
    },
  });
  if (!form) return refuse(404, QUEUE_MESSAGES.formNotFound);

  // The half being approved: its table, row and current stage.
  let target: {
    entityType: "OrderForm" | "TradeForm" | "OffRentForm";
    id: number;
    stage: number;
    version: number;
  } | null = null;
  if (half === "on") {
    const row = form.kind === "ORDER" ? form.orderForm : form.kind === "TRADE" ? form.tradeForm : null;
    if (row) {
      target = {
        entityType: form.kind === "ORDER" ? "OrderForm" : "TradeForm",
        id: row.id,
        stage: row.onboardingStatus,
        version: row.version,
      };
    }
    if (!target) return refuse(409, QUEUE_MESSAGES.noOnRentHalf);
  } else {
    const row = form.kind === "ORDER" ? null : form.offRentForm;
    if (row) target = { entityType: "OffRentForm", id: row.id, stage: row.offboardingStatus, version: row.version };
    if (!target) return refuse(409, QUEUE_MESSAGES.noOffRentHalf);
  }
  if (form.cancelledAt) return refuse(409, QUEUE_MESSAGES.cancelled);
  if (target.stage !== APPROVAL_MOVE.from) return refuse(409, QUEUE_MESSAGES.alreadyApproved);

  const label = half === "on" ? onboardingStageLabel : offboardingStageLabel;
  // Under the half's own stage label, as edits record it: the boards read days in stage from it.
  const stageField = half === "on" ? ONBOARDING_STATUS_LABEL : OFFBOARDING_STATUS_LABEL;
  const found = target;
  return settle(() =>
    db.$transaction(async (tx) => {
      // Conditional on the stage read above: a concurrent approval loses with a 409.
      const where = { id: found.id, version: found.version };
      const data = { version: { increment: 1 } };
      const changed =
        found.entityType === "OrderForm"
          ? await tx.orderForm.updateMany({
              where: { ...where, onboardingStatus: APPROVAL_MOVE.from },
              data: { ...data, onboardingStatus: APPROVAL_MOVE.to },
            })
          : found.entityType === "TradeForm"
            ? await tx.tradeForm.updateMany({
                where: { ...where, onboardingStatus: APPROVAL_MOVE.from },
                data: { ...data, onboardingStatus: APPROVAL_MOVE.to },
              })
            : await tx.offRentForm.updateMany({
                where: { ...where, offboardingStatus: APPROVAL_MOVE.from },
                data: { ...data, offboardingStatus: APPROVAL_MOVE.to },
              });
      if (changed.count !== 1) throw new OperationConflict(refuse(409, QUEUE_MESSAGES.stateChanged));
      await tx.formHistory.updateMany({
        where: { id: form.id, approvedAt: null },
        data: { approvedAt: now, approvedById: actor.user.id },
      });
      await recordAudit(tx, {
        entityType: found.entityType,
        entityId: found.id,
        formHistoryId: form.id,
        action: APPROVE_ACTION,
        changedData: {
          [stageField]: describeChange(stageField, label(APPROVAL_MOVE.from) ?? "", label(APPROVAL_MOVE.to) ?? ""),
        },
        actor: auditActorOf(actor),
        version: found.version + 1,
      });
      return {
        ok: true as const,
        lists: half === "on" ? ["onboarding" as const] : ["offboarding" as const],
        requests: [form.id],
      };
    }),
  );
}
