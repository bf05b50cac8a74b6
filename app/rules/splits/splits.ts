// Splitting an order, a trade or an off-rent (ADR 049): the bookkeeping of the split dialogs
// (start, Add Split, remove a split, move a reservation or a returning unit, set a type count) and their
// validation with the specification's messages, as pure functions the browser (drag and drop, keyboard, the
// no-JavaScript "move to split N" controls) and the server's operation share. Every step answers new splits and
// never loses or doubles a truck, a reservation or a unit: `conservationRefusal` proves it for any splits.
// Pure and free of zod.

export type SplitKind = "order" | "trade" | "off-rent";

/** The four truck types, in the order the dialogs show them. */
export const TRUCK_TYPES = [
  { key: "half", label: "1/2 Tons" },
  { key: "threeQ", label: "3/4 Tons" },
  { key: "flat", label: "Flatbeds" },
  { key: "service", label: "Service Body" },
] as const;
export type TruckType = (typeof TRUCK_TYPES)[number]["key"];
export type TypeCounts = Record<TruckType, number>;

export const SPLIT_MESSAGES = {
  countsMatchTotal:
    'Please make sure "1/2 Tons + 3/4 Tons + Flatbeds + Service Body" count matches Total on Order for all split orders.',
  zeroTrucks: "Cannot split order with 0 Trucks on it.",
  reservationsOverRemaining: "Cannot split order with more reservations than remaining trucks on the order.",
  reservationsOverTotal: "Cannot split order with more reservations than total trucks on the order.",
  atLeastOne: "Must have at least one split.",
  tradeNewOverReturns: "Cannot have more New Remaining trucks than Returns Remaining on a Trade.",
  tradeReservationsOverNew: "Cannot have more Reservations than New Remaining trucks on a Trade.",
  /** Not the specification's (ADR 049): a trade part returns at least the units it lists. */
  tradeUnitsOverReturns: "Cannot have more returning units than Returns Remaining on a Trade.",
  offRemainingMatchesTotal: "Please make sure Trucks Remaining matches Total on Order for all split off rents.",
  offZeroTrucks: "Cannot split off rent with 0 Trucks on it.",
  offUnitsOverRemaining: "Cannot split off rent with more units than remaining trucks on the off rent.",
  failed: "Unable to complete split.",
  /** Not the specification's: the bookkeeping's own refusals (a step that would lose a truck). */
  noSpareTruck: "No split has a truck to spare for a new split.",
  lastTruck: "A split keeps at least one truck: move another unit in first, or remove the split.",
  firstSplit: "The first split cannot be removed.",
  firstSplitTotal: "The first split keeps the trucks the other splits do not take.",
  totalRange: (least: number, most: number) =>
    least === most
      ? `This split's Total on Order can only be ${least}.`
      : `Total on Order must be from ${least} to ${most}.`,
  noSuchSplit: "There is no such split.",
  noSuchUnit: "That unit is not in this split.",
  countRange: (label: string, max: number) => `${label} must be from 0 to ${max}.`,
} as const;

/** Validation messages show 10 s; 'Must have at least one split.' and a failed split 6 s. */
export const SPLIT_VALIDATION_MS = 10_000;
export const SPLIT_SHORT_MS = 6_000;
export const splitMessageMs = (message: string) =>
  message === SPLIT_MESSAGES.atLeastOne || message === SPLIT_MESSAGES.failed ? SPLIT_SHORT_MS : SPLIT_VALIDATION_MS;

/** One part of the split: Total on Order, Remaining, the type counts and the units it carries. */
export interface Split {
  total: number;
  remaining: number;
  counts: TypeCounts;
  /** Reserved units (orders, trades). */
  reservations: string[];
  /** Returning units (trades' Returning, off-rents' OffTrucks). */
  returning: string[];
  /** A trade's Returns Remaining (returning trucks not yet picked up); 0 for the others. */
  returnsRemaining: number;
}

/** The request as it stands before the split: the first split starts as this. */
export type Original = Split & { kind: SplitKind };

const ZERO: TypeCounts = { half: 0, threeQ: 0, flat: 0, service: 0 };
const sumCounts = (counts: TypeCounts) => counts.half + counts.threeQ + counts.flat + counts.service;
const copy = (split: Split): Split => ({
  ...split,
  counts: { ...split.counts },
  reservations: [...split.reservations],
  returning: [...split.returning],
});

export type Step = { ok: true; splits: Split[] } | { ok: false; message: string };

/** The dialog's start: one split holding the whole request. */
export function startSplits(original: Original): Split[] {
  const { kind: _kind, ...whole } = original;
  return [copy(whole)];
}

/** The one type present (count > 0) when only one is, else null: counts then move with the units. */
export function onlyType(counts: TypeCounts): TruckType | null {
  const present = TRUCK_TYPES.filter((type) => counts[type.key] > 0);
  return present.length === 1 ? present[0]!.key : null;
}

/** Whether a truck can leave a split: it keeps one, and has one not yet delivered (or picked up). */
const spare = (split: Split) => split.total > 1 && split.remaining > 0;

/** The list whose units take a truck's room in Remaining: reservations, or an off-rent's returning units. */
const unitList = (kind: SplitKind) => (kind === "off-rent" ? "returning" : "reservations");

/** Moves `trucks` trucks' worth of Total and Remaining (and, with one type present, its count) between splits. */
function shiftTrucks(from: Split, to: Split, trucks = 1, kind: SplitKind): void {
  from.total -= trucks;
  from.remaining -= trucks;
  to.total += trucks;
  to.remaining += trucks;
  const type = onlyType(from.counts);
  if (type && from.counts[type] >= trucks) {
    from.counts[type] -= trucks;
    to.counts[type] += trucks;
  }
  // A trade's returning trucks go with its new ones (one returns for each one delivered), as far as the donor
  // has returns no listed unit stands for: a listed unit's return moves only with the unit (moveUnit).
  if (kind === "trade") shiftReturns(from, to, Math.min(trucks, from.returnsRemaining - from.returning.length));
}

function shiftReturns(from: Split, to: Split, returns: number): void {
  if (returns <= 0) return;
  from.returnsRemaining -= returns;
  to.returnsRemaining += returns;
}

/**
 * Add Split: a new split, with one truck moved from the first split that has a truck to spare (and, when every
 * truck it has left is spoken for by a unit, with that unit).
 */
export function addSplit(splits: readonly Split[], kind: SplitKind): Step {
  const next = splits.map(copy);
  const donor = next.find(spare);
  if (!donor) return { ok: false, message: SPLIT_MESSAGES.noSpareTruck };
  const added: Split = {
    total: 0,
    remaining: 0,
    counts: { ...ZERO },
    reservations: [],
    returning: [],
    returnsRemaining: 0,
  };
  shiftTrucks(donor, added, 1, kind);
  // Every truck it gave had a unit (all reserved, or all listed to come back): the last unit goes with it.
  const list = unitList(kind);
  if (donor[list].length > donor.remaining) added[list].push(donor[list].pop()!);
  next.push(added);
  return { ok: true, splits: next };
}

/** Removes split `index` (never the first): everything it held goes back to the first. */
export function removeSplit(splits: readonly Split[], index: number): Step {
  if (index === 0) return { ok: false, message: SPLIT_MESSAGES.firstSplit };
  if (!Number.isInteger(index) || index < 0 || index >= splits.length)
    return { ok: false, message: SPLIT_MESSAGES.noSuchSplit };
  const next = splits.map(copy);
  const [gone] = next.splice(index, 1);
  const first = next[0]!;
  first.total += gone!.total;
  first.remaining += gone!.remaining;
  first.returnsRemaining += gone!.returnsRemaining;
  for (const type of TRUCK_TYPES) first.counts[type.key] += gone!.counts[type.key];
  first.reservations.push(...gone!.reservations);
  first.returning.push(...gone!.returning);
  return { ok: true, splits: next };
}

/**
 * Moves a reserved unit (`list` reservations) or a returning one (`returning`) from split `from` to `to`
 * (a drag, a keyboard move or the no-JavaScript "move to split N"): the unit's truck goes with it (Total and
 * Remaining; its count when one type is present; a trade's returning unit takes one Returns Remaining, not a
 * new truck). A split never gives up its last truck this way.
 */
export function moveUnit(
  splits: readonly Split[],
  kind: SplitKind,
  list: "reservations" | "returning",
  unit: string,
  from: number,
  to: number,
): Step {
  if (![from, to].every((index) => Number.isInteger(index) && index >= 0 && index < splits.length))
    return { ok: false, message: SPLIT_MESSAGES.noSuchSplit };
  if (!splits[from]![list].includes(unit)) return { ok: false, message: SPLIT_MESSAGES.noSuchUnit };
  if (from === to) return { ok: true, splits: splits.map(copy) };
  const next = splits.map(copy);
  const source = next[from]!;
  const target = next[to]!;
  // A trade's returning unit is a truck coming back: its return moves with it, its new trucks stay.
  const returnOnly = kind === "trade" && list === "returning";
  if (returnOnly ? source.returnsRemaining <= 0 : source.total <= 1 || source.remaining <= 0)
    return { ok: false, message: SPLIT_MESSAGES.lastTruck };
  source[list] = source[list].filter((each) => each !== unit);
  target[list].push(unit);
  if (returnOnly) shiftReturns(source, target, 1);
  else shiftTrucks(source, target, 1, kind);
  return { ok: true, splits: next };
}

/** How many units a split's Remaining must hold room for. */
const unitsOf = (split: Split, kind: SplitKind) => split[unitList(kind)].length;

/**
 * Sets the Total on Order of split `index` (never the first): the trucks it gains come from the first split, the
 * trucks it gives back go to the first, each with its Remaining (and its count when one type is present). Both
 * keep at least one truck and room in Remaining for the units they carry. Twelve this week, eight next month:
 * Add Split gives the new split one truck, this gives it the rest.
 */
export function setTotal(splits: readonly Split[], kind: SplitKind, index: number, total: number): Step {
  if (index === 0) return { ok: false, message: SPLIT_MESSAGES.firstSplitTotal };
  if (!Number.isInteger(index) || index < 0 || index >= splits.length)
    return { ok: false, message: SPLIT_MESSAGES.noSuchSplit };
  const next = splits.map(copy);
  const first = next[0]!;
  const split = next[index]!;
  const most = split.total + Math.max(0, Math.min(first.total - 1, first.remaining - unitsOf(first, kind)));
  const least = Math.max(1, split.total - Math.max(0, split.remaining - unitsOf(split, kind)));
  if (!Number.isInteger(total) || total < least || total > most)
    return { ok: false, message: SPLIT_MESSAGES.totalRange(least, most) };
  const delta = total - split.total;
  // One truck at a time, so that with one type present its count follows each truck.
  for (let moved = 0; moved < Math.abs(delta); moved++) {
    if (delta > 0) shiftTrucks(first, split, 1, kind);
    else shiftTrucks(split, first, 1, kind);
  }
  return { ok: true, splits: next };
}

/**
 * Sets a type count of a split (with several types present the person says which types go where): never
 * below 0 nor above the original request's count of that type.
 */
export function setCount(
  splits: readonly Split[],
  original: Pick<Original, "counts">,
  index: number,
  type: TruckType,
  value: number,
): Step {
  if (!Number.isInteger(index) || index < 0 || index >= splits.length)
    return { ok: false, message: SPLIT_MESSAGES.noSuchSplit };
  const max = original.counts[type];
  const label = TRUCK_TYPES.find((each) => each.key === type)!.label;
  if (!Number.isInteger(value) || value < 0 || value > max)
    return { ok: false, message: SPLIT_MESSAGES.countRange(label, max) };
  const next = splits.map(copy);
  next[index]!.counts[type] = value;
  return { ok: true, splits: next };
}

/**
 * The first of the specification's messages the splits break, or null when they may be saved. Orders: the
 * counts' sum equals Total, no split without trucks, reservations within Remaining and Total. Trades: the same
 * sum and zero-truck rules, New Remaining within Returns Remaining, reservations within New Remaining. Off-rents:
 * the splits' Trucks Remaining and Total add up to the off-rent's (our reading: an off-rent's picked-up trucks
 * stay with its first part), no split without trucks, units within Remaining. Fewer than two splits:
 * 'Must have at least one split.' Type counts stay within 0 and the original's.
 */
export function splitsRefusal(
  kind: SplitKind,
  splits: readonly Split[],
  original: Pick<Original, "counts" | "total" | "remaining">,
): string | null {
  const M = SPLIT_MESSAGES;
  if (splits.length < 2) return M.atLeastOne;
  for (const split of splits) {
    for (const type of TRUCK_TYPES) {
      const count = split.counts[type.key];
      if (!Number.isInteger(count) || count < 0 || count > original.counts[type.key])
        return M.countRange(type.label, original.counts[type.key]);
    }
  }
  const sum = (pick: (split: Split) => number) => splits.reduce((total, split) => total + pick(split), 0);
  if (kind === "off-rent") {
    if (splits.some((split) => split.total <= 0)) return M.offZeroTrucks;
    if (sum((split) => split.remaining) !== original.remaining || sum((split) => split.total) !== original.total)
      return M.offRemainingMatchesTotal;
    if (splits.some((split) => split.returning.length > split.remaining)) return M.offUnitsOverRemaining;
    return null;
  }
  // Each split's types add up to its Total, and together to the original's types (none invented or lost).
  if (
    splits.some((split) => sumCounts(split.counts) !== split.total) ||
    TRUCK_TYPES.some((type) => sum((split) => split.counts[type.key]) !== original.counts[type.key])
  )
    return M.countsMatchTotal;
  if (splits.some((split) => split.total <= 0)) return M.zeroTrucks;
  if (kind === "trade") {
    if (splits.some((split) => split.remaining > split.returnsRemaining)) return M.tradeNewOverReturns;
    if (splits.some((split) => split.reservations.length > split.remaining)) return M.tradeReservationsOverNew;
    if (splits.some((split) => split.returning.length > split.returnsRemaining)) return M.tradeUnitsOverReturns;
    return null;
  }
  if (splits.some((split) => split.reservations.length > split.remaining)) return M.reservationsOverRemaining;
  if (splits.some((split) => split.reservations.length > split.total)) return M.reservationsOverTotal;
  return null;
}

/**
 * Whether the splits hold exactly what the original holds: the same Total, Remaining, Returns Remaining and
 * type counts in sum, and every reservation and returning unit once — none lost, none doubled, none invented.
 * The server refuses splits that do not ('Unable to complete split.'); the steps above never make such.
 */
export function conservationRefusal(original: Original, splits: readonly Split[]): string | null {
  const sum = (pick: (split: Split) => number) => splits.reduce((total, split) => total + pick(split), 0);
  const sameUnits = (pick: (split: Split) => readonly string[]) => {
    const after = splits.flatMap(pick).toSorted();
    const before = [...pick(original)].toSorted();
    return after.length === before.length && after.every((unit, index) => unit === before[index]);
  };
  const balanced =
    sum((split) => split.total) === original.total &&
    sum((split) => split.remaining) === original.remaining &&
    sum((split) => split.returnsRemaining) === original.returnsRemaining &&
    TRUCK_TYPES.every((type) => sum((split) => split.counts[type.key]) === original.counts[type.key]) &&
    sameUnits((split) => split.reservations) &&
    sameUnits((split) => split.returning);
  return balanced ? null : SPLIT_MESSAGES.failed;
}
