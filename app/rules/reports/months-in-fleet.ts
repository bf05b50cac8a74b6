// Fleet age for /monthsinfleet (ADR 058): whole months since a unit's in-fleet date, the age buckets a fleet
// manager plans replacements by, the fleet by truck type × age × status group, and the units past the target
// age (a software variable) that still rent. Pure; the SQL in app/modules/reports/fleet/months-in-fleet.server.ts
// counts by the same months and the same bucket edges.
import { TRUCK_TYPE_VALUES, type TruckType } from "../fleet/truck-types.ts";
import { readWholeMonths } from "../settings/stored-variables.ts";
import { STATUS_GROUPS, type StatusGroupName, statusGroupOf } from "./fleet-groups.ts";

const MONTH_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function partsOf(day: string): [number, number, number] {
  const match = MONTH_DAY.exec(day);
  if (!match) throw new Error(`Not a day: ${day}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/**
 * Whole months from `start` to `end` (YYYY-MM-DD): how many months can be added to `start` without passing
 * `end`, a month added to the 31st landing on a shorter month's last day (Jan 31 → Feb 28 is one month,
 * Feb 29 2024 → Feb 28 2025 twelve). 0 when `end` is before `start`.
 */
export function monthsBetween(start: string, end: string): number {
  const [y1, m1, d1] = partsOf(start);
  const [y2, m2, d2] = partsOf(end);
  const lastDayOfEndMonth = new Date(Date.UTC(y2, m2, 0)).getUTCDate();
  const short = d2 < d1 && d2 !== lastDayOfEndMonth ? 1 : 0;
  return Math.max(0, y2 * 12 + m2 - (y1 * 12 + m1) - short);
}

export const AGE_BUCKETS = [
  { key: "0-12", label: "0–12 months", from: 0 },
  { key: "13-24", label: "13–24 months", from: 13 },
  { key: "25-36", label: "25–36 months", from: 25 },
  { key: "37-48", label: "37–48 months", from: 37 },
  { key: "49+", label: "49+ months", from: 49 },
] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];

/** Where each bucket after the first starts: the thresholds SQL's width_bucket counts against. */
export const AGE_BUCKET_STARTS: readonly number[] = AGE_BUCKETS.slice(1).map((bucket) => bucket.from);

/** The bucket of an age in months (its index in AGE_BUCKETS): the last one starting at or before it. */
export function ageBucketIndex(months: number): number {
  return AGE_BUCKET_STARTS.filter((start) => months >= start).length;
}

export const TARGET_FLEET_AGE_VARIABLE = { group: "Reports", name: "Target Fleet Age Months" } as const;
export const DEFAULT_TARGET_FLEET_AGE_MONTHS = 48;

/** The target age as stored; absent or not a whole number of months, the default (the report still reads). */
export function readTargetFleetAge(value: string | null | undefined): number {
  return (value === null || value === undefined ? null : readWholeMonths(value)) ?? DEFAULT_TARGET_FLEET_AGE_MONTHS;
}

/** Past the target: older than it (a 48-month target passes at 49 months, the first month of "49+"). */
export const isPastTargetAge = (months: number, target: number) => months > target;

/** Units still earning or about to: on rent, or ready to rent (NEW, RE-RENT). */
export const STILL_RENTING_STATUSES: readonly string[] = STATUS_GROUPS.filter(
  (group) => group.name === "On rent" || group.name === "Ready to rent",
).flatMap((group) => group.statuses);

/** The fleet's units of one truck type, status and age bucket (SOLD left out). */
export interface AgeCell {
  truckType: TruckType;
  status: string;
  bucket: number;
  units: number;
}

export interface AgeMatrixRow {
  key: string;
  truckType: TruckType;
  bucket: AgeBucket;
  /** Units per status group, in STATUS_GROUPS order. */
  groups: Record<StatusGroupName, number>;
  units: number;
}

/** Every truck type × age bucket (empty ones too, so the matrix keeps its shape), its units by status group. */
export function ageMatrix(cells: readonly AgeCell[]): AgeMatrixRow[] {
  const rows = TRUCK_TYPE_VALUES.flatMap((truckType) =>
    AGE_BUCKETS.map((bucket) => ({
      key: `${truckType}:${bucket.key}`,
      truckType,
      bucket,
      groups: Object.fromEntries(STATUS_GROUPS.map((group) => [group.name, 0])) as Record<StatusGroupName, number>,
      units: 0,
    })),
  );
  const byKey = new Map(rows.map((row) => [row.key, row]));
  for (const cell of cells) {
    const group = statusGroupOf(cell.status);
    const bucket = AGE_BUCKETS[Math.min(Math.max(cell.bucket, 0), AGE_BUCKETS.length - 1)]!;
    const row = byKey.get(`${cell.truckType}:${bucket.key}`);
    if (!row || !group) continue;
    row.groups[group] += cell.units;
    row.units += cell.units;
  }
  return rows;
}
