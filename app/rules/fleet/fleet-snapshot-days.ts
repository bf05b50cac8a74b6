// Which finished days the fleet snapshot job writes (ADR 059). Days are UTC calendar days ('YYYY-MM-DD'), as
// the boards count them. A day is written once it has ended, every day after the last one written, so a
// process that was down catches up the days it missed; the day still running is never written.

/** How far back the first run goes when nothing is written yet: the two years the reports chart. */
export const SNAPSHOT_BACKFILL_DAYS = 730;

const DAY_MS = 86_400_000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The UTC day of an instant, 'YYYY-MM-DD'. */
export function utcDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

function dayNumber(day: string): number {
  const match = DAY.exec(day);
  if (!match) throw new Error(`not a day: ${day}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS;
}

/** The day `days` after `day` (before it when negative). */
export function addDays(day: string, days: number): string {
  return utcDay(new Date((dayNumber(day) + days) * DAY_MS));
}

export interface SnapshotProgress {
  /** The last day with a snapshot, null when none is written yet. */
  lastWritten: string | null;
  /** The earliest in-fleet date of any unit, null when there is no unit: before it there is nothing to count. */
  firstFleetDay: string | null;
  /** Today (UTC) by the clock of the process that writes. */
  today: string;
  /** How far back to start when nothing is written yet (SNAPSHOT_BACKFILL_DAYS). */
  backfillDays?: number;
}

/**
 * The days to write, oldest first: after the last written day up to yesterday; with nothing written yet, the
 * backfill window ending yesterday (from the first in-fleet date if later). Nothing when up to date, when the
 * clock stands before the last written day, or when there is no fleet.
 */
export function snapshotDaysToWrite(progress: SnapshotProgress): string[] {
  const yesterday = dayNumber(progress.today) - 1;
  let first: number;
  if (progress.lastWritten !== null) first = dayNumber(progress.lastWritten) + 1;
  else if (progress.firstFleetDay !== null) {
    const window = yesterday - (progress.backfillDays ?? SNAPSHOT_BACKFILL_DAYS) + 1;
    first = Math.max(window, dayNumber(progress.firstFleetDay));
  } else return [];
  const days: string[] = [];
  for (let day = first; day <= yesterday; day++) days.push(utcDay(new Date(day * DAY_MS)));
  return days;
}
