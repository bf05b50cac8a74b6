// The unit status catalogue and the lateness rule (docs/boards.md): how long a unit may sit in a status
// before the boards mark it late, and which department owns a unit in that status.
import { differenceInDays } from "date-fns";

export type Department = "onboarding" | "offboarding" | "transport" | "recon" | "sales" | "titles" | "ar";

export interface UnitStatus {
  /** Stable id, 1..16 in catalogue order. */
  readonly id: number;
  /** Exact spelling as stored and shown (the catalogue mixes capitals and title case). */
  readonly name: string;
  /** Late once the last change is more than this many whole days old; null = never late. */
  readonly lateAfterDays: number | null;
  /** The department whose queue holds the unit; null once it has left the fleet. */
  readonly department: Department | null;
}

const UNIT_STATUS_TABLE = [
  // Waiting for a first rental: onboarding reserves these against orders.
  { id: 1, name: "NEW", lateAfterDays: 14, department: "onboarding" },
  // Back in the rental fleet after recon.
  { id: 2, name: "RE-RENT", lateAfterDays: 14, department: "onboarding" },
  // Billed on open contracts; a unit on rent is never late.
  { id: 3, name: "ON RENT", lateAfterDays: null, department: "ar" },
  { id: 4, name: "OFF RENT", lateAfterDays: 14, department: "offboarding" },
  { id: 5, name: "IN TRANSIT", lateAfterDays: 7, department: "transport" },
  { id: 6, name: "IN TRANSIT (SELLER)", lateAfterDays: 7, department: "transport" },
  // Returned and waiting for inspection.
  { id: 7, name: "ON LOT", lateAfterDays: 7, department: "recon" },
  { id: 8, name: "BODY SHOP", lateAfterDays: 14, department: "recon" },
  { id: 9, name: "In Maintenance", lateAfterDays: 28, department: "recon" },
  { id: 10, name: "Hold for Sale", lateAfterDays: 21, department: "sales" },
  { id: 11, name: "FOR SALE", lateAfterDays: 28, department: "sales" },
  { id: 12, name: "At Auction", lateAfterDays: 28, department: "sales" },
  { id: 13, name: "RETAIL", lateAfterDays: 28, department: "sales" },
  // Sold: the titles department transfers the title while delivery is pending.
  { id: 14, name: "Sold Not Delivered", lateAfterDays: 7, department: "titles" },
  // Damage charged to the customer is worked in AR's claims list.
  { id: 15, name: "Claims", lateAfterDays: 56, department: "ar" },
  { id: 16, name: "SOLD", lateAfterDays: null, department: null },
] as const satisfies readonly UnitStatus[];

export type UnitStatusName = (typeof UNIT_STATUS_TABLE)[number]["name"];
export type UnitStatusId = (typeof UNIT_STATUS_TABLE)[number]["id"];

/**
 * Each status's id under its exact name: UNIT_STATUS_ID["ON RENT"] is 3. Code and tests that need a
 * stored statusId take it from here rather than writing the number; the key is
 * typed, so a misspelt status does not compile.
 */
export const UNIT_STATUS_ID = Object.fromEntries(UNIT_STATUS_TABLE.map((status) => [status.name, status.id])) as {
  readonly [Status in (typeof UNIT_STATUS_TABLE)[number] as Status["name"]]: Status["id"];
};

export const UNIT_STATUSES: readonly (UnitStatus & { readonly name: UnitStatusName })[] = UNIT_STATUS_TABLE;

const statusesByName = new Map<string, UnitStatus & { readonly name: UnitStatusName }>(
  UNIT_STATUSES.map((status) => [status.name, status]),
);

/** Exact-spelling lookup; undefined for a status the catalogue does not know. */
export function unitStatusByName(name: string): (UnitStatus & { readonly name: UnitStatusName }) | undefined {
  return statusesByName.get(name);
}

export function isUnitStatusName(value: unknown): value is UnitStatusName {
  return typeof value === "string" && statusesByName.has(value);
}

type DateInput = Date | string | number;

/** Whole days since the last status change (date-fns differenceInDays); never negative, NaN for an unreadable date. */
export function daysInStatus(changeDate: DateInput, now: DateInput): number {
  const days = differenceInDays(now, changeDate);
  // Clock skew between the database and the browser must not show "-1 days".
  return days < 0 ? 0 : days;
}

/**
 * A unit is late when its last change is strictly more than the status's threshold in whole days old,
 * unless someone overrode lateness with a reason. Statuses without a threshold, unknown statuses and
 * unreadable dates are never late: a board must not flag what it cannot judge.
 */
export function isUnitLate(
  unit: { statusName: string; changeDate: DateInput; overrideLate: boolean },
  now: DateInput,
): boolean {
  if (unit.overrideLate) return false;
  const threshold = unitStatusByName(unit.statusName)?.lateAfterDays ?? null;
  if (threshold === null) return false;
  const days = differenceInDays(now, unit.changeDate);
  return Number.isFinite(days) && days > threshold;
}

/** The warning beside a late unit in the Rental Use column of a status list. */
export function lateUnitWarning(statusName: string): string {
  return `This unit has been in ${statusName} status too long.`;
}

/** Only NEW and RE-RENT status lists carry the Rental Use column; permissions are checked apart. */
export function statusListHasRentalUse(statusName: string): boolean {
  return statusName === "NEW" || statusName === "RE-RENT";
}
