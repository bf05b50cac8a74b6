// The dialog creditMemoApply (ADR 040) on the AR board: the company's approved credits (searched by company
// number through the URL, or the memo a card's Apply names) and the applied lines, posted to the board and
// applied through credit-memo-apply.server.ts, as POST /api/credit-memo/apply-new is. Apply Anyway posts
// the same form naming the line to override.
import {
  applyBodyOfForm,
  CREDIT_MEMO_APPLY_DIALOG,
  CREDIT_MEMO_APPLY_INTENT,
  CREDIT_MEMO_APPLY_MESSAGES,
} from "../../rules/credit-memos/credit-memo-apply.ts";
import { mayCreateCreditMemos } from "../../rules/credit-memos/credit-memo-access.ts";
import { earliestAppliedDate } from "../../rules/credit-memos/money.ts";
import { APPLIED_NOTICE } from "../../rules/credit-memos/credit-memo-edit.ts";
import { serveBoardDialog } from "../dialogs/board-dialog-kit.server.ts";
import { idFromPath } from "../operations/operation.server.ts";
import { applyCreditMemos, findCompanyCredits } from "./credit-memo-apply.server.ts";

export const CREDIT_MEMO_APPLY_DIALOG_SERVER = serveBoardDialog(CREDIT_MEMO_APPLY_DIALOG, {
  load: async ({ db, actor, search, now }) => {
    const today = now.toISOString().slice(0, 10);
    const creditMemoId = idFromPath(search.get("creditMemoId"));
    let companyCode = (search.get("companyCode") ?? "").trim();
    if (companyCode === "" && creditMemoId !== null) {
      const memo = await db.creditMemo.findUnique({
        where: { id: creditMemoId },
        select: { company: { select: { code: true } } },
      });
      companyCode = memo?.company.code ?? "";
    }
    const credits = companyCode === "" ? null : await findCompanyCredits(db, companyCode);
    return {
      data: {
        today,
        earliest: earliestAppliedDate(today),
        companyCode,
        credits,
        searchError: companyCode !== "" && !credits ? CREDIT_MEMO_APPLY_MESSAGES.noCredits : null,
        creditMemoId,
        mayApply: mayCreateCreditMemos(actor.permissions),
      },
    };
  },
  intents: {
    // Success opens the (first) memo applied, read-only with its new applications, saying 'Credit Memo
    // applied successfully!' for 5 s (ADR 048): the dialog that closed could not show it.
    [CREDIT_MEMO_APPLY_INTENT]: async ({ db, actor, now }, fields) => {
      const body = applyBodyOfForm(fields);
      const applied = await applyCreditMemos(db, actor, body, now);
      const lines = body.lines as Record<string, unknown>[];
      const first = lines.map((line) => idFromPath(String(line.CMID ?? "").trim())).find((id) => id !== null);
      return applied.ok && first
        ? { ...applied, opens: { modal: "creditMemoEdit", creditMemoId: String(first), notice: APPLIED_NOTICE } }
        : applied;
    },
  },
});
