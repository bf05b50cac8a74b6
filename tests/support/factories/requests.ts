// Requests for the integration tests, each for a company of its own: orders, off-rents with their
// returning lines, trades (both halves), and transport jobs. insertOrder and insertOffRent are what
// every order and off-rent factory makes its rows with (on-rent-edit.ts and off-rent-edit.ts give them
// fields that pass the edits' own checks); the stored fields here are the plainest that satisfy the
// schema.
import type { Prisma, PrismaClient } from "~/generated/prisma/client";
import { OFFBOARDING_STAGE, ONBOARDING_STAGE, RETURNING_UNIT_STATUS } from "~/rules/orders/order-stages.ts";
import { company } from "./companies.ts";

type Company = Awaited<ReturnType<typeof company>>;

const CONTACT = {
  delName: "Pat",
  delPhone: "5555550100",
  delEmail: "p@x.test",
  delStreetAddress: "1 Main",
  delCity: "Austin",
  delState: "TX",
  delZip: "78701",
  billName: "Pat",
  billPhone: "5555550100",
  billEmail: "p@x.test",
  billStreetAddress: "1 Main",
  billCity: "Austin",
  billState: "TX",
  billZip: "78701",
  useStreetAddress: "1 Main",
  useCity: "Austin",
  useState: "TX",
  useZip: "78701",
  raName: "Pat",
  raPhone: "5555550100",
  raEmail: "p@x.test",
};

const PICKUP = {
  pickupDate: new Date("2026-12-01"),
  pickupName: "Pat",
  pickupEmail: "p@x.test",
  pickupPhone: "5555550100",
  pickupStreetAddress: "1 Main",
  pickupCity: "Austin",
  pickupState: "TX",
  pickupZip: "78701",
};

/** An OrderForm's columns besides the request, the company, the stage and the counts. */
export type OrderFields = Omit<
  Prisma.OrderFormUncheckedCreateInput,
  | "formHistoryId"
  | "onboardingStatus"
  | "corporateName"
  | "companyCode"
  | "halfTonCount"
  | "trucksRequested"
  | "trucksRemaining"
>;

/** An order (or a trade's FormHistory with an OrderForm) of `trucks` half-ton trucks for a new company. */
export async function insertOrder(
  db: PrismaClient,
  options: { trucks: number; stage: number; cancelled?: boolean; kind?: "ORDER" | "TRADE"; fields: OrderFields },
) {
  const owner = await company(db);
  const form = await db.formHistory.create({
    data: {
      kind: options.kind ?? "ORDER",
      companyId: owner.id,
      submitteeName: "Pat",
      cancelledAt: options.cancelled ? new Date() : null,
    },
  });
  const orderForm = await db.orderForm.create({
    data: {
      formHistoryId: form.id,
      onboardingStatus: options.stage,
      corporateName: owner.name,
      companyCode: owner.code,
      halfTonCount: options.trucks,
      trucksRequested: options.trucks,
      trucksRemaining: options.trucks,
      ...options.fields,
    },
  });
  return { company: owner, form, orderForm };
}

export async function order(db: PrismaClient, options: { trucks?: number; stage?: number; cancelled?: boolean } = {}) {
  return insertOrder(db, {
    trucks: options.trucks ?? 2,
    stage: options.stage ?? ONBOARDING_STAGE.submitted,
    cancelled: options.cancelled,
    fields: { expectedRentalLength: "6 months", dateNeeded: new Date("2026-12-01"), ...CONTACT },
  });
}

/** An OffRentForm's pickup columns (submitted by, date, contact, address). */
export type PickupFields = Omit<
  Prisma.OffRentFormUncheckedCreateInput,
  "formHistoryId" | "offboardingStatus" | "companyName" | "companyCode" | "numTrucksReturning" | "trucksRemaining"
>;

/** One returning line as stored: a fleet unit's number (and id), or a placeholder's. */
export interface ReturningLine {
  unitNumber: string;
  unitId: number | null;
  statusId: number;
  odometer?: number;
}

/** An off-rent of `owner` returning these lines. */
export async function insertOffRent(
  db: PrismaClient,
  owner: Company,
  options: {
    stage: number;
    cancelled?: boolean;
    submittee: string;
    pickup: PickupFields;
    lines: readonly ReturningLine[];
  },
) {
  const form = await db.formHistory.create({
    data: {
      kind: "OFF_RENT",
      companyId: owner.id,
      submitteeName: options.submittee,
      cancelledAt: options.cancelled ? new Date() : null,
    },
  });
  const offRentForm = await db.offRentForm.create({
    data: {
      formHistoryId: form.id,
      offboardingStatus: options.stage,
      companyName: owner.name,
      companyCode: owner.code,
      numTrucksReturning: options.lines.length,
      trucksRemaining: options.lines.length,
      ...options.pickup,
    },
  });
  const lines = [];
  for (const line of options.lines) {
    lines.push(
      await db.returningUnit.create({ data: { formHistoryId: form.id, offRentFormId: offRentForm.id, ...line } }),
    );
  }
  return { company: owner, form, offRentForm, lines };
}

export async function offRent(
  db: PrismaClient,
  units: { id: number; unitNumber: string }[],
  options: { stage?: number } = {},
) {
  const owner = await company(db);
  const { form, offRentForm } = await insertOffRent(db, owner, {
    stage: options.stage ?? OFFBOARDING_STAGE.submitted,
    submittee: "Pat",
    pickup: { submittedBy: "Pat", ...PICKUP },
    lines: units.map((unit) => ({
      unitNumber: unit.unitNumber,
      unitId: unit.id,
      statusId: options.stage ? RETURNING_UNIT_STATUS.awaitingPickup : RETURNING_UNIT_STATUS.new,
    })),
  });
  return { company: owner, form, offRentForm };
}

export async function trade(db: PrismaClient) {
  const owner = await company(db);
  const form = await db.formHistory.create({ data: { kind: "TRADE", companyId: owner.id, submitteeName: "Pat" } });
  const tradeForm = await db.tradeForm.create({
    data: {
      formHistoryId: form.id,
      corporateNameTrade: owner.name,
      companyCode: owner.code,
      halfTonCountTrade: 1,
      numTrucksReturning: 1,
      returnTrucksRemaining: 1,
      newTrucksRemaining: 1,
      submitteeName: "Pat",
      submitDate: new Date("2026-11-20"),
      useStreetAddress: "1 Main",
      useCity: "Austin",
      useState: "TX",
      useZip: "78701",
      raName: "Pat",
      raPhone: "5555550100",
      raEmail: "p@x.test",
      ...PICKUP,
    },
  });
  const offRentForm = await db.offRentForm.create({
    data: {
      formHistoryId: form.id,
      tradeFormId: tradeForm.id,
      companyName: owner.name,
      companyCode: owner.code,
      submittedBy: "Pat",
      numTrucksReturning: 1,
      trucksRemaining: 1,
      ...PICKUP,
    },
  });
  return { company: owner, form, tradeForm, offRentForm };
}

export async function job(
  db: PrismaClient,
  formHistoryId: number,
  kind: "DELIVERY" | "PICKUP",
  unitId: number | null,
  vendorId: number | null = null,
) {
  return db.transportJob.create({
    data: { formHistoryId, kind, unitId, vendorId, assignedAt: vendorId ? new Date("2026-11-01T00:00:00Z") : null },
  });
}
