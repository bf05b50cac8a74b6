// The dialog registry of /credit-memos (ADR 042): the memo dialogs that page hosts, keyed by modal
// name so the compiler proves none is missing, each in a chunk of its own (dialog-host.tsx loads them).
// Only the credit memos page imports it: its route module and its list.
import type { DialogsHostedBy } from "~/rules/dialogs/board-dialog-names.ts";
import { type DialogImports, preloadDialogs, registerDialogs } from "./dialog-host.tsx";

export { BoardDialog, prefetchDialogOfLink, prefetchDialogProps } from "./dialog-host.tsx";

const IMPORTS: DialogImports<DialogsHostedBy<"credit-memos">> = {
  creditMemoCreate: () => import("./credit-memo-create-dialog.tsx"),
  creditMemoEdit: () => import("./credit-memo-review-dialog.tsx"),
  creditMemoApply: () => import("./credit-memo-apply-dialog.tsx"),
};

registerDialogs(IMPORTS);

/** Loads the page's dialogs' components (the server, before its first render). */
export const preloadCreditMemosDialogs = () => preloadDialogs(IMPORTS);
