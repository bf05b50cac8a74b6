// The memo dialog creditMemoEdit opened without an action (ADR 040): the memo read-only ('Credit Memo -
// Don't Edit') with its lines, applications, exact sums and history, and Approve and Void for those who
// may. Both go through credit-memo-review.server.ts, as the JSON API does.
import {
  approvalBlock,
  CREDIT_MEMO_APPROVE_INTENT,
  CREDIT_MEMO_REVIEW_DIALOG,
  CREDIT_MEMO_REVIEW_MESSAGES,
  CREDIT_MEMO_VOID_INTENT,
  CREATED_NOTICE,
  NOTICE_PARAM,
  mayApproveCreditMemos,
  mayVoidCreditMemos,
  voidBlock,
} from "../../rules/credit-memos/credit-memo-review.ts";
import { CREDIT_MEMO_CREATE_MESSAGES } from "../../rules/credit-memos/credit-memo-create.ts";
import { CREDIT_MEMO_APPLY_MESSAGES } from "../../rules/credit-memos/credit-memo-apply.ts";
import { mayEditCreditMemos } from "../../rules/credit-memos/credit-memo-access.ts";
import {
  APPLIED_NOTICE,
  appliedEditBodyOfForm,
  CREDIT_MEMO_EDIT_APPLIED_INTENT,
  CREDIT_MEMO_EDIT_INTENT,
  CREDIT_MEMO_EDIT_MESSAGES,
  EDITED_NOTICE,
  editBlock,
  memoEditBodyOfForm,
  readEditAction,
} from "../../rules/credit-memos/credit-memo-edit.ts";
import { earliestAppliedDate } from "../../rules/credit-memos/money.ts";
import type { OperationResult } from "../../rules/dialogs/operation-result.ts";
import type { BoardDialogOutcome } from "../dialogs/board-dialog-kit.server.ts";
import { fieldText } from "../../rules/dialogs/board-dialog.ts";
import { auditActorOf, loadRecordHistory } from "../audit/audit-log.server.ts";
import { serveBoardDialog } from "../dialogs/board-dialog-kit.server.ts";
import { idFromPath, refuse } from "../operations/operation.server.ts";
import { CREDIT_MEMO_ENTITY } from "./credit-memo-create.server.ts";
import { editAppliedCreditMemo, editCreditMemo, readEditValues } from "./credit-memo-edit.server.ts";
import { approveCreditMemo, readCreditMemoView, voidCreditMemo } from "./credit-memo-review.server.ts";

const NOTICES: Record<string, string> = {
  [CREATED_NOTICE]: CREDIT_MEMO_CREATE_MESSAGES.created,
  [APPLIED_NOTICE]: CREDIT_MEMO_APPLY_MESSAGES.applied,
  [EDITED_NOTICE]: CREDIT_MEMO_EDIT_MESSAGES.edited,
};

/** After a save the memo opens read-only, saying what was done (5 s). */
const thenShowMemo = (result: OperationResult, id: string, notice: string): BoardDialogOutcome =>
  result.ok ? { ...result, opens: { modal: "creditMemoEdit", creditMemoId: id, notice } } : result;

/** `?modal=creditMemoEdit&creditMemoId=N` (the AR board's memo cards link it). */
export const CREDIT_MEMO_ID_PARAM = "creditMemoId";

export const CREDIT_MEMO_REVIEW_DIALOG_SERVER = serveBoardDialog(CREDIT_MEMO_REVIEW_DIALOG, {
  load: async ({ db, actor, search, now }) => {
    const id = idFromPath(search.get(CREDIT_MEMO_ID_PARAM));
    if (id === null) return refuse(400, CREDIT_MEMO_REVIEW_MESSAGES.chooseMemo);
    const memo = await readCreditMemoView(db, id);
    if (!memo) return refuse(404, CREDIT_MEMO_REVIEW_MESSAGES.notFound);
    const applications = memo.applications.length;
    // The title says 'Edit …' only when the edit is offered; otherwise 'Credit Memo - Don't Edit' (read-only).
    const action = readEditAction(search.get("action"));
    const mayEdit = mayEditCreditMemos(actor.permissions);
    const refused =
      action === null
        ? null
        : !mayEdit
          ? CREDIT_MEMO_EDIT_MESSAGES.forbidden
          : editBlock(action, memo.status, applications);
    const today = now.toISOString().slice(0, 10);
    const edit =
      action !== null && refused === null
        ? {
            action,
            values: (await readEditValues(db, id))!,
            today,
            earliest: earliestAppliedDate(today),
          }
        : null;
    return {
      titleContext: { memoAction: edit ? edit.action : null },
      data: {
        memo,
        notice: NOTICES[search.get(NOTICE_PARAM) ?? ""] ?? null,
        edit,
        editRefused: refused,
        mayEdit,
        mayApprove: mayApproveCreditMemos(actor.permissions),
        mayVoid: mayVoidCreditMemos(actor.permissions),
        approveBlock: approvalBlock(memo.status, memo.createdById, auditActorOf(actor)),
        voidBlock: voidBlock(memo.status, applications),
        history: await loadRecordHistory(db, CREDIT_MEMO_ENTITY, id),
      },
    };
  },
  intents: {
    [CREDIT_MEMO_APPROVE_INTENT]: ({ db, actor, search }, fields) =>
      approveCreditMemo(db, actor, { creditMemoId: search.get(CREDIT_MEMO_ID_PARAM) ?? "", body: fields }),
    [CREDIT_MEMO_VOID_INTENT]: ({ db, actor, search }, fields) =>
      voidCreditMemo(db, actor, {
        creditMemoId: search.get(CREDIT_MEMO_ID_PARAM) ?? "",
        body: { reason: fieldText(fields, "reason") ?? "" },
      }),
    // The memo the URL names is the one edited; the form's own creditMemoID must agree (the operation reads it).
    [CREDIT_MEMO_EDIT_INTENT]: async ({ db, actor, search }, fields) => {
      const id = search.get(CREDIT_MEMO_ID_PARAM) ?? "";
      const body = { ...memoEditBodyOfForm(fields), creditMemoID: id };
      return thenShowMemo(await editCreditMemo(db, actor, body), id, EDITED_NOTICE);
    },
    [CREDIT_MEMO_EDIT_APPLIED_INTENT]: async ({ db, actor, search, now }, fields) => {
      const id = search.get(CREDIT_MEMO_ID_PARAM) ?? "";
      const body = { ...appliedEditBodyOfForm(fields), creditMemoID: id };
      return thenShowMemo(await editAppliedCreditMemo(db, actor, body, now), id, EDITED_NOTICE);
    },
  },
});
