// editTradeOffOrder (the off-rent edit's steps) against the worker's database: the
// exact state of both halves after a save (fields, lines, counts, versions, one audit row per record), the
// lists it reports, and every refusal with its message and nothing written.
import { beforeAll, describe, expect, it } from "vitest";
import { editOffRentOrder } from "~/modules/orders/off-rent-edit.server.ts";
import { editTradeOffOrder } from "~/modules/orders/trade-off-edit.server.ts";
import { OFF_RENT_EDIT_MESSAGES } from "~/rules/orders/off-rent-edit/messages.ts";
import { OFFBOARDING_STAGE, ONBOARDING_STAGE, RETURNING_UNIT_STATUS } from "~/rules/orders/order-stages.ts";
import { TRADE_OFF_EDIT_MESSAGES as M, usedOrCompletedMessage } from "~/rules/orders/trade-off-edit.ts";
import { TRADE_ON_EDIT_MESSAGES } from "~/rules/orders/trade-on-edit.ts";
import { createTestPrisma } from "../../support/database.ts";
import { databaseFingerprint } from "../../support/property.ts";
import { company, vendor } from "../../support/factories/companies.ts";
import { bodyOf as offRentBodyOf, editableOffRent } from "../../support/factories/off-rent-edit.ts";
import { job } from "../../support/factories/requests.ts";
import {
  completedLine,
  donePickup,
  editableTradeReturn,
  newRow,
  rowOf,
  tradeOffBodyOf,
} from "../../support/factories/trade-off-edit.ts";
import { ensureStatuses, unit } from "../../support/factories/units.ts";
import { actorWith } from "../../support/factories/users.ts";

const db = createTestPrisma();

beforeAll(async () => {
  await ensureStatuses(db);
});

const SAVED = OFF_RENT_EDIT_MESSAGES.saved;

const auditOf = (entityType: "OffRentForm" | "TradeForm", entityId: number) =>
  db.auditLog.findMany({ where: { entityType, entityId }, orderBy: { id: "asc" } });
const linesOf = (offRentFormId: number) =>
  db.returningUnit.findMany({
    where: { offRentFormId },
    orderBy: { id: "asc" },
    select: { unitNumber: true, unitId: true, odometer: true, statusId: true },
  });

/** Runs a refused edit and checks that it wrote nothing. */
async function refused(actor: Awaited<ReturnType<typeof actorWith>>, body: unknown) {
  const before = await databaseFingerprint();
  const result = await editTradeOffOrder(db, actor, body);
  expect(result.ok).toBe(false);
  expect(await databaseFingerprint()).toBe(before);
  return result;
}

/**
 * A trade returning one unit still at the customer and one completed (picked up, its pickup done by a
 * carrier), with the counts a carrier-held pickup leaves: one truck remaining on each half.
 */
async function tradeWithCompletedUnit(options: { offStage?: number } = {}) {
  let done: { id: number; unitNumber: string } | null = null;
  const trade = await editableTradeReturn(db, {
    offStage: options.offStage ?? OFFBOARDING_STAGE.pickupScheduled,
    lines: async (companyId) => {
      const completed = await completedLine(db);
      done = completed.unit;
      return [{ unit: await unit(db, "ON RENT", { companyId }) }, completed];
    },
  });
  await donePickup(db, trade.form.id, done!.id);
  const offRentForm = await db.offRentForm.update({
    where: { id: trade.offRentForm.id },
    data: { trucksRemaining: 1 },
  });
  const tradeForm = await db.tradeForm.update({
    where: { id: trade.tradeForm.id },
    data: { returnTrucksRemaining: 1 },
  });
  return { ...trade, offRentForm, tradeForm, done: done! };
}

describe("editTradeOffOrder: saving", () => {
  it("writes the changed fields and units to the return half and its copy to the trade, with one audit row each", async () => {
    const actor = await actorWith(db, ["offboarding"]);
    const { company: owner, form, tradeForm, offRentForm, lines } = await editableTradeReturn(db, { count: 2 });
    const extra = await unit(db, "ON RENT", { companyId: owner.id });
    const body = tradeOffBodyOf(tradeForm, offRentForm, lines, {
      compNameTrade: "Acme Paving",
      pickupDate: "2026-12-05",
      pickupCity: "Round Rock",
      pickupPhoneAlt: "5124567890",
      returningVins: [...lines.map(rowOf), newRow(extra.unitNumber.toLowerCase(), "004321")],
    });

    expect(await editTradeOffOrder(db, actor, body)).toEqual({
      ok: true,
      lists: ["offboarding", "onboarding"],
      requests: [form.id],
      message: SAVED,
    });

    expect(await db.offRentForm.findUniqueOrThrow({ where: { id: offRentForm.id } })).toMatchObject({
      companyName: "Acme Paving",
      pickupDate: new Date("2026-12-05T00:00:00Z"),
      pickupCity: "Round Rock",
      pickupAltPhone: "(512) 456-7890",
      pickupName: "Pat Jones",
      numTrucksReturning: 3,
      trucksRemaining: 3,
      offboardingStatus: OFFBOARDING_STAGE.approved,
      version: 2,
    });
    expect(await db.tradeForm.findUniqueOrThrow({ where: { id: tradeForm.id } })).toMatchObject({
      corporateNameTrade: "Acme Paving",
      pickupDate: new Date("2026-12-05T00:00:00Z"),
      pickupCity: "Round Rock",
      pickupAltPhone: "(512) 456-7890",
      numTrucksReturning: 3,
      returnTrucksRemaining: 3,
      halfTonCountTrade: 2,
      newTrucksRemaining: 2,
      onboardingStatus: ONBOARDING_STAGE.approved,
      version: 2,
    });
    expect(await linesOf(offRentForm.id)).toEqual([
      ...lines.map((line) => ({
        unitNumber: line.unitNumber,
        unitId: line.unitId,
        odometer: 1000,
        statusId: RETURNING_UNIT_STATUS.awaitingPickup,
      })),
      {
        unitNumber: extra.unitNumber,
        unitId: extra.id,
        odometer: 4321,
        statusId: RETURNING_UNIT_STATUS.awaitingPickup,
      },
    ]);
    const added = `Added Unit 1: none!Added Unit 1: ${extra.unitNumber} (odometer 4321)`;
    expect((await auditOf("OffRentForm", offRentForm.id)).map((row) => [row.version, row.changedData])).toEqual([
      [
        2,
        {
          "Company Name": `Company Name: ${offRentForm.companyName}!Company Name: Acme Paving`,
          "Pickup Date": "Pickup Date: 2026-12-01!Pickup Date: 2026-12-05",
          "Pickup Alt Phone": "Pickup Alt Phone: !Pickup Alt Phone: (512) 456-7890",
          "Pickup City": "Pickup City: Austin!Pickup City: Round Rock",
          "Added Unit 1": added,
          "Trucks Returning": "Trucks Returning: 2!Trucks Returning: 3",
          "Trucks Remaining": "Trucks Remaining: 2!Trucks Remaining: 3",
        },
      ],
    ]);
    expect(await auditOf("TradeForm", tradeForm.id)).toMatchObject([
      {
        formHistoryId: form.id,
        action: "edit",
        userId: actor.user.id,
        impersonatorId: null,
        version: 2,
        changedData: {
          "Corporate Name": `Corporate Name: ${tradeForm.corporateNameTrade}!Corporate Name: Acme Paving`,
          "Pickup Date": "Pickup Date: 2026-12-01!Pickup Date: 2026-12-05",
          "Pickup Alt Phone": "Pickup Alt Phone: !Pickup Alt Phone: (512) 456-7890",
          "Pickup City": "Pickup City: Austin!Pickup City: Round Rock",
          "Trucks Returning": "Trucks Returning: 2!Trucks Returning: 3",
          "Return Trucks Remaining": "Return Trucks Remaining: 2!Return Trucks Remaining: 3",
          "Added Unit 1": added,
        },
      },
    ]);
    const [tradeEntry] = await auditOf("TradeForm", tradeForm.id);
    expect(Object.keys(tradeEntry!.changedData as object)).toHaveLength(7);
  });

  it("renames a unit, changes an odometer and removes a unit, each in the history, with both halves' counts", async () => {
    const actor = await actorWith(db, ["restricted"]);
    const { company: owner, tradeForm, offRentForm, lines } = await editableTradeReturn(db, { count: 3 });
    const replacement = await unit(db, "ON RENT", { companyId: owner.id });
    const [first, second, third] = lines.map((line) => line.unitNumber) as [string, string, string];
    const body = tradeOffBodyOf(tradeForm, offRentForm, lines, {
      returningVins: [
        { ...rowOf(lines[0]!), vin: replacement.unitNumber },
        { ...rowOf(lines[1]!), odometer: "1500" },
      ],
      deletedVins: [rowOf(lines[2]!)],
    });
    expect(await editTradeOffOrder(db, actor, body)).toMatchObject({ ok: true, lists: ["offboarding", "onboarding"] });

    expect(await linesOf(offRentForm.id)).toEqual([
      {
        unitNumber: replacement.unitNumber,
        unitId: replacement.id,
        odometer: 1000,
        statusId: RETURNING_UNIT_STATUS.awaitingPickup,
      },
      { unitNumber: second, unitId: lines[1]!.unitId, odometer: 1500, statusId: RETURNING_UNIT_STATUS.awaitingPickup },
    ]);
    const unitChanges = {
      [`Unit ${first}`]: `Unit ${first}: ${first}!Unit ${first}: ${replacement.unitNumber}`,
      [`Unit ${second} Odometer`]: `Unit ${second} Odometer: 1000!Unit ${second} Odometer: 1500`,
      [`Unit ${third}`]: `Unit ${third}: ${third}!Unit ${third}: removed`,
    };
    expect((await auditOf("OffRentForm", offRentForm.id)).map((row) => row.changedData)).toEqual([
      {
        ...unitChanges,
        "Trucks Returning": "Trucks Returning: 3!Trucks Returning: 2",
        "Trucks Remaining": "Trucks Remaining: 3!Trucks Remaining: 2",
      },
    ]);
    expect((await auditOf("TradeForm", tradeForm.id)).map((row) => row.changedData)).toEqual([
      {
        ...unitChanges,
        "Trucks Returning": "Trucks Returning: 3!Trucks Returning: 2",
        "Return Trucks Remaining": "Return Trucks Remaining: 3!Return Trucks Remaining: 2",
      },
    ]);
    expect(await db.tradeForm.findUniqueOrThrow({ where: { id: tradeForm.id } })).toMatchObject({
      numTrucksReturning: 2,
      returnTrucksRemaining: 2,
      version: 2,
    });
    // The odometers the return half recorded anew are the saver's RETURN readings for the trade.
    const readings = await db.odometerReading.findMany({
      where: { unitId: { in: [replacement.id, ...lines.map((line) => line.unitId!)] } },
      orderBy: { id: "asc" },
    });
    expect(
      readings.map(({ unitId, reading, source, recordedById, formHistoryId }) => ({
        unitId,
        reading,
        source,
        recordedById,
        formHistoryId,
      })),
    ).toEqual([
      {
        unitId: replacement.id,
        reading: 1000,
        source: "RETURN",
        recordedById: actor.user.id,
        formHistoryId: offRentForm.formHistoryId,
      },
      {
        unitId: lines[1]!.unitId,
        reading: 1500,
        source: "RETURN",
        recordedById: actor.user.id,
        formHistoryId: offRentForm.formHistoryId,
      },
    ]);
  });

  it("leaves the trade alone when only the return half's own lines change (an odometer), and then reports offboarding only", async () => {
    const actor = await actorWith(db, ["offboarding"]);
    const { tradeForm, offRentForm, lines } = await editableTradeReturn(db, { onStage: ONBOARDING_STAGE.delivered });
    const body = tradeOffBodyOf(tradeForm, offRentForm, lines, {
      returningVins: [{ ...rowOf(lines[0]!), odometer: 2000 }, rowOf(lines[1]!)],
    });
    expect(await editTradeOffOrder(db, actor, body)).toMatchObject({ ok: true, lists: ["offboarding"] });
    expect(await db.tradeForm.findUniqueOrThrow({ where: { id: tradeForm.id } })).toMatchObject({ version: 1 });
    expect(await auditOf("TradeForm", tradeForm.id)).toEqual([]);
    expect((await db.offRentForm.findUniqueOrThrow({ where: { id: offRentForm.id } })).version).toBe(2);
  });

  it("answers 'Nothing changed.' for an unchanged body, writing nothing", async () => {
    const actor = await actorWith(db, ["offboarding"]);
    const { tradeForm, offRentForm, lines } = await editableTradeReturn(db);
    const before = await databaseFingerprint();
    expect(
      await editTradeOffOrder(
        db,
        actor,
        tradeOffBodyOf(tradeForm, offRentForm, lines, { pickupState: "tx", compCode: Number(offRentForm.companyCode) }),
      ),
    ).toEqual({ ok: true, lists: [], message: OFF_RENT_EDIT_MESSAGES.nothingChanged });
    expect(await databaseFingerprint()).toBe(before);
  });

  it("keeps completed units the body leaves out, skips the rows' required check, and stores a blank zip on the return half only", async () => {
    const actor = await actorWith(db, ["offboarding"]);
    const { tradeForm, offRentForm, lines } = await tradeWithCompletedUnit();
    const body = tradeOffBodyOf(tradeForm, offRentForm, lines, {
      pickupZip: "",
      returningVins: [{ ...rowOf(lines[0]!), odometer: "" }],
    });
    expect(await editTradeOffOrder(db, actor, body)).toMatchObject({ ok: true, lists: ["offboarding"] });
    expect(await linesOf(offRentForm.id)).toEqual(
      lines.map((line) => ({
        unitNumber: line.unitNumber,
        unitId: line.unitId,
        odometer: 1000,
        statusId: line.statusId,
      })),
    );
    expect(await db.offRentForm.findUniqueOrThrow({ where: { id: offRentForm.id } })).toMatchObject({
      pickupZip: null,
      numTrucksReturning: 2,
      trucksRemaining: 1,
      offboardingStatus: OFFBOARDING_STAGE.pickupScheduled,
      version: 2,
    });
    expect((await auditOf("OffRentForm", offRentForm.id)).map((row) => row.changedData)).toEqual([
      { "Pickup Zip": "Pickup Zip: 78701!Pickup Zip: " },
    ]);
    // The trade's zip cannot be blank (its on-rent edit requires one): it keeps its own.
    expect(await db.tradeForm.findUniqueOrThrow({ where: { id: tradeForm.id } })).toMatchObject({
      pickupZip: "78701",
      version: 1,
    });
  });

  it("moves the trade to another customer on both halves and the request, reporting transport and shipping", async () => {
    const actor = await actorWith(db, ["offboarding"]);
    const { form, tradeForm, offRentForm, lines } = await editableTradeReturn(db, {
      offStage: OFFBOARDING_STAGE.pickupScheduled,
    });
    await job(db, form.id, "PICKUP", lines[0]!.unitId, (await vendor(db)).id);
    const other = await company(db);
    const body = tradeOffBodyOf(tradeForm, offRentForm, lines, {
      compCode: other.code,
      submittedBy: "Lee Park",
      pickupDate: "2026-12-09",
      returningVins: lines.map((line, index) => ({
        ...rowOf(line),
        assignedStatus: index === 0 ? "assigned" : "unassigned",
      })),
    });
    expect(await editTradeOffOrder(db, actor, body)).toMatchObject({
      ok: true,
      // No line is picked up yet (the customer could not change otherwise): AR off rent shows none of them.
      lists: ["offboarding", "transport", "shipping", "onboarding"],
    });
    expect(await db.formHistory.findUniqueOrThrow({ where: { id: form.id } })).toMatchObject({
      companyId: other.id,
      submitteeName: "Lee Park",
    });
    expect(await db.offRentForm.findUniqueOrThrow({ where: { id: offRentForm.id } })).toMatchObject({
      companyCode: other.code,
      submittedBy: "Lee Park",
    });
    expect(await db.tradeForm.findUniqueOrThrow({ where: { id: tradeForm.id } })).toMatchObject({
      companyCode: other.code,
      submitteeName: "Lee Park",
      pickupDate: new Date("2026-12-09T00:00:00Z"),
    });
  });

  it("keeps the customer once a returning unit was picked up or a new truck delivered (409), as the on-rent half does", async () => {
    const actor = await actorWith(db, ["offboarding"]);
    const other = await company(db);
    const pickedUp = await tradeWithCompletedUnit();
    const afterPickup = await refused(
      actor,
      tradeOffBodyOf(pickedUp.tradeForm, pickedUp.offRentForm, pickedUp.lines, { compCode: other.code }),
    );
    expect(afterPickup).toMatchObject({ status: 409, message: TRADE_ON_EDIT_MESSAGES.companyAfterDelivery });

    const delivered = await editableTradeReturn(db);
    const delivery = await job(
      db,
      delivered.form.id,
      "DELIVERY",
      (await unit(db, "ON RENT")).id,
      (await vendor(db)).id,
    );
    await db.transportJob.update({ where: { id: delivery.id }, data: { completedAt: new Date() } });
    const afterDelivery = await refused(
      actor,
      tradeOffBodyOf(delivered.tradeForm, delivered.offRentForm, delivered.lines, { compCode: other.code }),
    );
    expect(afterDelivery).toMatchObject({ status: 409, message: TRADE_ON_EDIT_MESSAGES.companyAfterDelivery });
  });

  it("reports transport and shipping for the new trucks' delivery jobs, which show the trade's date", async () => {
    const actor = await actorWith(db, ["offboarding"]);
    const { form, tradeForm, offRentForm, lines } = await editableTradeReturn(db);
    await job(db, form.id, "DELIVERY", null, (await vendor(db)).id);
    expect(
      await editTradeOffOrder(db, actor, tradeOffBodyOf(tradeForm, offRentForm, lines, { pickupDate: "2026-12-11" })),
    ).toMatchObject({ ok: true, lists: ["offboarding", "onboarding", "transport", "shipping"] });
  });
});

describe("editTradeOffOrder: refusals (nothing written)", () => {
  it("answers 400 with field messages for a bad body: the company code first, then '*All fields must be filled please...'", async () => {
    const actor = await actorWith(db, ["offboarding"]);
    const { tradeForm, offRentForm, lines } = await editableTradeReturn(db);
    expect(
      await refused(actor, tradeOffBodyOf(tradeForm, offRentForm, lines, { compCode: " ", pickupName: "" })),
    ).toEqual({
      ok: false,
      status: 400,
      message: M.companyCodeRequired,
      fieldErrors: { compCode: [M.companyCodeRequired], pickupName: [M.allFieldsRequired] },
    });
    expect(await refused(actor, tradeOffBodyOf(tradeForm, offRentForm, lines, { compNameTrade: "  " }))).toEqual({
      ok: false,
      status: 400,
      message: M.allFieldsRequired,
      fieldErrors: { compNameTrade: [M.allFieldsRequired] },
    });
    expect(await refused(actor, tradeOffBodyOf(tradeForm, offRentForm, lines, { TradeFormID: undefined }))).toEqual({
      ok: false,
      status: 400,
      message: M.chooseTrade,
      fieldErrors: { TradeFormID: [M.chooseTrade] },
    });
    expect(await refused(actor, "nope")).toMatchObject({ status: 400 });
  });

  it("answers 403 without the Off Rent permission (or all access)", async () => {
    const { tradeForm, offRentForm, lines } = await editableTradeReturn(db);
    const body = tradeOffBodyOf(tradeForm, offRentForm, lines, { pickupCity: "Waco" });
    for (const permissions of [["transport", "onboarding"], ["offboarding-approve"]] as const) {
      expect(await refused(await actorWith(db, [...permissions]), body)).toEqual({
        ok: false,
        status: 403,
        message: OFF_RENT_EDIT_MESSAGES.forbidden,
      });
    }
  });

  it("answers 404 for an unknown request, a request that is not a trade, and ids of another trade's halves", async () => {
    const actor = await actorWith(db, ["offboarding"]);
    const { tradeForm, offRentForm, lines } = await editableTradeReturn(db);
    const other = await editableTradeReturn(db);
    const offRent = await editableOffRent(db);
    const notFound = { ok: false, status: 404, message: M.notFound };
    const body = (overrides: Record<string, unknown>) =>
      tradeOffBodyOf(tradeForm, offRentForm, lines, { pickupCity: "Waco", ...overrides });
    expect(await refused(actor, body({ FormHistoryID: 999_999 }))).toEqual(notFound);
    expect(
      await refused(
        actor,
        body({ FormHistoryID: offRent.form.id, OffRentFormID: offRent.offRentForm.id, TradeFormID: tradeForm.id }),
      ),
    ).toEqual(notFound);
    expect(await refused(actor, body({ TradeFormID: other.tradeForm.id }))).toEqual(notFound);
    expect(await refused(actor, body({ OffRentFormID: other.offRentForm.id }))).toEqual(notFound);
  });

  it("answers 409 for a cancelled trade and for a return that is complete", async () => {
    const actor = await actorWith(db, ["offboarding"]);
    const cancelled = await editableTradeReturn(db, { cancelled: true });
    expect(
      await refused(
        actor,
        tradeOffBodyOf(cancelled.tradeForm, cancelled.offRentForm, cancelled.lines, { pickupCity: "Waco" }),
      ),
    ).toEqual({ ok: false, status: 409, message: M.cancelled });
    const returned = await editableTradeReturn(db, { offStage: OFFBOARDING_STAGE.returned });
    expect(
      await refused(
        actor,
        tradeOffBodyOf(returned.tradeForm, returned.offRentForm, returned.lines, { pickupCity: "Waco" }),
      ),
    ).toEqual({ ok: false, status: 409, message: M.returned });
  });

  it("answers 409 with who changed what since, for an edit made from an older version", async () => {
    const actor = await actorWith(db, ["offboarding"]);
    const { tradeForm, offRentForm, lines } = await editableTradeReturn(db);
    expect(
      await editTradeOffOrder(db, actor, tradeOffBodyOf(tradeForm, offRentForm, lines, { pickupZip: "78702" })),
    ).toMatchObject({ ok: true });
    expect(await refused(actor, tradeOffBodyOf(tradeForm, offRentForm, lines, { pickupCity: "Waco" }))).toMatchObject({
      status: 409,
      message: OFF_RENT_EDIT_MESSAGES.versionConflict,
      conflict: {
        currentVersion: 2,
        since: [{ by: "Dana Driver", changes: [{ label: "Pickup Zip", before: "78701", after: "78702" }] }],
      },
    });
  });

  it("rolls the whole save back (409) when the trade itself changed after it was read", async () => {
    const actor = await actorWith(db, ["offboarding"]);
    const { company: owner, tradeForm, offRentForm, lines } = await editableTradeReturn(db);
    const extra = await unit(db, "ON RENT", { companyId: owner.id });
    // The trade on-rent edit saves between this edit's reads and its transaction.
    const racing = new Proxy(db, {
      get(target, property, receiver) {
        if (property !== "$transaction") return Reflect.get(target, property, receiver) as unknown;
        return async (work: Parameters<typeof db.$transaction>[0]) => {
          await db.tradeForm.update({ where: { id: tradeForm.id }, data: { poNumber: "PO-1", version: 2 } });
          return target.$transaction(work);
        };
      },
    });
    const body = tradeOffBodyOf(tradeForm, offRentForm, lines, {
      pickupCity: "Waco",
      returningVins: [...lines.map(rowOf), newRow(extra.unitNumber, "5")],
    });
    expect(await editTradeOffOrder(racing, actor, body)).toEqual({
      ok: false,
      status: 409,
      message: M.changedMeanwhile,
    });
    expect(await db.offRentForm.findUniqueOrThrow({ where: { id: offRentForm.id } })).toMatchObject({
      pickupCity: "Austin",
      numTrucksReturning: 2,
      version: 1,
    });
    expect(await db.tradeForm.findUniqueOrThrow({ where: { id: tradeForm.id } })).toMatchObject({
      pickupCity: "Austin",
      poNumber: "PO-1",
      version: 2,
    });
    expect(await linesOf(offRentForm.id)).toHaveLength(2);
    expect(await db.auditLog.count({ where: { formHistoryId: offRentForm.formHistoryId } })).toBe(0);
  });

  it("refuses a unit used twice: 'Cannot use duplicate vins. {unit} has already been used or completed on this order.'", async () => {
    const actor = await actorWith(db, ["offboarding"]);
    const { tradeForm, offRentForm, lines } = await editableTradeReturn(db);
    const vin = lines[0]!.unitNumber;
    expect(
      await refused(
        actor,
        tradeOffBodyOf(tradeForm, offRentForm, lines, { returningVins: [...lines.map(rowOf), newRow(vin, "5")] }),
      ),
    ).toEqual({
      ok: false,
      status: 400,
      message: usedOrCompletedMessage(vin),
      fieldErrors: {
        returningVins: [M.duplicateVinsInline],
        "returningVins.0.vin": [M.duplicateVinsInline],
        "returningVins.2.vin": [M.duplicateVinsInline],
      },
    });
  });

  it("refuses a completed unit entered again, whether the body lists the completed line or leaves it out", async () => {
    const actor = await actorWith(db, ["offboarding"]);
    const { tradeForm, offRentForm, lines, done } = await tradeWithCompletedUnit();
    const refusal = (row: number) => ({
      ok: false,
      status: 400,
      message: usedOrCompletedMessage(done.unitNumber),
      fieldErrors: { returningVins: [M.duplicateVinsInline], [`returningVins.${row}.vin`]: [M.duplicateVinsInline] },
    });
    const typedAgain = newRow(done.unitNumber.toLowerCase(), "10");
    expect(
      await refused(
        actor,
        tradeOffBodyOf(tradeForm, offRentForm, lines, { returningVins: [rowOf(lines[0]!), typedAgain] }),
      ),
    ).toEqual(refusal(1));
    const listed = await refused(
      actor,
      tradeOffBodyOf(tradeForm, offRentForm, lines, { returningVins: [...lines.map(rowOf), typedAgain] }),
    );
    expect(listed).toMatchObject({ status: 400, message: usedOrCompletedMessage(done.unitNumber) });
    expect(listed.ok === false && listed.fieldErrors).toEqual({
      ...refusal(2).fieldErrors,
      "returningVins.1.vin": [M.duplicateVinsInline],
    });
  });

  it("requires every row's unit number and odometer while every truck is still outstanding", async () => {
    const actor = await actorWith(db, ["offboarding"]);
    const { tradeForm, offRentForm, lines } = await editableTradeReturn(db);
    expect(
      await refused(
        actor,
        tradeOffBodyOf(tradeForm, offRentForm, lines, {
          returningVins: [
            { ...rowOf(lines[0]!), odometer: "" },
            { ...rowOf(lines[1]!), vin: " " },
          ],
        }),
      ),
    ).toEqual({
      ok: false,
      status: 400,
      message: M.allFieldsRequired,
      fieldErrors: { "returningVins.0.odometer": [M.allFieldsRequired], "returningVins.1.vin": [M.allFieldsRequired] },
    });
  });

  it("tests every edited unit again: 'All edited vins must be tested and valid' (400)", async () => {
    const actor = await actorWith(db, ["offboarding"]);
    const { tradeForm, offRentForm, lines } = await editableTradeReturn(db);
    const elsewhere = await unit(db, "ON RENT", { companyId: (await company(db)).id });
    expect(
      await refused(
        actor,
        tradeOffBodyOf(tradeForm, offRentForm, lines, {
          returningVins: [...lines.map(rowOf), newRow("NOPE1", "5"), newRow(elsewhere.unitNumber, "5")],
        }),
      ),
    ).toEqual({
      ok: false,
      status: 400,
      message: M.editedVinsInvalid,
      fieldErrors: {
        returningVins: [M.editedVinsInvalid],
        "returningVins.2.vin": ["INVALID UNIT NUMBER"],
        "returningVins.3.vin": ["INVALID UNIT NUMBER"],
      },
    });
  });

  it("refuses to remove or change a completed unit (409)", async () => {
    const actor = await actorWith(db, ["offboarding"]);
    const { tradeForm, offRentForm, lines, done } = await tradeWithCompletedUnit();
    expect(
      await refused(
        actor,
        tradeOffBodyOf(tradeForm, offRentForm, lines, {
          returningVins: [rowOf(lines[0]!)],
          deletedVins: [rowOf(lines[1]!)],
        }),
      ),
    ).toEqual({ ok: false, status: 409, message: `Unit ${done.unitNumber} cannot be removed: Carrier Assigned.` });
    expect(
      await refused(
        actor,
        tradeOffBodyOf(tradeForm, offRentForm, lines, {
          returningVins: [rowOf(lines[0]!), { ...rowOf(lines[1]!), odometer: "99" }],
        }),
      ),
    ).toMatchObject({ status: 409, message: `Unit ${done.unitNumber} cannot be changed: Carrier Assigned.` });
  });

  it("the off-rent edit still refuses a trade's return half, sending it here", async () => {
    const actor = await actorWith(db, ["offboarding"]);
    const { offRentForm, lines } = await editableTradeReturn(db);
    const before = await databaseFingerprint();
    expect(await editOffRentOrder(db, actor, offRentBodyOf(offRentForm, lines, { pickupCity: "Waco" }))).toEqual({
      ok: false,
      status: 409,
      message: OFF_RENT_EDIT_MESSAGES.trade,
    });
    expect(await databaseFingerprint()).toBe(before);
  });
});
