// editOffRentOrder against the worker's database: the exact state after a save (fields, lines,
// counts, stage, version, audit entry, jobs), the lists it reports, and every refusal with nothing written.
import { beforeAll, describe, expect, it } from "vitest";
import { editOffRentOrder } from "~/modules/orders/off-rent-edit.server.ts";
import { OFF_RENT_EDIT_MESSAGES as M } from "~/rules/orders/off-rent-edit/messages.ts";
import { OFFBOARDING_STAGE, RETURNING_UNIT_STATUS } from "~/rules/orders/order-stages.ts";
import { createTestPrisma } from "../../support/database.ts";
import { databaseFingerprint } from "../../support/property.ts";
import { company, unusedCompanyCode, vendor } from "../../support/factories/companies.ts";
import { bodyOf, editableOffRent, newRow, rowOf } from "../../support/factories/off-rent-edit.ts";
import { job } from "../../support/factories/requests.ts";
import { ensureStatuses, unit } from "../../support/factories/units.ts";
import { actorWith } from "../../support/factories/users.ts";

const db = createTestPrisma();

beforeAll(async () => {
  await ensureStatuses(db);
});

const auditOf = (entityId: number) =>
  db.auditLog.findMany({ where: { entityType: "OffRentForm", entityId }, orderBy: { id: "asc" } });
const linesOf = (offRentFormId: number) =>
  db.returningUnit.findMany({
    where: { offRentFormId },
    orderBy: { id: "asc" },
    select: { unitNumber: true, unitId: true, odometer: true, statusId: true },
  });

/** Runs a refused edit and checks that it wrote nothing. */
async function refused(actor: Awaited<ReturnType<typeof actorWith>>, body: unknown) {
  const before = await databaseFingerprint();
  const result = await editOffRentOrder(db, actor, body);
  expect(result.ok).toBe(false);
  expect(await databaseFingerprint()).toBe(before);
  return result;
}

describe("editOffRentOrder: saving", () => {
  it("writes only the changed fields, adds and removes units, bumps the version and records the audit entry", async () => {
    const actor = await actorWith(db, ["offboarding"]);
    const {
      company: owner,
      offRentForm,
      lines,
      form,
    } = await editableOffRent(db, { stage: OFFBOARDING_STAGE.approved, count: 2 });
    const extra = await unit(db, "ON RENT", { companyId: owner.id });
    const body = bodyOf(offRentForm, lines, {
      pickupCity: "Round Rock",
      pickupDate: "2026-12-05",
      pickupPhoneAlt: "5124567890",
      returningVins: [rowOf(lines[0]!), newRow(extra.unitNumber.toLowerCase(), "004321"), newRow("UPDATE")],
      deletedVins: [rowOf(lines[1]!)],
    });

    expect(await editOffRentOrder(db, actor, body)).toEqual({
      ok: true,
      lists: ["offboarding"],
      requests: [form.id],
      message: M.saved,
    });

    expect(await db.offRentForm.findUniqueOrThrow({ where: { id: offRentForm.id } })).toMatchObject({
      pickupCity: "Round Rock",
      pickupDate: new Date("2026-12-05T00:00:00Z"),
      pickupAltPhone: "(512) 456-7890",
      pickupName: "Pat Jones",
      numTrucksReturning: 3,
      trucksRemaining: 3,
      offboardingStatus: OFFBOARDING_STAGE.approved,
      version: 2,
    });
    expect(await linesOf(offRentForm.id)).toEqual([
      {
        unitNumber: lines[0]!.unitNumber,
        unitId: lines[0]!.unitId,
        odometer: 1000,
        statusId: RETURNING_UNIT_STATUS.awaitingPickup,
      },
      {
        unitNumber: extra.unitNumber,
        unitId: extra.id,
        odometer: 4321,
        statusId: RETURNING_UNIT_STATUS.awaitingPickup,
      },
      { unitNumber: "UPDATE", unitId: null, odometer: 0, statusId: RETURNING_UNIT_STATUS.new },
    ]);
    expect(await auditOf(offRentForm.id)).toMatchObject([
      {
        formHistoryId: form.id,
        action: "edit",
        userId: actor.user.id,
        impersonatorId: null,
        version: 2,
        changedData: {
          "Pickup Date": "Pickup Date: 2026-12-01!Pickup Date: 2026-12-05",
          "Pickup Alt Phone": "Pickup Alt Phone: !Pickup Alt Phone: (512) 456-7890",
          "Pickup City": "Pickup City: Austin!Pickup City: Round Rock",
          "Added Unit 1": `Added Unit 1: none!Added Unit 1: ${extra.unitNumber} (odometer 4321)`,
          "Added Unit 2": "Added Unit 2: none!Added Unit 2: UPDATE (odometer 0)",
          [`Unit ${lines[1]!.unitNumber}`]: `Unit ${lines[1]!.unitNumber}: ${lines[1]!.unitNumber}!Unit ${lines[1]!.unitNumber}: removed`,
          "Trucks Returning": "Trucks Returning: 2!Trucks Returning: 3",
          "Trucks Remaining": "Trucks Remaining: 2!Trucks Remaining: 3",
        },
      },
    ]);
    const [entry] = await auditOf(offRentForm.id);
    expect(Object.keys(entry!.changedData as object)).toHaveLength(8);
  });

  it("renames a unit and changes an odometer on a submitted order; new lines of a submitted order are New (0)", async () => {
    const actor = await actorWith(db, ["restricted"]);
    const {
      company: owner,
      offRentForm,
      lines,
    } = await editableOffRent(db, { stage: OFFBOARDING_STAGE.submitted, count: 2 });
    const other = await unit(db, "ON RENT", { companyId: owner.id });
    const body = bodyOf(offRentForm, lines, {
      returningVins: [
        { ...rowOf(lines[0]!), vin: other.unitNumber },
        { ...rowOf(lines[1]!), odometer: "000001500" },
        newRow("UPDATE"),
      ],
    });
    expect(await editOffRentOrder(db, actor, body)).toMatchObject({ ok: true });
    expect(await linesOf(offRentForm.id)).toEqual([
      { unitNumber: other.unitNumber, unitId: other.id, odometer: 1000, statusId: RETURNING_UNIT_STATUS.new },
      {
        unitNumber: lines[1]!.unitNumber,
        unitId: lines[1]!.unitId,
        odometer: 1500,
        statusId: RETURNING_UNIT_STATUS.new,
      },
      { unitNumber: "UPDATE", unitId: null, odometer: 0, statusId: RETURNING_UNIT_STATUS.new },
    ]);
    const [entry] = await auditOf(offRentForm.id);
    const first = `Unit ${lines[0]!.unitNumber}`;
    const second = `Unit ${lines[1]!.unitNumber} Odometer`;
    expect(entry!.changedData).toEqual({
      [first]: `${first}: ${lines[0]!.unitNumber}!${first}: ${other.unitNumber}`,
      [second]: `${second}: 1000!${second}: 1500`,
      "Added Unit 1": "Added Unit 1: none!Added Unit 1: UPDATE (odometer 0)",
      "Trucks Returning": "Trucks Returning: 2!Trucks Returning: 3",
      "Trucks Remaining": "Trucks Remaining: 2!Trucks Remaining: 3",
    });
  });

  it("keeps each odometer it records for a fleet unit as the saver's RETURN reading, none for unchanged or placeholder lines", async () => {
    const actor = await actorWith(db, ["offboarding"]);
    const {
      company: owner,
      offRentForm,
      lines,
      form,
    } = await editableOffRent(db, { stage: OFFBOARDING_STAGE.approved, count: 3 });
    const renamedTo = await unit(db, "ON RENT", { companyId: owner.id });
    const added = await unit(db, "ON RENT", { companyId: owner.id });
    const body = bodyOf(offRentForm, lines, {
      returningVins: [
        rowOf(lines[0]!),
        { ...rowOf(lines[1]!), odometer: "52340" },
        { ...rowOf(lines[2]!), vin: renamedTo.unitNumber },
        newRow(added.unitNumber, "048211"),
        newRow("UPDATE"),
      ],
    });
    const started = new Date();
    expect(await editOffRentOrder(db, actor, body)).toMatchObject({ ok: true });
    const readings = await db.odometerReading.findMany({ where: { formHistoryId: form.id }, orderBy: { id: "asc" } });
    expect(
      readings.map(({ unitId, reading, source, recordedById }) => ({ unitId, reading, source, recordedById })),
    ).toEqual([
      { unitId: lines[1]!.unitId, reading: 52_340, source: "RETURN", recordedById: actor.user.id },
      { unitId: renamedTo.id, reading: 1_000, source: "RETURN", recordedById: actor.user.id },
      { unitId: added.id, reading: 48_211, source: "RETURN", recordedById: actor.user.id },
    ]);
    expect(readings.every((reading) => reading.readAt >= started && reading.readAt <= new Date())).toBe(true);
    // The unit's own odometer is not the edit's to change.
    expect((await db.unit.findUniqueOrThrow({ where: { id: added.id } })).odometer).toBe(1_000);
  });

  it("gives a placeholder line of an approved order its unit: it then awaits pickup (5)", async () => {
    const actor = await actorWith(db, ["offboarding"]);
    let owner = 0;
    const { offRentForm, lines } = await editableOffRent(db, {
      stage: OFFBOARDING_STAGE.approved,
      lines: async (companyId) => {
        owner = companyId;
        return [
          { unit: await unit(db, "ON RENT", { companyId }) },
          { unit: null, statusId: RETURNING_UNIT_STATUS.new, odometer: 0 },
        ];
      },
    });
    const truck = await unit(db, "ON RENT", { companyId: owner });
    const body = bodyOf(offRentForm, lines, {
      returningVins: [rowOf(lines[0]!), { ...rowOf(lines[1]!), vin: truck.unitNumber, odometer: "77" }],
    });
    expect(await editOffRentOrder(db, actor, body)).toMatchObject({ ok: true, lists: ["offboarding"] });
    expect((await linesOf(offRentForm.id))[1]).toEqual({
      unitNumber: truck.unitNumber,
      unitId: truck.id,
      odometer: 77,
      statusId: RETURNING_UNIT_STATUS.awaitingPickup,
    });
  });

  it("answers 'Nothing changed.' for an unchanged body, writing nothing", async () => {
    const actor = await actorWith(db, ["offboarding"]);
    const { offRentForm, lines } = await editableOffRent(db, { stage: OFFBOARDING_STAGE.approved });
    const before = await databaseFingerprint();
    expect(
      await editOffRentOrder(
        db,
        actor,
        bodyOf(offRentForm, lines, { pickupState: "tx", compCode: Number(offRentForm.companyCode) }),
      ),
    ).toEqual({
      ok: true,
      lists: [],
      message: M.nothingChanged,
    });
    expect(await databaseFingerprint()).toBe(before);
  });

  it("moves the order to another customer when the company code names one, and updates submitted by on the request", async () => {
    const actor = await actorWith(db, ["offboarding"]);
    const { offRentForm, lines, form } = await editableOffRent(db, { stage: OFFBOARDING_STAGE.approved });
    const other = await company(db);
    const body = bodyOf(offRentForm, lines, { compCode: other.code, compName: "Other Co", submittedBy: "Lee Park" });
    expect(await editOffRentOrder(db, actor, body)).toMatchObject({ ok: true, lists: ["offboarding"] });
    expect(await db.formHistory.findUniqueOrThrow({ where: { id: form.id } })).toMatchObject({
      companyId: other.id,
      submitteeName: "Lee Park",
    });
    expect(await db.offRentForm.findUniqueOrThrow({ where: { id: offRentForm.id } })).toMatchObject({
      companyCode: other.code,
      companyName: "Other Co",
      submittedBy: "Lee Park",
    });
  });

  it("reports transport and shipping when the pickup date shows on carrier jobs, and AR off rent when the customer changes", async () => {
    const actor = await actorWith(db, ["offboarding"]);
    const carrier = await vendor(db);
    let picked: { id: number; unitNumber: string } | null = null;
    const { offRentForm, lines, form } = await editableOffRent(db, {
      stage: OFFBOARDING_STAGE.pickupScheduled,
      lines: async (companyId) => {
        picked = await unit(db, "IN TRANSIT");
        return [
          { unit: await unit(db, "ON RENT", { companyId }) },
          { unit: picked, statusId: RETURNING_UNIT_STATUS.pickedUp },
        ];
      },
    });
    await job(db, form.id, "PICKUP", picked!.id, carrier.id);
    await db.offRentForm.update({ where: { id: offRentForm.id }, data: { trucksRemaining: 1 } });
    const fresh = await db.offRentForm.findUniqueOrThrow({ where: { id: offRentForm.id } });
    expect(await editOffRentOrder(db, actor, bodyOf(fresh, lines, { pickupDate: "2026-12-09" }))).toMatchObject({
      ok: true,
      lists: ["offboarding", "transport", "shipping"],
    });
    const other = await company(db);
    const again = await db.offRentForm.findUniqueOrThrow({ where: { id: offRentForm.id } });
    expect(
      await editOffRentOrder(db, actor, bodyOf(again, lines, { pickupDate: "2026-12-09", compCode: other.code })),
    ).toMatchObject({
      ok: true,
      lists: ["offboarding", "transport", "shipping", "ar-off-rent"],
    });
  });

  it("takes a removed unit's open pickup job away and moves a renamed unit's job to the new unit (transport reported)", async () => {
    const actor = await actorWith(db, ["offboarding"]);
    const {
      company: owner,
      offRentForm,
      lines,
      form,
    } = await editableOffRent(db, { stage: OFFBOARDING_STAGE.approved, count: 3 });
    const gone = await job(db, form.id, "PICKUP", lines[1]!.unitId);
    const moved = await job(db, form.id, "PICKUP", lines[2]!.unitId);
    const replacement = await unit(db, "ON RENT", { companyId: owner.id });
    const body = bodyOf(offRentForm, lines, {
      returningVins: [rowOf(lines[0]!), { ...rowOf(lines[2]!), vin: replacement.unitNumber }],
      deletedVins: [rowOf(lines[1]!)],
    });
    expect(await editOffRentOrder(db, actor, body)).toMatchObject({ ok: true, lists: ["offboarding", "transport"] });
    expect(await db.transportJob.findUnique({ where: { id: gone.id } })).toBeNull();
    expect(await db.transportJob.findUniqueOrThrow({ where: { id: moved.id } })).toMatchObject({
      unitId: replacement.id,
    });
  });

  it("marks the order Returned when the last unit still at the customer is removed and the rest are picked up", async () => {
    const actor = await actorWith(db, ["offboarding"]);
    const carrier = await vendor(db);
    let picked: { id: number; unitNumber: string } | null = null;
    const { offRentForm, lines, form } = await editableOffRent(db, {
      stage: OFFBOARDING_STAGE.pickupScheduled,
      lines: async (companyId) => {
        picked = await unit(db, "IN TRANSIT");
        return [
          { unit: picked, statusId: RETURNING_UNIT_STATUS.pickedUp },
          { unit: await unit(db, "ON RENT", { companyId }), statusId: RETURNING_UNIT_STATUS.awaitingPickup },
        ];
      },
    });
    await job(db, form.id, "PICKUP", picked!.id, carrier.id);
    await db.offRentForm.update({ where: { id: offRentForm.id }, data: { trucksRemaining: 1 } });
    const fresh = await db.offRentForm.findUniqueOrThrow({ where: { id: offRentForm.id } });
    const body = bodyOf(fresh, lines, {
      returningVins: [{ ...rowOf(lines[0]!), assignedStatus: "assigned" }],
      deletedVins: [rowOf(lines[1]!)],
    });
    expect(await editOffRentOrder(db, actor, body)).toMatchObject({ ok: true });
    expect(await db.offRentForm.findUniqueOrThrow({ where: { id: offRentForm.id } })).toMatchObject({
      offboardingStatus: OFFBOARDING_STAGE.returned,
      numTrucksReturning: 1,
      trucksRemaining: 0,
    });
    const [entry] = await auditOf(offRentForm.id);
    expect(entry!.changedData).toMatchObject({
      "Offboarding Status": "Offboarding Status: Pickup Scheduled!Offboarding Status: Returned",
    });
  });
});

describe("editOffRentOrder: refusals (nothing written)", () => {
  it("answers 400 with field messages for a bad body", async () => {
    const actor = await actorWith(db, ["offboarding"]);
    const { offRentForm, lines } = await editableOffRent(db);
    expect(await refused(actor, bodyOf(offRentForm, lines, { compCode: "" }))).toEqual({
      ok: false,
      status: 400,
      message: M.companyCodeRequired,
      fieldErrors: { compCode: [M.companyCodeRequired] },
    });
    expect(await refused(actor, bodyOf(offRentForm, lines, { pickupName: "", pickupZip: "" }))).toEqual({
      ok: false,
      status: 400,
      message: M.allFieldsRequired,
      fieldErrors: { pickupName: [M.allFieldsRequired], pickupZip: [M.allFieldsRequired] },
    });
    expect(await refused(actor, "not an object")).toMatchObject({ status: 400 });
  });

  it("answers 403 without the offboarding permission or all access", async () => {
    const actor = await actorWith(db, ["transport", "transport-edit", "offboarding-approve"]);
    const { offRentForm, lines } = await editableOffRent(db);
    expect(await refused(actor, bodyOf(offRentForm, lines, { pickupCity: "Waco" }))).toEqual({
      ok: false,
      status: 403,
      message: M.forbidden,
    });
  });

  it("answers 404 for an unknown order or an OffRentFormID of another order", async () => {
    const actor = await actorWith(db, ["offboarding"]);
    const { offRentForm, lines } = await editableOffRent(db);
    const other = await editableOffRent(db);
    expect(await refused(actor, bodyOf(offRentForm, lines, { FormHistoryID: 999_999 }))).toEqual({
      ok: false,
      status: 404,
      message: M.notFound,
    });
    expect(await refused(actor, bodyOf(offRentForm, lines, { OffRentFormID: other.offRentForm.id }))).toEqual({
      ok: false,
      status: 404,
      message: M.notFound,
    });
  });

  it("answers 409 for a cancelled, a returned or a trade's order", async () => {
    const actor = await actorWith(db, ["offboarding"]);
    const cancelled = await editableOffRent(db, { cancelled: true });
    expect(await refused(actor, bodyOf(cancelled.offRentForm, cancelled.lines))).toEqual({
      ok: false,
      status: 409,
      message: M.cancelled,
    });
    const returned = await editableOffRent(db, { stage: OFFBOARDING_STAGE.returned });
    expect(await refused(actor, bodyOf(returned.offRentForm, returned.lines))).toEqual({
      ok: false,
      status: 409,
      message: M.returned,
    });
    const trade = await editableOffRent(db);
    await db.formHistory.update({ where: { id: trade.form.id }, data: { kind: "TRADE" } });
    expect(await refused(actor, bodyOf(trade.offRentForm, trade.lines))).toEqual({
      ok: false,
      status: 409,
      message: M.trade,
    });
    const plain = await editableOffRent(db);
    expect(await refused(actor, bodyOf(plain.offRentForm, plain.lines, { TradeFormID: 5 }))).toMatchObject({
      status: 400,
      message: M.tradeFormId,
    });
  });

  it("answers 409 with who changed what since, for an edit made from an older version", async () => {
    const first = await actorWith(db, ["offboarding"]);
    const second = await actorWith(db, ["offboarding"]);
    const { offRentForm, lines } = await editableOffRent(db);
    expect(await editOffRentOrder(db, first, bodyOf(offRentForm, lines, { pickupCity: "Waco" }))).toMatchObject({
      ok: true,
    });
    const result = await refused(second, bodyOf(offRentForm, lines, { pickupName: "Lee Park" }));
    expect(result).toMatchObject({
      ok: false,
      status: 409,
      message: M.versionConflict,
      conflict: {
        currentVersion: 2,
        since: [{ by: "Dana Driver", changes: [{ label: "Pickup City", before: "Austin", after: "Waco" }] }],
      },
    });
    expect(await db.offRentForm.findUniqueOrThrow({ where: { id: offRentForm.id } })).toMatchObject({
      pickupName: "Pat Jones",
      version: 2,
    });
  });

  it("refuses to remove a unit that is not awaiting pickup, is carrier assigned, or is the last one (409)", async () => {
    const actor = await actorWith(db, ["offboarding"]);
    const submitted = await editableOffRent(db, { stage: OFFBOARDING_STAGE.submitted });
    expect(
      await refused(
        actor,
        bodyOf(submitted.offRentForm, submitted.lines, {
          returningVins: [rowOf(submitted.lines[0]!)],
          deletedVins: [rowOf(submitted.lines[1]!)],
        }),
      ),
    ).toMatchObject({
      status: 409,
      message: `Unit ${submitted.lines[1]!.unitNumber} cannot be removed: only units awaiting pickup can be.`,
    });

    const { offRentForm, lines, form } = await editableOffRent(db, { stage: OFFBOARDING_STAGE.approved });
    await job(db, form.id, "PICKUP", lines[1]!.unitId, (await vendor(db)).id);
    expect(
      await refused(
        actor,
        bodyOf(offRentForm, lines, { returningVins: [rowOf(lines[0]!)], deletedVins: [rowOf(lines[1]!)] }),
      ),
    ).toMatchObject({
      status: 409,
      message: `Unit ${lines[1]!.unitNumber} cannot be removed: Carrier Assigned.`,
    });

    const single = await editableOffRent(db, { stage: OFFBOARDING_STAGE.approved, count: 1 });
    expect(
      await refused(
        actor,
        bodyOf(single.offRentForm, single.lines, { returningVins: [], deletedVins: [rowOf(single.lines[0]!)] }),
      ),
    ).toEqual({
      ok: false,
      status: 409,
      message: M.keepOneUnit,
    });
  });

  it("refuses to change a carrier-assigned unit (409 'Carrier Assigned')", async () => {
    const actor = await actorWith(db, ["offboarding"]);
    const { offRentForm, lines, form } = await editableOffRent(db, { stage: OFFBOARDING_STAGE.approved });
    await job(db, form.id, "PICKUP", lines[0]!.unitId, (await vendor(db)).id);
    const message = `Unit ${lines[0]!.unitNumber} cannot be changed: Carrier Assigned.`;
    expect(
      await refused(
        actor,
        bodyOf(offRentForm, lines, { returningVins: [{ ...rowOf(lines[0]!), odometer: "5" }, rowOf(lines[1]!)] }),
      ),
    ).toEqual({
      ok: false,
      status: 409,
      message,
      fieldErrors: { "returningVins.0.vin": [message] },
    });
  });

  it("refuses blank unit rows, duplicates, and a list that does not match the order (400)", async () => {
    const actor = await actorWith(db, ["offboarding"]);
    const { offRentForm, lines } = await editableOffRent(db, { stage: OFFBOARDING_STAGE.approved });
    expect(
      await refused(actor, bodyOf(offRentForm, lines, { returningVins: [...lines.map(rowOf), newRow("", "")] })),
    ).toMatchObject({
      status: 400,
      message: M.allFieldsRequired,
      fieldErrors: { "returningVins.2.vin": [M.allFieldsRequired], "returningVins.2.odometer": [M.allFieldsRequired] },
    });
    expect(
      await refused(
        actor,
        bodyOf(offRentForm, lines, { returningVins: [...lines.map(rowOf), newRow(lines[0]!.unitNumber, "5")] }),
      ),
    ).toEqual({
      ok: false,
      status: 400,
      message: M.duplicateVins,
      fieldErrors: {
        returningVins: [M.duplicateVinsInline],
        "returningVins.0.vin": [M.duplicateVinsInline],
        "returningVins.2.vin": [M.duplicateVinsInline],
      },
    });
    expect(await refused(actor, bodyOf(offRentForm, lines, { returningVins: [rowOf(lines[0]!)] }))).toEqual({
      ok: false,
      status: 400,
      message: M.unitsMismatch,
    });
  });

  it("tests every edited unit again: unknown, another customer's, already returning, not on rent (400)", async () => {
    const actor = await actorWith(db, ["offboarding"]);
    const { offRentForm, lines } = await editableOffRent(db, { stage: OFFBOARDING_STAGE.approved });
    const elsewhere = await editableOffRent(db, { stage: OFFBOARDING_STAGE.approved, count: 1 });
    const othersTruck = await unit(db, "ON RENT", { companyId: elsewhere.company.id });
    const onLot = await unit(db, "ON LOT");
    const body = bodyOf(offRentForm, lines, {
      returningVins: [
        ...lines.map(rowOf),
        newRow("NOSUCH1", "1"),
        newRow(othersTruck.unitNumber, "2"),
        newRow(elsewhere.lines[0]!.unitNumber, "3"),
        newRow(onLot.unitNumber, "4"),
      ],
    });
    expect(await refused(actor, body)).toEqual({
      ok: false,
      status: 400,
      message: M.editedVinsInvalid,
      fieldErrors: {
        returningVins: [M.editedVinsInvalid],
        "returningVins.2.vin": ["INVALID UNIT NUMBER"],
        "returningVins.3.vin": ["INVALID UNIT NUMBER"],
        "returningVins.4.vin": ["INVALID UNIT NUMBER"],
        "returningVins.5.vin": ["INVALID UNIT NUMBER"],
      },
    });
  });

  it("refuses a company code no customer has (400)", async () => {
    const actor = await actorWith(db, ["offboarding"]);
    const { offRentForm, lines } = await editableOffRent(db);
    expect(await refused(actor, bodyOf(offRentForm, lines, { compCode: await unusedCompanyCode(db) }))).toEqual({
      ok: false,
      status: 400,
      message: M.unknownCompany,
      fieldErrors: { compCode: [M.unknownCompany] },
    });
  });

  it("holds the dialog's rule when asked: edited units must have been tested valid", async () => {
    const actor = await actorWith(db, ["offboarding"]);
    const { company: owner, offRentForm, lines } = await editableOffRent(db, { stage: OFFBOARDING_STAGE.approved });
    const truck = await unit(db, "ON RENT", { companyId: owner.id });
    const body = bodyOf(offRentForm, lines, { returningVins: [...lines.map(rowOf), newRow(truck.unitNumber, "9")] });
    const before = await databaseFingerprint();
    expect(await editOffRentOrder(db, actor, body, { clientTests: [null, null, null] })).toEqual({
      ok: false,
      status: 400,
      message: M.editedVinsInvalid,
      fieldErrors: { "returningVins.2.vin": ["Test Required"], returningVins: [M.editedVinsInvalid] },
    });
    expect(await databaseFingerprint()).toBe(before);
    expect(
      await editOffRentOrder(db, actor, body, { clientTests: [null, null, { vin: truck.unitNumber, valid: true }] }),
    ).toMatchObject({ ok: true });
  });
});
