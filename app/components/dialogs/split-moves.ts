// The split dialogs' browser side, as pure functions (ADR 049): which unit lists a kind of
// split shows, the ids and data of its draggable rows and droppable split columns, the step a drop or a typed
// number stands for (the rules' own steps, so the browser and the no-JavaScript form agree), the keyboard's
// move to the next or previous split, and what a screen reader hears while a unit is dragged. No React, no
// @dnd-kit: unit-tested on their own (split-moves.test.ts).
import { applySplitStep, encodeSplits, readSplitForm, SPLIT_FIELDS, splitStep } from "~/rules/splits/split-dialog.ts";
import type { Original, Split, SplitKind, Step } from "~/rules/splits/splits.ts";

export type UnitList = "reservations" | "returning";

/** The unit lists each kind of split carries, with their headings. */
export function unitLists(kind: SplitKind): readonly { list: UnitList; title: string; empty: string }[] {
  const reservations = { list: "reservations", title: "Reservations", empty: "No reservations." } as const;
  if (kind === "order") return [reservations];
  if (kind === "trade")
    return [reservations, { list: "returning", title: "Returning units", empty: "No returning units." }];
  return [{ list: "returning", title: "Off-rent units", empty: "No units." }];
}

/** What a dragged row carries: its unit, its list and the split it starts in. */
export interface DragUnit {
  unit: string;
  list: UnitList;
  from: number;
}

export const dragId = (drag: DragUnit) => `unit:${drag.list}:${drag.unit}`;
export const dropId = (index: number) => `split:${index}`;

/** A droppable's data (its split), or null for anything else. */
export function dropIndex(data: unknown): number | null {
  if (typeof data !== "object" || data === null || !("index" in data)) return null;
  const index = (data as { index: unknown }).index;
  return typeof index === "number" && Number.isInteger(index) && index >= 0 ? index : null;
}

/** A draggable's data (its unit), or null for anything else. */
export function dragUnit(data: unknown): DragUnit | null {
  if (typeof data !== "object" || data === null) return null;
  const { unit, list, from } = data as Record<string, unknown>;
  if (typeof unit !== "string" || (list !== "reservations" && list !== "returning")) return null;
  if (typeof from !== "number" || !Number.isInteger(from) || from < 0) return null;
  return { unit, list, from };
}

/**
 * The step of dropping (or "move to split N") a unit on split `to`: the rules' own move, fixed units
 * refused with why. A drop on its own split changes nothing (null).
 */
export function dropStep(
  splits: readonly Split[],
  kind: SplitKind,
  fixed: Readonly<Record<string, string>>,
  drag: DragUnit,
  to: number,
): Step | null {
  if (to === drag.from) return null;
  return applySplitStep(splits, kind, splitStep.move(drag.list, drag.unit, drag.from, to), fixed);
}

/**
 * The step of typing `text` into a split's number field (`total.<i>` or `count.<i>.<type>`): what the
 * server reads the posted field as (readSplitForm), so a refusal here is the server's refusal too.
 */
export function typedStep(
  splits: readonly Split[],
  kind: SplitKind,
  original: Pick<Original, "counts">,
  name: string,
  text: string,
): Step {
  return readSplitForm({ [SPLIT_FIELDS.splits]: encodeSplits(splits), [name]: text }, kind, original);
}

/** The value a split's number field shows: its typed text while that is refused, else the split's number. */
export function fieldNumbers(splits: readonly Split[], kind: SplitKind): Record<string, string> {
  const values: Record<string, string> = {};
  splits.forEach((split, index) => {
    if (index > 0) values[SPLIT_FIELDS.total(index)] = String(split.total);
    if (kind === "off-rent") return;
    for (const [type, count] of Object.entries(split.counts))
      values[SPLIT_FIELDS.count(index, type as keyof Split["counts"])] = String(count);
  });
  return values;
}

/** The keyboard's target: the next split (right, down) or the previous one (left, up), within the splits. */
export function neighbourSplit(current: number, code: string, count: number): number | null {
  const step = code === "ArrowRight" || code === "ArrowDown" ? 1 : code === "ArrowLeft" || code === "ArrowUp" ? -1 : 0;
  if (step === 0) return null;
  return Math.min(count - 1, Math.max(0, current + step));
}

/** What a screen reader hears while a unit is dragged (dnd-kit's announcements), in plain words. */
export const SPLIT_DRAG_INSTRUCTIONS =
  "To move a unit to another split, press Space or Enter on its drag handle to pick it up, use the arrow keys " +
  "to go to the next split (right or down) or the previous one (left or up), and press Space or Enter to drop " +
  "it there. Press Escape to cancel. Each unit also has Move to split buttons.";

export function dragAnnouncements(resolve: (drag: DragUnit, to: number) => Step | null) {
  const split = (index: number) => `split ${index + 1}`;
  return {
    pickedUp: (drag: DragUnit) => `Picked up unit ${drag.unit} from ${split(drag.from)}.`,
    over: (drag: DragUnit, to: number | null) =>
      to === null ? `Unit ${drag.unit} is not over a split.` : `Unit ${drag.unit} is over ${split(to)}.`,
    dropped: (drag: DragUnit, to: number | null) => {
      if (to === null) return `Unit ${drag.unit} was dropped outside the splits; it stays in ${split(drag.from)}.`;
      const step = resolve(drag, to);
      if (step === null) return `Unit ${drag.unit} stays in ${split(drag.from)}.`;
      return step.ok
        ? `Unit ${drag.unit} moved to ${split(to)}.`
        : `Unit ${drag.unit} was not moved: ${step.message} It stays in ${split(drag.from)}.`;
    },
    cancelled: (drag: DragUnit) => `Moving unit ${drag.unit} was cancelled; it stays in ${split(drag.from)}.`,
  };
}
