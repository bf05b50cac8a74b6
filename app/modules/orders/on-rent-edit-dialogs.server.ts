// The board dialog editOnboarding (edit an on-rent order): its loader and form intent
// (app/modules/dialogs/board-dialogs.server.ts). Both go through the operation the JSON API uses.
import {
  ON_RENT_EDIT_DIALOG,
  ON_RENT_EDIT_INTENT,
  onRentEditPayloadFromForm,
} from "../../rules/orders/on-rent-edit.ts";
import { fieldText } from "../../rules/dialogs/board-dialog.ts";
import { serveBoardDialog } from "../dialogs/board-dialog-kit.server.ts";
import { editOnRentOrder, loadOnRentEditDialog } from "./on-rent-edit.server.ts";

/** The form's fields with one value each (the first of a repeated name), as the payload reader takes them. */
function firstValues(fields: Record<string, string | string[]>): [string, string][] {
  return Object.keys(fields).map((name) => [name, fieldText(fields, name) ?? ""]);
}

export const ON_RENT_EDIT_DIALOG_SERVER = serveBoardDialog(ON_RENT_EDIT_DIALOG, {
  load: (context) => loadOnRentEditDialog(context.db, context.actor, context.search.get("formHistoryId")),
  intents: {
    [ON_RENT_EDIT_INTENT]: (context, fields) =>
      editOnRentOrder(context.db, context.actor, onRentEditPayloadFromForm(firstValues(fields)), context.now),
  },
});
