// What the trade dialogs' servers share about their returning units list without JavaScript (ADR 015;
// trade-on-edit-dialogs.server.ts, trade-off-edit-dialogs.server.ts): "Remove ticked units" checks the
// removal rules at once and answers with a re-render; nothing is written, the save removes them.
import { formLines, formText, lineIdOfKey } from "../../rules/orders/off-rent-edit/form.ts";
import { OFF_RENT_EDIT_MESSAGES } from "../../rules/orders/off-rent-edit/messages.ts";
import { removalRefusal, type StoredReturningLine } from "../../rules/orders/off-rent-edit/units-list.ts";
import type { BoardDialogOutcome } from "../dialogs/board-dialog-kit.server.ts";
import { idFromPath, refuse } from "../operations/operation.server.ts";

type PostedFields = Record<string, string | string[]>;

export const RETURNING_UNITS_DIALOG_MESSAGES = {
  nothingTicked: "Tick the units to remove first.",
} as const;

/** The no-JavaScript answer to "Remove ticked units": the removals stand, and are made by the save. */
export function unitsRemovedMessage(count: number): string {
  return count === 1
    ? "The unit ticked is removed when you save."
    : `The ${count} units ticked are removed when you save.`;
}

/**
 * Remove ticked units (no JavaScript): the removal rules (awaiting pickup, no carrier, one unit kept), counted
 * as the save counts them — with the stored lines the dialog does not list (`load` says how many).
 */
export async function removeTickedUnits(
  values: PostedFields,
  load: (formHistoryId: number) => Promise<{ lines: readonly StoredReturningLine[]; notListed: number } | null>,
  notFound: string,
): Promise<BoardDialogOutcome> {
  const rows = formLines(values);
  const ticked = rows.filter((row) => row.removed);
  if (ticked.length === 0) return { ok: false, status: 400, message: RETURNING_UNITS_DIALOG_MESSAGES.nothingTicked };
  const formHistoryId = idFromPath(formText(values, "FormHistoryID"));
  const loaded = formHistoryId === null ? null : await load(formHistoryId);
  if (!loaded) return refuse(404, notFound);
  const byId = new Map(loaded.lines.map((line) => [line.id, line]));
  const kept = rows.length - ticked.length + loaded.notListed;
  const removed = ticked.flatMap((row) => {
    const id = lineIdOfKey(row.key);
    return id === null ? [] : [id];
  });
  for (const [order, id] of removed.entries()) {
    const line = byId.get(id);
    if (!line) return { ok: false, status: 400, message: OFF_RENT_EDIT_MESSAGES.unitsMismatch };
    const refusal = removalRefusal(line, kept + removed.length - order);
    if (refusal) return { ok: false, status: 409, message: refusal };
  }
  return { ok: true, lists: [], rerender: { message: unitsRemovedMessage(ticked.length) } };
}
