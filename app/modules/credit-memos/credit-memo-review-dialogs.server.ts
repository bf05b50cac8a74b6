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
import { fieldText } from "../../rules/dialogs/board-dialog.ts";
import { loadRecordHistory } from "../audit/audit-log.server.ts";
import { serveBoardDialog } from "../dialogs/board-dialog-kit.server.ts";
import { idFromPath, refuse } from "../operations/operation.server.ts";
import { CREDIT_MEMO_ENTITY } from "./credit-memo-create.server.ts";
import { approveCreditMemo, readCreditMemoView, voidCreditMemo } from "./credit-memo-review.server.ts";

/** `?modal=creditMemoEdit&creditMemoId=N` (the AR board's memo cards link it). */
export const CREDIT_MEMO_ID_PARAM = "creditMemoId";

export const CREDIT_MEMO_REVIEW_DIALOG_SERVER = serveBoardDialog(CREDIT_MEMO_REVIEW_DIALOG, {
  load: async ({ db, actor, search }) => {
    const id = idFromPath(search.get(CREDIT_MEMO_ID_PARAM));
    if (id === null) return refuse(400, CREDIT_MEMO_REVIEW_MESSAGES.chooseMemo);
    const memo = await readCreditMemoView(db, id);
    if (!memo) return refuse(404, CREDIT_MEMO_REVIEW_MESSAGES.notFound);
    const applications = memo.applications.length;
    return {
      titleContext: { memoAction: search.get("action") },
      data: {
        memo,
        notice: search.get(NOTICE_PARAM) === CREATED_NOTICE ? CREDIT_MEMO_CREATE_MESSAGES.created : null,
        mayApprove: mayApproveCreditMemos(actor.permissions),
        mayVoid: mayVoidCreditMemos(actor.permissions),
        approveBlock: approvalBlock(memo.status),
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
  },
});
