// The editOffboarding board dialog's definition (ADR 015): its intents, the data its loader
// gives the component (the order's fields, its lines with what each allows, the history), and the typed
// definition the server registry and the component registry are keyed by.
import { defineBoardDialog } from "../../dialogs/board-dialog.ts";
import type { ChangeSince } from "../../dialogs/operation-result.ts";
import { postedFields } from "../../dialogs/posted-fields.ts";
import type { OffRentFieldName } from "./fields.ts";
import type { StoredReturningLine } from "./units-list.ts";

/** The dialog's form intents (posted to the board; app/modules/orders/off-rent-edit-dialogs.server.ts). */
export const OFF_RENT_EDIT_INTENTS = {
  save: "edit-off-rent",
  testUnits: "edit-off-rent-test-units",
  addUnit: "edit-off-rent-add-unit",
} as const;

/** One unit row of the edit dialog as its loader gives it. */
export interface OffRentEditLine extends StoredReturningLine {
  key: string;
  statusLabel: string;
  editable: boolean;
  removable: boolean;
}

/** What the editOffboarding dialog shows and posts back (its loader: off-rent-edit-load.server.ts). */
export interface OffRentEditView {
  FormHistoryID: number;
  OffRentFormID: number;
  version: number;
  offboardingStatus: number;
  stageLabel: string;
  fields: Record<OffRentFieldName, string>;
  lines: OffRentEditLine[];
  partlyAssigned: boolean;
  /** Why saving is not possible (no permission, cancelled, returned), or null. */
  readOnlyReason: string | null;
  history: (ChangeSince & { action: string })[];
}

/** The editOffboarding dialog: saving, testing units and (without JavaScript) adding a row. */
export const OFF_RENT_EDIT_DIALOG = defineBoardDialog<OffRentEditView>()({
  name: "editOffboarding",
  feature: null,
  intents: {
    [OFF_RENT_EDIT_INTENTS.save]: postedFields,
    [OFF_RENT_EDIT_INTENTS.testUnits]: postedFields,
    [OFF_RENT_EDIT_INTENTS.addUnit]: postedFields,
  },
});
