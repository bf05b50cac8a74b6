// Rows for the on-rent edit tests: an order whose stored fields pass the edit's own checks (valid
// phones, zips, states), so a body built from it is a valid edit, and that body (PUT /api/order/edit).
import type { PrismaClient } from "~/generated/prisma/client";
import { ONBOARDING_STAGE } from "~/rules/orders/order-stages.ts";
import { insertOrder, type OrderFields } from "./requests.ts";

const ORDER_FIELDS: OrderFields = {
  expectedRentalLength: "6 months",
  damageWaiverId: 2,
  secondKeyCount: false,
  dateNeeded: new Date("2026-12-01T00:00:00Z"),
  delName: "Pat Jones",
  delPhone: "(212) 456-7890",
  delEmail: "pat@acme.example",
  delStreetAddress: "1 Main St",
  delCity: "Austin",
  delState: "TX",
  delZip: "78701",
  billName: "Sam Lee",
  billPhone: "(512) 456-7890",
  billAltPhone: "(512) 456-7891",
  billEmail: "ap@acme.example",
  billStreetAddress: "9 Ledger Rd",
  billCity: "Dallas",
  billState: "TX",
  billZip: "75201",
  useStreetAddress: "Site 12",
  useCity: "Marble Falls",
  useState: "TX",
  useZip: "78654",
  raName: "Pat Jones",
  raPhone: "(212) 456-7890",
  raEmail: "pat@acme.example",
};

export async function editableOrder(
  db: PrismaClient,
  options: { half?: number; stage?: number; cancelled?: boolean; kind?: "ORDER" | "TRADE" } = {},
) {
  const { half = 2, stage = ONBOARDING_STAGE.approved } = options;
  return insertOrder(db, {
    trucks: half,
    stage,
    cancelled: options.cancelled,
    kind: options.kind,
    fields: ORDER_FIELDS,
  });
}

/** The body PUT /api/order/edit takes for the order as stored (no change yet). */
export function bodyOf(
  order: Awaited<ReturnType<typeof editableOrder>>["orderForm"],
  overrides: Record<string, unknown> = {},
) {
  return {
    OrderFormID: order.id,
    FormHistoryID: order.formHistoryId,
    version: order.version,
    CorporateName: order.corporateName,
    CompanyNumber: order.companyCode,
    HalfTonCount: order.halfTonCount,
    ThreeQuarterTonCount: order.threeQuarterTonCount,
    OneTonFlatCount: order.oneTonFlatCount,
    OneTonServiceCount: order.oneTonServiceCount,
    TrucksRequested: order.trucksRequested,
    TrucksRemaining: order.trucksRemaining,
    ExpectedRentalLength: order.expectedRentalLength,
    DamageWaiverID: order.damageWaiverId,
    SecondKeyCount: order.secondKeyCount,
    EarliestDateAvailable: order.earliestDateAvailable?.toISOString().slice(0, 10) ?? "",
    DateNeeded: order.dateNeeded.toISOString().slice(0, 10),
    PONumber: order.poNumber ?? "",
    DelName: order.delName,
    DelPhone: order.delPhone,
    DelAltPhone: order.delAltPhone ?? "",
    DelEmail: order.delEmail,
    DelStreetAddress: order.delStreetAddress,
    DelStreetAddress2: order.delStreetAddress2 ?? "",
    DelCity: order.delCity,
    DelState: order.delState,
    DelZip: order.delZip,
    BillName: order.billName,
    BillPhone: order.billPhone,
    BillAltPhone: order.billAltPhone ?? "",
    BillEmail: order.billEmail,
    BillStreetAddress: order.billStreetAddress,
    BillStreetAddress2: order.billStreetAddress2 ?? "",
    BillCity: order.billCity,
    BillState: order.billState,
    BillZip: order.billZip,
    UseStreetAddress: order.useStreetAddress,
    UseStreetAddress2: order.useStreetAddress2 ?? "",
    UseCity: order.useCity,
    UseState: order.useState,
    UseZip: order.useZip,
    RAName: order.raName,
    RAPhone: order.raPhone,
    RAEmail: order.raEmail,
    RAFax: order.raFax ?? "",
    changedData: {},
    ...overrides,
  };
}
