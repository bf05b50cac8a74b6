// Approving and voiding credit memos (ADR 040): who may, what blocks each, the messages, and the
// memo dialog creditMemoEdit opened without an action ('Credit Memo - Don't Edit'): the memo read-only,
// with Approve and Void for those who may. Pure and free of zod (ADR 028).
import { mayApproveCreditMemos, mayVoidCreditMemos } from "./credit-memo-access.ts";
import { defineBoardDialog } from "../dialogs/board-dialog.ts";
import { creditMemoEditTitle } from "../dialogs/modals.ts";
import { postedFields } from "../dialogs/posted-fields.ts";
import { CREDIT_MEMO_EDIT_APPLIED_INTENT, CREDIT_MEMO_EDIT_INTENT } from "./credit-memo-edit.ts";
import type { HistoryEntry } from "../orders/request-history.ts";
import type { CreditMemoStatusName } from "./money.ts";

export const CREDIT_MEMO_REVIEW_MESSAGES = {
  chooseMemo: "Choose a credit memo.",
  notFound: "That credit memo does not exist.",
  approveForbidden: "You do not have permission to approve credit memos.",
  voidForbidden: "You do not have permission to void credit memos.",
  notPending: "Only a credit memo waiting for approval can be approved.",
  ownMemo: "A credit memo is approved by someone other than the person who created it.",
  alreadyVoid: "This credit memo is already void.",
  hasApplications: "A credit memo with applied credit cannot be voided.",
  voidReason: "Give a reason for voiding this credit memo.",
  voidReasonTooLong: "The reason may be at most 500 characters.",
  approved: "Credit Memo approved.",
  voided: "Credit Memo voided.",
} as const;

export const VOID_REASON_MAX_LENGTH = 500;

export { mayApproveCreditMemos, mayVoidCreditMemos };

/** The people behind an approval: the user acting and, while impersonating, the administrator. */
export interface ApproverIds {
  userId: number | null;
  impersonatorId: number | null;
}

/**
 * Why the memo cannot be approved now by this approver, or null: only a pending memo, and four eyes (ADR 054)
 * — not by its creator, nor by an administrator impersonating someone else to approve their own memo.
 */
export function approvalBlock(
  status: CreditMemoStatusName,
  createdById: number | null,
  approver: ApproverIds,
): string | null {
  if (status !== "PENDING") return CREDIT_MEMO_REVIEW_MESSAGES.notPending;
  const creator = createdById !== null && (createdById === approver.userId || createdById === approver.impersonatorId);
  return creator ? CREDIT_MEMO_REVIEW_MESSAGES.ownMemo : null;
}

/** Why the memo cannot be voided now, or null: void already, or credit applied (undo the applications first). */
export function voidBlock(status: CreditMemoStatusName, applicationCount: number): string | null {
  if (status === "VOID") return CREDIT_MEMO_REVIEW_MESSAGES.alreadyVoid;
  return applicationCount > 0 ? CREDIT_MEMO_REVIEW_MESSAGES.hasApplications : null;
}

/** A void's reason, trimmed; or its message. */
export function readVoidReason(raw: unknown): { ok: true; reason: string } | { ok: false; message: string } {
  const text = typeof raw === "string" ? raw.trim() : "";
  if (text === "") return { ok: false, message: CREDIT_MEMO_REVIEW_MESSAGES.voidReason };
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(text)) {
    return { ok: false, message: CREDIT_MEMO_REVIEW_MESSAGES.voidReason };
  }
  if (text.length > VOID_REASON_MAX_LENGTH)
    return { ok: false, message: CREDIT_MEMO_REVIEW_MESSAGES.voidReasonTooLong };
  return { ok: true, reason: text };
}

export { creditMemoEditTitle };

/** `notice=created` on the memo dialog's URL: it opens on a memo just created, saying so for 5 s. */
export const CREATED_NOTICE = "created";
export const NOTICE_PARAM = "notice";

export const CREDIT_MEMO_APPROVE_INTENT = "credit-memo-approve";
export const CREDIT_MEMO_VOID_INTENT = "credit-memo-void";
export const creditMemoApproveApiPath = (id: number | string) => `/api/credit-memo/${id}/approve`;
export const creditMemoVoidApiPath = (id: number | string) => `/api/credit-memo/${id}/void`;

/** A memo as the dialog shows it; amounts already formatted from the database's exact sums. */
export interface CreditMemoView {
  id: number;
  /** The version an edit is made from (ADR 048). */
  version: number;
  companyCode: string;
  companyName: string;
  invoiceClaim: string;
  memoDate: string;
  memoType: string;
  source: string;
  description: string;
  notes: string | null;
  status: CreditMemoStatusName;
  createdBy: string | null;
  /** Who created it (four eyes: they do not approve it). */
  createdById: number | null;
  createdAt: string;
  approvedBy: string | null;
  approvedAt: string | null;
  total: string;
  applied: string;
  available: string;
  lines: { relatedInvoice: string; unitNumber: string; amount: string; po: string | null; note: string }[];
  applications: { invoiceNumber: string; appliedDate: string; amount: string; note: string; override: boolean }[];
}

/** What the edit forms start from (ADR 048): the memo's own values, amounts as their decimal text. */
export interface CreditMemoEditValues {
  version: number;
  companyCode: string;
  invoiceClaim: string;
  creditMemoDate: string;
  creditMemoType: string;
  creditMemoSource: string;
  creditMemoDescription: string;
  creditMemoNotes: string;
  lines: { relatedInvoice: string; unitNumber: string; amount: string; po: string; note: string }[];
  /** The applications, one per invoice (several to one invoice are edited as their sum, ADR 048). */
  applied: { invoice: string; appliedDate: string; amount: string; note: string }[];
  /** The memo's available credit, exact, as text. */
  available: string;
}

export interface CreditMemoReviewDialogData {
  memo: CreditMemoView;
  /** The success message of what opened the dialog (a create, an apply or an edit), or null. */
  notice: string | null;
  /** The edit the URL asks for (action Create or Apply) when the reader may make it now; null: read-only. */
  edit: { action: "Create" | "Apply"; values: CreditMemoEditValues; today: string; earliest: string } | null;
  /** Why the action the URL asks for is not offered (no permission, a void memo), or null. */
  editRefused: string | null;
  /** Whether Edit and Edit applications are offered (credit-memo-edit-void) and which apply now. */
  mayEdit: boolean;
  mayApprove: boolean;
  mayVoid: boolean;
  /** Why Approve is not offered now (null: it is). */
  approveBlock: string | null;
  voidBlock: string | null;
  history: HistoryEntry[];
}

export const CREDIT_MEMO_REVIEW_DIALOG = defineBoardDialog<CreditMemoReviewDialogData>()({
  name: "creditMemoEdit",
  feature: null,
  intents: {
    [CREDIT_MEMO_APPROVE_INTENT]: postedFields,
    [CREDIT_MEMO_VOID_INTENT]: postedFields,
    [CREDIT_MEMO_EDIT_INTENT]: postedFields,
    [CREDIT_MEMO_EDIT_APPLIED_INTENT]: postedFields,
  },
});
