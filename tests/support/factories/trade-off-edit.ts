// Rows for the tests of a trade's return half (PUT /api/trade/off/edit): a trade built on `trade()` whose
// stored fields pass the edit's own checks (valid phones, zip, state) on both halves, its returning lines
// (units on rent to its customer) with as many new trucks, and the body of the edit that stands for it
// unchanged, as its read answers it.
import type { PrismaClient } from "~/generated/prisma/client";
import { OFFBOARDING_STAGE, ONBOARDING_STAGE, RETURNING_UNIT_STATUS } from "~/rules/orders/order-stages.ts";
import { vendor } from "./companies.ts";
import type { LineSpec } from "./off-rent-edit.ts";
import { rowOf } from "./off-rent-edit.ts";
import { trade } from "./requests.ts";
import { unit } from "./units.ts";

export { newRow, rowOf } from "./off-rent-edit.ts";
export type { LineSpec } from "./off-rent-edit.ts";

/** The pickup both halves hold (the TradeForm keeps a copy of the return half's). */
const PICKUP = {
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

/**
 * A trade returning `count` units on rent to its customer (or the lines given) for as many new half-ton
 * trucks. The return half is Approved by default, so real units added in an edit await pickup.
 */
export async function editableTradeReturn(
  db: PrismaClient,
  options: {
    count?: number;
    lines?: (companyId: number) => Promise<LineSpec[]>;
    onStage?: number;
    offStage?: number;
    cancelled?: boolean;
  } = {},
) {
  const { count = 2, onStage = ONBOARDING_STAGE.approved, offStage = OFFBOARDING_STAGE.approved } = options;
  const base = await trade(db);
  const owner = base.company;
  const specs: LineSpec[] = options.lines
    ? await options.lines(owner.id)
    : await Promise.all(
        Array.from({ length: count }, async () => ({ unit: await unit(db, "ON RENT", { companyId: owner.id }) })),
      );
  const n = specs.length;
  const form = await db.formHistory.update({
    where: { id: base.form.id },
    data: { submitteeName: "Pat Jones", ...(options.cancelled ? { cancelledAt: new Date() } : {}) },
  });
  const tradeForm = await db.tradeForm.update({
    where: { id: base.tradeForm.id },
    data: {
      ...PICKUP,
      submitteeName: "Pat Jones",
      onboardingStatus: onStage,
      halfTonCountTrade: n,
      numTrucksReturning: n,
      returnTrucksRemaining: n,
      newTrucksRemaining: n,
    },
  });
  const offRentForm = await db.offRentForm.update({
    where: { id: base.offRentForm.id },
    data: {
      ...PICKUP,
      submittedBy: "Pat Jones",
      offboardingStatus: offStage,
      numTrucksReturning: n,
      trucksRemaining: n,
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
            (offStage === OFFBOARDING_STAGE.submitted
              ? RETURNING_UNIT_STATUS.new
              : RETURNING_UNIT_STATUS.awaitingPickup),
        },
      }),
    );
  }
  return { company: owner, form, tradeForm, offRentForm, lines };
}

type TradeReturn = Awaited<ReturnType<typeof editableTradeReturn>>;

/** The body PUT /api/trade/off/edit takes for the return half as stored (no change yet), as its read answers it. */
export function tradeOffBodyOf(
  tradeForm: TradeReturn["tradeForm"],
  offRent: TradeReturn["offRentForm"],
  lines: TradeReturn["lines"],
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    TradeFormID: tradeForm.id,
    FormHistoryID: offRent.formHistoryId,
    OffRentFormID: offRent.id,
    compNameTrade: offRent.companyName,
    compCode: offRent.companyCode,
    submittedBy: offRent.submittedBy,
    pickupDate: offRent.pickupDate.toISOString().slice(0, 10),
    pickupName: offRent.pickupName,
    pickupEmail: offRent.pickupEmail,
    pickupPhone: offRent.pickupPhone,
    pickupPhoneAlt: offRent.pickupAltPhone,
    pickupStreetAddress: offRent.pickupStreetAddress,
    pickupStreetAddress2: offRent.pickupStreetAddress2,
    pickupCity: offRent.pickupCity,
    pickupState: offRent.pickupState,
    pickupZip: offRent.pickupZip,
    returningVins: lines.map(rowOf),
    deletedVins: [],
    changedData: {},
    version: offRent.version,
    ...overrides,
  };
}

/** A completed line's spec: a unit a carrier already picked up (6, in transit to the lot) or received (7). */
export async function completedLine(
  db: PrismaClient,
  statusId: number = RETURNING_UNIT_STATUS.pickedUp,
): Promise<LineSpec & { unit: { id: number; unitNumber: string } }> {
  return { unit: await unit(db, "IN TRANSIT"), statusId };
}

/** The done pickup of a completed line: a PICKUP job with its carrier, completed. */
export async function donePickup(db: PrismaClient, formHistoryId: number, unitId: number) {
  const carrier = await vendor(db);
  return db.transportJob.create({
    data: {
      formHistoryId,
      kind: "PICKUP",
      unitId,
      vendorId: carrier.id,
      assignedAt: new Date("2026-11-01T00:00:00Z"),
      completedAt: new Date("2026-11-02T00:00:00Z"),
    },
  });
}
