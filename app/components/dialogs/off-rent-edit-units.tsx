// The returning units of the off-rent edit dialog (off-rent-edit-dialog.tsx; ADR 015): the shared units
// list (returning-units.tsx, which the trade's on-rent editor uses too) bound to this dialog's intents —
// "Test units" (edit-off-rent-test-units) and, without JavaScript, "Add unit" (edit-off-rent-add-unit);
// removals without JavaScript are checkboxes the save reads.
import { OFF_RENT_EDIT_INTENTS, type OffRentEditView } from "~/rules/orders/off-rent-edit/dialog.ts";
import type { DialogActionData } from "~/rules/dialogs/operation-result.ts";
import {
  type ReturningUnitRow,
  type ReturningUnits,
  ReturningUnitsSection,
  type ReturningUnitsSectionProps,
  useReturningUnits,
} from "./returning-units.tsx";

const INTENTS = { testUnits: OFF_RENT_EDIT_INTENTS.testUnits, addUnit: OFF_RENT_EDIT_INTENTS.addUnit };

/** One row of the dialog's returning units. */
export type OffRentUnitRow = ReturningUnitRow;

/**
 * The rows being edited: the posted form's (no JavaScript: values kept) or the order's, with each new
 * server answer among `answers` marked on the rows it names (useReturningUnits).
 */
export function useOffRentUnits(
  view: OffRentEditView,
  posted: DialogActionData | null,
  answers: readonly (DialogActionData | null)[],
) {
  return useReturningUnits(view.lines, posted, answers, INTENTS);
}

export type OffRentUnits = ReturningUnits;

export function OffRentUnitsSection(props: Omit<ReturningUnitsSectionProps, "intents" | "unitsNotShown">) {
  return <ReturningUnitsSection {...props} intents={INTENTS} />;
}
