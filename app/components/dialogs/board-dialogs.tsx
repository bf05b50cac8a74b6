// The department boards' dialog registry (ADR 026): one component per dialog the boards host, keyed by
// modal name so the compiler proves none is missing, each in a chunk of its own (dialog-host.tsx loads
// them). Only the board's route module imports this registry: other pages never reach these chunks.
import type { BoardsDialogName } from "~/rules/boards/board-pages.ts";
import { type DialogImports, preloadDialogs, registerDialogs } from "./dialog-host.tsx";

export { BoardDialog, prefetchDialogOfLink, prefetchDialogProps } from "./dialog-host.tsx";

const IMPORTS: DialogImports<BoardsDialogName> = {
  notesGeneral: () => import("./notes-dialog.tsx"),
  noteOnboarding: () => import("./order-cancel-dialog.tsx"),
  editOnboarding: () => import("./on-rent-edit-dialog.tsx"),
  editOffboarding: () => import("./off-rent-edit-dialog.tsx"),
  editOnTrade: () => import("./trade-on-edit-dialog.tsx"),
  editOffTrade: () => import("./trade-off-edit-dialog.tsx"),
  vendorModal: () => import("./vendor-edit-dialog.tsx"),
  assignCarrier: () => import("./carrier-assign-dialog.tsx"),
  setPriorityOrder: () => import("./order-priority-dialog.tsx"),
  removePrepayOrder: () => import("./prepay-remove-dialog.tsx"),
  creditMemoCreate: () => import("./credit-memo-create-dialog.tsx"),
  creditMemoEdit: () => import("./credit-memo-review-dialog.tsx"),
  creditMemoApply: () => import("./credit-memo-apply-dialog.tsx"),
  splitOrderModal: () => import("./split-dialog.tsx"),
  splitTradeModal: () => import("./split-dialog.tsx"),
  splitOffModal: () => import("./split-dialog.tsx"),
};

registerDialogs(IMPORTS);

/** Loads every board dialog's component (the server, before its first render). */
export const preloadBoardDialogs = () => preloadDialogs(IMPORTS);
