// The dialog registry of /manheim-listings (ADR 046): the listing details dialog, in a chunk of its
// own (dialog-host.tsx loads it). Only the listings page's route module imports it.
import type { DialogsHostedBy } from "~/rules/dialogs/board-dialog-names.ts";
import { type DialogImports, preloadDialogs, registerDialogs } from "./dialog-host.tsx";

export { BoardDialog, prefetchDialogOfLink, prefetchDialogProps } from "./dialog-host.tsx";

const IMPORTS: DialogImports<DialogsHostedBy<"manheim-listings">> = {
  manheimDetails: () => import("./manheim-details-dialog.tsx"),
};

registerDialogs(IMPORTS);

/** Loads the page's dialogs' components (the server, before its first render). */
export const preloadManheimListingsDialogs = () => preloadDialogs(IMPORTS);
