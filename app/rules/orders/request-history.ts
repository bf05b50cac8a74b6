// A request's history as the dialogs show it. One operation may write several audit rows for the same
// request: a carrier move records the job (carrier, and the order's stage and trucks remaining, so the
// job's own history is whole) and the order record it moved (stage and trucks remaining, at the order's
// new version, for version conflicts). The request's history shows such rows as one entry.
import type { ChangeSince } from "../dialogs/operation-result.ts";

export type HistoryEntry = ChangeSince & { action: string };

/** Rows further apart than this are never one operation (one transaction writes its rows together). */
export const SAME_OPERATION_WINDOW_MS = 1_000;

type Change = HistoryEntry["changes"][number];

const sameChange = (a: Change, b: Change) => a.before === b.before && a.after === b.after;

/** Whether two rows read as one operation: same action and actor, written together, no field told two ways. */
function sameOperation(a: HistoryEntry, b: HistoryEntry): boolean {
  if (a.action !== b.action || a.by !== b.by) return false;
  if (Math.abs(Date.parse(a.changedAt) - Date.parse(b.changedAt)) > SAME_OPERATION_WINDOW_MS) return false;
  return a.changes.every((change) => {
    const other = b.changes.find((candidate) => candidate.label === change.label);
    return !other || sameChange(change, other);
  });
}

/**
 * Joins neighbouring rows (newest first, as loaded) of one operation into one entry: the first row's
 * time, and every field it changed once. Rows of different operations, or that disagree about a field,
 * stay apart, so nothing the audit log holds is hidden.
 */
export function mergeOperationRows(rows: readonly HistoryEntry[]): HistoryEntry[] {
  const merged: HistoryEntry[] = [];
  for (const row of rows) {
    const previous = merged.at(-1);
    if (previous && sameOperation(previous, row)) {
      const missing = row.changes.filter((change) => !previous.changes.some((known) => known.label === change.label));
      merged[merged.length - 1] = { ...previous, changes: [...previous.changes, ...missing] };
    } else {
      merged.push(row);
    }
  }
  return merged;
}
