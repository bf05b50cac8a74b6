// The fields of an off-rent edit (ADR 015): who may edit, the order's fields with their audit labels and
// which may be left empty, how many lines one edit may carry, and the checks and normalisation of single
// values (unit numbers, dates, phones) that the payload schema and the dialog share.
import { isValidPhone, maskPhone, UNIT_NUMBER_LENGTH } from "../../masks.ts";
import { PLACEHOLDER_RETURNING_UNIT } from "../order-stages.ts";
import { unlocksRoute } from "../../access/permissions.ts";

/** Editing an off-rent belongs to the Off Rent team: whoever the offboarding page opens to, all access included. */
export function mayEditOffRent(permissionIds: readonly number[]): boolean {
  return unlocksRoute(permissionIds, "offboarding");
}

/** At most this many lines in one edit, and unit numbers in one test (the largest real order has 8). */
export const MAX_RETURNING_LINES = 100;

export const PLACEHOLDER_UNIT_NUMBER = PLACEHOLDER_RETURNING_UNIT.unitNumber;

/** Audit labels of the order's fields (changedData keys). */
export const OFF_RENT_FIELD_LABELS = {
  compName: "Company Name",
  compCode: "Company Code",
  submittedBy: "Submitted By",
  pickupDate: "Pickup Date",
  pickupName: "Pickup Name",
  pickupEmail: "Pickup Email",
  pickupPhone: "Pickup Phone",
  pickupPhoneAlt: "Pickup Alt Phone",
  pickupStreetAddress: "Pickup Street Address",
  pickupStreetAddress2: "Pickup Street Address 2",
  pickupCity: "Pickup City",
  pickupState: "Pickup State",
  pickupZip: "Pickup Zip",
} as const;
export type OffRentFieldName = keyof typeof OFF_RENT_FIELD_LABELS;
export const OFF_RENT_FIELD_NAMES = Object.keys(OFF_RENT_FIELD_LABELS) as OffRentFieldName[];

/** Fields that may be left empty: street address 2 and the alternate phone (ADR 015). */
export const OPTIONAL_OFF_RENT_FIELDS: ReadonlySet<OffRentFieldName> = new Set([
  "pickupStreetAddress2",
  "pickupPhoneAlt",
]);

/** Unit numbers as stored: trimmed and upper-case (never cut: a too-long number is refused, not changed). */
export function normalizeUnitNumber(value: string): string {
  return value.replace(/\s/g, "").toUpperCase();
}

const UNIT_NUMBER_PATTERN = new RegExp(`^[A-Z0-9-]{1,${UNIT_NUMBER_LENGTH}}$`);

export function isUnitNumber(value: string): boolean {
  return UNIT_NUMBER_PATTERN.test(value);
}

export const isPlaceholderUnit = (vin: string) => vin === PLACEHOLDER_UNIT_NUMBER;

/** A real YYYY-MM-DD calendar day. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * A whole phone number: every digit of its mask (10, or 11–12 with a country code when it starts with +
 * or 1; extra digits are refused rather than cut off by the mask), and dialable (libphonenumber-js).
 */
export function isCompletePhone(value: string): boolean {
  const trimmed = value.trim();
  const digits = trimmed.replace(/\D/g, "").length;
  const international = trimmed.startsWith("+") || trimmed.startsWith("1");
  const complete = international ? digits === 11 || digits === 12 : digits === 10;
  return complete && isValidPhone(maskPhone(trimmed));
}
