// The dialog creditMemoCreate (ADR 040) on the AR board: its loader and its form intents
// (app/modules/dialogs/board-dialogs.server.ts). Creating goes through credit-memo-create.server.ts, as
// POST /api/credit-memo/create-new does. Without JavaScript, Check (the invoice/claim number), Add line and
// a line's Remove draw the dialog again with what was typed, nothing saved.
import {
  CREDIT_MEMO_ADD_LINE_INTENT,
  CREDIT_MEMO_CHECK_INTENT,
  CREDIT_MEMO_CREATE_DIALOG,
  CREDIT_MEMO_CREATE_INTENT,
  CREDIT_MEMO_CREATE_MESSAGES,
  creditMemoBodyOfForm,
  INVOICE_CLAIM_FREE,
  LINE_ADDED,
  LINE_REMOVED,
  mayCreateCreditMemos,
  REMOVE_LINE_FIELD,
} from "../../rules/credit-memos/credit-memo-create.ts";
import { CREATED_NOTICE } from "../../rules/credit-memos/credit-memo-review.ts";
import { fieldText } from "../../rules/dialogs/board-dialog.ts";
import { serveBoardDialog } from "../dialogs/board-dialog-kit.server.ts";
import { createCreditMemo, findInvoiceClaim } from "./credit-memo-create.server.ts";

export const CREDIT_MEMO_CREATE_DIALOG_SERVER = serveBoardDialog(CREDIT_MEMO_CREATE_DIALOG, {
  load: async ({ actor, now }) => ({
    data: { today: now.toISOString().slice(0, 10), mayCreate: mayCreateCreditMemos(actor.permissions) },
  }),
  intents: {
    [CREDIT_MEMO_CREATE_INTENT]: async ({ db, actor }, fields) => {
      if ((fieldText(fields, REMOVE_LINE_FIELD) ?? "") !== "") {
        return { ok: true, lists: [], rerender: { message: LINE_REMOVED } };
      }
      const created = await createCreditMemo(db, actor, creditMemoBodyOfForm(fields));
      // The new memo opens in its memo dialog, with the success message (ADR 040).
      const id = created.ok ? created.record?.CreditMemoID : undefined;
      return id === undefined
        ? created
        : { ...created, opens: { modal: "creditMemoEdit", creditMemoId: String(id), notice: CREATED_NOTICE } };
    },
    [CREDIT_MEMO_CHECK_INTENT]: async ({ db }, fields) => {
      const found = await findInvoiceClaim(db, fieldText(fields, "invoiceClaim") ?? "");
      const message = found.length > 0 ? CREDIT_MEMO_CREATE_MESSAGES.duplicate : INVOICE_CLAIM_FREE;
      return {
        ok: true,
        lists: [],
        rerender: { message, fieldNotes: { invoiceClaim: found.length > 0 ? [message] : [] } },
      };
    },
    [CREDIT_MEMO_ADD_LINE_INTENT]: async () => ({ ok: true, lists: [], rerender: { message: LINE_ADDED } }),
  },
});
