// The status difference report (ADR 057): each unit's status on day A against day B as a from → to
// matrix and the units that changed, and the units whose records disagree with their status today. Pure:
// the report module reads what history and the records say, these rules read a unit's status from it.
import { daysInStatus, UNIT_STATUSES } from "../fleet/unit-statuses.ts";

export const STATUS_DIFF_VIEWS = [
  { value: "matrix", label: "From → to" },
  { value: "changes", label: "Units that changed" },
  { value: "mismatches", label: "Data mismatches" },
] as const;
export type StatusDiffView = (typeof STATUS_DIFF_VIEWS)[number]["value"];

/** Day A's default: this many days before today (day B's is today). */
export const STATUS_DIFF_DEFAULT_DAYS = 30;

/** A unit with no status yet on a day: it entered the fleet after it. */
export const NOT_IN_FLEET = "Not in fleet";
/** The status filters' value for NOT_IN_FLEET (a status name never has this spelling). */
export const NOT_IN_FLEET_VALUE = "none";

const DAY_MS = 86_400_000;

/** The instant a day ends (the next midnight, UTC): a change at or after it belongs to a later day. */
export function dayEnd(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS);
}

/** What the history says of a unit around one day. */
export interface StatusFacts {
  /** The new status of its last status change before the day ended; null: none by then. */
  lastByDayEnd: string | null;
  /** Its first status change ever, if any: the status it changed from (null: it entered the fleet then). */
  first: { prevVal: string | null } | null;
  current: string;
}

/**
 * A unit's status on a day: the last status change on or before that day; before its first change, the
 * status that change left (none when the unit entered the fleet with it: not in the fleet yet); a unit
 * without history has always had its current status.
 */
export function statusOnDate(facts: StatusFacts): string | null {
  if (facts.lastByDayEnd !== null) return facts.lastByDayEnd;
  if (facts.first) return facts.first.prevVal;
  return facts.current;
}

export interface StatusChange {
  changedOn: Date;
  prevVal: string | null;
  newVal: string;
}

/** statusOnDate from a unit's list of status changes (any order; ties keep the list's order). */
export function statusFromChanges(changes: readonly StatusChange[], current: string, day: string): string | null {
  const ordered = changes
    .map((change, index) => ({ change, index }))
    .sort((a, b) => a.change.changedOn.getTime() - b.change.changedOn.getTime() || a.index - b.index)
    .map((entry) => entry.change);
  const end = dayEnd(day).getTime();
  const before = ordered.filter((change) => change.changedOn.getTime() < end);
  return statusOnDate({
    lastByDayEnd: before.at(-1)?.newVal ?? null,
    first: ordered[0] ? { prevVal: ordered[0].prevVal } : null,
    current,
  });
}

const isGone = (status: string | null) => status === null || status === "SOLD";

/** A unit the comparison counts: in the fleet on A or on B (sold or not yet in it on both: not). */
export function inComparison(statusA: string | null, statusB: string | null): boolean {
  return !isGone(statusA) || !isGone(statusB);
}

const catalogueOrder = new Map<string, number>(UNIT_STATUSES.map((status, index) => [status.name, index]));
/** Catalogue order, an unknown status after the catalogue and "not in the fleet" last. */
export function statusOrder(status: string | null): number {
  return status === null ? 1_000 : (catalogueOrder.get(status) ?? 999);
}

export const statusLabel = (status: string | null) => status ?? NOT_IN_FLEET;

/**
 * Days the unit had been in its day-B status when day B ended (or now, for today or a later day), from the
 * last change on or before B; null when no recorded change gave it that status.
 */
export function daysSinceChange(changedOn: Date | null, dayB: string, now: Date): number | null {
  if (changedOn === null) return null;
  const end = dayEnd(dayB);
  return daysInStatus(changedOn, end < now ? end : now);
}

export interface Transition {
  from: string | null;
  to: string | null;
  units: number;
}

/** The from → to pairs (summed per pair), in catalogue order of from, then to; each with its share of from. */
export function transitionMatrix(units: readonly Transition[]): (Transition & { share: number })[] {
  const pairs = new Map<string, Transition>();
  const fromTotals = new Map<string | null, number>();
  for (const unit of units) {
    const key = `${unit.from ?? ""}\u0000${unit.to ?? ""}`;
    const pair = pairs.get(key) ?? { from: unit.from, to: unit.to, units: 0 };
    pair.units += unit.units;
    pairs.set(key, pair);
    fromTotals.set(unit.from, (fromTotals.get(unit.from) ?? 0) + unit.units);
  }
  return [...pairs.values()]
    .filter((pair) => pair.units > 0)
    .sort((a, b) => statusOrder(a.from) - statusOrder(b.from) || statusOrder(a.to) - statusOrder(b.to))
    .map((pair) => ({ ...pair, share: pair.units / fromTotals.get(pair.from)! }));
}

export const MISMATCH_RULES = [
  { key: "on-rent-without-contract", label: "On rent without an open contract", short: "No contract" },
  { key: "contract-not-on-rent", label: "Open contract, not on rent", short: "Contract, not on rent" },
  { key: "reserved-not-ready", label: "Reserved, not NEW or RE-RENT", short: "Reserved, not ready" },
  { key: "in-transit-without-job", label: "In transit without an open transport job", short: "No transport job" },
  { key: "history-not-current", label: "History's last status is not the status", short: "History differs" },
] as const;
export type MismatchRule = (typeof MISMATCH_RULES)[number]["key"];

/** What the records say of a unit today. */
export interface UnitRecords {
  status: string;
  /** Contract numbers of its open contracts. */
  openContracts: readonly string[];
  reserved: boolean;
  openTransportJobs: number;
  /** The new status of its last status change; null: no history. */
  lastHistoryStatus: string | null;
}

/**
 * The ways a unit's records disagree with its status, each with a line saying how. IN TRANSIT (SELLER) is
 * not held to a transport job: the buyer moves it.
 */
export function mismatchesOf(unit: UnitRecords): { rule: MismatchRule; detail: string }[] {
  const found: { rule: MismatchRule; detail: string }[] = [];
  const onRent = unit.status === "ON RENT";
  if (onRent && unit.openContracts.length === 0)
    found.push({ rule: "on-rent-without-contract", detail: "ON RENT with no open contract" });
  if (!onRent && unit.openContracts.length > 0)
    found.push({
      rule: "contract-not-on-rent",
      detail: `Open contract ${unit.openContracts.join(", ")} while ${unit.status}`,
    });
  if (unit.reserved && unit.status !== "NEW" && unit.status !== "RE-RENT")
    found.push({ rule: "reserved-not-ready", detail: `Reserved while ${unit.status}` });
  if (unit.status === "IN TRANSIT" && unit.openTransportJobs === 0)
    found.push({ rule: "in-transit-without-job", detail: "IN TRANSIT with no open transport job" });
  if (unit.lastHistoryStatus !== null && unit.lastHistoryStatus !== unit.status)
    found.push({
      rule: "history-not-current",
      detail: `History's last status is ${unit.lastHistoryStatus}; the unit's is ${unit.status}`,
    });
  return found;
}
