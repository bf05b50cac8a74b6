// Rental length for /days-on-rent (ADR 058): days between two calendar days, the length buckets of the
// rentals open now, the average and median of the rentals closed in a range, and how a company's industry
// reads. Pure; the SQL in app/modules/reports/fleet/days-on-rent.server.ts aggregates by the same rules.

const DAY_MS = 86_400_000;
const dayTime = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** Whole days from `start` to `end` (YYYY-MM-DD): 0 on the same day, negative when `end` comes first. */
export function daysBetween(start: string, end: string): number {
  return Math.round((dayTime(end) - dayTime(start)) / DAY_MS);
}

/** Years are 365 days here: a length bucket is a count of days, whatever leap days it crosses. */
export const RENTAL_LENGTH_BUCKETS = [
  { key: "0-30", label: "0–30 days", from: 0 },
  { key: "31-90", label: "31–90 days", from: 31 },
  { key: "91-180", label: "91–180 days", from: 91 },
  { key: "181-365", label: "181–365 days", from: 181 },
  { key: "1-2y", label: "1–2 years", from: 366 },
  { key: "2y+", label: "2+ years", from: 731 },
] as const;
export type RentalLengthBucket = (typeof RENTAL_LENGTH_BUCKETS)[number];

/** The bucket of a rental `days` long: the last one starting at or before it (a negative length: the first). */
export function rentalLengthBucket(days: number): RentalLengthBucket {
  let found: RentalLengthBucket = RENTAL_LENGTH_BUCKETS[0];
  for (const bucket of RENTAL_LENGTH_BUCKETS) if (days >= bucket.from) found = bucket;
  return found;
}

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The mean; null for none. */
export function average(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;
}

export const RENTAL_VIEWS = [
  { value: "open", label: "Open now" },
  { value: "closed", label: "Closed in the range" },
] as const;

/** The closed rentals' default range: the last year, today included, so a company's few rentals make an average. */
export const CLOSED_RANGE_DAYS = 365;

export const RENTAL_GROUPINGS = [
  { value: "company", label: "Company" },
  { value: "truckType", label: "Truck type" },
  { value: "industry", label: "Industry" },
] as const;
export type RentalGrouping = (typeof RENTAL_GROUPINGS)[number]["value"];

export const NO_INDUSTRY = "Not set";

/** A company's industry as the reports show it (free text today, trimmed; none: "Not set"). */
export function industryLabel(industry: string | null): string {
  const text = industry?.trim() ?? "";
  return text === "" ? NO_INDUSTRY : text;
}
