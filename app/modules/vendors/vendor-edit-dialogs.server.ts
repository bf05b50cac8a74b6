// The vendor dialog vendorModal (ADR 035) on the transport board and the vendors page: its loader and its
// form intents (app/modules/dialogs/board-dialogs.server.ts). Saving goes through vendor-edit.server.ts,
// as the JSON API does; the dialog adds the Confirm a similar name needs, and (without JavaScript) a
// "Check name" step that draws the dialog again with what the check found.
import {
  CONFIRM_SIMILAR_FIELD,
  VENDOR_CHECK_INTENT,
  VENDOR_EDIT_DIALOG,
  VENDOR_MESSAGES,
  VENDOR_SAVE_INTENT,
  type VendorDialogData,
  vendorFormValues,
} from "../../rules/vendors/vendor-edit.ts";
import { VENDOR_NAME_MESSAGES, vendorNameVerdict } from "../../rules/vendors/vendor-name.ts";
import { fieldText } from "../../rules/dialogs/board-dialog.ts";
import { type BoardDialogContext, type LoadedDialog, serveBoardDialog } from "../dialogs/board-dialog-kit.server.ts";
import { idFromPath, type OperationRefusal, refuse } from "../operations/operation.server.ts";
import { createVendor, editVendor, findVendorNameMatches, readVendor } from "./vendor-edit.server.ts";

/** The URL parameter of an edit: `?modal=vendorModal&vendorId=N`. */
export const VENDOR_ID_PARAM = "vendorId";

/** A new vendor (no vendorId), or the one the URL names, with its fields. */
export async function loadVendorDialog({
  db,
  search,
}: BoardDialogContext): Promise<LoadedDialog<VendorDialogData> | OperationRefusal> {
  const raw = search.get(VENDOR_ID_PARAM);
  if (raw === null || raw === "") {
    return { data: { vendorId: null, values: vendorFormValues(null), matches: [] } };
  }
  const vendorId = idFromPath(raw);
  if (vendorId === null) return refuse(400, VENDOR_MESSAGES.chooseVendor);
  const vendor = await readVendor(db, vendorId);
  if (!vendor) return refuse(404, VENDOR_MESSAGES.notFound);
  return {
    titleContext: { editing: true },
    data: { vendorId, values: vendorFormValues(vendor), matches: [] },
  };
}

export const VENDOR_EDIT_DIALOG_SERVER = serveBoardDialog(VENDOR_EDIT_DIALOG, {
  load: loadVendorDialog,
  intents: {
    [VENDOR_SAVE_INTENT]: ({ db, actor }, fields) => {
      const options = { requireConfirmation: true, confirmSimilar: fieldText(fields, CONFIRM_SIMILAR_FIELD) === "1" };
      const editing = (fieldText(fields, "VendorID") ?? "") !== "";
      return editing ? editVendor(db, actor, fields, options) : createVendor(db, actor, fields, options);
    },
    // Without JavaScript the name is checked by a button: the dialog comes back with the lines the check
    // found (as the name field's notes) and the verdict's message, nothing saved.
    [VENDOR_CHECK_INTENT]: async ({ db }, fields) => {
      const name = fieldText(fields, "Name") ?? "";
      const exceptId = idFromPath(fieldText(fields, "VendorID") ?? "");
      const matches = await findVendorNameMatches(db, name, exceptId);
      const verdict = vendorNameVerdict(matches);
      const message =
        verdict === "exact"
          ? VENDOR_NAME_MESSAGES.used(matches[0]!.Name)
          : verdict === "similar"
            ? VENDOR_NAME_MESSAGES.similar
            : VENDOR_NAME_MESSAGES.available;
      return {
        ok: true,
        lists: [],
        rerender: { message, fieldNotes: { Name: matches.map((match) => VENDOR_NAME_MESSAGES.used(match.Name)) } },
      };
    },
  },
});
