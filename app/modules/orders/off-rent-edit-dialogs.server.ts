// The board dialog editOffboarding (edit an off-rent order; ADR 015): its loader and form intents
// (app/modules/dialogs/board-dialogs.server.ts). Saving runs the same operation as PUT /api/off-rent/edit.
// "Test units" (with and without JavaScript) and, without JavaScript, "Add unit" are posts too: they write
// nothing and, failing nothing, answer the dialog again (a re-render, 200, every submitted value kept) with
// one more row, or with each row's unit test result.
import { OFF_RENT_EDIT_DIALOG, OFF_RENT_EDIT_INTENTS } from "../../rules/orders/off-rent-edit/dialog.ts";
import { formLines, formTests, formText, payloadFromForm, vinsToTest } from "../../rules/orders/off-rent-edit/form.ts";
import { OFF_RENT_EDIT_MESSAGES, UNIT_TEST_LABELS } from "../../rules/orders/off-rent-edit/messages.ts";
import type { FieldErrors, OperationRefusal } from "../../rules/dialogs/operation-result.ts";
import {
  type BoardDialogContext,
  type BoardDialogOutcome,
  serveBoardDialog,
} from "../dialogs/board-dialog-kit.server.ts";
import { idField, parseInput, refuse } from "../operations/operation.server.ts";
import { editOffRentOrder } from "./off-rent-edit.server.ts";
import { loadOffRentEditView } from "./off-rent-edit-load.server.ts";
import { testReturningUnits } from "./vin-test.server.ts";

type PostedFields = Record<string, string | string[]>;

/** fieldErrors key of a unit test result in the no-JavaScript re-render: `unitTest.<UNIT>` → [label]. */
export const UNIT_TEST_RESULT_PREFIX = "unitTest.";

async function loadDialog(context: BoardDialogContext) {
  const formHistoryId = parseInput(idField(OFF_RENT_EDIT_MESSAGES.notFound), context.search.get("formHistoryId") ?? "");
  if (!formHistoryId.ok) return refuse(404, OFF_RENT_EDIT_MESSAGES.notFound);
  const loaded = await loadOffRentEditView(context.db, context.actor.permissions, formHistoryId.data);
  if (!loaded.ok) return refuse(loaded.status, loaded.message);
  return { titleContext: { companyName: loaded.companyName }, data: loaded.view };
}

/** Save: the operation, holding the dialog's rule that every edited unit was tested valid (the form carries each row's last valid test). */
async function save(context: BoardDialogContext, values: PostedFields): Promise<BoardDialogOutcome> {
  return editOffRentOrder(context.db, context.actor, payloadFromForm(values), {
    clientTests: formTests(formLines(values)),
  });
}

/**
 * "Test units" of a dialog with a returning units list (this one and both trade dialogs): every
 * row's unit number tested by `test`, answered as `unitTest.<UNIT>` notes. A test that finds invalid units
 * has still done its job: its results are news, not a refusal.
 */
export async function unitTestOutcome(
  values: PostedFields,
  test: (vins: string[]) => Promise<{ ok: true; results: Record<string, boolean> } | OperationRefusal>,
): Promise<BoardDialogOutcome> {
  const vins = vinsToTest(formLines(values));
  if (vins.length === 0) return { ok: false, status: 400, message: OFF_RENT_EDIT_MESSAGES.vinsRequired };
  const tested = await test(vins);
  if (!tested.ok) return tested;
  const fieldNotes: FieldErrors = {};
  for (const [vin, valid] of Object.entries(tested.results)) {
    fieldNotes[`${UNIT_TEST_RESULT_PREFIX}${vin}`] = [valid ? UNIT_TEST_LABELS.valid : UNIT_TEST_LABELS.invalid];
  }
  const invalid = Object.values(tested.results).filter((valid) => !valid).length;
  return { ok: true, lists: [], rerender: { message: unitTestSummary(vins.length, invalid), fieldNotes } };
}

/** Test units (with and without JavaScript): every row's unit number, answered as `unitTest.<UNIT>`. */
function testUnits(context: BoardDialogContext, values: PostedFields): Promise<BoardDialogOutcome> {
  return unitTestOutcome(values, (vins) =>
    testReturningUnits(context.db, context.actor, {
      vins,
      FormHistoryID: formText(values, "FormHistoryID"),
      compCode: formText(values, "compCode"),
    }),
  );
}

export function unitTestSummary(tested: number, invalid: number): string {
  if (invalid === 0) return tested === 1 ? "The unit tested is valid." : `All ${tested} units tested are valid.`;
  return `${invalid} of ${tested} units tested ${invalid === 1 ? "is" : "are"} not valid.`;
}

/** Add unit (no JavaScript): nothing is written; the dialog comes back with one more placeholder row. */
async function addUnit(): Promise<BoardDialogOutcome> {
  return { ok: true, lists: [], rerender: { message: OFF_RENT_EDIT_MESSAGES.unitAdded } };
}

export const OFF_RENT_EDIT_DIALOG_SERVER = serveBoardDialog(OFF_RENT_EDIT_DIALOG, {
  load: loadDialog,
  intents: {
    [OFF_RENT_EDIT_INTENTS.save]: save,
    [OFF_RENT_EDIT_INTENTS.testUnits]: testUnits,
    [OFF_RENT_EDIT_INTENTS.addUnit]: addUnit,
  },
});
