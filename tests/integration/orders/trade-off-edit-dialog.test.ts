// The editOffTrade board dialog through the board route, as a browser without JavaScript uses it
// (and a fetcher, for /offboarding.data): its loader, the save (the operation of PUT /api/trade/off/edit),
// every refusal re-rendered with the values sent, the steps that write nothing (Add unit, Remove ticked
// units, Test units, the conversion's question), a reader without the edit permission, a stale version, and
// converting the trade from the off side — against the worker's own database.
import { beforeAll, describe, expect, it } from "vitest";
import { loadOpenDialog, submitDialogForm } from "~/modules/dialogs/board-dialogs.server.ts";
import { editTradeOffOrder } from "~/modules/orders/trade-off-edit.server.ts";
import type { CardListName } from "~/rules/boards/boards.ts";
import type { PermissionName } from "~/rules/access/permissions.ts";
import { OFF_RENT_EDIT_MESSAGES } from "~/rules/orders/off-rent-edit/messages.ts";
import { OFFBOARDING_STAGE, RETURNING_UNIT_STATUS } from "~/rules/orders/order-stages.ts";
import { TRADE_CONVERT_MESSAGES as C } from "~/rules/orders/trade-convert.ts";
import { TRADE_OFF_EDIT_MESSAGES as M, usedOrCompletedMessage } from "~/rules/orders/trade-off-edit.ts";
import { CONVERT_CARRIED_FIELDS, TRADE_CONVERT_TEXTS as T } from "~/rules/orders/trade-convert-dialog.ts";
import {
  TRADE_OFF_EDIT_DIALOG_MESSAGES as D,
  TRADE_OFF_EDIT_INTENTS as I,
  type TradeOffEditDialogData,
} from "~/rules/orders/trade-off-edit-dialog.ts";
import {
  RETURNING_UNITS_DIALOG_MESSAGES as R,
  unitsRemovedMessage,
} from "~/modules/orders/returning-units-dialogs.server.ts";
import { createTradeOffEditRouter } from "../../../server/api/trade-off-edit.ts";
import { apiHarness } from "../../support/api-harness.ts";
import { loadBoard, postBoardForm } from "../../support/board-route.ts";
import { createTestPrisma } from "../../support/database.ts";
import { databaseFingerprint } from "../../support/property.ts";
import { vendor } from "../../support/factories/companies.ts";
import { editableOffRent } from "../../support/factories/off-rent-edit.ts";
import { job } from "../../support/factories/requests.ts";
import {
  completedLine,
  donePickup,
  editableTradeReturn,
  tradeOffBodyOf,
} from "../../support/factories/trade-off-edit.ts";
import { ensureStatuses, unit } from "../../support/factories/units.ts";
import { actorWith } from "../../support/factories/users.ts";

const db = createTestPrisma();
const api = apiHarness(createTradeOffEditRouter);
const seen: CardListName[][] = api.reported;

beforeAll(async () => {
  await ensureStatuses(db);
});

const EDITOR: PermissionName[] = ["offboarding"];
/** A valid phone for the trade's rental agreement contact (the factory's is not dialable). */
const RA_PHONE = "(512) 456-7890";

const dialogPath = (formHistoryId: number | string, extra = "") =>
  `/offboarding?${extra}modal=editOffTrade&formHistoryId=${formHistoryId}`;

// One user per set of permissions for the whole file, made on first use: a check that nothing was written
// must not see the user a request was made by appear.
const actors = new Map<string, ReturnType<typeof actorWith>>();
function actor(permissions: PermissionName[]) {
  const key = permissions.join(",");
  if (!actors.has(key)) actors.set(key, actorWith(db, permissions));
  return actors.get(key)!;
}

/** The dialog's data as the offboarding board loads it. */
async function dialogData(formHistoryId: number) {
  const loaded = await loadBoard(api.services, await actor(EDITOR), dialogPath(formHistoryId));
  expect(loaded.dialog).toMatchObject({ name: "editOffTrade", title: "Edit Order", error: null });
  return loaded.dialog!.data as TradeOffEditDialogData;
}

/** The dialog's form posted to the board; `data`: as a fetcher (JavaScript) posts it (/offboarding.data). */
async function post(form: URLSearchParams, options: { data?: boolean; path?: string } = {}) {
  const path = options.path ?? dialogPath(form.get("FormHistoryID")!);
  return postBoardForm(api.services, await actor(EDITOR), path, form, options);
}

/** The dialog kit as another board would run it, for a reader the offboarding page does not admit. */
async function kitContext(permissions: PermissionName[], formHistoryId: number) {
  const search = new URLSearchParams({ modal: "editOffTrade", formHistoryId: String(formHistoryId) });
  return { db, actor: await actor(permissions), route: "offboarding" as const, search, now: new Date() };
}

interface Row {
  key: string;
  vin: string;
  odometer: string;
  testedValid?: string;
  remove?: boolean;
}

/**
 * The form the dialog posts for `data` as loaded (every field as its input holds it, the listed units as
 * rows), with `fields` changed, `rows` instead of the listed ones, and the conversion's question and
 * choice when given (its carried values are the confirmation's hidden fields).
 */
function formOf(
  data: TradeOffEditDialogData,
  intent: string,
  changes: {
    fields?: Record<string, string>;
    rows?: Row[];
    version?: number;
    tradeVersion?: number;
    asked?: boolean;
    convertVin?: string;
  } = {},
): URLSearchParams {
  const form = new URLSearchParams({ intent });
  form.set("FormHistoryID", String(data.FormHistoryID));
  form.set("TradeFormID", String(data.TradeFormID));
  form.set("OffRentFormID", String(data.OffRentFormID));
  form.set("version", String(changes.version ?? data.version));
  form.set("tradeVersion", String(changes.tradeVersion ?? data.tradeVersion));
  form.set("convertAsked", String(changes.asked ?? false));
  for (const [name, value] of Object.entries({ ...data.fields, ...changes.fields })) form.set(name, value);
  for (const row of changes.rows ?? rowsOf(data)) {
    form.append("lineKey", row.key);
    form.append("vin", row.vin);
    form.append("odometer", row.odometer);
    form.append("testedValid", row.testedValid ?? "");
    if (row.remove) form.append("remove", row.key);
  }
  if (changes.convertVin !== undefined) {
    form.set("convertVin", changes.convertVin);
    for (const name of CONVERT_CARRIED_FIELDS) form.set(name, data.convert!.carried[name]);
  }
  return form;
}

/** The listed lines as rows, unchanged. */
const rowsOf = (data: TradeOffEditDialogData): Row[] =>
  data.lines.map((line) => ({ key: line.key, vin: line.vin, odometer: line.odometer }));

const storedLines = (offRentFormId: number) =>
  db.returningUnit.findMany({
    where: { offRentFormId },
    orderBy: { id: "asc" },
    select: { unitNumber: true, odometer: true, statusId: true },
  });

/** Posts a form that must be refused (or answered again) and checks that it wrote and reported nothing. */
async function writesNothing(form: URLSearchParams, options: { data?: boolean } = {}) {
  const before = await databaseFingerprint();
  seen.length = 0;
  const answer = await post(form, options);
  expect(await databaseFingerprint()).toBe(before);
  expect(seen).toEqual([]);
  return answer;
}

/**
 * A trade returning two units still at the customer and one completed (picked up, its pickup done by a
 * carrier), with the counts a carrier-held pickup leaves.
 */
async function tradeWithCompletedUnit() {
  let done: { id: number; unitNumber: string } | null = null;
  const trade = await editableTradeReturn(db, {
    offStage: OFFBOARDING_STAGE.pickupScheduled,
    lines: async (companyId) => {
      const completed = await completedLine(db);
      done = completed.unit;
      return [
        { unit: await unit(db, "ON RENT", { companyId }) },
        { unit: await unit(db, "ON RENT", { companyId }) },
        completed,
      ];
    },
  });
  await donePickup(db, trade.form.id, done!.id);
  await db.offRentForm.update({ where: { id: trade.offRentForm.id }, data: { trucksRemaining: 2 } });
  await db.tradeForm.update({ where: { id: trade.tradeForm.id }, data: { returnTrucksRemaining: 2 } });
  return { ...trade, done: done! };
}

/** A trade ready to convert: two units on rent awaiting pickup, no jobs, a dialable RA phone. */
async function convertibleTradeReturn() {
  const trade = await editableTradeReturn(db, { count: 2 });
  await db.tradeForm.update({ where: { id: trade.tradeForm.id }, data: { raPhone: RA_PHONE } });
  return trade;
}

describe("the editOffTrade dialog: loading", () => {
  it("loads the return half with its fields, the outstanding units and their rules, the completed ones apart, the conversion and the history", async () => {
    const trade = await tradeWithCompletedUnit();
    await editTradeOffOrder(
      db,
      await actor(EDITOR),
      tradeOffBodyOf(trade.tradeForm, trade.offRentForm, trade.lines, { pickupCity: "Waco" }),
    );

    const data = await dialogData(trade.form.id);
    const [first, second, done] = trade.lines;
    expect(data).toMatchObject({
      FormHistoryID: trade.form.id,
      TradeFormID: trade.tradeForm.id,
      OffRentFormID: trade.offRentForm.id,
      version: 2,
      tradeVersion: 2,
      companyName: trade.offRentForm.companyName,
      offboardingStatus: OFFBOARDING_STAGE.pickupScheduled,
      stageLabel: "Pickup Scheduled",
      fields: {
        compName: trade.offRentForm.companyName,
        compCode: trade.offRentForm.companyCode,
        submittedBy: "Pat Jones",
        pickupDate: "2026-12-01",
        pickupCity: "Waco",
        pickupPhoneAlt: "",
        pickupZip: "78701",
      },
      partlyAssigned: true,
      readOnlyReason: null,
    });
    expect(data.lines.map((line) => [line.key, line.vin, line.statusLabel, line.editable, line.removable])).toEqual([
      [`line-${first!.id}`, first!.unitNumber, "Awaiting Pickup", true, true],
      [`line-${second!.id}`, second!.unitNumber, "Awaiting Pickup", true, true],
    ]);
    expect(data.completedLines).toEqual([
      {
        id: done!.id,
        vin: done!.unitNumber,
        odometer: "1000",
        statusId: RETURNING_UNIT_STATUS.pickedUp,
        assignedStatus: "assigned",
        statusLabel: "Picked Up",
      },
    ]);
    expect(data.convert).toEqual({
      units: [first!.unitNumber, second!.unitNumber],
      carried: {
        HalfTonCountTrade: "3",
        ThreeQuarterTonCountTrade: "0",
        OneTonFlatCountTrade: "0",
        OneTonServiceCountTrade: "0",
        raName: "Pat",
        raPhone: "5555550100",
        raEmail: "p@x.test",
        raFax: "",
        PONumber: "",
        specialInstructions: "",
        insuranceType: "",
      },
    });
    expect(data.history).toMatchObject([
      { action: "edit", by: "Dana Driver", changes: [{ label: "Pickup City", before: "Austin", after: "Waco" }] },
    ]);
  });

  it("answers 404 for an unknown request, a malformed id, and a request that is not a trade", async () => {
    const offRent = await editableOffRent(db);
    for (const id of [999_999, "abc", offRent.form.id]) {
      const loaded = await loadBoard(api.services, await actor(EDITOR), dialogPath(id));
      expect(loaded.dialog).toMatchObject({ name: "editOffTrade", data: null, error: M.notFound, status: 404 });
    }
  });

  it("is read-only, without the conversion, for a cancelled trade, a returned one and a reader without the Off Rent permission", async () => {
    const cancelled = await editableTradeReturn(db, { cancelled: true });
    expect(await dialogData(cancelled.form.id)).toMatchObject({ readOnlyReason: M.cancelled, convert: null });
    const returned = await editableTradeReturn(db, { offStage: OFFBOARDING_STAGE.returned });
    expect(await dialogData(returned.form.id)).toMatchObject({ readOnlyReason: M.returned, convert: null });

    // Only the Off Rent page opens the offboarding board; the dialog kit itself still answers a reader
    // another way would bring (transport's boards show trades' pickups).
    const trade = await convertibleTradeReturn();
    const context = await kitContext(["transport"], trade.form.id);
    expect((await loadOpenDialog(context))!.data).toMatchObject({
      readOnlyReason: D.noPermission,
      convert: null,
    });
    const data = await dialogData(trade.form.id);
    const before = await databaseFingerprint();
    for (const intent of [I.save, I.addUnit, I.removeUnits]) {
      const form = new FormData();
      for (const [name, value] of formOf(data, intent, { fields: { pickupCity: "Waco" } })) form.append(name, value);
      expect(await submitDialogForm(context, form)).toMatchObject({
        kind: "refused",
        status: 403,
        actionData: { message: OFF_RENT_EDIT_MESSAGES.forbidden },
      });
    }
    for (const intent of [I.convertAsk, I.convert]) {
      const form = new FormData();
      for (const [name, value] of formOf(data, intent, { convertVin: data.convert!.units[0]! })) {
        form.append(name, value);
      }
      expect(await submitDialogForm(context, form)).toMatchObject({
        kind: "refused",
        status: 403,
        actionData: { message: C.forbidden },
      });
    }
    expect(await databaseFingerprint()).toBe(before);
  });
});

describe("the editOffTrade dialog: saving", () => {
  it("saves a plain post: 303 back to the board, both halves written, the lists reported once", async () => {
    const trade = await editableTradeReturn(db, { count: 2 });
    const spare = await unit(db, "ON RENT", { companyId: trade.company.id });
    const data = await dialogData(trade.form.id);
    seen.length = 0;
    const answer = await post(
      formOf(data, I.save, {
        fields: { pickupCity: "Temple", compName: "Acme Paving" },
        rows: [
          ...rowsOf(data),
          { key: "new-3", vin: spare.unitNumber.toLowerCase(), odometer: "4321", testedValid: spare.unitNumber },
        ],
      }),
      { path: dialogPath(trade.form.id, "filter=acme&") },
    );
    expect(answer).toEqual({ status: 303, location: "/offboarding?filter=acme", data: null });
    expect(seen).toEqual([["offboarding", "onboarding"]]);
    expect(await db.offRentForm.findUniqueOrThrow({ where: { id: trade.offRentForm.id } })).toMatchObject({
      companyName: "Acme Paving",
      pickupCity: "Temple",
      numTrucksReturning: 3,
      version: 2,
    });
    expect(await db.tradeForm.findUniqueOrThrow({ where: { id: trade.tradeForm.id } })).toMatchObject({
      corporateNameTrade: "Acme Paving",
      pickupCity: "Temple",
      numTrucksReturning: 3,
      version: 2,
    });
    expect(await storedLines(trade.offRentForm.id)).toEqual([
      ...trade.lines.map((line) => ({
        unitNumber: line.unitNumber,
        odometer: 1000,
        statusId: RETURNING_UNIT_STATUS.awaitingPickup,
      })),
      { unitNumber: spare.unitNumber, odometer: 4321, statusId: RETURNING_UNIT_STATUS.awaitingPickup },
    ]);
  });

  it("saves from a fetcher (JavaScript) the same way, removing a ticked unit and leaving the completed one as it is", async () => {
    const trade = await tradeWithCompletedUnit();
    const data = await dialogData(trade.form.id);
    const [kept, removed] = rowsOf(data);
    seen.length = 0;
    const answer = await post(formOf(data, I.save, { rows: [kept!, { ...removed!, remove: true }] }), { data: true });
    expect(answer).toEqual({ status: 303, location: "/offboarding", data: null });
    expect(seen).toEqual([["offboarding", "onboarding"]]);
    expect(await storedLines(trade.offRentForm.id)).toEqual([
      { unitNumber: trade.lines[0]!.unitNumber, odometer: 1000, statusId: RETURNING_UNIT_STATUS.awaitingPickup },
      { unitNumber: trade.done.unitNumber, odometer: 1000, statusId: RETURNING_UNIT_STATUS.pickedUp },
    ]);
  });

  it("re-renders each refusal with the specification's message and the values sent, writing nothing", async () => {
    const trade = await tradeWithCompletedUnit();
    const data = await dialogData(trade.form.id);
    const [first, second] = rowsOf(data) as [Row, Row];
    const spare = await unit(db, "ON RENT", { companyId: trade.company.id });

    const blankCode = await writesNothing(formOf(data, I.save, { fields: { compCode: "" } }));
    expect(blankCode).toMatchObject({
      status: 400,
      data: {
        intent: I.save,
        ok: false,
        message: "Company Code is required to edit an order.",
        fieldErrors: { compCode: ["Company Code is required to edit an order."] },
        values: { compCode: "", pickupCity: "Austin" },
      },
    });

    const blank = await writesNothing(formOf(data, I.save, { fields: { pickupName: "", pickupCity: "Waco" } }));
    expect(blank).toMatchObject({
      status: 400,
      data: {
        message: "*All fields must be filled please...",
        fieldErrors: { pickupName: ["*All fields must be filled please..."] },
        values: { pickupName: "", pickupCity: "Waco" },
      },
    });

    const duplicate = await writesNothing(formOf(data, I.save, { rows: [first, { ...second, vin: first.vin }] }));
    expect(duplicate).toMatchObject({
      status: 400,
      data: {
        message: usedOrCompletedMessage(first.vin),
        fieldErrors: {
          returningVins: ["*The entered vins contain duplicates"],
          "returningVins.1.vin": ["*The entered vins contain duplicates"],
        },
        values: { vin: [first.vin, first.vin] },
      },
    });

    // A completed unit typed again: a duplicate of the completed line the dialog does not list.
    const again = await writesNothing(
      formOf(data, I.save, {
        rows: [
          first,
          second,
          { key: "new-3", vin: trade.done.unitNumber, odometer: "5", testedValid: trade.done.unitNumber },
        ],
      }),
    );
    expect(again).toMatchObject({
      status: 400,
      data: {
        message: `Cannot use duplicate vins. ${trade.done.unitNumber} has already been used or completed on this order.`,
        fieldErrors: { "returningVins.2.vin": ["*The entered vins contain duplicates"] },
      },
    });

    const untested = await writesNothing(
      formOf(data, I.save, { rows: [first, second, { key: "new-3", vin: spare.unitNumber, odometer: "5" }] }),
    );
    expect(untested).toMatchObject({
      status: 400,
      data: {
        message: "All edited vins must be tested and valid",
        fieldErrors: { "returningVins.2.vin": ["Test Required"] },
        values: { vin: [first.vin, second.vin, spare.unitNumber], lineKey: [first.key, second.key, "new-3"] },
      },
    });

    const invalid = await writesNothing(
      formOf(data, I.save, {
        rows: [first, second, { key: "new-3", vin: "NOPE1", odometer: "5", testedValid: "NOPE1" }],
      }),
    );
    expect(invalid).toMatchObject({
      status: 400,
      data: {
        message: "All edited vins must be tested and valid",
        fieldErrors: { "returningVins.2.vin": ["INVALID UNIT NUMBER"] },
      },
    });

    // Without JavaScript a ticked unit that cannot go is refused by the save too (its carrier).
    await job(db, trade.form.id, "PICKUP", trade.lines[1]!.unitId, (await vendor(db)).id);
    const locked = await writesNothing(formOf(data, I.save, { rows: [first, { ...second, remove: true }] }));
    expect(locked).toMatchObject({
      status: 409,
      data: { message: `Unit ${second.vin} cannot be removed: Carrier Assigned.` },
    });
  });

  it("answers an edit made from an older version with 409 and who changed what since, the values kept", async () => {
    const trade = await editableTradeReturn(db);
    const data = await dialogData(trade.form.id);
    await editTradeOffOrder(
      db,
      await actorWith(db, EDITOR),
      tradeOffBodyOf(trade.tradeForm, trade.offRentForm, trade.lines, { pickupZip: "78702" }),
    );
    const stale = await writesNothing(formOf(data, I.save, { fields: { pickupCity: "Waco" } }));
    expect(stale).toMatchObject({
      status: 409,
      data: {
        message: OFF_RENT_EDIT_MESSAGES.versionConflict,
        conflict: {
          currentVersion: 2,
          since: [{ by: "Dana Driver", changes: [{ label: "Pickup Zip", before: "78701", after: "78702" }] }],
        },
        values: { pickupCity: "Waco", version: "1" },
      },
    });
  });
});

describe("the editOffTrade dialog: steps that write nothing", () => {
  it("without JavaScript: Add unit, Test units and Remove ticked units answer the dialog again (200) with the values kept", async () => {
    const trade = await tradeWithCompletedUnit();
    const data = await dialogData(trade.form.id);
    const [first, second] = rowsOf(data) as [Row, Row];
    const spare = await unit(db, "ON RENT", { companyId: trade.company.id });

    expect(await writesNothing(formOf(data, I.addUnit, { fields: { pickupCity: "Waco" } }))).toEqual({
      status: 200,
      location: null,
      data: {
        intent: I.addUnit,
        ok: true,
        message: D.unitAdded,
        values: expect.objectContaining({ pickupCity: "Waco", vin: [first.vin, second.vin] }),
      },
    });

    const tested = await writesNothing(
      formOf(data, I.testUnits, {
        rows: [
          first,
          second,
          { key: "new-3", vin: spare.unitNumber.toLowerCase(), odometer: "1" },
          { key: "new-4", vin: "NOPE9", odometer: "1" },
        ],
      }),
    );
    expect(tested).toMatchObject({
      status: 200,
      data: {
        intent: I.testUnits,
        ok: true,
        message: "1 of 4 units tested is not valid.",
        fieldNotes: {
          [`unitTest.${first.vin}`]: ["VALID UNIT NUMBER"],
          [`unitTest.${second.vin}`]: ["VALID UNIT NUMBER"],
          [`unitTest.${spare.unitNumber}`]: ["VALID UNIT NUMBER"],
          "unitTest.NOPE9": ["INVALID UNIT NUMBER"],
        },
        values: { vin: [first.vin, second.vin, spare.unitNumber.toLowerCase(), "NOPE9"] },
      },
    });
    expect(
      await writesNothing(formOf(data, I.testUnits, { rows: [{ key: "new-1", vin: "UPDATE", odometer: "0" }] })),
    ).toMatchObject({ status: 400, data: { message: OFF_RENT_EDIT_MESSAGES.vinsRequired } });

    // Both outstanding units may go: the completed one stays on the trade.
    expect(
      await writesNothing(
        formOf(data, I.removeUnits, {
          rows: [
            { ...first, remove: true },
            { ...second, remove: true },
          ],
        }),
      ),
    ).toMatchObject({
      status: 200,
      data: {
        intent: I.removeUnits,
        ok: true,
        message: unitsRemovedMessage(2),
        values: { remove: [first.key, second.key] },
      },
    });
    expect(await writesNothing(formOf(data, I.removeUnits))).toMatchObject({
      status: 400,
      data: { ok: false, message: R.nothingTicked },
    });
    await job(db, trade.form.id, "PICKUP", trade.lines[0]!.unitId, (await vendor(db)).id);
    expect(
      await writesNothing(formOf(data, I.removeUnits, { rows: [{ ...first, remove: true }, second] })),
    ).toMatchObject({ status: 409, data: { message: `Unit ${first.vin} cannot be removed: Carrier Assigned.` } });
  });

  it("without JavaScript: the conversion's question comes back with the dialog, and No takes it away", async () => {
    const trade = await convertibleTradeReturn();
    const data = await dialogData(trade.form.id);
    expect(await writesNothing(formOf(data, I.convertAsk, { fields: { pickupCity: "Waco" } }))).toMatchObject({
      status: 200,
      data: {
        intent: I.convertAsk,
        ok: true,
        message: T.question,
        values: { convertAsked: "false", pickupCity: "Waco" },
      },
    });
    expect(await writesNothing(formOf(data, I.convertAsk, { asked: true }))).toMatchObject({
      status: 200,
      data: { intent: I.convertAsk, ok: true, message: T.notConverted, values: { convertAsked: "true" } },
    });
  });
});

describe("the editOffTrade dialog: converting the trade", () => {
  it("converts from the off side: 303 back to the board, the request an order without its return half, the lists reported", async () => {
    const trade = await convertibleTradeReturn();
    const data = await dialogData(trade.form.id);
    const kept = trade.lines[1]!.unitNumber;
    seen.length = 0;
    const answer = await post(formOf(data, I.convert, { asked: true, convertVin: kept }), { data: true });
    expect(answer).toEqual({ status: 303, location: "/offboarding", data: null });
    expect(seen).toEqual([["onboarding", "offboarding"]]);

    expect(await db.formHistory.findUniqueOrThrow({ where: { id: trade.form.id } })).toMatchObject({ kind: "ORDER" });
    expect(await db.offRentForm.findUnique({ where: { id: trade.offRentForm.id } })).toBeNull();
    expect(await db.tradeForm.findUnique({ where: { id: trade.tradeForm.id } })).toBeNull();
    expect(await db.returningUnit.count({ where: { formHistoryId: trade.form.id } })).toBe(0);
    const order = await db.orderForm.findUniqueOrThrow({ where: { formHistoryId: trade.form.id } });
    expect(order).toMatchObject({ halfTonCount: 2, raName: "Pat", raPhone: RA_PHONE, version: 2 });
    const [entry] = await db.auditLog.findMany({ where: { formHistoryId: trade.form.id, action: "convert-trade" } });
    expect(entry!.changedData).toMatchObject({
      "Converted From": "Converted From: !Converted From: Trade off-rent editor",
      "Unit Kept On Rent": `Unit Kept On Rent: !Unit Kept On Rent: ${kept}`,
    });

    // The dialog of a converted trade: the request is no trade any more.
    const loaded = await loadBoard(api.services, await actor(EDITOR), dialogPath(trade.form.id));
    expect(loaded.dialog).toMatchObject({ error: M.notFound, status: 404 });
  });

  it("re-renders a refused conversion with the operation's message and the question, writing nothing", async () => {
    // The trade's own RA phone cannot be dialled: the off side converts with it as stored.
    const undialable = await editableTradeReturn(db);
    const undialableData = await dialogData(undialable.form.id);
    const failed = await writesNothing(
      formOf(undialableData, I.convert, { asked: true, convertVin: undialable.lines[0]!.unitNumber }),
    );
    expect(failed).toMatchObject({
      status: 400,
      data: {
        intent: I.convert,
        ok: false,
        message: "Failed to convert trade...",
        fieldErrors: { raPhone: [expect.stringContaining("RA Phone")] },
        values: { convertVin: undialable.lines[0]!.unitNumber },
      },
    });

    const trade = await convertibleTradeReturn();
    const data = await dialogData(trade.form.id);
    const elsewhere = await unit(db, "ON RENT", { companyId: trade.company.id });
    expect(await writesNothing(formOf(data, I.convert, { convertVin: elsewhere.unitNumber }))).toMatchObject({
      status: 400,
      data: { message: C.failed, fieldErrors: { convertVin: [C.notReturning(elsewhere.unitNumber)] } },
    });
    expect(await writesNothing(formOf(data, I.convert, { convertVin: "" }))).toMatchObject({
      status: 400,
      data: { message: C.failed, fieldErrors: { convertVin: [C.convertVin] } },
    });

    // Someone edited the trade meanwhile (its TradeForm moved on): who changed what since.
    await editTradeOffOrder(
      db,
      await actorWith(db, EDITOR),
      tradeOffBodyOf(trade.tradeForm, trade.offRentForm, trade.lines, { pickupCity: "Waco" }),
    );
    expect(await writesNothing(formOf(data, I.convert, { convertVin: trade.lines[0]!.unitNumber }))).toMatchObject({
      status: 409,
      data: {
        message: C.stale,
        conflict: {
          currentVersion: 2,
          since: [{ by: "Dana Driver", changes: [{ label: "Pickup City", before: "Austin", after: "Waco" }] }],
        },
      },
    });

    // A unit already picked up: the return has begun.
    const begun = await tradeWithCompletedUnit();
    await db.tradeForm.update({ where: { id: begun.tradeForm.id }, data: { raPhone: RA_PHONE } });
    const begunData = await dialogData(begun.form.id);
    expect(await writesNothing(formOf(begunData, I.convert, { convertVin: begun.lines[0]!.unitNumber }))).toMatchObject(
      { status: 409, data: { message: C.pickedUp } },
    );
  });
});
