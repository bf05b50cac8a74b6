// Converting a trade into a plain order against the worker's database: the exact state after a
// conversion from either editor, each refusal with its message (and nothing written), an integrity walk
// over every table that references the trade (found from Prisma's data model and the database's foreign
// keys, so a new table is walked without touching this file), and a failure midway that leaves
// everything as it was.
import { beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "~/generated/prisma/client";
import type { OperationActor } from "~/modules/operations/operation.server.ts";
import { loadCardList } from "~/modules/boards/card-lists.server.ts";
import { convertTrade } from "~/modules/orders/trade-convert.server.ts";
import type { CardListName } from "~/rules/boards/boards.ts";
import { OFFBOARDING_STAGE, ONBOARDING_STAGE, RETURNING_UNIT_STATUS } from "~/rules/orders/order-stages.ts";
import {
  CONVERTED_RENTAL_LENGTH,
  TRADE_CONVERT_MESSAGES as M,
  type TradeConvertSide,
} from "~/rules/orders/trade-convert.ts";
import { createTestPrisma } from "../../support/database.ts";
import { vendor } from "../../support/factories/companies.ts";
import { job, order } from "../../support/factories/requests.ts";
import { attachEverything, convertBody, convertibleTrade } from "../../support/factories/trade-convert.ts";
import { ensureStatuses, unit } from "../../support/factories/units.ts";
import { actorWith } from "../../support/factories/users.ts";
import { databaseFingerprint } from "../../support/property.ts";

const db = createTestPrisma();
const NOW = new Date("2026-11-24T15:00:00Z");

type Actor = OperationActor;
/** Actors made once for the refusals: each side's page. */
const sideActors = {} as Record<TradeConvertSide, Actor>;

beforeAll(async () => {
  await ensureStatuses(db);
  sideActors.on = await actorWith(db, ["onboarding"]);
  sideActors.off = await actorWith(db, ["offboarding"]);
});

const convert = (side: TradeConvertSide, actor: Actor, body: unknown) => convertTrade(db, actor, side, body, NOW);

const cardKeys = async (list: CardListName) => (await loadCardList(db, list, NOW)).cards.map((card) => card.key);

/** Runs a refusal and proves it wrote nothing. */
async function refusedWithoutWriting(run: () => Promise<unknown>) {
  const before = await databaseFingerprint();
  const result = await run();
  expect(await databaseFingerprint()).toBe(before);
  return result;
}

const change = (label: string, before: string, after: string) => `${label}: ${before}!${label}: ${after}`;

describe("convertTrade from the on-rent editor", () => {
  it("turns a one-unit trade into an order of no new truck: Delivered, return half gone, unit kept on rent", async () => {
    const actor = await actorWith(db, ["onboarding"]);
    const made = await convertibleTrade(db, { returning: 1 });
    expect(await cardKeys("onboarding")).toContain(`form-${made.form.id}`);
    expect(await cardKeys("offboarding")).toContain(`form-${made.form.id}`);

    const result = await convert("on", actor, convertBody("on", made));
    expect(result).toEqual({
      ok: true,
      lists: ["onboarding", "offboarding"],
      requests: [made.form.id],
      message: M.converted,
    });

    expect(await db.formHistory.findUniqueOrThrow({ where: { id: made.form.id } })).toMatchObject({
      kind: "ORDER",
      cancelledAt: null,
    });
    const orderForm = await db.orderForm.findUniqueOrThrow({ where: { formHistoryId: made.form.id } });
    expect(orderForm).toMatchObject({
      onboardingStatus: ONBOARDING_STAGE.delivered,
      corporateName: made.company.name,
      companyCode: made.company.code,
      halfTonCount: 0,
      threeQuarterTonCount: 0,
      oneTonFlatCount: 0,
      oneTonServiceCount: 0,
      trucksRequested: 0,
      trucksRemaining: 0,
      expectedRentalLength: CONVERTED_RENTAL_LENGTH,
      damageWaiverId: 1,
      dateNeeded: new Date("2026-12-01"),
      poNumber: "PO-NEW",
      delName: "Pat",
      delStreetAddress: "1 Main",
      billName: "Robin Agreement",
      billPhone: "(512) 456-7890",
      billStreetAddress: "1 Main",
      billCity: "Austin",
      raName: "Robin Agreement",
      raPhone: "(512) 456-7890",
      raEmail: "robin@acme.test",
      raFax: null,
      specialInstructions: "Customer keeps the old truck",
      version: 2,
    });
    expect(await db.tradeForm.findUnique({ where: { id: made.tradeForm.id } })).toBeNull();
    expect(await db.offRentForm.findUnique({ where: { id: made.offRentForm.id } })).toBeNull();
    expect(await db.returningUnit.count({ where: { formHistoryId: made.form.id } })).toBe(0);
    // Already on rent to the customer: nothing about the unit changes, so no unit history.
    expect(await db.unit.findUniqueOrThrow({ where: { id: made.kept.id }, include: { status: true } })).toMatchObject({
      status: { name: "ON RENT" },
      companyId: made.company.id,
      updatedAt: made.kept.updatedAt,
    });
    expect(await db.unitHistory.count({ where: { unitId: made.kept.id } })).toBe(0);
    expect(await db.auditLog.findMany({ where: { formHistoryId: made.form.id } })).toEqual([
      expect.objectContaining({
        entityType: "OrderForm",
        entityId: orderForm.id,
        action: "convert-trade",
        version: 2,
        userId: actor.user.id,
        impersonatorId: null,
        changedData: {
          "Request Type": change("Request Type", "Trade", "Order"),
          "Converted From": change("Converted From", "", "Trade on-rent editor"),
          "Unit Kept On Rent": change("Unit Kept On Rent", "", made.kept.unitNumber),
          "Returning Units": change("Returning Units", made.kept.unitNumber, ""),
          "Insurance Type": change("Insurance Type", "Damage Waiver", ""),
          "Onboarding Status": change("Onboarding Status", "Approved", "Delivered"),
          "1/2 Ton": change("1/2 Ton", "1", "0"),
          "Trucks Requested": change("Trucks Requested", "1", "0"),
          "Trucks Remaining": change("Trucks Remaining", "1", "0"),
          "RA Name": change("RA Name", "Pat", "Robin Agreement"),
          "RA Phone": change("RA Phone", "5555550100", "(512) 456-7890"),
          "RA Email": change("RA Email", "p@x.test", "robin@acme.test"),
          "PO Number": change("PO Number", "PO-TRADE", "PO-NEW"),
          "Special Instructions": change(
            "Special Instructions",
            "Swap on the same visit",
            "Customer keeps the old truck",
          ),
        },
      }),
    ]);
    // Nothing left to deliver or pick up: the request leaves both boards.
    expect(await cardKeys("onboarding")).not.toContain(`form-${made.form.id}`);
    expect(await cardKeys("offboarding")).not.toContain(`form-${made.form.id}`);
  });

  it("keeps the remaining new trucks of a larger trade: the order is Approved on the onboarding board", async () => {
    const made = await convertibleTrade(db, { returning: 3 });
    const result = await convert("on", await actorWith(db, ["onboarding"]), convertBody("on", made));
    expect(result).toMatchObject({ ok: true, lists: ["onboarding", "offboarding"] });
    expect(await db.orderForm.findUniqueOrThrow({ where: { formHistoryId: made.form.id } })).toMatchObject({
      halfTonCount: 2,
      trucksRequested: 2,
      trucksRemaining: 2,
      onboardingStatus: ONBOARDING_STAGE.approved,
    });
    // The other returning units are no longer coming back: they stay on rent to the customer.
    for (const truck of made.units) {
      expect(await db.unit.findUniqueOrThrow({ where: { id: truck.id }, include: { status: true } })).toMatchObject({
        status: { name: "ON RENT" },
        companyId: made.company.id,
      });
    }
    expect(await cardKeys("onboarding")).toContain(`form-${made.form.id}`);
    expect(await cardKeys("offboarding")).not.toContain(`form-${made.form.id}`);
  });

  it("records the administrator who impersonates the user, on the one audit row", async () => {
    const admin = await actorWith(db, ["restricted"]);
    const actor = { ...(await actorWith(db, ["onboarding"])), impersonator: { ...admin.user } };
    const made = await convertibleTrade(db);
    expect(await convert("on", actor, convertBody("on", made))).toMatchObject({ ok: true });
    expect(await db.auditLog.findMany({ where: { formHistoryId: made.form.id } })).toEqual([
      expect.objectContaining({ action: "convert-trade", userId: actor.user.id, impersonatorId: admin.user.id }),
    ]);
  });
});

describe("convertTrade from the off-rent editor", () => {
  it("converts the trade's new trucks as they are; the trade's jobs follow the order", async () => {
    const actor = await actorWith(db, ["offboarding"]);
    const made = await convertibleTrade(db, { returning: 1, newTrucks: 1 });
    const pickup = await job(db, made.form.id, "PICKUP", made.kept.id);
    const reserved = await unit(db, "NEW");
    await db.reservation.create({
      data: { unitId: reserved.id, formHistoryId: made.form.id, tradeFormId: made.tradeForm.id },
    });
    const delivery = await job(db, made.form.id, "DELIVERY", reserved.id);

    const result = await convert("off", actor, convertBody("off", made));
    expect(result).toEqual({
      ok: true,
      lists: ["onboarding", "offboarding", "transport"],
      requests: [made.form.id],
      message: M.converted,
    });
    const orderForm = await db.orderForm.findUniqueOrThrow({ where: { formHistoryId: made.form.id } });
    expect(orderForm).toMatchObject({
      halfTonCount: 1,
      trucksRequested: 1,
      trucksRemaining: 1,
      onboardingStatus: ONBOARDING_STAGE.approved,
    });
    expect(await db.transportJob.findUnique({ where: { id: pickup.id } })).toBeNull();
    expect(await db.transportJob.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({
      formHistoryId: made.form.id,
    });
    expect(await db.reservation.findUniqueOrThrow({ where: { unitId: reserved.id } })).toMatchObject({
      formHistoryId: made.form.id,
      orderFormId: orderForm.id,
      tradeFormId: null,
    });
    expect((await db.auditLog.findFirstOrThrow({ where: { formHistoryId: made.form.id } })).changedData).toMatchObject({
      "Converted From": change("Converted From", "", "Trade off-rent editor"),
      "Pickup Jobs Without Carrier": change("Pickup Jobs Without Carrier", `Pickup ${made.kept.unitNumber}`, ""),
    });
    expect(await cardKeys("onboarding")).toContain(`form-${made.form.id}`);
    expect((await cardKeys("transport")).some((key) => key.startsWith(`jobs-${made.form.id}-pickup`))).toBe(false);
  });

  it("puts a unit the customer dropped off (OFF RENT) back ON RENT to them, with unit history from the Off Rent Board", async () => {
    const actor = await actorWith(db, ["offboarding"]);
    const made = await convertibleTrade(db, { keptStatus: "OFF RENT" });
    await db.unit.update({ where: { id: made.kept.id }, data: { subStatus: "Returned" } });

    const result = await convert("off", actor, convertBody("off", made));
    expect(result).toMatchObject({
      ok: true,
      lists: ["onboarding", "offboarding", "ar-open", "overview"],
    });
    expect(await db.unit.findUniqueOrThrow({ where: { id: made.kept.id }, include: { status: true } })).toMatchObject({
      status: { name: "ON RENT" },
      subStatus: null,
      companyId: made.company.id,
      statusChangedAt: NOW,
      overrideLate: false,
      overrideReason: null,
    });
    expect(await db.unitHistory.findMany({ where: { unitId: made.kept.id }, orderBy: { id: "asc" } })).toMatchObject([
      { statType: "STATUS", prevVal: "OFF RENT", newVal: "ON RENT", changedOn: NOW, changedFrom: "Off Rent Board" },
      { statType: "SUB_STATUS", prevVal: "Returned", newVal: null, changedFrom: "Off Rent Board" },
    ]);
    expect((await db.auditLog.findFirstOrThrow({ where: { formHistoryId: made.form.id } })).changedData).toMatchObject({
      "Unit Status": change("Unit Status", "OFF RENT", "ON RENT"),
    });
  });

  it("records a kept ON RENT unit's customer when none was on record", async () => {
    const made = await convertibleTrade(db);
    await db.unit.update({ where: { id: made.kept.id }, data: { companyId: null } });
    expect(await convert("off", await actorWith(db, ["offboarding"]), convertBody("off", made))).toMatchObject({
      ok: true,
    });
    expect(await db.unit.findUniqueOrThrow({ where: { id: made.kept.id } })).toMatchObject({
      companyId: made.company.id,
    });
    expect(await db.unitHistory.count({ where: { unitId: made.kept.id } })).toBe(0);
  });
});

describe("convertTrade refuses, writing nothing", () => {
  it("a malformed body: 400 with the spec's failure text and each field's message", async () => {
    const made = await convertibleTrade(db);
    const actor = await actorWith(db, ["onboarding"]);
    expect(
      await refusedWithoutWriting(() =>
        convert("on", actor, convertBody("on", made, { raEmail: "nope", FormHistoryID: "1e3" })),
      ),
    ).toEqual({
      ok: false,
      status: 400,
      message: "Failed to convert trade...",
      fieldErrors: { FormHistoryID: [M.chooseTrade], raEmail: ["RA Email must be a valid e-mail address."] },
    });
  });

  it("from the off side, counts that are not the trade's: 400 on each such count", async () => {
    const made = await convertibleTrade(db, { returning: 2 });
    const result = await refusedWithoutWriting(() =>
      convert("off", sideActors.off, convertBody("off", made, { HalfTonCountTrade: 1, OneTonFlatCountTrade: 1 })),
    );
    expect(result).toEqual({
      ok: false,
      status: 400,
      message: M.failed,
      fieldErrors: { HalfTonCountTrade: [M.offSideCounts], OneTonFlatCountTrade: [M.offSideCounts] },
    });
  });

  it("a kept unit that is not a returning fleet unit of the trade: 400 on convertVin", async () => {
    const made = await convertibleTrade(db);
    const elsewhere = await unit(db, "ON RENT", { companyId: made.company.id });
    expect(
      await refusedWithoutWriting(() =>
        convert("on", sideActors.on, convertBody("on", made, { convertVin: elsewhere.unitNumber })),
      ),
    ).toEqual({
      ok: false,
      status: 400,
      message: M.failed,
      fieldErrors: { convertVin: [`${elsewhere.unitNumber} is not a returning unit of this trade.`] },
    });
    await db.returningUnit.create({
      data: { formHistoryId: made.form.id, offRentFormId: made.offRentForm.id, unitNumber: "UPDATE", unitId: null },
    });
    expect(
      await refusedWithoutWriting(() =>
        convert("off", sideActors.off, convertBody("off", made, { convertVin: "update" })),
      ),
    ).toMatchObject({ status: 400, fieldErrors: { convertVin: [M.notInFleet("UPDATE")] } });
  });

  it("403 without the half's page, before looking the trade up", async () => {
    const made = await convertibleTrade(db);
    const forbidden = { ok: false, status: 403, message: "You do not have permission to convert this trade." };
    const offboarding = await actorWith(db, ["offboarding"]);
    const onboarding = await actorWith(db, ["onboarding"]);
    const transport = await actorWith(db, ["transport", "transport-edit"]);
    expect(await refusedWithoutWriting(() => convert("on", offboarding, convertBody("on", made)))).toEqual(forbidden);
    expect(await refusedWithoutWriting(() => convert("off", onboarding, convertBody("off", made)))).toEqual(forbidden);
    expect(await convert("on", transport, convertBody("on", made, { FormHistoryID: 999_999 }))).toEqual(forbidden);
  });

  it("404 for an unknown request, one that is not a trade, and ids that are not one trade's", async () => {
    const made = await convertibleTrade(db);
    const other = await convertibleTrade(db);
    const plain = await order(db);
    const notFound = { ok: false, status: 404, message: "That trade does not exist." };
    const all = await actorWith(db, ["restricted"]);
    for (const [side, body] of [
      ["on", convertBody("on", made, { FormHistoryID: 999_999 })],
      ["on", convertBody("on", made, { FormHistoryID: plain.form.id })],
      ["on", convertBody("on", made, { TradeFormID: other.tradeForm.id })],
      ["off", convertBody("off", made, { OffRentFormID: other.offRentForm.id })],
      ["off", convertBody("off", made, { FormHistoryID: other.form.id })],
    ] as const) {
      expect(await refusedWithoutWriting(() => convert(side, all, body))).toEqual(notFound);
    }
  });

  it("409 for a cancelled trade, and for one already converted", async () => {
    const made = await convertibleTrade(db);
    await db.formHistory.update({ where: { id: made.form.id }, data: { cancelledAt: NOW } });
    expect(await refusedWithoutWriting(() => convert("on", sideActors.on, convertBody("on", made)))).toEqual({
      ok: false,
      status: 409,
      message: "This trade has been cancelled.",
    });
    const converted = await convertibleTrade(db);
    expect(await convert("on", sideActors.on, convertBody("on", converted))).toMatchObject({ ok: true });
    expect(await refusedWithoutWriting(() => convert("off", sideActors.off, convertBody("off", converted)))).toEqual({
      ok: false,
      status: 409,
      message: "This trade has already been converted into an order.",
    });
  });

  it("409 with who changed what since a stale version, then converts at the current one", async () => {
    const made = await convertibleTrade(db);
    const editor = await actorWith(db, ["onboarding"]);
    await db.tradeForm.update({ where: { id: made.tradeForm.id }, data: { version: 2, poNumber: "PO-9" } });
    await db.auditLog.create({
      data: {
        entityType: "TradeForm",
        entityId: made.tradeForm.id,
        formHistoryId: made.form.id,
        action: "edit",
        changedData: { "PO Number": change("PO Number", "PO-TRADE", "PO-9") },
        userId: editor.user.id,
        version: 2,
      },
    });
    expect(await refusedWithoutWriting(() => convert("on", editor, convertBody("on", made)))).toEqual({
      ok: false,
      status: 409,
      message: "This trade changed after you opened it. Check the changes below, then convert again.",
      conflict: {
        currentVersion: 2,
        since: [
          {
            changedAt: expect.any(String),
            by: "Dana Driver",
            changes: [{ label: "PO Number", before: "PO-TRADE", after: "PO-9" }],
          },
        ],
      },
    });
    expect(await convert("on", editor, convertBody("on", made, { version: 2 }))).toMatchObject({ ok: true });
    // The order continues the trade's versions, its rows with them.
    expect(await db.orderForm.findUniqueOrThrow({ where: { formHistoryId: made.form.id } })).toMatchObject({
      version: 3,
    });
  });

  it("lets one of two simultaneous conversions win; the other answers 409 and writes nothing of its own", async () => {
    const made = await convertibleTrade(db, { returning: 2 });
    const results = await Promise.all([
      convert("on", sideActors.on, convertBody("on", made)),
      convert("off", sideActors.off, convertBody("off", made)),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toEqual([
      { ok: false, status: 409, message: expect.stringMatching(/changed meanwhile|already been converted/) },
    ]);
    expect(await db.orderForm.count({ where: { formHistoryId: made.form.id } })).toBe(1);
    expect(await db.auditLog.count({ where: { formHistoryId: made.form.id, action: "convert-trade" } })).toBe(1);
  });

  it("409 from the on side until the new trucks total one less than the returning units", async () => {
    const made = await convertibleTrade(db, { returning: 2 });
    expect(
      await refusedWithoutWriting(() =>
        convert("on", sideActors.on, convertBody("on", made, { HalfTonCountTrade: 2 })),
      ),
    ).toEqual({
      ok: false,
      status: 409,
      message: "The new trucks must total 1, one less than the 2 returning units, before the trade can be converted.",
    });
    expect(
      await refusedWithoutWriting(() =>
        convert("on", sideActors.on, convertBody("on", made, { HalfTonCountTrade: 0 })),
      ),
    ).toMatchObject({ status: 409, message: M.enablingRule(2) });
    expect(
      await convert("on", sideActors.on, convertBody("on", made, { HalfTonCountTrade: 0, OneTonFlatCountTrade: 1 })),
    ).toMatchObject({ ok: true });
    expect(await db.orderForm.findUniqueOrThrow({ where: { formHistoryId: made.form.id } })).toMatchObject({
      halfTonCount: 0,
      oneTonFlatCount: 1,
      trucksRequested: 1,
    });
  });

  it("409 once the return has begun: a unit picked up, a pickup done, the half Returned, a carrier on a pickup", async () => {
    const lineUp = await convertibleTrade(db, { returning: 2 });
    await db.returningUnit.update({
      where: { id: lineUp.lines[1]!.id },
      data: { statusId: RETURNING_UNIT_STATUS.pickedUp },
    });
    const doneJob = await convertibleTrade(db, { returning: 2 });
    const done = await job(db, doneJob.form.id, "PICKUP", doneJob.units[1]!.id, (await vendor(db)).id);
    await db.transportJob.update({ where: { id: done.id }, data: { completedAt: NOW } });
    const returned = await convertibleTrade(db);
    await db.offRentForm.update({
      where: { id: returned.offRentForm.id },
      data: { offboardingStatus: OFFBOARDING_STAGE.returned },
    });
    for (const made of [lineUp, doneJob, returned]) {
      expect(await refusedWithoutWriting(() => convert("off", sideActors.off, convertBody("off", made)))).toEqual({
        ok: false,
        status: 409,
        message: "Units of this trade have already been picked up, so its return can no longer be removed.",
      });
    }
    const booked = await convertibleTrade(db, { returning: 2 });
    await job(db, booked.form.id, "PICKUP", booked.units[1]!.id, (await vendor(db)).id);
    expect(await refusedWithoutWriting(() => convert("on", sideActors.on, convertBody("on", booked)))).toEqual({
      ok: false,
      status: 409,
      message:
        "A carrier is assigned to 1 pickup of this trade. Take the carrier off on the transport board before converting.",
    });
  });

  it("409 when the order would have fewer trucks than are reserved, on the way or delivered", async () => {
    const made = await convertibleTrade(db, { returning: 2, newTrucks: 2 });
    for (const status of ["NEW", "RE-RENT"]) {
      await db.reservation.create({
        data: { unitId: (await unit(db, status)).id, formHistoryId: made.form.id, tradeFormId: made.tradeForm.id },
      });
    }
    expect(await refusedWithoutWriting(() => convert("on", sideActors.on, convertBody("on", made)))).toEqual({
      ok: false,
      status: 409,
      message: "This trade already has 2 new trucks reserved, on the way or delivered: the order needs at least 2.",
    });
  });

  it("409 when the kept unit is no longer the customer's", async () => {
    const back = await convertibleTrade(db, { keptStatus: "ON LOT" });
    expect(await refusedWithoutWriting(() => convert("off", sideActors.off, convertBody("off", back)))).toEqual({
      ok: false,
      status: 409,
      message: `${back.kept.unitNumber} is no longer with the customer (ON LOT), so it cannot stay on rent.`,
    });
    const elsewhere = await convertibleTrade(db);
    const stranger = await order(db);
    await db.unit.update({ where: { id: elsewhere.kept.id }, data: { companyId: stranger.company.id } });
    expect(await refusedWithoutWriting(() => convert("off", sideActors.off, convertBody("off", elsewhere)))).toEqual({
      ok: false,
      status: 409,
      message: `${elsewhere.kept.unitNumber} is on rent to another customer.`,
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Integrity: every row that referenced the trade is moved to the order or deliberately removed.

type Target = "FormHistory" | "TradeForm" | "OffRentForm" | "OrderForm";
const TARGETS: readonly Target[] = ["FormHistory", "TradeForm", "OffRentForm", "OrderForm"];

interface RuntimeModel {
  dbName: string | null;
  fields: { name: string; kind: string; type: string; relationName?: string }[];
}

/** Prisma's runtime data model: every model with its fields and relations, as the generated client holds it. */
function dataModel(client: PrismaClient): Record<string, RuntimeModel> {
  return (client as unknown as { _runtimeDataModel: { models: Record<string, RuntimeModel> } })._runtimeDataModel
    .models;
}

/** One way a row can point at a record of a target model. */
type Reference =
  | { kind: "foreign key" | "plain column"; table: string; column: string; target: Target }
  | { kind: "entity pair"; table: string; typeColumn: string; idColumn: string };

/**
 * The references to the targets: every relation of the data model whose foreign key the referencing model
 * holds (its column read from the database's catalogue, which must agree with the data model both ways),
 * the plain id columns named after a target without a foreign key (AuditLog.formHistoryId), and the
 * (entityType, entityId) pairs that name any record (the audit log's).
 */
async function referencesToTargets(): Promise<Reference[]> {
  const models = dataModel(db);
  const tableOf = (model: string) => models[model]?.dbName ?? model;
  const foreignKeys = await db.$queryRaw<{ table: string; column: string; target: string }[]>`
    SELECT src.relname AS "table", att.attname AS "column", dst.relname AS target
      FROM pg_constraint con
      JOIN pg_class src ON src.oid = con.conrelid
      JOIN pg_class dst ON dst.oid = con.confrelid
      JOIN pg_namespace ns ON ns.oid = src.relnamespace AND ns.nspname = 'public'
      JOIN pg_attribute att ON att.attrelid = con.conrelid AND att.attnum = con.conkey[1]
     WHERE con.contype = 'f' AND cardinality(con.conkey) = 1`;
  const references: Reference[] = [];
  for (const [name, model] of Object.entries(models)) {
    const table = tableOf(name);
    for (const field of model.fields) {
      if (field.kind !== "object" || !(TARGETS as readonly string[]).includes(field.type)) continue;
      const held = foreignKeys.filter((key) => key.table === table && key.target === tableOf(field.type));
      const back = foreignKeys.some((key) => key.table === tableOf(field.type) && key.target === table);
      // The data model's relation must be a foreign key of the database, held on one side or the other.
      expect(held.length > 0 || back, `${name}.${field.name} has no foreign key`).toBe(true);
      for (const key of held) {
        const reference = { kind: "foreign key" as const, table, column: key.column, target: field.type as Target };
        if (!references.some((known) => JSON.stringify(known) === JSON.stringify(reference)))
          references.push(reference);
      }
    }
    const scalars = model.fields.filter((field) => field.kind === "scalar");
    for (const target of TARGETS) {
      const column = `${target[0]!.toLowerCase()}${target.slice(1)}Id`;
      const plain = scalars.some((field) => field.name === column);
      const keyed = foreignKeys.some((key) => key.table === table && key.column === column);
      if (plain && !keyed) references.push({ kind: "plain column", table, column, target });
    }
    if (scalars.some((field) => field.name === "entityType") && scalars.some((field) => field.name === "entityId")) {
      references.push({ kind: "entity pair", table, typeColumn: "entityType", idColumn: "entityId" });
    }
  }
  // Every foreign key of the database to a target is a relation of the data model.
  for (const key of foreignKeys.filter((entry) => (TARGETS as readonly string[]).includes(entry.target))) {
    expect(
      references.some(
        (known) => known.kind === "foreign key" && known.table === key.table && known.column === key.column,
      ),
      `${key.table}.${key.column} is not in the data model`,
    ).toBe(true);
  }
  return references;
}

type Row = Record<string, unknown> & { id: unknown };
const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Every row that references one of these records, keyed 'Table#id'. */
async function rowsReferencing(references: readonly Reference[], ids: Partial<Record<Target, number>>) {
  const rows = new Map<string, Row>();
  for (const reference of references) {
    for (const [target, id] of Object.entries(ids) as [Target, number][]) {
      const found =
        reference.kind === "entity pair"
          ? await db.$queryRawUnsafe<Row[]>(
              `SELECT * FROM ${quote(reference.table)} WHERE ${quote(reference.typeColumn)} = $1 AND ${quote(reference.idColumn)} = $2`,
              target,
              id,
            )
          : reference.target === target
            ? await db.$queryRawUnsafe<Row[]>(
                `SELECT * FROM ${quote(reference.table)} WHERE ${quote(reference.column)} = $1`,
                id,
              )
            : [];
      for (const row of found) rows.set(`${reference.table}#${String(row.id)}`, row);
    }
  }
  return rows;
}

async function exists(table: string, id: unknown): Promise<boolean> {
  const [row] = await db.$queryRawUnsafe<{ count: bigint }[]>(
    `SELECT count(*) AS count FROM ${quote(table)} WHERE id = $1`,
    id,
  );
  return Number(row!.count) === 1;
}

describe("a conversion's integrity", () => {
  it("walks every table that references the trade: each row moved to the order or deliberately removed", async () => {
    const references = await referencesToTargets();
    // The walk reaches what hangs off a trade today; a new table is walked without being named here.
    for (const table of ["Reservation", "TransportJob", "Note", "ReturningUnit", "AuditLog", "OffRentForm"]) {
      expect(references.map((reference) => reference.table)).toContain(table);
    }

    const actor = await actorWith(db, ["onboarding"]);
    const made = await attachEverything(db, await convertibleTrade(db, { returning: 3 }), actor.user.id);
    const ids = { FormHistory: made.form.id, TradeForm: made.tradeForm.id, OffRentForm: made.offRentForm.id };
    const before = await rowsReferencing(references, ids);
    // The fixture gives the walk rows in every kind of table that hangs off a trade.
    expect(new Set([...before.keys()].map((key) => key.split("#")[0]))).toEqual(
      new Set([
        "TradeForm",
        "OffRentForm",
        "ReturningUnit",
        "Reservation",
        "TransportJob",
        "Note",
        "AuditLog",
        "ArInvoice",
        "FormHistory",
      ]),
    );

    const result = await convert("on", actor, convertBody("on", made));
    expect(result).toEqual({
      ok: true,
      lists: ["onboarding", "offboarding", "transport", "shipping"],
      requests: [made.form.id],
      message: M.converted,
    });
    const orderForm = await db.orderForm.findUniqueOrThrow({ where: { formHistoryId: made.form.id } });
    const conversionRow = await db.auditLog.findFirstOrThrow({
      where: { formHistoryId: made.form.id, action: "convert-trade" },
    });

    // Nothing references the trade's halves any more, through any column or entity pair.
    expect([
      ...(await rowsReferencing(references, { TradeForm: made.tradeForm.id, OffRentForm: made.offRentForm.id })).keys(),
    ]).toEqual([]);

    // Every row that referenced the trade now hangs off the surviving order, or was removed on purpose:
    // the return half, its returning lines and the pickup no carrier had taken.
    const removed = new Set([
      `TradeForm#${made.tradeForm.id}`,
      `OffRentForm#${made.offRentForm.id}`,
      ...made.lines.map((line) => `ReturningUnit#${line.id}`),
      `TransportJob#${made.pickup.id}`,
    ]);
    const after = await rowsReferencing(references, { FormHistory: made.form.id, OrderForm: orderForm.id });
    for (const key of before.keys()) {
      const [table, id] = key.split("#") as [string, string];
      if (removed.has(key)) {
        expect(after.has(key), key).toBe(false);
        expect(await exists(table, before.get(key)!.id), `${key} is removed`).toBe(false);
      } else {
        expect(after.has(key), `${key} follows the order`).toBe(true);
        expect(id).toBe(String(after.get(key)!.id));
      }
    }
    // And nothing else hangs off it but the order itself and the conversion's audit row.
    expect([...after.keys()].filter((key) => !before.has(key)).sort()).toEqual(
      [`AuditLog#${conversionRow.id}`, `OrderForm#${orderForm.id}`].sort(),
    );

    // Nothing dangles: every plain column and entity pair of the order's rows names a record that exists.
    for (const [key, row] of after) {
      const table = key.split("#")[0]!;
      for (const reference of references.filter((entry) => entry.table === table)) {
        if (reference.kind === "plain column" && row[reference.column] !== null) {
          expect(await exists(reference.target, row[reference.column]), `${key}.${reference.column}`).toBe(true);
        }
        if (reference.kind === "entity pair" && (TARGETS as readonly unknown[]).includes(row[reference.typeColumn])) {
          expect(
            await exists(row[reference.typeColumn] as string, row[reference.idColumn]),
            `${key} names ${String(row[reference.typeColumn])} ${String(row[reference.idColumn])}`,
          ).toBe(true);
        }
      }
    }

    // How the moved rows follow: the reservation is the order's, the halves' audit rows are the order's
    // (the trade's with its versions, the return half's without), notes and jobs stay on the request.
    expect(await db.reservation.findUniqueOrThrow({ where: { id: made.reservation.id } })).toMatchObject({
      orderFormId: orderForm.id,
      tradeFormId: null,
      formHistoryId: made.form.id,
    });
    const [tradeRow, offRentRow, jobRow] = made.audit;
    expect(await db.auditLog.findUniqueOrThrow({ where: { id: tradeRow!.id } })).toMatchObject({
      entityType: "OrderForm",
      entityId: orderForm.id,
      version: 2,
      changedData: tradeRow!.changedData,
    });
    expect(await db.auditLog.findUniqueOrThrow({ where: { id: offRentRow!.id } })).toMatchObject({
      entityType: "OrderForm",
      entityId: orderForm.id,
      version: null,
      changedData: offRentRow!.changedData,
    });
    expect(await db.auditLog.findUniqueOrThrow({ where: { id: jobRow!.id } })).toEqual(jobRow);
    expect(conversionRow).toMatchObject({ entityType: "OrderForm", entityId: orderForm.id, version: 3 });
    expect(orderForm).toMatchObject({
      version: 3,
      trucksRequested: 2,
      trucksRemaining: 1,
      onboardingStatus: ONBOARDING_STAGE.inTransport,
    });
    for (const note of made.notes) {
      expect(await db.note.findUniqueOrThrow({ where: { id: note.id } })).toEqual(note);
    }
    expect(await db.formHistory.findUniqueOrThrow({ where: { id: made.split.id } })).toMatchObject({
      splitFromId: made.form.id,
    });
  });

  it("leaves everything as it was when the conversion fails midway", async () => {
    const actor = await actorWith(db, ["offboarding"]);
    const made = await attachEverything(
      db,
      await convertibleTrade(db, { returning: 2, newTrucks: 2, keptStatus: "OFF RENT" }),
      actor.user.id,
    );
    // The audit row is the conversion's last write: refusing it fails the conversion after every other.
    await db.$executeRawUnsafe(
      `CREATE FUNCTION trade_convert_test_failure() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN RAISE EXCEPTION 'the audit row cannot be written'; END $$`,
    );
    await db.$executeRawUnsafe(
      `CREATE TRIGGER trade_convert_test_failure BEFORE INSERT ON "AuditLog"
         FOR EACH ROW WHEN (NEW.action = 'convert-trade') EXECUTE FUNCTION trade_convert_test_failure()`,
    );
    try {
      const before = await databaseFingerprint();
      await expect(convert("off", actor, convertBody("off", made))).rejects.toThrow(/audit row cannot be written/);
      expect(await databaseFingerprint()).toBe(before);
    } finally {
      await db.$executeRawUnsafe(`DROP TRIGGER trade_convert_test_failure ON "AuditLog"`);
      await db.$executeRawUnsafe(`DROP FUNCTION trade_convert_test_failure()`);
    }
    // The same conversion, once it can finish, does it all.
    expect(await convert("off", actor, convertBody("off", made))).toMatchObject({ ok: true });
    expect(await db.tradeForm.findUnique({ where: { id: made.tradeForm.id } })).toBeNull();
    expect(await db.unit.findUniqueOrThrow({ where: { id: made.kept.id }, include: { status: true } })).toMatchObject({
      status: { name: "ON RENT" },
    });
  });
});
