// The dialogs a board renders over itself (issue 5): the board's loader loads the one its URL opens
// (app/modules/dialogs/board-dialogs.server.ts) and this draws it, so it works without JavaScript. The
// root's modal host leaves these names to the board (the board route's `handle.rendersDialogs`).
import { Callout, Text } from "@radix-ui/themes";
import type { ComponentType } from "react";
import type { ModalName, ModalSize } from "~/rules/modals.ts";
import type { DialogActionData } from "~/rules/operation-result.ts";
import type { RouteName } from "~/rules/routes.ts";
import { AppDialog } from "../modal-host.tsx";
import { CancelOrderDialog } from "./cancel-order-dialog.tsx";
import { EditOffRentDialog } from "./edit-off-rent-dialog.tsx";
import { EditOnRentDialog } from "./edit-on-rent-dialog.tsx";
import { NotesDialog } from "./notes-dialog.tsx";

export interface BoardDialogProps {
  /** What the dialog's loader returned (each dialog knows its own shape). */
  data: unknown;
  /** The refusal of the last plain-form post (no JavaScript), with the submitted values. */
  actionData: DialogActionData | null;
  /** The board the dialog is open on (the notes' department). */
  route: RouteName;
  /** The board's view without the dialog: where closing goes. */
  closeHref: string;
  readOnly: boolean;
}

const BOARD_DIALOGS: Partial<Record<ModalName, ComponentType<BoardDialogProps>>> = {
  notesGeneral: NotesDialog,
  noteOnboarding: CancelOrderDialog,
  editOnboarding: EditOnRentDialog,
  editOffboarding: EditOffRentDialog,
};

/** The dialog names a board draws itself. */
export const BOARD_DIALOG_NAMES: readonly ModalName[] = Object.keys(BOARD_DIALOGS) as ModalName[];

export interface OpenDialogView {
  name: ModalName;
  title: string;
  size: ModalSize;
  data: unknown;
  error: string | null;
}

export function BoardDialog({ dialog, ...props }: Omit<BoardDialogProps, "data"> & { dialog: OpenDialogView }) {
  const Content = BOARD_DIALOGS[dialog.name];
  return (
    <AppDialog title={dialog.title} size={dialog.size} closeHref={props.closeHref}>
      {dialog.error !== null ? (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{dialog.error}</Callout.Text>
        </Callout.Root>
      ) : Content ? (
        <Content data={dialog.data} {...props} />
      ) : (
        <Text as="p">This dialog is not available yet.</Text>
      )}
    </AppDialog>
  );
}
