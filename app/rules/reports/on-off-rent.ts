// Deliveries and returns for /trucks (ADR 058): the periods of a date range (days, Monday weeks, calendar
// months, all UTC days), their labels, the range's checks, and each period's deliveries, returns,
// trade-ins, net change and units on rent at its end. Pure; the SQL gives the counts per day.
import { format } from "date-fns";

const DAY_MS = 86_400_000;
const timeOf = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The calendar day `days` after `day` (before it when negative). */
export function addDays(day: string, days: number): string {
  return dayOf(timeOf(day) + days * DAY_MS);
}

export const PERIODS = [
  { value: "day", label: "Day" },
  { value: "week", label: "Week" },
  { value: "month", label: "Month" },
] as const;
export type Period = (typeof PERIODS)[number]["value"];

/** The default range: the last 90 days, today included. */
export const DEFAULT_RANGE_DAYS = 90;
/** A longer table than this wants wider periods (400 days, about 7½ years of weeks). */
export const MAX_PERIODS = 400;

/** The first day of the period holding `day`: itself, the Monday of its week, the 1st of its month. */
export function periodStart(day: string, period: Period): string {
  if (period === "day") return day;
  if (period === "month") return `${day.slice(0, 8)}01`;
  const weekday = new Date(timeOf(day)).getUTCDay(); // 0 Sunday … 6 Saturday
  return addDays(day, -((weekday + 6) % 7));
}

/** The first day of the period after the one starting `start`. */
export function nextPeriodStart(start: string, period: Period): string {
  if (period === "day") return addDays(start, 1);
  if (period === "week") return addDays(start, 7);
  const date = new Date(timeOf(start));
  return dayOf(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1));
}

/** How many periods the range touches (whole or in part). */
export function periodCount(from: string, to: string, period: Period): number {
  if (to < from) return 0;
  if (period === "day") return Math.round((timeOf(to) - timeOf(from)) / DAY_MS) + 1;
  if (period === "week")
    return Math.round((timeOf(periodStart(to, "week")) - timeOf(periodStart(from, "week"))) / (7 * DAY_MS)) + 1;
  const months = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7));
  return months(to) - months(from) + 1;
}

/** 11/16/2026; Week of 11/16/2026; Nov 2026. */
export function periodLabel(start: string, period: Period): string {
  const date = new Date(`${start}T12:00:00Z`);
  if (period === "month") return format(date, "MMM yyyy");
  return `${period === "week" ? "Week of " : ""}${format(date, "MM/dd/yyyy")}`;
}

/** One period of the range: `key` its own first day, `from` and `to` the days of it inside the range. */
export interface PeriodSpan {
  key: string;
  label: string;
  from: string;
  to: string;
}

/** The periods of the range in order, the first and last cut to the range. */
export function periodsOf(from: string, to: string, period: Period): PeriodSpan[] {
  const spans: PeriodSpan[] = [];
  for (let start = periodStart(from, period); start <= to; start = nextPeriodStart(start, period)) {
    const last = addDays(nextPeriodStart(start, period), -1);
    spans.push({
      key: start,
      label: periodLabel(start, period),
      from: start < from ? from : start,
      to: last > to ? to : last,
    });
  }
  return spans;
}

export const ON_OFF_RENT_MESSAGES = {
  order: "From must be on or before To.",
  future: (today: string) =>
    `To cannot be after today (${periodLabel(today, "day")}): the report counts what happened.`,
  tooMany: (count: number) =>
    `That range has ${count.toLocaleString("en-US")} periods; at most ${MAX_PERIODS} — choose weeks or months, or a shorter range.`,
} as const;

/** What is wrong with a range, with the filter to correct; null when the report can read it. */
export function rangeProblem(
  from: string,
  to: string,
  period: Period,
  today: string,
): { field: "from" | "to" | "period"; message: string } | null {
  if (from > to) return { field: "from", message: ON_OFF_RENT_MESSAGES.order };
  if (to > today) return { field: "to", message: ON_OFF_RENT_MESSAGES.future(today) };
  const count = periodCount(from, to, period);
  if (count > MAX_PERIODS) return { field: "period", message: ON_OFF_RENT_MESSAGES.tooMany(count) };
  return null;
}

/** A day's movements: units that went on rent, came off rent, and trade-ins picked up. */
export interface DayMovements {
  day: string;
  deliveries: number;
  returns: number;
  tradeIns: number;
}

export interface OnOffRentRow extends PeriodSpan {
  deliveries: number;
  returns: number;
  tradeIns: number;
  /** Deliveries less returns: how much the on-rent fleet grew. */
  net: number;
  onRentAtEnd: number;
}

/**
 * Each period's movements (the days' counts added up) and the units on rent at its end: those on rent when
 * the range began plus every net change since. Days outside the range are left out.
 */
export function onOffRentRows(
  period: Period,
  periods: readonly PeriodSpan[],
  days: readonly DayMovements[],
  onRentAtStart: number,
): OnOffRentRow[] {
  const rows: OnOffRentRow[] = periods.map((span) => ({
    ...span,
    deliveries: 0,
    returns: 0,
    tradeIns: 0,
    net: 0,
    onRentAtEnd: 0,
  }));
  const byKey = new Map(rows.map((row) => [row.key, row]));
  for (const day of days) {
    const row = byKey.get(periodStart(day.day, period));
    if (!row || day.day < row.from || day.day > row.to) continue;
    row.deliveries += day.deliveries;
    row.returns += day.returns;
    row.tradeIns += day.tradeIns;
  }
  let onRent = onRentAtStart;
  for (const row of rows) {
    row.net = row.deliveries - row.returns;
    onRent += row.net;
    row.onRentAtEnd = onRent;
  }
  return rows;
}
