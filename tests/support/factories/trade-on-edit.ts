// Rows for the trade on-rent edit tests: a trade (both halves, built on `trade()`) whose stored fields pass
// the edit's own checks (valid phones, zips, states), with its returning lines (units on rent to its
// customer) and as many new trucks as returning units, and the body of PUT /api/trade/on/edit that stands
// for it unchanged.
import type { PrismaClient } from "~/generated/prisma/client";
import { OFFBOARDING_STAGE, ONBOARDING_STAGE, RETURNING_UNIT_STATUS } from "~/rules/orders/order-stages.ts";
import type { LineSpec } from "./off-rent-edit.ts";
import { rowOf } from "./off-rent-edit.ts";
import { trade } from "./requests.ts";
import { unit } from "./units.ts";

export { newRow, rowOf } from "./off-rent-edit.ts";

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

const TRADE_FIELDS = {
  poNumber: null,
  damageWaiverId: 2,
  secondKeyTrade: false,
  confirmReturnReady: false,
  dateReadyForPickup: null,
  useStreetAddress: "Site 12",
  useStreetAddress2: null,
  useCity: "Marble Falls",
  useState: "TX",
  useZip: "78654",
  raName: "Pat Jones",
  raPhone: "(212) 456-7890",
  raEmail: "pat@acme.example",
  raFax: null,
  submitteeName: "Pat Jones",
  submitDate: new Date("2026-11-20T00:00:00Z"),
  specialInstructions: null,
  insuranceType: null,
  ...PICKUP,
};

/**
 * A trade returning `count` units on rent to its customer (or the lines given) for as many new half-ton
 * trucks. Both halves Approved by default, so real units added in an edit await pickup.
 */
export async function editableTrade(
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
      ...TRADE_FIELDS,
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

type EditableTrade = Awaited<ReturnType<typeof editableTrade>>;
type Lines = EditableTrade["lines"];

const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);

/** The body PUT /api/trade/on/edit takes for the trade as stored (no change yet), as its read answers it. */
export function bodyOf(
  tradeForm: EditableTrade["tradeForm"],
  lines: Lines,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    TradeFormID: tradeForm.id,
    FormHistoryID: tradeForm.formHistoryId,
    version: tradeForm.version,
    orderPage: "onboarding",
    CorporateNameTrade: tradeForm.corporateNameTrade,
    CompanyCode: tradeForm.companyCode,
    PONumber: tradeForm.poNumber,
    HalfTonCountTrade: tradeForm.halfTonCountTrade,
    ThreeQuarterTonCountTrade: tradeForm.threeQuarterTonCountTrade,
    OneTonFlatCountTrade: tradeForm.oneTonFlatCountTrade,
    OneTonServiceCountTrade: tradeForm.oneTonServiceCountTrade,
    DamageWaiverID: tradeForm.damageWaiverId,
    SecondKeyTrade: tradeForm.secondKeyTrade,
    ConfirmReturnReady: tradeForm.confirmReturnReady,
    pickupDate: day(tradeForm.pickupDate),
    dateReadyForPickup: day(tradeForm.dateReadyForPickup),
    submitteeName: tradeForm.submitteeName,
    submitDate: day(tradeForm.submitDate),
    insuranceType: tradeForm.insuranceType,
    specialInstructions: tradeForm.specialInstructions,
    pickupName: tradeForm.pickupName,
    pickupEmail: tradeForm.pickupEmail,
    pickupPhone: tradeForm.pickupPhone,
    pickupAltPhone: tradeForm.pickupAltPhone,
    pickupStreetAddress: tradeForm.pickupStreetAddress,
    pickupStreetAddress2: tradeForm.pickupStreetAddress2,
    pickupCity: tradeForm.pickupCity,
    pickupState: tradeForm.pickupState,
    pickupZip: tradeForm.pickupZip,
    deliveryName: tradeForm.deliveryName,
    deliveryEmail: tradeForm.deliveryEmail,
    deliveryPhone: tradeForm.deliveryPhone,
    deliveryAltPhone: tradeForm.deliveryAltPhone,
    deliveryStreetAddress: tradeForm.deliveryStreetAddress,
    deliveryStreetAddress2: tradeForm.deliveryStreetAddress2,
    deliveryCity: tradeForm.deliveryCity,
    deliveryState: tradeForm.deliveryState,
    deliveryZip: tradeForm.deliveryZip,
    useStreetAddress: tradeForm.useStreetAddress,
    useStreetAddress2: tradeForm.useStreetAddress2,
    useCity: tradeForm.useCity,
    useState: tradeForm.useState,
    useZip: tradeForm.useZip,
    raName: tradeForm.raName,
    raPhone: tradeForm.raPhone,
    raEmail: tradeForm.raEmail,
    raFax: tradeForm.raFax,
    returningVins: lines.map(rowOf),
    deletedVins: [],
    ReturnTrucksRemaining: tradeForm.returnTrucksRemaining,
    NewTrucksRemaining: tradeForm.newTrucksRemaining,
    changedData: {},
    ...overrides,
  };
}

/** A separate delivery address that passes the edit's checks. */
export const SEPARATE_DELIVERY = {
  deliveryName: "Sam Lee",
  deliveryEmail: "sam@acme.example",
  deliveryPhone: "(512) 456-7890",
  deliveryAltPhone: null,
  deliveryStreetAddress: "9 Ledger Rd",
  deliveryStreetAddress2: null,
  deliveryCity: "Dallas",
  deliveryState: "TX",
  deliveryZip: "75201",
} as const;
