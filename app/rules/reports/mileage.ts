// /mileage-report (ADR 060): what a unit's odometer readings say — its mileage bucket, miles per rental,
// miles per month, and the two flags (an odometer that went down, a delivery nobody read). Pure: the SQL of
// app/modules/reports/fleet/mileage.server.ts computes the same definitions over the whole fleet at once.

export const MILEAGE_BUCKETS = [
  { key: "0-25k", label: "0–25k", min: 0, max: 25_000 },
  { key: "25-50k", label: "25–50k", min: 25_000, max: 50_000 },
  { key: "50-75k", label: "50–75k", min: 50_000, max: 75_000 },
  { key: "75-100k", label: "75–100k", min: 75_000, max: 100_000 },
  { key: "100-150k", label: "100–150k", min: 100_000, max: 150_000 },
  { key: "150k-up", label: "150k+", min: 150_000, max: null },
] as const;
export type MileageBucket = (typeof MILEAGE_BUCKETS)[number];

/** The bucket of a reading: each holds its lower edge, not its upper one (25,000 miles is 25–50k). */
export function bucketOf(miles: number): MileageBucket {
  return MILEAGE_BUCKETS.find((bucket) => miles >= bucket.min && (bucket.max === null || miles < bucket.max))!;
}

export const MILEAGE_FLAGS = [
  { value: "all", label: "All units" },
  { value: "down", label: "Odometer went down" },
  { value: "noDeliveryReading", label: "Delivery without reading" },
] as const;
export type MileageFlag = (typeof MILEAGE_FLAGS)[number]["value"];

export type ReadingSource = "DELIVERY" | "RETURN" | "INSPECTION" | "TRANSPORT" | "AUCTION" | "MANUAL";

/** One reading; 0 miles means "not read" (ADR 059) and counts as no reading at all. */
export interface Reading {
  reading: number;
  source: ReadingSource;
  /** Milliseconds since the epoch. */
  at: number;
}

const DAY_MS = 86_400_000;
/** An average month: a year of 365.25 days over twelve. */
export const MONTH_MS = (365.25 / 12) * DAY_MS;

/** Readings that are readings (not 0), oldest first; same-instant readings keep their given order. */
export function readOnly(readings: readonly Reading[]): Reading[] {
  return readings
    .map((reading, index) => ({ reading, index }))
    .filter(({ reading }) => reading.reading > 0)
    .sort((a, b) => a.reading.at - b.reading.at || a.index - b.index)
    .map(({ reading }) => reading);
}

/**
 * Miles of each rental: a DELIVERY reading paired with the next RETURN reading of the unit, when no other
 * DELIVERY comes between (the earlier delivery then has no return of its own). Other sources do not break a
 * pair. A pair whose return reads lower than its delivery is a misread, not a rental: left out.
 */
export function rentalMiles(readings: readonly Reading[]): number[] {
  const miles: number[] = [];
  let delivered: Reading | null = null;
  for (const reading of readOnly(readings)) {
    if (reading.source === "DELIVERY") delivered = reading;
    else if (reading.source === "RETURN") {
      if (delivered && reading.reading >= delivered.reading) miles.push(reading.reading - delivered.reading);
      delivered = null;
    }
  }
  return miles;
}

/**
 * Average miles a month over the span of the readings: (last − first) ÷ months between them. Null with
 * fewer than a day between the first and last reading, or when the last reads lower than the first.
 */
export function milesPerMonth(first: { reading: number; at: number }, last: { reading: number; at: number }) {
  const span = last.at - first.at;
  if (span < DAY_MS || last.reading < first.reading) return null;
  return (last.reading - first.reading) / (span / MONTH_MS);
}

/** Readings lower than an earlier one of the same unit (equal is not lower): the odometer went down. */
export function readingsThatWentDown(readings: readonly Reading[]): number {
  let highest = -Infinity;
  let down = 0;
  for (const reading of readOnly(readings)) {
    if (reading.reading < highest) down += 1;
    highest = Math.max(highest, reading.reading);
  }
  return down;
}

/** How near a delivery its DELIVERY reading must be, either side: a day, the day itself included. */
export const DELIVERY_READING_WINDOW_MS = DAY_MS;

/** Whether a delivery (a change to ON RENT at `deliveredAt`) has no DELIVERY reading within a day of it. */
export function deliveryWithoutReading(deliveredAt: number, readings: readonly Reading[]): boolean {
  return !readings.some(
    (reading) =>
      reading.source === "DELIVERY" &&
      reading.reading > 0 &&
      Math.abs(reading.at - deliveredAt) <= DELIVERY_READING_WINDOW_MS,
  );
}
