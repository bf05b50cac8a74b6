// Rows for the off-rent edit and unit test tests: an off-rent whose stored fields pass the edit's own checks
// (valid phones, zip, state), its returning lines (units on rent to its customer), and the PUT body that
// stands for it unchanged.
import type { PrismaClient } from "~/generated/prisma/client";
import { company, unit } from "../queue/fixtures.ts";
import { OFFBOARDING_STAGE, RETURNING_UNIT_STATUS } from "~/rules/order-stages.ts";

export const PICKUP_FIELDS = {
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
  options: { stage?: number; count?: number; lines?: (companyId: number) => Promise<LineSpec[]>; cancelled?: boolean } = {},
) {
  const { stage = OFFBOARDING_STAGE.submitted, count = 2 } = options;
  const owner = await company(db);
  const specs: LineSpec[] = options.lines
    ? await options.lines(owner.id)
    : await Promise.all(Array.from({ length: count }, async () => ({ unit: await unit(db, "ON RENT", { companyId: owner.id }) })));
  const form = await db.formHistory.create({
    data: { kind: "OFF_RENT", companyId: owner.id, submitteeName: "Pat Jones", cancelledAt: options.cancelled ? new Date() : null },
  });
  const offRentForm = await db.offRentForm.create({
    data: {
      formHistoryId: form.id,
      offboardingStatus: stage,
      companyName: owner.name,
      companyCode: owner.code,
      numTrucksReturning: specs.length,
      trucksRemaining: specs.length,
      ...PICKUP_FIELDS,
    },
  });
  const lines = [];
  for (const spec of specs) {
    lines.push(
      await db.returningUnit.create({
        data: {
          formHistoryId: form.id,
          offRentFormId: offRentForm.id,
          unitNumber: spec.unit?.unitNumber ?? "UPDATE",
          unitId: spec.unit?.id ?? null,
          odometer: spec.odometer ?? 1000,
          statusId:
            spec.statusId ??
            (stage === OFFBOARDING_STAGE.submitted ? RETURNING_UNIT_STATUS.new : RETURNING_UNIT_STATUS.awaitingPickup),
        },
      }),
    );
  }
  return { company: owner, form, offRentForm, lines };
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
