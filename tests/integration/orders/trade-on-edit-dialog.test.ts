// The editOnTrade board dialog through the board route, as a browser without JavaScript uses
// it (and a fetcher, for /<board>.data): its loader on the onboarding and transport boards, the save
// (the operation of PUT /api/trade/on/edit), every refusal re-rendered with the values sent, the steps
// that write nothing (Add unit, Remove ticked units, Test units, the separate delivery's button, the
// conversion's question), a reader without the edit permission, a stale version, and converting the trade
// from the on side — against the worker's own database.
import { beforeAll, describe, expect, it } from "vitest";
import { editTradeOnOrder } from "~/modules/orders/trade-on-edit.server.ts";
import type { CardListName } from "~/rules/boards/boards.ts";
import type { PermissionName } from "~/rules/access/permissions.ts";
import { OFF_RENT_EDIT_MESSAGES } from "~/rules/orders/off-rent-edit/messages.ts";
import { RETURNING_UNIT_STATUS } from "~/rules/orders/order-stages.ts";
import { TRADE_ON_EDIT_MESSAGES as M } from "~/rules/orders/trade-on-edit.ts";
import {
  TRADE_ON_EDIT_DIALOG_MESSAGES as D,
  TRADE_ON_EDIT_INTENTS as I,
  type TradeOnEditDialogData,
} from "~/rules/orders/trade-on-edit-dialog.ts";
import { TRADE_CONVERT_MESSAGES as C } from "~/rules/orders/trade-convert.ts";
import { TRADE_CONVERT_TEXTS as T } from "~/rules/orders/trade-convert-dialog.ts";
import { createTradeOnEditRouter } from "../../../server/api/trade-on-edit.ts";
import { apiHarness } from "../../support/api-harness.ts";
import { loadBoard, postBoardForm } from "../../support/board-route.ts";
import { createTestPrisma } from "../../support/database.ts";
import { databaseFingerprint } from "../../support/property.ts";
import { company, unusedCompanyCode, vendor } from "../../support/factories/companies.ts";
import { job } from "../../support/factories/requests.ts";
import { bodyOf, editableTrade, SEPARATE_DELIVERY } from "../../support/factories/trade-on-edit.ts";
import { ensureStatuses, unit } from "../../support/factories/units.ts";
import { actorWith } from "../../support/factories/users.ts";

const db = createTestPrisma();
const api = apiHarness(createTradeOnEditRouter);
const seen: CardListName[][] = api.reported;

beforeAll(async () => {
  await ensureStatuses(db);
});

type Board = "onboarding" | "transport";
const EDITOR: PermissionName[] = ["onboarding"];

const dialogPath = (board: Board, formHistoryId: number | string, extra = "") =>
  `/${board}?${extra}modal=editOnTrade&formHistoryId=${formHistoryId}`;

// One user per set of permissions for the whole file, made on first use: a check that nothing was written
// must not see the user a request was made by appear.
const actors = new Map<string, ReturnType<typeof actorWith>>();
function actor(permissions: PermissionName[]) {
  const key = permissions.join(",");
  if (!actors.has(key)) actors.set(key, actorWith(db, permissions));
  return actors.get(key)!;
}

/** The board's loader data for a reader with these permissions. */
async function open(path: string, permissions: PermissionName[] = EDITOR) {
  return loadBoard(api.services, await actor(permissions), path);
}

/** The dialog's data as the board loads it. */
async function dialogData(board: Board, formHistoryId: number, permissions: PermissionName[] = EDITOR) {
  const loaded = await open(dialogPath(board, formHistoryId), permissions);
  expect(loaded.dialog).toMatchObject({ name: "editOnTrade", title: "Edit Order", error: null });
  return loaded.dialog!.data as TradeOnEditDialogData;
}

/** The dialog's form posted to the board; `data`: as a fetcher (JavaScript) posts it (/<board>.data). */
async function post(
  path: string,
  form: URLSearchParams,
  permissions: PermissionName[] = EDITOR,
  options: { data?: boolean } = {},
) {
  return postBoardForm(api.services, await actor(permissions), path, form, options);
}

interface Row {
  key: string;
  vin: string;
  odometer: string;
  testedValid?: string;
  remove?: boolean;
}

/**
 * The form the dialog posts for `data` as loaded (every field as its input holds it, a yes/no field only
 * when ticked, the delivery block only when shown), with `fields` changed and `rows` instead of the
 * listed lines when given.
 */
function formOf(
  data: TradeOnEditDialogData,
  intent: string,
  changes: {
    fields?: Record<string, string>;
    rows?: Row[];
    separateDelivery?: boolean;
    asked?: boolean;
    convertVin?: string;
  } = {},
): URLSearchParams {
  const form = new URLSearchParams({ intent });
  form.set("convertAsked", String(changes.asked ?? false));
  if (changes.convertVin !== undefined) form.set("convertVin", changes.convertVin);
  form.set("FormHistoryID", String(data.FormHistoryID));
  form.set("TradeFormID", String(data.TradeFormID));
  form.set("version", String(data.version));
  const separate = changes.separateDelivery ?? data.separateDelivery;
  form.set("separateDelivery", String(separate));
  const values = { ...data.values, ...changes.fields };
  for (const [name, value] of Object.entries(values)) {
    const entry = data.sections.flatMap((section) => section.fields).find((field) => field.name === name);
    if (entry?.section === "delivery" && !separate) continue;
    if (entry?.kind === "yesNo") {
      if (value === "true") form.set(name, "true");
      continue;
    }
    form.set(name, value);
  }
  const rows: Row[] =
    changes.rows ?? data.lines.map((line) => ({ key: line.key, vin: line.vin, odometer: line.odometer }));
  for (const row of rows) {
    form.append("lineKey", row.key);
    form.append("vin", row.vin);
    form.append("odometer", row.odometer);
    form.append("testedValid", row.testedValid ?? "");
    if (row.remove) form.append("remove", row.key);
  }
  return form;
}

/** The listed lines as rows, unchanged. */
const rowsOf = (data: TradeOnEditDialogData): Row[] =>
  data.lines.map((line) => ({ key: line.key, vin: line.vin, odometer: line.odometer }));

const storedTrade = (id: number) => db.tradeForm.findUniqueOrThrow({ where: { id } });
const storedLines = (offRentFormId: number) =>
  db.returningUnit.findMany({
    where: { offRentFormId },
    orderBy: { id: "asc" },
    select: { unitNumber: true, odometer: true, statusId: true },
  });

describe("the editOnTrade dialog: loading", () => {
  it("loads the trade on the onboarding board with its fields, every unit's lock and removal rules, and the history", async () => {
    const trade = await editableTrade(db, { count: 3 });
    await job(db, trade.form.id, "PICKUP", trade.lines[2]!.unitId, (await vendor(db)).id);
    await editTradeOnOrder(
      db,
      await actorWith(db, EDITOR),
      bodyOf(trade.tradeForm, trade.lines, { PONumber: "PO-1", SecondKeyTrade: true }),
    );

    const data = await dialogData("onboarding", trade.form.id);
    expect(data).toMatchObject({
      FormHistoryID: trade.form.id,
      TradeFormID: trade.tradeForm.id,
      version: 2,
      orderPage: "onboarding",
      companyName: trade.company.name,
      stageLabel: "Approved",
      separateDelivery: false,
      completedLines: [],
      partlyAssigned: true,
      newTrucksAssigned: 0,
      readOnlyReason: null,
    });
    expect(data.values).toMatchObject({
      CorporateNameTrade: trade.tradeForm.corporateNameTrade,
      CompanyCode: trade.company.code,
      PONumber: "PO-1",
      HalfTonCountTrade: "3",
      ThreeQuarterTonCountTrade: "0",
      DamageWaiverID: "2",
      SecondKeyTrade: "true",
      ConfirmReturnReady: "false",
      pickupDate: "2026-12-01",
      dateReadyForPickup: "",
      pickupPhone: "(212) 456-7890",
      deliveryName: "",
      raFax: "",
    });
    expect(
      data.lines.map((line) => [line.vin, line.statusLabel, line.assignedStatus, line.editable, line.removable]),
    ).toEqual([
      [trade.lines[0]!.unitNumber, "Awaiting Pickup", "unassigned", true, true],
      [trade.lines[1]!.unitNumber, "Awaiting Pickup", "unassigned", true, true],
      [trade.lines[2]!.unitNumber, "Awaiting Pickup", "assigned", false, false],
    ]);
    expect(data.history).toMatchObject([
      {
        action: "edit",
        by: "Dana Driver",
        changes: expect.arrayContaining([{ label: "PO Number", before: "", after: "PO-1" }]),
      },
    ]);
  });

  it("lists only the units still to be swapped on the transport board; the completed ones are its offset", async () => {
    const trade = await editableTrade(db, {
      lines: async (companyId) => [
        { unit: await unit(db, "ON RENT", { companyId }) },
        { unit: await unit(db, "IN TRANSIT"), statusId: RETURNING_UNIT_STATUS.pickedUp },
      ],
    });
    const transport = await dialogData("transport", trade.form.id, ["transport", "transport-edit"]);
    expect(transport).toMatchObject({ orderPage: "transport", readOnlyReason: null });
    expect(transport.lines.map((line) => line.vin)).toEqual([trade.lines[0]!.unitNumber]);
    expect(transport.completedLines.map((line) => line.vin)).toEqual([trade.lines[1]!.unitNumber]);

    const onboarding = await dialogData("onboarding", trade.form.id);
    expect(onboarding.lines.map((line) => [line.vin, line.statusLabel, line.editable])).toEqual([
      [trade.lines[0]!.unitNumber, "Awaiting Pickup", true],
      [trade.lines[1]!.unitNumber, "Picked Up", false],
    ]);
    expect(onboarding.completedLines).toEqual([]);
  });

  it("reads a stored separate delivery address, and a damage waiver outside 1–6 as no choice", async () => {
    const trade = await editableTrade(db);
    await db.tradeForm.update({ where: { id: trade.tradeForm.id }, data: { ...SEPARATE_DELIVERY, damageWaiverId: 0 } });
    const data = await dialogData("onboarding", trade.form.id);
    expect(data.separateDelivery).toBe(true);
    expect(data.values).toMatchObject({ deliveryName: "Sam Lee", deliveryCity: "Dallas", DamageWaiverID: "" });
  });

  it("answers 'That trade does not exist.' for an unknown or malformed id, and for a request that is not a trade", async () => {
    const order = await company(db).then(async (owner) =>
      db.formHistory.create({ data: { kind: "ORDER", companyId: owner.id, submitteeName: "Pat" } }),
    );
    for (const id of ["999999999", "abc", "-1", "", String(order.id)]) {
      const loaded = await open(dialogPath("onboarding", id));
      expect(loaded.dialog).toMatchObject({ name: "editOnTrade", error: M.notFound, status: 404 });
    }
  });

  it("shows a cancelled trade read-only", async () => {
    const trade = await editableTrade(db, { cancelled: true });
    expect((await dialogData("onboarding", trade.form.id)).readOnlyReason).toBe(D.cancelled);
  });
});

describe("the editOnTrade dialog: saving", () => {
  it("saves a posted form (no JavaScript), redirects to the board without the dialog and reports the lists", async () => {
    const trade = await editableTrade(db);
    const data = await dialogData("onboarding", trade.form.id);
    seen.length = 0;
    const answer = await post(
      dialogPath("onboarding", trade.form.id, "filter=acme&"),
      formOf(data, "edit-on-trade", { fields: { PONumber: "PO-FORM", useCity: "Burnet", ConfirmReturnReady: "true" } }),
    );
    expect(answer).toEqual({ status: 303, location: "/onboarding?filter=acme", data: null });
    expect(seen).toEqual([["onboarding"]]);
    expect(await storedTrade(trade.tradeForm.id)).toMatchObject({
      poNumber: "PO-FORM",
      useCity: "Burnet",
      confirmReturnReady: true,
      secondKeyTrade: false,
      version: 2,
    });
  });

  it("redirects a fetcher's submission (JavaScript, /onboarding.data) to the board, not to its data URL", async () => {
    const trade = await editableTrade(db);
    const data = await dialogData("onboarding", trade.form.id);
    const form = formOf(data, "edit-on-trade", { fields: { PONumber: "PO-FETCHER" } });
    expect(await post(dialogPath("onboarding", trade.form.id), form, EDITOR, { data: true })).toEqual({
      status: 303,
      location: "/onboarding",
      data: null,
    });
    expect((await storedTrade(trade.tradeForm.id)).poNumber).toBe("PO-FETCHER");
  });

  it("saves a unit added and tested valid, a unit removed and the new trucks matching them", async () => {
    const trade = await editableTrade(db, { count: 2 });
    const spare = await unit(db, "ON RENT", { companyId: trade.company.id });
    const data = await dialogData("onboarding", trade.form.id);
    const rows: Row[] = [
      ...rowsOf(data).map((row, index) => ({ ...row, remove: index === 1 })),
      { key: "new-3", vin: spare.unitNumber.toLowerCase(), odometer: "4321", testedValid: spare.unitNumber },
      { key: "new-4", vin: "UPDATE", odometer: "000000" },
    ];
    const answer = await post(
      dialogPath("onboarding", trade.form.id),
      formOf(data, "edit-on-trade", { rows, fields: { HalfTonCountTrade: "2", OneTonFlatCountTrade: "1" } }),
    );
    expect(answer).toMatchObject({ status: 303, location: "/onboarding" });
    expect(await storedLines(trade.offRentForm.id)).toEqual([
      { unitNumber: trade.lines[0]!.unitNumber, odometer: 1000, statusId: RETURNING_UNIT_STATUS.awaitingPickup },
      { unitNumber: spare.unitNumber, odometer: 4321, statusId: RETURNING_UNIT_STATUS.awaitingPickup },
      { unitNumber: "UPDATE", odometer: 0, statusId: RETURNING_UNIT_STATUS.new },
    ]);
    expect(await storedTrade(trade.tradeForm.id)).toMatchObject({
      halfTonCountTrade: 2,
      oneTonFlatCountTrade: 1,
      numTrucksReturning: 3,
      version: 2,
    });
  });

  it("saves from the transport board, whose new trucks count the completed units it does not list", async () => {
    const trade = await editableTrade(db, {
      lines: async (companyId) => [
        { unit: await unit(db, "ON RENT", { companyId }) },
        { unit: await unit(db, "IN TRANSIT"), statusId: RETURNING_UNIT_STATUS.pickedUp },
      ],
    });
    const transportEditor: PermissionName[] = ["transport", "transport-edit"];
    const data = await dialogData("transport", trade.form.id, transportEditor);
    seen.length = 0;
    const answer = await post(
      dialogPath("transport", trade.form.id),
      formOf(data, "edit-on-trade", { fields: { pickupCity: "Waco" } }),
      transportEditor,
    );
    expect(answer).toMatchObject({ status: 303, location: "/transport" });
    expect(seen).toEqual([["onboarding", "offboarding", "transport"]]);
    expect((await storedTrade(trade.tradeForm.id)).pickupCity).toBe("Waco");
    expect(await storedLines(trade.offRentForm.id)).toHaveLength(2);

    // One new truck for the one unit listed is one short: the completed unit counts too.
    const refused = await post(
      dialogPath("transport", trade.form.id),
      formOf(await dialogData("transport", trade.form.id, transportEditor), "edit-on-trade", {
        fields: { HalfTonCountTrade: "1" },
      }),
      transportEditor,
    );
    expect(refused).toMatchObject({ status: 400, data: { message: M.totalMismatch } });
  });

  it("adds a separate delivery address, and removing it sends the trucks to the pickup address again", async () => {
    const trade = await editableTrade(db);
    const data = await dialogData("onboarding", trade.form.id);
    const delivery = Object.fromEntries(
      Object.entries(SEPARATE_DELIVERY).map(([name, value]) => [name, value ?? ""]),
    ) as Record<string, string>;
    const added = await post(
      dialogPath("onboarding", trade.form.id),
      formOf(data, "edit-on-trade", { separateDelivery: true, fields: delivery }),
    );
    expect(added).toMatchObject({ status: 303 });
    expect(await storedTrade(trade.tradeForm.id)).toMatchObject({ deliveryName: "Sam Lee", deliveryZip: "75201" });

    const again = await dialogData("onboarding", trade.form.id);
    expect(again.separateDelivery).toBe(true);
    const removed = await post(
      dialogPath("onboarding", trade.form.id),
      formOf(again, "edit-on-trade", { separateDelivery: false }),
    );
    expect(removed).toMatchObject({ status: 303 });
    expect(await storedTrade(trade.tradeForm.id)).toMatchObject({ deliveryName: null, deliveryZip: null, version: 3 });
  });
});

describe("the editOnTrade dialog: refusals, re-rendered with the values sent (nothing written)", () => {
  it("answers each refusal with its status, the specification's message, the field messages and the values", async () => {
    const trade = await editableTrade(db, { count: 3 });
    await job(db, trade.form.id, "PICKUP", trade.lines[2]!.unitId, (await vendor(db)).id);
    const stranger = await unit(db, "ON RENT", { companyId: (await company(db)).id });
    const own = await unit(db, "ON RENT", { companyId: trade.company.id });
    const data = await dialogData("onboarding", trade.form.id);
    const path = dialogPath("onboarding", trade.form.id);
    const rows = rowsOf(data);
    const withRow = (row: Row) => [...rows, row];
    const before = await databaseFingerprint();
    seen.length = 0;

    const cases: {
      form: URLSearchParams;
      status: number;
      message: string;
      fieldErrors?: Record<string, string[]>;
      values?: Record<string, unknown>;
    }[] = [
      {
        form: formOf(data, "edit-on-trade", { fields: { raName: "", pickupZip: "123", PONumber: "PO-KEPT" } }),
        status: 400,
        message: M.allFieldsRequired,
        fieldErrors: { raName: ["RA Name is required."], pickupZip: ["Pickup Zip must be 5 digits."] },
        values: { raName: "", pickupZip: "123", PONumber: "PO-KEPT", version: "1" },
      },
      {
        form: formOf(data, "edit-on-trade", { fields: { HalfTonCountTrade: "4" } }),
        status: 400,
        message: "Total Returning Vins must match total for new truck types",
        fieldErrors: { returningVins: [M.totalMismatch], HalfTonCountTrade: [M.totalMismatch] },
        values: { HalfTonCountTrade: "4" },
      },
      {
        form: formOf(data, "edit-on-trade", {
          rows: [{ ...rows[0]!, vin: rows[1]!.vin, testedValid: rows[1]!.vin }, ...rows.slice(1)],
        }),
        status: 400,
        message: "Cannot use duplicate vins",
        fieldErrors: {
          returningVins: ["*The entered vins contain duplicates"],
          "returningVins.0.vin": ["*The entered vins contain duplicates"],
          "returningVins.1.vin": ["*The entered vins contain duplicates"],
        },
      },
      {
        form: formOf(data, "edit-on-trade", {
          rows: withRow({ key: "new-4", vin: own.unitNumber, odometer: "12" }),
          fields: { HalfTonCountTrade: "4" },
        }),
        status: 400,
        message: "All edited vins must be tested and valid",
        fieldErrors: { returningVins: [M.editedVinsInvalid], "returningVins.3.vin": ["Test Required"] },
        values: { vin: [...rows.map((row) => row.vin), own.unitNumber] },
      },
      {
        // Claimed tested valid, but the unit is another customer's: the save tests it again.
        form: formOf(data, "edit-on-trade", {
          rows: withRow({ key: "new-4", vin: stranger.unitNumber, odometer: "12", testedValid: stranger.unitNumber }),
          fields: { HalfTonCountTrade: "4" },
        }),
        status: 400,
        message: M.editedVinsInvalid,
        fieldErrors: { returningVins: [M.editedVinsInvalid], "returningVins.3.vin": ["INVALID UNIT NUMBER"] },
      },
      {
        form: formOf(data, "edit-on-trade", { separateDelivery: true }),
        status: 400,
        message: M.allFieldsRequired,
        fieldErrors: expect.objectContaining({
          deliveryName: ["Delivery Name is required."],
          deliveryZip: ["Delivery Zip is required."],
        }),
        values: { separateDelivery: "true" },
      },
      {
        form: formOf(data, "edit-on-trade", {
          rows: rows.map((row, index) => (index === 2 ? { ...row, odometer: "99999" } : row)),
        }),
        status: 409,
        message: `Unit ${rows[2]!.vin} cannot be changed: Carrier Assigned.`,
      },
      {
        form: formOf(data, "edit-on-trade", {
          rows: rows.map((row, index) => (index === 2 ? { ...row, remove: true } : row)),
          fields: { HalfTonCountTrade: "2" },
        }),
        status: 409,
        message: `Unit ${rows[2]!.vin} cannot be removed: Carrier Assigned.`,
      },
      {
        form: formOf(data, "edit-on-trade", { fields: { CompanyCode: await unusedCompanyCode(db) } }),
        status: 400,
        message: M.unknownCompany,
        fieldErrors: { CompanyCode: [M.unknownCompany] },
      },
    ];
    for (const { form, status, message, fieldErrors, values } of cases) {
      const answer = await post(path, form);
      expect(answer, message).toMatchObject({
        status,
        location: null,
        data: { intent: "edit-on-trade", ok: false, message, ...(fieldErrors ? { fieldErrors } : {}) },
      });
      if (values) expect(answer.data!.values).toMatchObject(values);
    }
    expect(seen).toEqual([]);
    expect(await databaseFingerprint()).toBe(before);
  });

  it("answers a save from an older version with who changed what since (409), writing nothing", async () => {
    const trade = await editableTrade(db);
    const data = await dialogData("onboarding", trade.form.id);
    await editTradeOnOrder(
      db,
      await actorWith(db, EDITOR),
      bodyOf(trade.tradeForm, trade.lines, { useCity: "Burnet" }),
    );
    const before = await databaseFingerprint();
    const answer = await post(
      dialogPath("onboarding", trade.form.id),
      formOf(data, "edit-on-trade", { fields: { PONumber: "MINE" } }),
    );
    expect(answer).toMatchObject({
      status: 409,
      data: {
        message: M.versionConflict,
        conflict: {
          currentVersion: 2,
          since: [{ by: "Dana Driver", changes: [{ label: "Use City", before: "Marble Falls", after: "Burnet" }] }],
        },
        values: { PONumber: "MINE", version: "1" },
      },
    });
    expect(await databaseFingerprint()).toBe(before);
  });

  it("shows a reader without the edit permission the trade read-only, and answers every intent 403", async () => {
    const trade = await editableTrade(db);
    const reader: PermissionName[] = ["transport"];
    const data = await dialogData("transport", trade.form.id, reader);
    expect(data.readOnlyReason).toBe(
      "You can look at this trade; editing it needs the On Rent or the Transport Edit permission.",
    );
    const before = await databaseFingerprint();
    for (const intent of [
      "edit-on-trade",
      "edit-on-trade-test-units",
      "edit-on-trade-add-unit",
      "edit-on-trade-remove-units",
      "edit-on-trade-delivery",
    ]) {
      const rows = rowsOf(data).map((row, index) => ({ ...row, remove: index === 0 }));
      const answer = await post(
        dialogPath("transport", trade.form.id),
        formOf(data, intent, { rows, fields: { PONumber: "NOT-MINE" } }),
        reader,
      );
      expect(answer, intent).toMatchObject({ status: 403, data: { intent, ok: false, message: M.forbidden } });
    }
    expect(await databaseFingerprint()).toBe(before);
  });
});

describe("the editOnTrade dialog without JavaScript: the steps that write nothing (200, values kept)", () => {
  it("Add unit answers the dialog again with the values sent", async () => {
    const trade = await editableTrade(db);
    const data = await dialogData("onboarding", trade.form.id);
    const before = await databaseFingerprint();
    seen.length = 0;
    const answer = await post(
      dialogPath("onboarding", trade.form.id),
      formOf(data, "edit-on-trade-add-unit", { fields: { useCity: "Typed" } }),
    );
    expect(answer).toMatchObject({
      status: 200,
      location: null,
      data: {
        intent: "edit-on-trade-add-unit",
        ok: true,
        message: OFF_RENT_EDIT_MESSAGES.unitAdded,
        values: { useCity: "Typed", vin: data.lines.map((line) => line.vin) },
      },
    });
    expect(seen).toEqual([]);
    expect(await databaseFingerprint()).toBe(before);
  });

  it("Remove ticked units checks the removals at once: allowed ones stand, a locked or last unit is refused", async () => {
    const trade = await editableTrade(db, { count: 3 });
    await job(db, trade.form.id, "PICKUP", trade.lines[2]!.unitId, (await vendor(db)).id);
    const data = await dialogData("onboarding", trade.form.id);
    const path = dialogPath("onboarding", trade.form.id);
    const rows = rowsOf(data);
    const tick = (...indexes: number[]) => rows.map((row, index) => ({ ...row, remove: indexes.includes(index) }));
    const before = await databaseFingerprint();

    expect(await post(path, formOf(data, "edit-on-trade-remove-units", { rows: tick(1) }))).toMatchObject({
      status: 200,
      data: { ok: true, message: "The unit ticked is removed when you save.", values: { remove: rows[1]!.key } },
    });
    expect(await post(path, formOf(data, "edit-on-trade-remove-units", { rows: tick(2) }))).toMatchObject({
      status: 409,
      data: { ok: false, message: `Unit ${rows[2]!.vin} cannot be removed: Carrier Assigned.` },
    });
    expect(await post(path, formOf(data, "edit-on-trade-remove-units", { rows: tick() }))).toMatchObject({
      status: 400,
      data: { ok: false, message: "Tick the units to remove first." },
    });
    expect(await databaseFingerprint()).toBe(before);

    const single = await editableTrade(db, { count: 1 });
    const one = await dialogData("onboarding", single.form.id);
    const answer = await post(
      dialogPath("onboarding", single.form.id),
      formOf(one, "edit-on-trade-remove-units", { rows: rowsOf(one).map((row) => ({ ...row, remove: true })) }),
    );
    expect(answer).toMatchObject({ status: 409, data: { message: OFF_RENT_EDIT_MESSAGES.keepOneUnit } });
  });

  it("Test units answers each unit's result against the company code typed; nothing to test is a 400", async () => {
    const trade = await editableTrade(db);
    const own = await unit(db, "ON RENT", { companyId: trade.company.id });
    const other = await company(db);
    const theirs = await unit(db, "ON RENT", { companyId: other.id });
    const data = await dialogData("onboarding", trade.form.id);
    const path = dialogPath("onboarding", trade.form.id);
    const rows = [
      ...rowsOf(data),
      { key: "new-3", vin: own.unitNumber.toLowerCase(), odometer: "1" },
      { key: "new-4", vin: theirs.unitNumber, odometer: "1" },
      { key: "new-5", vin: "NOPE9", odometer: "1" },
      { key: "new-6", vin: "UPDATE", odometer: "000000" },
    ];
    const before = await databaseFingerprint();

    const tested = await post(path, formOf(data, "edit-on-trade-test-units", { rows }));
    expect(tested).toMatchObject({
      status: 200,
      data: {
        intent: "edit-on-trade-test-units",
        ok: true,
        message: "2 of 5 units tested are not valid.",
        fieldNotes: {
          [`unitTest.${data.lines[0]!.vin}`]: ["VALID UNIT NUMBER"],
          [`unitTest.${data.lines[1]!.vin}`]: ["VALID UNIT NUMBER"],
          [`unitTest.${own.unitNumber}`]: ["VALID UNIT NUMBER"],
          [`unitTest.${theirs.unitNumber}`]: ["INVALID UNIT NUMBER"],
          "unitTest.NOPE9": ["INVALID UNIT NUMBER"],
        },
        values: { vin: rows.map((row) => row.vin) },
      },
    });

    // Against the customer another company code names: that customer's unit is the valid one.
    const moved = await post(
      path,
      formOf(data, "edit-on-trade-test-units", { rows: rows.slice(3, 4), fields: { CompanyCode: other.code } }),
    );
    expect(moved.data?.fieldNotes).toEqual({ [`unitTest.${theirs.unitNumber}`]: ["VALID UNIT NUMBER"] });

    expect(await post(path, formOf(data, "edit-on-trade-test-units", { rows: [rows[5]!] }))).toMatchObject({
      status: 400,
      data: { ok: false, message: OFF_RENT_EDIT_MESSAGES.vinsRequired },
    });
    expect(
      await post(
        path,
        formOf(data, "edit-on-trade-test-units", { rows, fields: { CompanyCode: await unusedCompanyCode(db) } }),
      ),
    ).toMatchObject({
      status: 400,
      data: { message: M.unknownCompany, fieldErrors: { CompanyCode: [M.unknownCompany] } },
    });
    expect(await databaseFingerprint()).toBe(before);
  });

  it("the separate delivery's button answers the dialog again with the block shown or gone", async () => {
    const trade = await editableTrade(db);
    const data = await dialogData("onboarding", trade.form.id);
    const path = dialogPath("onboarding", trade.form.id);
    const before = await databaseFingerprint();
    expect(await post(path, formOf(data, "edit-on-trade-delivery", { separateDelivery: false }))).toMatchObject({
      status: 200,
      data: { ok: true, message: D.deliveryAdded, values: { separateDelivery: "false" } },
    });
    expect(await post(path, formOf(data, "edit-on-trade-delivery", { separateDelivery: true }))).toMatchObject({
      status: 200,
      data: { ok: true, message: D.deliveryRemoved, values: { separateDelivery: "true" } },
    });
    expect(await databaseFingerprint()).toBe(before);
  });
});

describe("the editOnTrade dialog: converting the trade (ADR 032)", () => {
  /** What nothing-written means here: the database as it was. */
  async function writesNothing(path: string, form: URLSearchParams, permissions: PermissionName[] = EDITOR) {
    const before = await databaseFingerprint();
    const answer = await post(path, form, permissions);
    expect(await databaseFingerprint()).toBe(before);
    return answer;
  }

  it("offers it to the On Rent team with the trade's fleet units and their count, to no one else, and not on a cancelled trade", async () => {
    const trade = await editableTrade(db, { count: 3 });
    expect((await dialogData("onboarding", trade.form.id)).convert).toEqual({
      units: trade.lines.map((line) => line.unitNumber),
      returningUnits: 3,
    });
    // The transport page's editors edit the trade but do not restructure it.
    expect((await dialogData("transport", trade.form.id, ["transport", "transport-edit"])).convert).toBeNull();
    const cancelled = await editableTrade(db, { cancelled: true });
    expect((await dialogData("onboarding", cancelled.form.id)).convert).toBeNull();
  });

  it("without JavaScript: the question comes back with the dialog and the values typed, and No takes it away", async () => {
    const trade = await editableTrade(db);
    const data = await dialogData("onboarding", trade.form.id);
    const path = dialogPath("onboarding", trade.form.id);
    expect(await writesNothing(path, formOf(data, I.convertAsk, { fields: { HalfTonCountTrade: "1" } }))).toMatchObject(
      {
        status: 200,
        data: { intent: I.convertAsk, ok: true, message: T.question, values: { HalfTonCountTrade: "1" } },
      },
    );
    expect(await writesNothing(path, formOf(data, I.convertAsk, { asked: true }))).toMatchObject({
      status: 200,
      data: { intent: I.convertAsk, ok: true, message: T.notConverted },
    });
    const transportEditor: PermissionName[] = ["transport", "transport-edit"];
    expect(
      await writesNothing(dialogPath("transport", trade.form.id), formOf(data, I.convertAsk), transportEditor),
    ).toMatchObject({
      status: 403,
      data: { ok: false, message: C.forbidden },
    });
  });

  it("converts with the counts and contact typed in the dialog: 303 to the board, the request an order, the lists reported", async () => {
    const trade = await editableTrade(db, { count: 3 });
    const data = await dialogData("onboarding", trade.form.id);
    const kept = trade.lines[1]!.unitNumber;
    seen.length = 0;
    const answer = await post(
      dialogPath("onboarding", trade.form.id),
      formOf(data, I.convert, {
        asked: true,
        convertVin: kept,
        fields: { HalfTonCountTrade: "1", OneTonFlatCountTrade: "1", PONumber: "PO-KEPT" },
      }),
      EDITOR,
      { data: true },
    );
    expect(answer).toEqual({ status: 303, location: "/onboarding", data: null });
    expect(seen).toEqual([["onboarding", "offboarding"]]);
    expect(await db.formHistory.findUniqueOrThrow({ where: { id: trade.form.id } })).toMatchObject({ kind: "ORDER" });
    expect(await db.offRentForm.findUnique({ where: { id: trade.offRentForm.id } })).toBeNull();
    expect(await db.orderForm.findUniqueOrThrow({ where: { formHistoryId: trade.form.id } })).toMatchObject({
      halfTonCount: 1,
      oneTonFlatCount: 1,
      poNumber: "PO-KEPT",
    });
    const [entry] = await db.auditLog.findMany({ where: { formHistoryId: trade.form.id, action: "convert-trade" } });
    expect(entry!.changedData).toMatchObject({
      "Converted From": "Converted From: !Converted From: Trade on-rent editor",
      "Unit Kept On Rent": `Unit Kept On Rent: !Unit Kept On Rent: ${kept}`,
    });
  });

  it("re-renders a refusal with the operation's message, the question and the values, writing nothing", async () => {
    const trade = await editableTrade(db, { count: 3 });
    const data = await dialogData("onboarding", trade.form.id);
    const path = dialogPath("onboarding", trade.form.id);
    const kept = trade.lines[0]!.unitNumber;
    // The counts as stored (3 new trucks for 3 returning units): the enabling rule.
    expect(await writesNothing(path, formOf(data, I.convert, { asked: true, convertVin: kept }))).toMatchObject({
      status: 409,
      data: { intent: I.convert, ok: false, message: T.enablingRule(3), values: { convertAsked: "true" } },
    });
    // A contact field the dialog's input holds, refused as the JSON API refuses it.
    expect(
      await writesNothing(
        path,
        formOf(data, I.convert, { convertVin: kept, fields: { HalfTonCountTrade: "2", raEmail: "nobody" } }),
      ),
    ).toMatchObject({ status: 400, data: { message: C.failed, fieldErrors: { raEmail: [expect.any(String)] } } });
    // Someone saved the trade meanwhile: who changed what since.
    await editTradeOnOrder(db, await actorWith(db, EDITOR), bodyOf(trade.tradeForm, trade.lines, { PONumber: "PO-2" }));
    expect(
      await writesNothing(path, formOf(data, I.convert, { convertVin: kept, fields: { HalfTonCountTrade: "2" } })),
    ).toMatchObject({ status: 409, data: { message: C.stale, conflict: { currentVersion: 2 } } });
    // Transport editors may not convert.
    expect(
      await writesNothing(
        dialogPath("transport", trade.form.id),
        formOf(data, I.convert, { convertVin: kept, fields: { HalfTonCountTrade: "2" } }),
        ["transport", "transport-edit"],
      ),
    ).toMatchObject({ status: 403, data: { message: C.forbidden } });
  });
});
