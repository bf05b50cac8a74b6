// Every seeded date is relative to one instant ("now"), so the demo always looks current: late units,
// deliveries due this week, invoices of last month. Values go to PostgreSQL as UTC text, because the
// Prisma DateTime columns are `timestamp(3)` without time zone and hold UTC.

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The default `now`: today at 12:00 UTC, so a demo seeded any time today is the same. */
export function todayAtNoonUtc(from = new Date()): Date {
  return new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate(), 12));
}

export class Clock {
  readonly now: Date;
  readonly nowMs: number;

  constructor(now: Date) {
    this.now = now;
    this.nowMs = now.getTime();
  }

  /** `days` days before now (fractions allowed). */
  daysAgo(days: number): number {
    return this.nowMs - days * DAY_MS;
  }

  /** `days` days after now. */
  daysAhead(days: number): number {
    return this.nowMs + days * DAY_MS;
  }

  plusHours(ms: number, hours: number): number {
    return ms + hours * HOUR_MS;
  }

  plusDays(ms: number, days: number): number {
    return ms + days * DAY_MS;
  }

  /** Whole days from `ms` to now. */
  daysSince(ms: number): number {
    return (this.nowMs - ms) / DAY_MS;
  }

  get year(): number {
    return this.now.getUTCFullYear();
  }
}

/** 'YYYY-MM-DD HH:MM:SS.mmm' in UTC, for timestamp(3) columns. */
export function timestampText(ms: number): string {
  const iso = new Date(Math.round(ms)).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 23)}`;
}

/** 'YYYY-MM-DD' in UTC, for date columns. */
export function dateText(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Rounds an instant to a working-hours time on the same UTC day (08:00–17:59 Central ≈ 13–23 UTC). */
export function atWorkingHour(ms: number, hour: number, minute: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), hour, minute);
}

export const MS_PER_DAY = DAY_MS;
