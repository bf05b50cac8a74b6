// The board dialogs' component registry (ADR 026): one component per definition of the catalogue
// (app/rules/dialogs/board-dialogs.ts), keyed by modal name so the compiler proves none is missing, each in a
// chunk of its own loaded on demand (lazy-dialogs.tsx). Only the board's route module imports this
// registry: other pages never reach the dialogs' chunks (a page that draws dialogs of its own makes a
// registry of those alone, as vendor-dialogs.tsx does).
import type { BoardDialogName } from "~/rules/dialogs/board-dialog-names.ts";
import { type DialogImports, lazyDialogs } from "./lazy-dialogs.tsx";

const IMPORTS: DialogImports<BoardDialogName> = {
  notesGeneral: () => import("./notes-dialog.tsx"),
  noteOnboarding: () => import("./order-cancel-dialog.tsx"),
  editOnboarding: () => import("./on-rent-edit-dialog.tsx"),
  editOffboarding: () => import("./off-rent-edit-dialog.tsx"),
  editOnTrade: () => import("./trade-on-edit-dialog.tsx"),
  editOffTrade: () => import("./trade-off-edit-dialog.tsx"),
  vendorModal: () => import("./vendor-edit-dialog.tsx"),
  assignCarrier: () => import("./carrier-assign-dialog.tsx"),
};

const registry = lazyDialogs(IMPORTS);

/** Loads the components of the dialogs named (all of them when none are), before a render needs them. */
export const preloadBoardDialogs = registry.preload;
/** Fetches the chunk of the dialog a link opens, before it is followed (ADR 028). */
export const prefetchDialogOfLink = registry.prefetchDialogOfLink;
/** The open dialog of a board in its frame. */
export const BoardDialog = registry.PageDialog;
