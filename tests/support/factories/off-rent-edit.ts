// Rows for the off-rent edit and unit test tests: an off-rent whose stored fields pass the edit's own checks
// (valid phones, zip, state), its returning lines (units on rent to its customer), and the body of PUT
// /api/off-rent/edit that stands for it unchanged, with the rows the dialog sends.
import type { PrismaClient } from "~/generated/prisma/client";
import { OFFBOARDING_STAGE, RETURNING_UNIT_STATUS } from "~/rules/orders/order-stages.ts";
import { company } from "./companies.ts";
import { insertOffRent, type PickupFields } from "./requests.ts";
import { unit } from "./units.ts";

const PICKUP_FIELDS: PickupFields = {
  submittedBy: "Pat Jones",
  pickupDate: new Date("2026-12-01T00:00:00Z"),
  pickupName: "Pat Jones",
  pickupEmail: "pat@acme.example",
  pickupPhone: "(212) 456-7890",
  pickupAltPhone: null,
  pickupStreetAddress: "1 Main St",
  pickupStreetAddress2: null,
  pickupCity: "Austin",
  pickupState: "TX",
  pickupZip: "78701",
};

export interface LineSpec {
  /** A fleet unit's number (and id), or a placeholder line when null. */
  unit: { id: number; unitNumber: string } | null;
  statusId?: number;
  odometer?: number;
}

/** An off-rent (Submitted by default) returning `count` units on rent to its customer, or the lines given. */
export async function editableOffRent(
  db: PrismaClient,
  options: {
    stage?: number;
    count?: number;
    lines?: (companyId: number) => Promise<LineSpec[]>;
    cancelled?: boolean;
  } = {},
) {
  const { stage = OFFBOARDING_STAGE.submitted, count = 2 } = options;
  const owner = await company(db);
  const specs: LineSpec[] = options.lines
    ? await options.lines(owner.id)
    : await Promise.all(
        Array.from({ length: count }, async () => ({ unit: await unit(db, "ON RENT", { companyId: owner.id }) })),
      );
  return insertOffRent(db, owner, {
    stage,
    cancelled: options.cancelled,
    submittee: "Pat Jones",
    pickup: PICKUP_FIELDS,
    lines: specs.map((spec) => ({
      unitNumber: spec.unit?.unitNumber ?? "UPDATE",
      unitId: spec.unit?.id ?? null,
      odometer: spec.odometer ?? 1000,
      statusId:
        spec.statusId ??
        (stage === OFFBOARDING_STAGE.submitted ? RETURNING_UNIT_STATUS.new : RETURNING_UNIT_STATUS.awaitingPickup),
    })),
  });
}

type Lines = Awaited<ReturnType<typeof editableOffRent>>["lines"];
type OffRent = Awaited<ReturnType<typeof editableOffRent>>["offRentForm"];

/** A stored line as a row of the body (unchanged). */
export const rowOf = (line: Lines[number]) => ({
  vin: line.unitNumber,
  odometer: String(line.odometer),
  assignedStatus: "unassigned",
  statusID: line.statusId,
  originalInfo: { id: line.id, vin: line.unitNumber, odometer: String(line.odometer) },
});

/** The body PUT /api/off-rent/edit takes for the off-rent as stored (no change yet). */
export function bodyOf(offRent: OffRent, lines: Lines, overrides: Record<string, unknown> = {}) {
  return {
    compName: offRent.companyName,
    compCode: offRent.companyCode,
    submittedBy: offRent.submittedBy,
    pickupDate: offRent.pickupDate.toISOString().slice(0, 10),
    pickupName: offRent.pickupName,
    pickupEmail: offRent.pickupEmail,
    pickupPhone: offRent.pickupPhone,
    pickupPhoneAlt: offRent.pickupAltPhone ?? "",
    pickupStreetAddress: offRent.pickupStreetAddress,
    pickupStreetAddress2: offRent.pickupStreetAddress2 ?? "",
    pickupCity: offRent.pickupCity,
    pickupState: offRent.pickupState,
    pickupZip: offRent.pickupZip ?? "",
    returningVins: lines.map(rowOf),
    deletedVins: [],
    changedData: {},
    FormHistoryID: offRent.formHistoryId,
    OffRentFormID: offRent.id,
    TradeFormID: null,
    version: offRent.version,
    ...overrides,
  };
}

/** A new row as the dialog's Add creates it, with a unit number typed in. */
export const newRow = (vin: string, odometer = "000000") => ({
  vin,
  odometer,
  assignedStatus: "unassigned",
  statusID: RETURNING_UNIT_STATUS.new,
  originalInfo: null,
});
