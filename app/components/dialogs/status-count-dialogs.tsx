// The dialog registry of /statuscount (ADR 044): the status details dialog, in a chunk of its
// own (dialog-host.tsx loads it). Only the status count page imports it: its route module and its counts.
import type { DialogsHostedBy } from "~/rules/dialogs/board-dialog-names.ts";
import { type DialogImports, preloadDialogs, registerDialogs } from "./dialog-host.tsx";

export { BoardDialog, prefetchDialogOfLink, prefetchDialogProps } from "./dialog-host.tsx";

const IMPORTS: DialogImports<DialogsHostedBy<"statuscount">> = {
  statusDetailsModal: () => import("./status-details-dialog.tsx"),
};

registerDialogs(IMPORTS);

/** Loads the page's dialogs' components (the server, before its first render). */
export const preloadStatusCountDialogs = () => preloadDialogs(IMPORTS);
