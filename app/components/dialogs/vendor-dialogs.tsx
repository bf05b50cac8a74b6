// The dialog registry of /vendors (ADR 035): the dialogs that page hosts, keyed by modal name so
// the compiler proves none is missing, each in a chunk of its own (dialog-host.tsx loads them). Only the
// vendors page imports it (its route module and its list), so that page never reaches the boards' dialogs' chunks.
import type { DialogsHostedBy } from "~/rules/dialogs/board-dialog-names.ts";
import { type DialogImports, preloadDialogs, registerDialogs } from "./dialog-host.tsx";

export { BoardDialog, prefetchDialogOfLink, prefetchDialogProps } from "./dialog-host.tsx";

const IMPORTS: DialogImports<DialogsHostedBy<"vendors">> = {
  vendorModal: () => import("./vendor-edit-dialog.tsx"),
};

registerDialogs(IMPORTS);

/** Loads the page's dialogs' components (the server, before its first render). */
export const preloadVendorsDialogs = () => preloadDialogs(IMPORTS);
