// Trades ready to be converted into orders, built on trade() of requests.ts: returning lines for
// fleet units the customer has on rent, both halves' stages, and on request everything that hangs off a
// trade (a reservation, deliveries with and without a carrier, a pickup, notes, audit rows of both halves,
// an invoice and a split), so the integrity test has rows to move; and the convert bodies that stand for
// them, from either editor.
import type { PrismaClient } from "~/generated/prisma/client";
import type { UnitStatusName } from "~/rules/fleet/unit-statuses.ts";
import { OFFBOARDING_STAGE, ONBOARDING_STAGE, RETURNING_UNIT_STATUS } from "~/rules/orders/order-stages.ts";
import type { TradeConvertSide } from "~/rules/orders/trade-convert.ts";
import { vendor } from "./companies.ts";
import { writtenNote } from "./notes.ts";
import { job, trade } from "./requests.ts";
import { unique } from "./unique.ts";
import { unit } from "./units.ts";

export interface ConvertibleTradeOptions {
  /** Returning lines, each a fleet unit ON RENT to the customer (default 1). */
  returning?: number;
  /** The trade's new trucks, all half-ton (default: as many as it returns). */
  newTrucks?: number;
  /** Both halves approved (default) or still submitted. */
  approved?: boolean;
  /** The status of the first returning unit, the one the bodies keep on rent (default ON RENT). */
  keptStatus?: UnitStatusName;
}

export type ConvertibleTrade = Awaited<ReturnType<typeof convertibleTrade>>;

/** A trade whose return has not begun: its lines await pickup (or are new while submitted). */
export async function convertibleTrade(db: PrismaClient, options: ConvertibleTradeOptions = {}) {
  const made = await trade(db);
  const returning = options.returning ?? 1;
  const newTrucks = options.newTrucks ?? returning;
  const approved = options.approved ?? true;
  const keptStatus = options.keptStatus ?? "ON RENT";
  if (approved) await db.formHistory.update({ where: { id: made.form.id }, data: { approvedAt: new Date() } });
  const tradeForm = await db.tradeForm.update({
    where: { id: made.tradeForm.id },
    data: {
      onboardingStatus: approved ? ONBOARDING_STAGE.approved : ONBOARDING_STAGE.submitted,
      halfTonCountTrade: newTrucks,
      numTrucksReturning: returning,
      returnTrucksRemaining: returning,
      newTrucksRemaining: newTrucks,
      poNumber: "PO-TRADE",
      insuranceType: "Damage Waiver",
      specialInstructions: "Swap on the same visit",
    },
  });
  const offRentForm = await db.offRentForm.update({
    where: { id: made.offRentForm.id },
    data: {
      offboardingStatus: approved ? OFFBOARDING_STAGE.approved : OFFBOARDING_STAGE.submitted,
      numTrucksReturning: returning,
      trucksRemaining: returning,
    },
  });
  const units = [];
  const lines = [];
  for (let index = 0; index < returning; index += 1) {
    const status = index === 0 ? keptStatus : "ON RENT";
    const truck = await unit(db, status, { companyId: status === "ON RENT" ? made.company.id : undefined });
    units.push(truck);
    lines.push(
      await db.returningUnit.create({
        data: {
          formHistoryId: made.form.id,
          offRentFormId: offRentForm.id,
          unitNumber: truck.unitNumber,
          unitId: truck.id,
          odometer: 42_000,
          statusId: approved ? RETURNING_UNIT_STATUS.awaitingPickup : RETURNING_UNIT_STATUS.new,
        },
      }),
    );
  }
  return { ...made, tradeForm, offRentForm, units, lines, kept: units[0]! };
}

/**
 * Hangs off the trade what a trade in transport has: a reserved unit with a delivery job not yet given
 * to a carrier, a unit on a carrier's truck (so the new half is In Transport), a pickup of the kept unit
 * without a carrier, notes on both boards and on the kept unit, audit rows of both halves at version 2,
 * a transport invoice and a split made from it. Needs two new trucks at least.
 */
export async function attachEverything(db: PrismaClient, made: ConvertibleTrade, authorId: number) {
  const formHistoryId = made.form.id;
  const reserved = await unit(db, "NEW");
  const reservation = await db.reservation.create({
    data: { unitId: reserved.id, formHistoryId, tradeFormId: made.tradeForm.id, reservedById: authorId },
  });
  const openDelivery = await job(db, formHistoryId, "DELIVERY", reserved.id);
  const rolling = await unit(db, "IN TRANSIT", { subStatus: "To Customer" });
  const carrierDelivery = await job(db, formHistoryId, "DELIVERY", rolling.id, (await vendor(db)).id);
  const pickup = await job(db, formHistoryId, "PICKUP", made.kept.id);
  const notes = [
    await writtenNote(db, { authorId, formHistoryId, noteType: "onboarding", subject: "Customer wants white trucks" }),
    await writtenNote(db, { authorId, formHistoryId, noteType: "offboarding", subject: "Gate code 1234" }),
    await writtenNote(db, {
      authorId,
      formHistoryId,
      unitNumber: made.kept.unitNumber,
      noteType: "offboarding",
      subject: "Dent on the tailgate",
    }),
  ];
  const tradeForm = await db.tradeForm.update({
    where: { id: made.tradeForm.id },
    data: {
      version: 2,
      onboardingStatus: ONBOARDING_STAGE.inTransport,
      newTrucksRemaining: made.tradeForm.halfTonCountTrade - 1,
    },
  });
  const offRentForm = await db.offRentForm.update({ where: { id: made.offRentForm.id }, data: { version: 2 } });
  const audit = [
    await db.auditLog.create({
      data: {
        entityType: "TradeForm",
        entityId: made.tradeForm.id,
        formHistoryId,
        action: "assign-carrier",
        changedData: { "Onboarding Status": "Onboarding Status: Approved!Onboarding Status: In Transport" },
        userId: authorId,
        version: 2,
      },
    }),
    await db.auditLog.create({
      data: {
        entityType: "OffRentForm",
        entityId: made.offRentForm.id,
        formHistoryId,
        action: "edit",
        changedData: { "Pickup City": "Pickup City: Austin!Pickup City: Waco" },
        userId: authorId,
        version: 2,
      },
    }),
    await db.auditLog.create({
      data: {
        entityType: "TransportJob",
        entityId: carrierDelivery.id,
        formHistoryId,
        action: "assign-carrier",
        changedData: { Carrier: "Carrier: none!Carrier: Haulers" },
        userId: authorId,
      },
    }),
  ];
  const invoice = await db.arInvoice.create({
    data: {
      invoiceNumber: unique("INV").slice(0, 20),
      companyId: made.company.id,
      formHistoryId,
      kind: "TRANSPORT",
      invoiceDate: new Date("2026-11-20"),
      dueDate: new Date("2026-12-20"),
      amount: 150,
      balance: 150,
    },
  });
  const split = await db.formHistory.create({
    data: {
      kind: "TRADE",
      companyId: made.company.id,
      submitteeName: "Pat",
      splitFromId: formHistoryId,
      splitNumber: 2,
    },
  });
  return {
    ...made,
    tradeForm,
    offRentForm,
    reserved,
    reservation,
    rolling,
    openDelivery,
    carrierDelivery,
    pickup,
    notes,
    audit,
    invoice,
    split,
  };
}

/**
 * A convert body that the trade passes: from the on side the new trucks total one less than its returning
 * units (the enabling rule), from the off side they are the trade's own; the rest is a changed contact.
 */
export function convertBody(side: TradeConvertSide, made: ConvertibleTrade, overrides: Record<string, unknown> = {}) {
  return {
    FormHistoryID: made.form.id,
    TradeFormID: made.tradeForm.id,
    ...(side === "off" ? { OffRentFormID: made.offRentForm.id } : {}),
    version: made.tradeForm.version,
    HalfTonCountTrade: side === "on" ? made.lines.length - 1 : made.tradeForm.halfTonCountTrade,
    ThreeQuarterTonCountTrade: 0,
    OneTonFlatCountTrade: 0,
    OneTonServiceCountTrade: 0,
    raName: "Robin Agreement",
    raPhone: "5124567890",
    raEmail: "robin@acme.test",
    raFax: null,
    PONumber: "PO-NEW",
    specialInstructions: "Customer keeps the old truck",
    insuranceType: "Damage Waiver",
    convertVin: made.kept.unitNumber,
    ...overrides,
  };
}
