// The dialog registry of /departments (ADR 036): the dialogs that page hosts, keyed by modal name so
// the compiler proves none is missing, each in a chunk of its own (dialog-host.tsx loads them). Only the
// departments page's route module imports it, so that page never reaches the boards' dialogs' chunks.
import type { DialogsHostedBy } from "~/rules/dialogs/board-dialog-names.ts";
import { type DialogImports, preloadDialogs, registerDialogs } from "./dialog-host.tsx";

export { BoardDialog } from "./dialog-host.tsx";

const IMPORTS: DialogImports<DialogsHostedBy<"departments">> = {
  departmentCreate: () => import("./department-edit-dialog.tsx"),
};

registerDialogs(IMPORTS);

/** Loads the page's dialogs' components (the server, before its first render). */
export const preloadDepartmentsDialogs = () => preloadDialogs(IMPORTS);
