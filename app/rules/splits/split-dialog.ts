// The three split dialogs (splitOrderModal, splitTradeModal, splitOffModal, ADR 049): their
// definitions, what their loader hands the component, and the form they post. One form carries the splits as
// they stand (`Splits`, JSON) with each later split's Total on Order (`total.<i>`) and type counts
// (`count.<i>.<type>`) as inputs. With JavaScript the browser runs the steps itself (drag, keyboard, Add Split)
// and posts only Save; without it, each step is a submit button (`step`) and the server answers the dialog
// again with the splits after the step. Both run the same pure steps (splits.ts). Pure and free of zod.
import { unlocksRoute } from "../access/permissions.ts";
import { defineBoardDialog } from "../dialogs/board-dialog.ts";
import { postedFields } from "../dialogs/posted-fields.ts";
import {
  addSplit,
  moveUnit,
  type Original,
  removeSplit,
  setCount,
  setTotal,
  type Split,
  type SplitKind,
  SPLIT_MESSAGES,
  type Step,
  TRUCK_TYPES,
  type TruckType,
} from "./splits.ts";

export const SPLIT_ORDER_INTENT = "split-order";
export const SPLIT_TRADE_INTENT = "split-trade";
export const SPLIT_OFF_RENT_INTENT = "split-off-rent";

export const SPLIT_INTENTS = {
  order: SPLIT_ORDER_INTENT,
  trade: SPLIT_TRADE_INTENT,
  "off-rent": SPLIT_OFF_RENT_INTENT,
} as const satisfies Record<SplitKind, string>;

/**
 * Who may split: orders and trades are the On Rent team's, off-rents the Off Rent team's, the boards whose
 * cards offer Split (the specification shows no gating; ADR 049). 1 passes.
 */
export const SPLIT_ROUTES = { order: "onboarding", trade: "onboarding", "off-rent": "offboarding" } as const;
export const maySplit = (kind: SplitKind, permissionIds: readonly number[]) =>
  unlocksRoute(permissionIds, SPLIT_ROUTES[kind]);

export interface SplitDialogData {
  kind: SplitKind;
  formHistoryId: number;
  /** 'Order #4321', 'Trade #4321', 'Off-rent #4321'. */
  requestLabel: string;
  companyName: string;
  /** The version of the order (trade, off-rent) the dialog was opened on: a change since answers 409. */
  version: number;
  /** The request as it stands: the first split starts as this. */
  original: Original;
  /**
   * Units that stay with the first split, each with why (assigned to a carrier, picked up, not identified). They
   * are not among the original's units (the bookkeeping moves only units that can move): the dialog lists them
   * under the first split, without a way to move them.
   */
  fixed: Record<string, string>;
  /** What each unit is, for its row ('2024 Ford F-150 · 1/2 Ton'). */
  unitLabels: Record<string, string>;
  /** Why it cannot be split here (cancelled, delivered, no permission, nothing to split), or null. */
  blocked: string | null;
}

export const SPLIT_ORDER_DIALOG = defineBoardDialog<SplitDialogData>()({
  name: "splitOrderModal",
  feature: null,
  intents: { [SPLIT_ORDER_INTENT]: postedFields },
});

export const SPLIT_TRADE_DIALOG = defineBoardDialog<SplitDialogData>()({
  name: "splitTradeModal",
  feature: null,
  intents: { [SPLIT_TRADE_INTENT]: postedFields },
});

export const SPLIT_OFF_DIALOG = defineBoardDialog<SplitDialogData>()({
  name: "splitOffModal",
  feature: null,
  intents: { [SPLIT_OFF_RENT_INTENT]: postedFields },
});

/** Form field names. */
export const SPLIT_FIELDS = {
  splits: "Splits",
  step: "step",
  formHistoryId: "FormHistoryID",
  version: "Version",
  total: (index: number) => `total.${index}`,
  count: (index: number, type: TruckType) => `count.${index}.${type}`,
} as const;

/** The largest dialog the form is read for: more splits or units than a request can have are refused. */
const MAX_SPLITS = 50;
const MAX_UNITS = 2_000;
const MAX_NUMBER = 999;

/** The steps a no-JavaScript submit button names (`step`): what the browser does itself with scripts. */
export const splitStep = {
  add: () => "add",
  remove: (index: number) => `remove:${index}`,
  move: (list: "reservations" | "returning", unit: string, from: number, to: number) =>
    `move:${list}:${from}:${to}:${unit}`,
} as const;

export const encodeSplits = (splits: readonly Split[]): string => JSON.stringify(splits);

const isCount = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= MAX_NUMBER;
const isUnitList = (value: unknown): value is string[] =>
  Array.isArray(value) &&
  value.length <= MAX_UNITS &&
  value.every((unit) => typeof unit === "string" && unit.length > 0 && unit.length <= 20);

/** The splits a form carried, or null when the text is not splits (tampered, truncated). */
export function decodeSplits(text: unknown): Split[] | null {
  if (typeof text !== "string" || text.length > 200_000) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length === 0 || parsed.length > MAX_SPLITS) return null;
  const splits: Split[] = [];
  for (const item of parsed as unknown[]) {
    if (typeof item !== "object" || item === null) return null;
    const split = item as Record<string, unknown>;
    const counts = split.counts as Record<string, unknown> | null | undefined;
    if (
      !isCount(split.total) ||
      !isCount(split.remaining) ||
      !isCount(split.returnsRemaining) ||
      typeof counts !== "object" ||
      counts === null ||
      !TRUCK_TYPES.every((type) => isCount(counts[type.key])) ||
      !isUnitList(split.reservations) ||
      !isUnitList(split.returning)
    )
      return null;
    splits.push({
      total: split.total,
      remaining: split.remaining,
      returnsRemaining: split.returnsRemaining,
      counts: {
        half: counts.half as number,
        threeQ: counts.threeQ as number,
        flat: counts.flat as number,
        service: counts.service as number,
      },
      reservations: [...split.reservations],
      returning: [...split.returning],
    });
  }
  return splits;
}

type Fields = Readonly<Record<string, string | string[] | undefined>>;
const field = (fields: Fields, name: string): string | undefined => {
  const value = fields[name];
  return Array.isArray(value) ? value[0] : value;
};

/** A number input's whole number, or NaN for anything else ('' included). */
const wholeNumber = (text: string) => (/^\s*\d{1,3}\s*$/.test(text) ? Number(text) : Number.NaN);

/**
 * The splits a posted form stands for: its `Splits`, with the Totals on Order and type counts the person changed
 * (those that differ from what `Splits` says; totals first: they move trucks, and with one type its count).
 * Refused with the first step's message that a typed number breaks.
 */
export function readSplitForm(fields: Fields, kind: SplitKind, original: Pick<Original, "counts">): Step {
  const posted = decodeSplits(field(fields, SPLIT_FIELDS.splits));
  if (!posted) return { ok: false, message: SPLIT_MESSAGES.failed };
  let splits: Split[] = posted;
  for (let index = 1; index < posted.length; index++) {
    const typed = field(fields, SPLIT_FIELDS.total(index));
    if (typed === undefined) continue;
    const total = wholeNumber(typed);
    if (total === posted[index]!.total) continue;
    const step = setTotal(splits, kind, index, total);
    if (!step.ok) return step;
    splits = step.splits;
  }
  if (kind !== "off-rent") {
    for (let index = 0; index < posted.length; index++) {
      for (const type of TRUCK_TYPES) {
        const typed = field(fields, SPLIT_FIELDS.count(index, type.key));
        if (typed === undefined) continue;
        const value = wholeNumber(typed);
        if (value === posted[index]!.counts[type.key]) continue;
        const step = setCount(splits, original, index, type.key, value);
        if (!step.ok) return step;
        splits = step.splits;
      }
    }
  }
  return { ok: true, splits };
}

/** Why a unit stays with the first split, in the words the dialog shows. */
export const fixedUnitMessage = (unit: string, why: string) => `Unit ${unit} stays on the first split: ${why}.`;

/**
 * One step of the dialog (`step` of a no-JavaScript button, or the browser's own): Add Split, remove split N,
 * or move a unit from one split to another. Units in `fixed` never leave the first split.
 */
export function applySplitStep(
  splits: readonly Split[],
  kind: SplitKind,
  step: string,
  fixed: Readonly<Record<string, string>>,
): Step {
  if (step === "add") return addSplit(splits, kind);
  const remove = /^remove:(\d{1,3})$/.exec(step);
  if (remove) return removeSplit(splits, Number(remove[1]));
  const move = /^move:(reservations|returning):(\d{1,3}):(\d{1,3}):(.{1,20})$/.exec(step);
  if (move) {
    const [, list, from, to, unit] = move as unknown as [string, "reservations" | "returning", string, string, string];
    const why = Object.hasOwn(fixed, unit) ? fixed[unit] : undefined;
    if (why !== undefined && Number(to) !== 0) return { ok: false, message: fixedUnitMessage(unit, why) };
    return moveUnit(splits, kind, list, unit, Number(from), Number(to));
  }
  return { ok: false, message: SPLIT_MESSAGES.failed };
}

/** The first fixed unit a split other than the first carries, as a refusal; null when none. */
export function fixedUnitRefusal(splits: readonly Split[], fixed: Readonly<Record<string, string>>): string | null {
  for (const split of splits.slice(1)) {
    for (const unit of [...split.reservations, ...split.returning]) {
      const why = Object.hasOwn(fixed, unit) ? fixed[unit] : undefined;
      if (why !== undefined) return fixedUnitMessage(unit, why);
    }
  }
  return null;
}

/** The form's values for these splits: `Splits` and every split's Total and counts as the inputs show them. */
export function splitFormValues(splits: readonly Split[]): Record<string, string> {
  const values: Record<string, string> = { [SPLIT_FIELDS.splits]: encodeSplits(splits) };
  splits.forEach((split, index) => {
    values[SPLIT_FIELDS.total(index)] = String(split.total);
    for (const type of TRUCK_TYPES) values[SPLIT_FIELDS.count(index, type.key)] = String(split.counts[type.key]);
  });
  return values;
}

/** What a no-JavaScript step says when the dialog comes back (the screen reader's news too). */
export function splitStepNews(step: string, splits: readonly Split[]): string {
  if (step === "add") return `Split ${splits.length} added.`;
  const remove = /^remove:(\d{1,3})$/.exec(step);
  if (remove) return `Split ${Number(remove[1]) + 1} removed: what it held went back to split 1.`;
  const move = /^move:(?:reservations|returning):\d{1,3}:(\d{1,3}):(.{1,20})$/.exec(step);
  if (move) return `Unit ${move[2]} moved to split ${Number(move[1]) + 1}.`;
  return "";
}
