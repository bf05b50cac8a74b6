// Minimal rows for the queue tests: the unit status catalogue, a company, orders, off-rents, trades,
// units, carriers and transport jobs. Every test database starts empty; names are made unique.
import { OFFBOARDING_STAGE, ONBOARDING_STAGE, RETURNING_UNIT_STATUS } from "~/rules/order-stages.ts";
import { permissionIdsNamed, type PermissionName } from "~/rules/permissions.ts";
import { UNIT_STATUSES } from "~/rules/unit-statuses.ts";
import type { PrismaClient } from "~/generated/prisma/client";
import { createUser, unique, type UserFixture } from "../identity/fixtures.ts";

let counter = 0;
const next = () => (counter += 1);

export async function ensureStatuses(db: PrismaClient): Promise<void> {
  await db.unitStatus.createMany({
    data: UNIT_STATUSES.map((status, index) => ({
      id: status.id,
      name: status.name,
      lateAfterDays: status.lateAfterDays,
      department: status.department,
      sortOrder: index + 1,
    })),
    skipDuplicates: true,
  });
}

/** A signed-in actor holding exactly these permissions, named as in the catalogue. */
export async function actorWith(db: PrismaClient, permissions: PermissionName[], fixture: UserFixture = {}) {
  const user = await createUser(db, { ...fixture, directPermissions: permissions });
  return {
    user: { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, theme: user.theme },
    permissions: permissionIdsNamed(permissions),
    impersonator: null,
  };
}

export async function company(db: PrismaClient) {
  const n = next();
  return db.company.create({ data: { code: String(10000 + ((process.pid * 7 + n) % 89999)).padStart(5, "0"), name: unique("Acme") } });
}

const CONTACT = {
  delName: "Pat", delPhone: "5555550100", delEmail: "p@x.test", delStreetAddress: "1 Main", delCity: "Austin", delState: "TX", delZip: "78701",
  billName: "Pat", billPhone: "5555550100", billEmail: "p@x.test", billStreetAddress: "1 Main", billCity: "Austin", billState: "TX", billZip: "78701",
  useStreetAddress: "1 Main", useCity: "Austin", useState: "TX", useZip: "78701",
  raName: "Pat", raPhone: "5555550100", raEmail: "p@x.test",
};

export async function order(db: PrismaClient, options: { trucks?: number; stage?: number; cancelled?: boolean } = {}) {
  const { trucks = 2, stage = ONBOARDING_STAGE.submitted } = options;
  const owner = await company(db);
  const form = await db.formHistory.create({
    data: { kind: "ORDER", companyId: owner.id, submitteeName: "Pat", cancelledAt: options.cancelled ? new Date() : null },
  });
  const orderForm = await db.orderForm.create({
    data: {
      formHistoryId: form.id, onboardingStatus: stage, corporateName: owner.name, companyCode: owner.code,
      halfTonCount: trucks, trucksRequested: trucks, trucksRemaining: trucks, expectedRentalLength: "6 months",
      dateNeeded: new Date("2026-12-01"), ...CONTACT,
    },
  });
  return { company: owner, form, orderForm };
}

const PICKUP = {
  pickupDate: new Date("2026-12-01"), pickupName: "Pat", pickupEmail: "p@x.test", pickupPhone: "5555550100",
  pickupStreetAddress: "1 Main", pickupCity: "Austin", pickupState: "TX", pickupZip: "78701",
};

export async function offRent(db: PrismaClient, units: { id: number; unitNumber: string }[], options: { stage?: number } = {}) {
  const owner = await company(db);
  const form = await db.formHistory.create({ data: { kind: "OFF_RENT", companyId: owner.id, submitteeName: "Pat" } });
  const offRentForm = await db.offRentForm.create({
    data: {
      formHistoryId: form.id, offboardingStatus: options.stage ?? OFFBOARDING_STAGE.submitted, companyName: owner.name, companyCode: owner.code,
      submittedBy: "Pat", numTrucksReturning: units.length, trucksRemaining: units.length, ...PICKUP,
    },
  });
  for (const unit of units) {
    await db.returningUnit.create({
      data: { formHistoryId: form.id, offRentFormId: offRentForm.id, unitNumber: unit.unitNumber, unitId: unit.id, statusId: options.stage ? RETURNING_UNIT_STATUS.awaitingPickup : RETURNING_UNIT_STATUS.new },
    });
  }
  return { company: owner, form, offRentForm };
}

export async function trade(db: PrismaClient) {
  const owner = await company(db);
  const form = await db.formHistory.create({ data: { kind: "TRADE", companyId: owner.id, submitteeName: "Pat" } });
  const tradeForm = await db.tradeForm.create({
    data: {
      formHistoryId: form.id, corporateNameTrade: owner.name, companyCode: owner.code, halfTonCountTrade: 1,
      numTrucksReturning: 1, returnTrucksRemaining: 1, newTrucksRemaining: 1, submitteeName: "Pat", submitDate: new Date("2026-11-20"),
      useStreetAddress: "1 Main", useCity: "Austin", useState: "TX", useZip: "78701", raName: "Pat", raPhone: "5555550100", raEmail: "p@x.test",
      ...PICKUP,
    },
  });
  const offRentForm = await db.offRentForm.create({
    data: {
      formHistoryId: form.id, tradeFormId: tradeForm.id, companyName: owner.name, companyCode: owner.code, submittedBy: "Pat",
      numTrucksReturning: 1, trucksRemaining: 1, ...PICKUP,
    },
  });
  return { company: owner, form, tradeForm, offRentForm };
}

export async function unit(db: PrismaClient, status: string, options: { companyId?: number; subStatus?: string } = {}) {
  const found = await db.unitStatus.findUniqueOrThrow({ where: { name: status } });
  const n = next();
  const suffix = `${process.pid % 1000}${n}`.padStart(5, "0").slice(-5);
  return db.unit.create({
    data: {
      unitNumber: `U${suffix}`, vin: `VIN${process.pid}X${n}`.slice(0, 17), year: 2024, make: "Ford", model: "F-150", color: "White",
      truckType: "HALF_TON", odometer: 1000, statusId: found.id, statusChangedAt: new Date("2026-10-01T00:00:00Z"),
      inFleetDate: new Date("2024-01-01"), companyId: options.companyId ?? null, subStatus: options.subStatus ?? null,
      overrideLate: true, overrideReason: "waiting on parts",
    },
  });
}

export async function vendor(db: PrismaClient, vendorType: "TRANSPORTER" | "BODY_SHOP" = "TRANSPORTER") {
  const name = unique("Haulers");
  return db.vendor.create({
    data: { name, normalizedName: name.toLowerCase(), address: "2 Road", city: "Austin", state: "TX", zipCode: "78701", email: "h@x.test", vendorType },
  });
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
