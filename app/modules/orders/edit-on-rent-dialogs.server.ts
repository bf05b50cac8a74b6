// The board dialog editOnboarding (edit an on-rent order): its loader and form intent
// (app/modules/dialogs/board-dialogs.server.ts). Both go through the operation the JSON API uses.
import { EDIT_ON_RENT_INTENT, onRentEditPayloadFromForm } from "../../rules/on-rent-edit.ts";
import type { BoardDialogSet } from "../dialogs/board-dialogs.server.ts";
import { editOnRentOrder, loadOnRentEditDialog } from "./edit-on-rent.server.ts";

export const EDIT_ON_RENT_DIALOGS: BoardDialogSet = {
  loaders: {
    editOnboarding: (context) => loadOnRentEditDialog(context.db, context.actor, context.search.get("formHistoryId")),
  },
  intents: {
    [EDIT_ON_RENT_INTENT]: (context, form) => editOnRentOrder(context.db, context.actor, onRentEditPayloadFromForm(form), context.now),
  },
};
