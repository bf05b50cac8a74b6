// /daily-counts (ADR 060): the fleet day by day from the daily snapshot (ADR 059) — its range, which days a
// range shows, and utilization. A unit-day is a unit counted at the end of a day, in the status it ended the
// day in; a unit on rent for part of a day counts by that end-of-day status. Pure: the report and its tests.
import { addDays } from "../fleet/fleet-snapshot-days.ts";
import { isCalendarDay } from "./report-kit.ts";

/** The longest range one page reads: two years and a day (a leap year's two years). */
export const DAILY_COUNTS_MAX_DAYS = 731;
/** The range a plain link shows: the last 30 finished days. */
export const DAILY_COUNTS_DEFAULT_DAYS = 30;

export const DAILY_COUNTS_MESSAGES = {
  order: "From must be on or before To.",
  tooLong: `The range may be at most ${DAILY_COUNTS_MAX_DAYS} days; choose a later From or an earlier To.`,
} as const;

/** The default To: yesterday, the last day a snapshot can hold (today has not ended). */
export const defaultTo = (today: string) => addDays(today, -1);
/** The default From: 30 days ending yesterday. */
export const defaultFrom = (today: string) => addDays(today, -DAILY_COUNTS_DEFAULT_DAYS);

/** Days from `from` to `to`, both counted (0 when `to` is before `from`). */
export function daysInRange(from: string, to: string): number {
  return Math.max(0, Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1);
}

/** The range's refusal (its field and message), or null when the range is one the page reads. */
export function checkDailyCountsRange(filters: Readonly<Record<string, string>>): {
  field: string;
  message: string;
} | null {
  const { from = "", to = "" } = filters;
  if (!isCalendarDay(from) || !isCalendarDay(to)) return null;
  if (from > to) return { field: "from", message: DAILY_COUNTS_MESSAGES.order };
  if (daysInRange(from, to) > DAILY_COUNTS_MAX_DAYS) return { field: "from", message: DAILY_COUNTS_MESSAGES.tooLong };
  return null;
}

/**
 * The days a range shows: those of the range a snapshot was written for (first to last written day). A day
 * not yet written (today, still running, or a day the job has not reached) is left out rather than shown
 * as an empty fleet; null when the two do not meet.
 */
export function shownDays(
  range: { from: string; to: string },
  written: { first: string; last: string } | null,
): { from: string; to: string } | null {
  if (!written) return null;
  const from = range.from > written.first ? range.from : written.first;
  const to = range.to < written.last ? range.to : written.last;
  return from <= to ? { from, to } : null;
}

/** A day's utilization: units on rent ÷ units in the fleet at its end; null for a day with no fleet. */
export function dayUtilization(onRent: number, fleet: number): number | null {
  return fleet > 0 ? onRent / fleet : null;
}

/** Time utilization over days: on-rent unit-days ÷ in-fleet unit-days; null when no day held a fleet. */
export function timeUtilization(days: readonly { onRent: number; fleet: number }[]): number | null {
  let onRent = 0;
  let fleet = 0;
  for (const day of days) {
    onRent += day.onRent;
    fleet += day.fleet;
  }
  return fleet > 0 ? onRent / fleet : null;
}

/** The mean of the values, null for none (the totals row of a column a sum means nothing for). */
export function averageOf(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;
}
