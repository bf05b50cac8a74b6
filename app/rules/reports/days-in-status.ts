// The days-in-status report (ADR 057): how long each unit has sat in its status against the status's
// lateness threshold, the fleet's age in each status by day bucket, and how long completed stays in each
// status lasted over a range of days. Pure: the report module reads the rows, these rules judge them.
import { daysInStatus, isUnitLate, unitStatusByName } from "../fleet/unit-statuses.ts";
import { FLEET_STATUSES, statusGroupOf } from "./fleet-groups.ts";

export const DAYS_IN_STATUS_VIEWS = [
  { value: "units", label: "Units" },
  { value: "aging", label: "Aging by status" },
  { value: "stays", label: "Completed stays" },
] as const;
export type DaysInStatusView = (typeof DAYS_IN_STATUS_VIEWS)[number]["value"];

/** How many days back the range of completed stays reaches by default. */
export const STAY_RANGE_DEFAULT_DAYS = 90;

/** The aging matrix's day buckets: a unit `days` in its status falls in the first whose `upTo` it reaches. */
export const AGE_BUCKETS = [
  { key: "days0to7", label: "0–7 days", upTo: 7 },
  { key: "days8to14", label: "8–14 days", upTo: 14 },
  { key: "days15to28", label: "15–28 days", upTo: 28 },
  { key: "days29to56", label: "29–56 days", upTo: 56 },
  { key: "days57up", label: "57+ days", upTo: null },
] as const;
export type AgeBucketKey = (typeof AGE_BUCKETS)[number]["key"];

export function ageBucketOf(days: number): AgeBucketKey {
  return AGE_BUCKETS.find((bucket) => bucket.upTo === null || days <= bucket.upTo)!.key;
}

/** A unit against its status's threshold: late, on time, overridden (never late), or a status never late. */
export type Lateness = "Late" | "On time" | "Overridden" | "No limit";

export interface UnitLateness {
  /** Whole days since the last status change. */
  days: number;
  lateAfterDays: number | null;
  /** Days beyond the threshold (also for an overridden unit); null at or under it, or without one. */
  overBy: number | null;
  lateness: Lateness;
}

/** The boards' rule (isUnitLate): late once more than the threshold in whole days, unless overridden. */
export function unitLateness(
  unit: { statusName: string; changeDate: Date | string; overrideLate: boolean },
  now: Date,
): UnitLateness {
  const days = daysInStatus(unit.changeDate, now);
  const lateAfterDays = unitStatusByName(unit.statusName)?.lateAfterDays ?? null;
  const overBy = lateAfterDays !== null && days > lateAfterDays ? days - lateAfterDays : null;
  const lateness: Lateness =
    lateAfterDays === null ? "No limit" : unit.overrideLate ? "Overridden" : isUnitLate(unit, now) ? "Late" : "On time";
  return { days, lateAfterDays, overBy, lateness };
}

/** The narrowing filters every view shares: status group, status and truck type ("all" for any). */
export interface FleetScope {
  group: string;
  status: string;
  truckType: string;
}

/** The fleet statuses (catalogue order) the scope keeps: its group's, then only its status if one is chosen. */
export function statusesInScope(scope: Pick<FleetScope, "group" | "status">): string[] {
  return FLEET_STATUSES.filter(
    (status) =>
      (scope.group === "all" || statusGroupOf(status) === scope.group) &&
      (scope.status === "all" || status === scope.status),
  );
}

export interface AgingRow {
  status: string;
  lateAfterDays: number | null;
  buckets: Record<AgeBucketKey, number>;
  total: number;
  late: number;
}

/** Statuses × day buckets: every status of the scope (zeros included), each unit in its status's row once. */
export function agingMatrix(
  units: readonly { status: string; days: number; late: boolean }[],
  statuses: readonly string[],
): AgingRow[] {
  const rows = new Map<string, AgingRow>(
    statuses.map((status) => [
      status,
      {
        status,
        lateAfterDays: unitStatusByName(status)?.lateAfterDays ?? null,
        buckets: Object.fromEntries(AGE_BUCKETS.map((bucket) => [bucket.key, 0])) as Record<AgeBucketKey, number>,
        total: 0,
        late: 0,
      },
    ]),
  );
  for (const unit of units) {
    const row = rows.get(unit.status);
    if (!row) continue;
    row.buckets[ageBucketOf(unit.days)] += 1;
    row.total += 1;
    if (unit.late) row.late += 1;
  }
  return [...rows.values()];
}

/** Completed stays of one length: `stays` of them lasted `days` whole days. */
export interface StayCount {
  days: number;
  stays: number;
}

const DAY_MS = 86_400_000;

/** A stay's length in whole days (24-hour periods, rounded down); the report's SQL counts the same way. */
export function stayDays(start: Date, end: Date): number {
  return Math.floor((end.getTime() - start.getTime()) / DAY_MS);
}

/**
 * The value at `fraction` (0.5 the median, 0.9 the 90th percentile) of the stays' lengths, interpolated
 * between the two nearest ranks as PostgreSQL's percentile_cont and Excel's PERCENTILE.INC do; null for none.
 */
export function percentile(lengths: readonly StayCount[], fraction: number): number | null {
  const sorted = lengths.filter((entry) => entry.stays > 0).sort((a, b) => a.days - b.days);
  const count = sorted.reduce((sum, entry) => sum + entry.stays, 0);
  if (count === 0) return null;
  const position = fraction * (count - 1);
  const valueAt = (index: number) => {
    let seen = 0;
    for (const entry of sorted) {
      seen += entry.stays;
      if (index < seen) return entry.days;
    }
    return sorted[sorted.length - 1]!.days;
  };
  const lower = valueAt(Math.floor(position));
  const upper = valueAt(Math.ceil(position));
  return lower + (upper - lower) * (position - Math.floor(position));
}

export interface StayStatistics {
  stays: number;
  average: number | null;
  median: number | null;
  p90: number | null;
  /** Stays longer than the threshold (the lateness rule); null for a status that is never late. */
  over: number | null;
  overShare: number | null;
}

/** A status's completed stays summed up: count, average, median, 90th percentile, share over its threshold. */
export function stayStatistics(lengths: readonly StayCount[], lateAfterDays: number | null): StayStatistics {
  let stays = 0;
  let totalDays = 0;
  let over = 0;
  for (const entry of lengths) {
    stays += entry.stays;
    totalDays += entry.days * entry.stays;
    if (lateAfterDays !== null && entry.days > lateAfterDays) over += entry.stays;
  }
  return {
    stays,
    average: stays === 0 ? null : totalDays / stays,
    median: percentile(lengths, 0.5),
    p90: percentile(lengths, 0.9),
    over: lateAfterDays === null ? null : over,
    overShare: lateAfterDays === null || stays === 0 ? null : over / stays,
  };
}

/**
 * Every status's stays together (a report's totals): count, average, median and 90th percentile of all of
 * them, and the share over threshold of the stays in statuses that have one.
 */
export function overallStayStatistics(
  statuses: readonly { lengths: readonly StayCount[]; lateAfterDays: number | null }[],
): StayStatistics {
  const all = statuses.flatMap((status) => status.lengths);
  let judged = 0;
  let over = 0;
  for (const status of statuses) {
    if (status.lateAfterDays === null) continue;
    const each = stayStatistics(status.lengths, status.lateAfterDays);
    judged += each.stays;
    over += each.over ?? 0;
  }
  return { ...stayStatistics(all, null), over, overShare: judged === 0 ? null : over / judged };
}

/**
 * The instants a range of days covers: from the start of `from` to the start of the day after `to`
 * (exclusive), both UTC. A range given backwards is read as the days between the two.
 */
export function stayRange(from: string, to: string): { start: Date; end: Date } {
  const [first, last] = from <= to ? [from, to] : [to, from];
  return { start: new Date(`${first}T00:00:00Z`), end: new Date(Date.parse(`${last}T00:00:00Z`) + DAY_MS) };
}
