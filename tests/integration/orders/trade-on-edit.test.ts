// Editing a trade's on-rent half: editTradeOnOrder and readTradeOnOrder against the worker's own
// database — what a save writes on both halves (fields, lines, counts, audit rows, versions), which lists
// it reports, and every refusal, each writing nothing.
import { beforeAll, describe, expect, it } from "vitest";
import { editTradeOnOrder, readTradeOnOrder } from "~/modules/orders/trade-on-edit.server.ts";
import type { PermissionName } from "~/rules/access/permissions.ts";
import { FORBIDDEN_MESSAGE } from "~/rules/dialogs/operation-result.ts";
import { OFFBOARDING_STAGE, ONBOARDING_STAGE, RETURNING_UNIT_STATUS } from "~/rules/orders/order-stages.ts";
import { TRADE_ON_EDIT_MESSAGES } from "~/rules/orders/trade-on-edit.ts";
import { createTestPrisma } from "../../support/database.ts";
import { databaseFingerprint } from "../../support/property.ts";
import { company, unusedCompanyCode, vendor } from "../../support/factories/companies.ts";
import { editableOffRent } from "../../support/factories/off-rent-edit.ts";
import { editableOrder } from "../../support/factories/on-rent-edit.ts";
import { job } from "../../support/factories/requests.ts";
import { bodyOf, editableTrade, newRow, rowOf, SEPARATE_DELIVERY } from "../../support/factories/trade-on-edit.ts";
import { ensureStatuses, unit } from "../../support/factories/units.ts";
import { actorWith } from "../../support/factories/users.ts";

const db = createTestPrisma();

beforeAll(async () => {
  await ensureStatuses(db);
});

type Actor = Awaited<ReturnType<typeof actorWith>>;
const editor = (permissions: PermissionName[] = ["onboarding"]) => actorWith(db, permissions);
const edit = (actor: Actor, body: unknown) => editTradeOnOrder(db, actor, body);

const auditRows = (entityType: string, entityId: number) =>
  db.auditLog.findMany({ where: { entityType, entityId }, orderBy: { id: "asc" } });

/** The trade's two halves and lines as stored now. */
async function storedTrade(trade: Awaited<ReturnType<typeof editableTrade>>) {
  const [tradeForm, offRentForm, lines] = await Promise.all([
    db.tradeForm.findUniqueOrThrow({ where: { id: trade.tradeForm.id } }),
    db.offRentForm.findUniqueOrThrow({ where: { id: trade.offRentForm.id } }),
    db.returningUnit.findMany({ where: { offRentFormId: trade.offRentForm.id }, orderBy: { id: "asc" } }),
  ]);
  return { tradeForm, offRentForm, lines };
}

describe("editTradeOnOrder: saving", () => {
  it("writes only the changed TradeForm fields, bumps its version and records one audit row", async () => {
    const trade = await editableTrade(db);
    const actor = await editor();
    const result = await edit(
      actor,
      bodyOf(trade.tradeForm, trade.lines, {
        PONumber: "PO-7781",
        DamageWaiverID: 4,
        SecondKeyTrade: true,
        ConfirmReturnReady: "true",
        useCity: "Burnet",
        raPhone: "5124567890",
        dateReadyForPickup: "2026-11-28",
        CompanyCode: Number(trade.tradeForm.companyCode),
      }),
    );
    expect(result).toEqual({ ok: true, lists: ["onboarding"], requests: [trade.form.id], message: "Trade saved." });

    const after = await storedTrade(trade);
    expect(after.tradeForm).toMatchObject({
      version: 2,
      poNumber: "PO-7781",
      damageWaiverId: 4,
      secondKeyTrade: true,
      confirmReturnReady: true,
      useCity: "Burnet",
      raPhone: "(512) 456-7890",
      dateReadyForPickup: new Date("2026-11-28T00:00:00Z"),
    });
    const pick = ({
      version: _v,
      updatedAt: _u,
      poNumber: _p,
      damageWaiverId: _d,
      secondKeyTrade: _s,
      ...rest
    }: typeof after.tradeForm) => {
      const { confirmReturnReady: _c, useCity: _city, raPhone: _r, dateReadyForPickup: _ready, ...others } = rest;
      return others;
    };
    expect(pick(after.tradeForm)).toEqual(pick(trade.tradeForm));
    // The return half shares none of these: untouched.
    expect(after.offRentForm).toEqual(trade.offRentForm);
    expect(after.lines).toEqual(trade.lines);

    const [row, ...more] = await auditRows("TradeForm", trade.tradeForm.id);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      action: "edit",
      formHistoryId: trade.form.id,
      userId: actor.user.id,
      impersonatorId: null,
      version: 2,
      changedData: {
        "PO Number": "PO Number: !PO Number: PO-7781",
        "Damage Waiver": "Damage Waiver: Silver!Damage Waiver: Platinum",
        "Second Key": "Second Key: No!Second Key: Yes",
        "Confirm Return Ready": "Confirm Return Ready: No!Confirm Return Ready: Yes",
        "Use City": "Use City: Marble Falls!Use City: Burnet",
        "RA Phone": "RA Phone: (212) 456-7890!RA Phone: (512) 456-7890",
        "Date Ready For Pickup": "Date Ready For Pickup: !Date Ready For Pickup: 2026-11-28",
      },
    });
    expect(await auditRows("OffRentForm", trade.offRentForm.id)).toEqual([]);
  });

  it("writes the company, Submitted By and pickup fields to the return half too, with its own row and version", async () => {
    const trade = await editableTrade(db);
    const actor = await editor();
    const result = await edit(
      actor,
      bodyOf(trade.tradeForm, trade.lines, {
        pickupDate: "2026-12-05",
        pickupCity: "Waco",
        pickupAltPhone: "2124567891",
        submitteeName: "Sam Lee",
        CorporateNameTrade: "Acme Renamed",
      }),
    );
    expect(result).toMatchObject({ ok: true, lists: ["onboarding", "offboarding"] });
    const after = await storedTrade(trade);
    expect(after.tradeForm).toMatchObject({ version: 2, pickupCity: "Waco", submitteeName: "Sam Lee" });
    expect(after.offRentForm).toMatchObject({
      version: 2,
      companyName: "Acme Renamed",
      submittedBy: "Sam Lee",
      pickupDate: new Date("2026-12-05T00:00:00Z"),
      pickupCity: "Waco",
      pickupAltPhone: "(212) 456-7891",
      numTrucksReturning: 2,
      trucksRemaining: 2,
    });
    expect((await db.formHistory.findUniqueOrThrow({ where: { id: trade.form.id } })).submitteeName).toBe("Sam Lee");
    const [offRow] = await auditRows("OffRentForm", trade.offRentForm.id);
    expect(offRow).toMatchObject({
      version: 2,
      changedData: {
        "Company Name": `Company Name: ${trade.offRentForm.companyName}!Company Name: Acme Renamed`,
        "Submitted By": "Submitted By: Pat Jones!Submitted By: Sam Lee",
        "Pickup Date": "Pickup Date: 2026-12-01!Pickup Date: 2026-12-05",
        "Pickup City": "Pickup City: Austin!Pickup City: Waco",
        "Pickup Alt Phone": "Pickup Alt Phone: !Pickup Alt Phone: (212) 456-7891",
      },
    });
  });

  it("reports the page it was saved from and the lists that show the trade's jobs", async () => {
    const trade = await editableTrade(db);
    const actor = await editor(["transport-edit"]);
    expect(
      await edit(actor, bodyOf(trade.tradeForm, trade.lines, { orderPage: "transport", PONumber: "A" })),
    ).toMatchObject({
      ok: true,
      lists: ["onboarding", "transport"],
    });
    const carrier = await vendor(db);
    await job(db, trade.form.id, "DELIVERY", (await unit(db, "NEW")).id, carrier.id);
    const current = await storedTrade(trade);
    expect(await edit(actor, bodyOf(current.tradeForm, current.lines, { PONumber: "B" }))).toMatchObject({
      ok: true,
      lists: ["onboarding", "transport", "shipping"],
    });
  });

  it("adds a placeholder unit (UPDATE, 000000, New) with a new truck, and counts both halves again", async () => {
    const trade = await editableTrade(db);
    const actor = await editor();
    const body = bodyOf(trade.tradeForm, trade.lines, {
      returningVins: [...trade.lines.map(rowOf), newRow("UPDATE")],
      ThreeQuarterTonCountTrade: 1,
    });
    expect(await edit(actor, body)).toMatchObject({ ok: true, lists: ["onboarding", "offboarding"] });
    const after = await storedTrade(trade);
    expect(after.lines.at(-1)).toMatchObject({
      unitNumber: "UPDATE",
      odometer: 0,
      statusId: RETURNING_UNIT_STATUS.new,
      unitId: null,
    });
    expect(after.tradeForm).toMatchObject({
      threeQuarterTonCountTrade: 1,
      numTrucksReturning: 3,
      returnTrucksRemaining: 3,
      newTrucksRemaining: 3,
      version: 2,
    });
    expect(after.offRentForm).toMatchObject({ numTrucksReturning: 3, trucksRemaining: 3, version: 2 });
    const [tradeRow] = await auditRows("TradeForm", trade.tradeForm.id);
    expect(tradeRow!.changedData).toEqual({
      "3/4 Ton": "3/4 Ton: 0!3/4 Ton: 1",
      "Added Unit 1": "Added Unit 1: none!Added Unit 1: UPDATE (odometer 0)",
      "Trucks Returning": "Trucks Returning: 2!Trucks Returning: 3",
      "Return Trucks Remaining": "Return Trucks Remaining: 2!Return Trucks Remaining: 3",
      "New Trucks Remaining": "New Trucks Remaining: 2!New Trucks Remaining: 3",
    });
    const [offRow] = await auditRows("OffRentForm", trade.offRentForm.id);
    expect(offRow!.changedData).toEqual({
      "Added Unit 1": "Added Unit 1: none!Added Unit 1: UPDATE (odometer 0)",
      "Trucks Returning": "Trucks Returning: 2!Trucks Returning: 3",
      "Trucks Remaining": "Trucks Remaining: 2!Trucks Remaining: 3",
    });
  });

  it("adds a real unit on rent to the customer as awaiting pickup, and renames a unit to another valid one", async () => {
    const trade = await editableTrade(db);
    const added = await unit(db, "ON RENT", { companyId: trade.company.id });
    const renamed = await unit(db, "ON RENT", { companyId: trade.company.id });
    const actor = await editor();
    const [first, second] = trade.lines.map(rowOf);
    const body = bodyOf(trade.tradeForm, trade.lines, {
      returningVins: [{ ...first!, vin: renamed.unitNumber.toLowerCase() }, second, newRow(added.unitNumber, "4321")],
      HalfTonCountTrade: 3,
    });
    expect(await edit(actor, body)).toMatchObject({ ok: true });
    const after = await storedTrade(trade);
    expect(after.lines.map((line) => [line.unitNumber, line.unitId, line.odometer, line.statusId])).toEqual([
      [renamed.unitNumber, renamed.id, 1000, RETURNING_UNIT_STATUS.awaitingPickup],
      [trade.lines[1]!.unitNumber, trade.lines[1]!.unitId, 1000, RETURNING_UNIT_STATUS.awaitingPickup],
      [added.unitNumber, added.id, 4321, RETURNING_UNIT_STATUS.awaitingPickup],
    ]);
    const [tradeRow] = await auditRows("TradeForm", trade.tradeForm.id);
    const label = `Unit ${trade.lines[0]!.unitNumber}`;
    expect(tradeRow!.changedData).toMatchObject({
      [label]: `${label}: ${trade.lines[0]!.unitNumber}!${label}: ${renamed.unitNumber}`,
      "Added Unit 1": `Added Unit 1: none!Added Unit 1: ${added.unitNumber} (odometer 4321)`,
    });
    // Both units' odometers are new to the return half: each the saver's RETURN reading; the kept line gives none.
    const readings = await db.odometerReading.findMany({
      where: { formHistoryId: trade.tradeForm.formHistoryId },
      orderBy: { id: "asc" },
    });
    expect(
      readings.map(({ unitId, reading, source, recordedById }) => ({ unitId, reading, source, recordedById })),
    ).toEqual([
      { unitId: renamed.id, reading: 1000, source: "RETURN", recordedById: actor.user.id },
      { unitId: added.id, reading: 4321, source: "RETURN", recordedById: actor.user.id },
    ]);
  });

  it("removes a unit awaiting pickup with one new truck fewer", async () => {
    const trade = await editableTrade(db);
    const actor = await editor();
    const [kept, removed] = trade.lines.map(rowOf);
    const body = bodyOf(trade.tradeForm, trade.lines, {
      returningVins: [kept],
      deletedVins: [removed],
      HalfTonCountTrade: 1,
    });
    expect(await edit(actor, body)).toMatchObject({ ok: true });
    const after = await storedTrade(trade);
    expect(after.lines.map((line) => line.id)).toEqual([trade.lines[0]!.id]);
    expect(after.tradeForm).toMatchObject({ halfTonCountTrade: 1, numTrucksReturning: 1, newTrucksRemaining: 1 });
    expect(after.offRentForm).toMatchObject({ numTrucksReturning: 1, trucksRemaining: 1 });
    const label = `Unit ${trade.lines[1]!.unitNumber}`;
    expect((await auditRows("TradeForm", trade.tradeForm.id))[0]!.changedData).toMatchObject({
      [label]: `${label}: ${trade.lines[1]!.unitNumber}!${label}: removed`,
    });
  });

  it("takes a separate delivery address, and clears it when every delivery field is sent blank", async () => {
    const trade = await editableTrade(db);
    const actor = await editor();
    expect(await edit(actor, bodyOf(trade.tradeForm, trade.lines, SEPARATE_DELIVERY))).toMatchObject({ ok: true });
    let after = await storedTrade(trade);
    expect(after.tradeForm).toMatchObject({
      deliveryName: "Sam Lee",
      deliveryPhone: "(512) 456-7890",
      deliveryZip: "75201",
    });
    const blank = Object.fromEntries(Object.keys(SEPARATE_DELIVERY).map((name) => [name, ""]));
    expect(await edit(actor, bodyOf(after.tradeForm, after.lines, blank))).toMatchObject({ ok: true });
    after = await storedTrade(trade);
    expect(after.tradeForm).toMatchObject({ deliveryName: null, deliveryCity: null, deliveryZip: null, version: 3 });
  });

  it("counts the transport page's unit offset: the picked-up units it leaves out stay and count", async () => {
    const trade = await editableTrade(db, {
      offStage: OFFBOARDING_STAGE.pickupScheduled,
      lines: async (companyId) => [
        { unit: await unit(db, "ON RENT", { companyId }), statusId: RETURNING_UNIT_STATUS.pickedUp },
        { unit: await unit(db, "ON RENT", { companyId }) },
        { unit: await unit(db, "ON RENT", { companyId }) },
      ],
    });
    const actor = await editor(["transport-edit"]);
    const shown = trade.lines.slice(1).map(rowOf);
    const mismatch = await edit(
      actor,
      bodyOf(trade.tradeForm, trade.lines, { orderPage: "transport", returningVins: shown, HalfTonCountTrade: 2 }),
    );
    expect(mismatch).toMatchObject({ ok: false, status: 400, message: TRADE_ON_EDIT_MESSAGES.totalMismatch });
    // The onboarding page lists every unit: leaving one out does not match the order.
    expect(
      await edit(actor, bodyOf(trade.tradeForm, trade.lines, { returningVins: shown, PONumber: "T" })),
    ).toMatchObject({ ok: false, status: 400, message: TRADE_ON_EDIT_MESSAGES.unitsMismatch });
    const saved = await edit(
      actor,
      bodyOf(trade.tradeForm, trade.lines, { orderPage: "transport", returningVins: shown, PONumber: "T" }),
    );
    expect(saved).toMatchObject({ ok: true, lists: ["onboarding", "transport"] });
    const after = await storedTrade(trade);
    expect(after.lines).toEqual(trade.lines);
    expect(after.tradeForm).toMatchObject({ poNumber: "T", numTrucksReturning: 3 });
  });

  it("moves the request to the customer a new company code names, testing added units against it", async () => {
    const trade = await editableTrade(db);
    const other = await company(db);
    const theirs = await unit(db, "ON RENT", { companyId: other.id });
    const actor = await editor();
    const body = bodyOf(trade.tradeForm, trade.lines, {
      CompanyCode: String(Number(other.code)),
      returningVins: [...trade.lines.map(rowOf), newRow(theirs.unitNumber)],
      HalfTonCountTrade: 3,
    });
    expect(await edit(actor, body)).toMatchObject({ ok: true });
    expect((await db.formHistory.findUniqueOrThrow({ where: { id: trade.form.id } })).companyId).toBe(other.id);
    const after = await storedTrade(trade);
    expect(after.tradeForm.companyCode).toBe(other.code);
    expect(after.offRentForm.companyCode).toBe(other.code);
  });

  it("saves nothing, records nothing and bumps nothing when nothing changed", async () => {
    const trade = await editableTrade(db);
    const actor = await editor();
    const before = await databaseFingerprint();
    const body = bodyOf(trade.tradeForm, trade.lines, {
      pickupPhone: "212-456-7890",
      pickupState: "tx",
      CompanyCode: trade.tradeForm.companyCode.replace(/^0+/, ""),
      ReturnTrucksRemaining: 99,
      changedData: { "PO Number": "lies" },
    });
    expect(await edit(actor, body)).toEqual({ ok: true, lists: [], message: "Nothing was changed." });
    expect(await databaseFingerprint()).toBe(before);
  });
});

describe("editTradeOnOrder: refusals (nothing written)", () => {
  async function expectRefused(actor: Actor, body: unknown, expected: Record<string, unknown>) {
    const before = await databaseFingerprint();
    const result = await edit(actor, body);
    expect(result).toMatchObject({ ok: false, ...expected });
    expect(await databaseFingerprint()).toBe(before);
    return result;
  }

  it("answers '*All fields must be filled...' with each blank field marked", async () => {
    const trade = await editableTrade(db);
    const result = await expectRefused(
      await editor(),
      bodyOf(trade.tradeForm, trade.lines, { pickupName: "", useZip: null, deliveryCity: "Dallas" }),
      { status: 400, message: "*All fields must be filled..." },
    );
    expect(!result.ok && result.fieldErrors).toMatchObject({
      pickupName: ["Pickup Name is required."],
      useZip: ["Use Zip is required."],
      deliveryName: ["Delivery Name is required."],
    });
  });

  it("answers 'Total Returning Vins must match total for new truck types' when counts and units differ", async () => {
    const trade = await editableTrade(db);
    await expectRefused(await editor(), bodyOf(trade.tradeForm, trade.lines, { OneTonServiceCountTrade: 1 }), {
      status: 400,
      message: "Total Returning Vins must match total for new truck types",
    });
    await expectRefused(
      await editor(),
      bodyOf(trade.tradeForm, trade.lines, { returningVins: [...trade.lines.map(rowOf), newRow("UPDATE")] }),
      { status: 400, message: "Total Returning Vins must match total for new truck types" },
    );
  });

  it("answers 'Cannot use duplicate vins' for a unit typed twice", async () => {
    const trade = await editableTrade(db);
    const result = await expectRefused(
      await editor(),
      bodyOf(trade.tradeForm, trade.lines, {
        returningVins: [...trade.lines.map(rowOf), newRow(trade.lines[0]!.unitNumber)],
        HalfTonCountTrade: 3,
      }),
      { status: 400, message: "Cannot use duplicate vins" },
    );
    expect(!result.ok && result.fieldErrors).toMatchObject({
      "returningVins.2.vin": ["*The entered vins contain duplicates"],
    });
  });

  it("answers 'All edited vins must be tested and valid' for a unit the customer does not have", async () => {
    const trade = await editableTrade(db);
    const elsewhere = await unit(db, "ON RENT", { companyId: (await company(db)).id });
    const body = bodyOf(trade.tradeForm, trade.lines, {
      returningVins: [...trade.lines.map(rowOf), newRow(elsewhere.unitNumber), newRow("NOSUCH1")],
      HalfTonCountTrade: 4,
    });
    const result = await expectRefused(await editor(), body, {
      status: 400,
      message: "All edited vins must be tested and valid",
    });
    expect(!result.ok && result.fieldErrors).toEqual({
      returningVins: ["All edited vins must be tested and valid"],
      "returningVins.2.vin": ["INVALID UNIT NUMBER"],
      "returningVins.3.vin": ["INVALID UNIT NUMBER"],
    });
  });

  it("refuses a save whose edited units the dialog has not tested valid (Test Required)", async () => {
    const trade = await editableTrade(db);
    const fresh = await unit(db, "ON RENT", { companyId: trade.company.id });
    const body = bodyOf(trade.tradeForm, trade.lines, {
      returningVins: [...trade.lines.map(rowOf), newRow(fresh.unitNumber)],
      HalfTonCountTrade: 3,
    });
    const actor = await editor();
    const before = await databaseFingerprint();
    const result = await editTradeOnOrder(db, actor, body, { clientTests: [null, null, null] });
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      message: "All edited vins must be tested and valid",
      fieldErrors: { "returningVins.2.vin": ["Test Required"] },
    });
    expect(await databaseFingerprint()).toBe(before);
    const tested = [null, null, { vin: fresh.unitNumber, valid: true }];
    expect(await editTradeOnOrder(db, actor, body, { clientTests: tested })).toMatchObject({ ok: true });
  });

  it("locks a carrier-assigned line and refuses removing a picked-up unit or the last one", async () => {
    const trade = await editableTrade(db, {
      lines: async (companyId) => [
        { unit: await unit(db, "ON RENT", { companyId }) },
        { unit: await unit(db, "ON RENT", { companyId }), statusId: RETURNING_UNIT_STATUS.pickedUp },
      ],
    });
    const carrier = await vendor(db);
    await job(db, trade.form.id, "PICKUP", trade.lines[0]!.unitId, carrier.id);
    const actor = await editor();
    const [assigned, pickedUp] = trade.lines.map(rowOf);
    await expectRefused(
      actor,
      bodyOf(trade.tradeForm, trade.lines, { returningVins: [{ ...assigned!, odometer: "99" }, pickedUp] }),
      { status: 409, message: `Unit ${trade.lines[0]!.unitNumber} cannot be changed: Carrier Assigned.` },
    );
    await expectRefused(
      actor,
      bodyOf(trade.tradeForm, trade.lines, {
        returningVins: [assigned],
        deletedVins: [pickedUp],
        HalfTonCountTrade: 1,
      }),
      {
        status: 409,
        message: `Unit ${trade.lines[1]!.unitNumber} cannot be removed: only units awaiting pickup can be.`,
      },
    );
    const single = await editableTrade(db, { count: 1 });
    await expectRefused(
      actor,
      bodyOf(single.tradeForm, single.lines, {
        returningVins: [],
        deletedVins: single.lines.map(rowOf),
        HalfTonCountTrade: 0,
      }),
      { status: 409, message: "An off-rent order keeps at least one unit." },
    );
  });

  it("refuses rows read before their line was changed from the return half's dialog", async () => {
    const trade = await editableTrade(db);
    const body = bodyOf(trade.tradeForm, trade.lines, { PONumber: "X" });
    await db.returningUnit.update({ where: { id: trade.lines[0]!.id }, data: { odometer: 2222 } });
    await expectRefused(await editor(), body, { status: 409, message: TRADE_ON_EDIT_MESSAGES.unitsChangedMeanwhile });
  });

  it("refuses new trucks below those already given a carrier", async () => {
    const trade = await editableTrade(db, { onStage: ONBOARDING_STAGE.inTransport });
    const carrier = await vendor(db);
    for (let n = 0; n < 2; n++) await job(db, trade.form.id, "DELIVERY", (await unit(db, "NEW")).id, carrier.id);
    const [kept, removed] = trade.lines.map(rowOf);
    const message = "*You cannot remove more trucks than have already been assigned a carrier (2 assigned)...";
    await expectRefused(
      await editor(),
      bodyOf(trade.tradeForm, trade.lines, { returningVins: [kept], deletedVins: [removed], HalfTonCountTrade: 1 }),
      { status: 400, message, fieldErrors: expect.objectContaining({ HalfTonCountTrade: [message] }) },
    );
  });

  it("answers 400 for a company code no customer has, and 409 for moving a trade with a delivered truck", async () => {
    const trade = await editableTrade(db);
    await expectRefused(
      await editor(),
      bodyOf(trade.tradeForm, trade.lines, { CompanyCode: await unusedCompanyCode(db) }),
      {
        status: 400,
        message: "No customer has that company code.",
        fieldErrors: { CompanyCode: ["No customer has that company code."] },
      },
    );
    const other = await company(db);
    const carrier = await vendor(db);
    const delivered = await job(db, trade.form.id, "DELIVERY", (await unit(db, "NEW")).id, carrier.id);
    await db.transportJob.update({ where: { id: delivered.id }, data: { completedAt: new Date() } });
    await expectRefused(await editor(), bodyOf(trade.tradeForm, trade.lines, { CompanyCode: other.code }), {
      status: 409,
      message: "The company cannot change once trucks of this trade have been delivered or picked up.",
    });
  });

  it.each([[["transport"]], [["offboarding", "offboarding-approve"]], [["onboarding-approve"]], [["sales"]]] satisfies [
    PermissionName[],
  ][])("answers 403 to permissions %j", async (permissions) => {
    const trade = await editableTrade(db);
    await expectRefused(await editor(permissions), bodyOf(trade.tradeForm, trade.lines, { PONumber: "X" }), {
      status: 403,
      message: "You do not have permission to edit this trade.",
    });
  });

  it("answers 404 for an unknown trade, ids of two trades, an order and an off-rent", async () => {
    const trade = await editableTrade(db);
    const other = await editableTrade(db);
    const order = await editableOrder(db);
    const offRent = await editableOffRent(db);
    const actor = await editor();
    const notFound = { status: 404, message: "That trade does not exist." };
    const body = (overrides: Record<string, unknown>) =>
      bodyOf(trade.tradeForm, trade.lines, { PONumber: "X", ...overrides });
    await expectRefused(actor, body({ TradeFormID: 2_000_000_000 }), notFound);
    await expectRefused(actor, body({ FormHistoryID: 2_000_000_000 }), notFound);
    await expectRefused(actor, body({ TradeFormID: other.tradeForm.id }), notFound);
    await expectRefused(actor, body({ FormHistoryID: order.form.id }), notFound);
    await expectRefused(actor, body({ FormHistoryID: offRent.form.id }), notFound);
  });

  it("answers 409 for a cancelled trade", async () => {
    const trade = await editableTrade(db, { cancelled: true });
    await expectRefused(await editor(), bodyOf(trade.tradeForm, trade.lines, { PONumber: "X" }), {
      status: 409,
      message: "This trade has been cancelled.",
    });
  });
});

describe("editTradeOnOrder: a save over a newer version (409)", () => {
  it("refuses the stale save with who changed what since", async () => {
    const trade = await editableTrade(db);
    const first = await editor();
    await db.user.update({ where: { id: first.user.id }, data: { firstName: "Avery", lastName: "First" } });
    expect(await edit(first, bodyOf(trade.tradeForm, trade.lines, { PONumber: "PO-FIRST" }))).toMatchObject({
      ok: true,
    });
    const second = await editor();
    const before = await databaseFingerprint();
    expect(await edit(second, bodyOf(trade.tradeForm, trade.lines, { PONumber: "PO-SECOND" }))).toEqual({
      ok: false,
      status: 409,
      message: "This trade was changed by someone else after you opened it. Your changes were not saved.",
      conflict: {
        currentVersion: 2,
        since: [
          {
            changedAt: expect.any(String),
            by: "Avery First",
            changes: [{ label: "PO Number", before: "", after: "PO-FIRST" }],
          },
        ],
      },
    });
    expect(await databaseFingerprint()).toBe(before);
  });

  it("lets exactly one of two saves made from the same version through", async () => {
    const trade = await editableTrade(db);
    const actor = await editor();
    const results = await Promise.all(
      ["A", "B", "C"].map((suffix) => edit(actor, bodyOf(trade.tradeForm, trade.lines, { PONumber: `PO-${suffix}` }))),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    for (const result of results.filter((entry) => !entry.ok))
      expect(result).toMatchObject({ status: 409, conflict: { currentVersion: 2 } });
    expect(await auditRows("TradeForm", trade.tradeForm.id)).toHaveLength(1);
  });
});

describe("readTradeOnOrder", () => {
  it("answers the body the edit takes, which saved back with one change writes only that change", async () => {
    const trade = await editableTrade(db);
    const actor = await editor();
    const read = await readTradeOnOrder(db, actor, String(trade.form.id));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.record).toEqual(bodyOf(trade.tradeForm, trade.lines));
    expect(await edit(actor, { ...read.record, raName: "Robin Roe" })).toMatchObject({ ok: true });
    expect(Object.keys((await auditRows("TradeForm", trade.tradeForm.id))[0]!.changedData as object)).toEqual([
      "RA Name",
    ]);
  });

  it("answers 403 before looking the id up, and 404 for any id that is not a trade's", async () => {
    const trade = await editableTrade(db);
    const order = await editableOrder(db);
    expect(await readTradeOnOrder(db, await editor(["sales"]), String(trade.form.id))).toEqual({
      ok: false,
      status: 403,
      message: FORBIDDEN_MESSAGE,
    });
    const reader = await editor(["transport"]);
    for (const id of [String(order.form.id), "999999999", "0x10", "1e3", "-1", "", null, undefined]) {
      expect(await readTradeOnOrder(db, reader, id), String(id)).toEqual({
        ok: false,
        status: 404,
        message: "That trade does not exist.",
      });
    }
  });
});
