// PUT /api/off-rent/edit on a small Express app with the off-rent router and a spy on
// services.boardChanges, and the editOffboarding board dialog (its loader and form intents, as the board
// route runs them) against the worker's database.
import { beforeAll, describe, expect, it } from "vitest";
import { loadOpenDialog, submitDialogForm } from "~/modules/dialogs/board-dialogs.server.ts";
import type { CardListName } from "~/rules/boards/boards.ts";
import type { OffRentEditView } from "~/rules/orders/off-rent-edit/dialog.ts";
import { OFF_RENT_EDIT_MESSAGES as M } from "~/rules/orders/off-rent-edit/messages.ts";
import { OFFBOARDING_STAGE } from "~/rules/orders/order-stages.ts";
import type { PermissionName } from "~/rules/access/permissions.ts";
import { createOffRentEditRouter } from "../../../server/api/off-rent-edit.ts";
import { apiHarness } from "../../support/api-harness.ts";
import { postBoardForm } from "../../support/board-route.ts";
import { createTestPrisma } from "../../support/database.ts";
import { databaseFingerprint } from "../../support/property.ts";
import { vendor } from "../../support/factories/companies.ts";
import { bodyOf, editableOffRent, newRow, rowOf } from "../../support/factories/off-rent-edit.ts";
import { job } from "../../support/factories/requests.ts";
import { ensureStatuses, unit } from "../../support/factories/units.ts";
import { actorWith } from "../../support/factories/users.ts";

const db = createTestPrisma();
const api = apiHarness(createOffRentEditRouter);
const seen: CardListName[][] = api.reported;

beforeAll(async () => {
  await ensureStatuses(db);
});

const put = (body: unknown, token?: string) => api.call("PUT", "/api/off-rent/edit", { body, token });
const tokenFor = async (permissions: PermissionName[]) => api.tokenFor(await actorWith(db, permissions));

describe("PUT /api/off-rent/edit", () => {
  it("saves, answers { ok: true } and reports the lists once", async () => {
    const { company, offRentForm, lines } = await editableOffRent(db, { stage: OFFBOARDING_STAGE.approved });
    const truck = await unit(db, "ON RENT", { companyId: company.id });
    seen.length = 0;
    const body = bodyOf(offRentForm, lines, {
      pickupCity: "Waco",
      returningVins: [...lines.map(rowOf), newRow(truck.unitNumber, "12")],
    });
    expect(await put(body, await tokenFor(["offboarding"]))).toEqual({
      status: 200,
      body: { ok: true, message: M.saved },
    });
    expect(seen).toEqual([["offboarding"]]);
    expect(await db.offRentForm.findUniqueOrThrow({ where: { id: offRentForm.id } })).toMatchObject({
      pickupCity: "Waco",
      version: 2,
      numTrucksReturning: 3,
    });
  });

  it("reports transport and shipping when carrier jobs show the pickup date", async () => {
    const { offRentForm, lines, form } = await editableOffRent(db, { stage: OFFBOARDING_STAGE.pickupScheduled });
    await job(db, form.id, "PICKUP", lines[0]!.unitId, (await vendor(db)).id);
    seen.length = 0;
    expect(
      (await put(bodyOf(offRentForm, lines, { pickupDate: "2026-12-10" }), await tokenFor(["restricted"]))).status,
    ).toBe(200);
    expect(seen).toEqual([["offboarding", "transport", "shipping"]]);
  });

  it("answers 401, 403, 404, 409 and 400 with messages, reporting nothing and writing nothing", async () => {
    const { offRentForm, lines } = await editableOffRent(db, { stage: OFFBOARDING_STAGE.approved });
    const token = await tokenFor(["offboarding"]);
    const transportToken = await tokenFor(["transport", "onboarding"]);
    const before = await databaseFingerprint();
    seen.length = 0;
    expect(await put(bodyOf(offRentForm, lines))).toMatchObject({ status: 401, body: { error: "Sign in required." } });
    expect(await put(bodyOf(offRentForm, lines, { pickupCity: "Waco" }), transportToken)).toEqual({
      status: 403,
      body: { error: M.forbidden },
    });
    expect(await put(bodyOf(offRentForm, lines, { FormHistoryID: 999_999 }), token)).toEqual({
      status: 404,
      body: { error: M.notFound },
    });
    expect(await put(bodyOf(offRentForm, lines, { compCode: " " }), token)).toEqual({
      status: 400,
      body: { error: M.companyCodeRequired, errors: { compCode: [M.companyCodeRequired] } },
    });
    expect(await put(bodyOf(offRentForm, lines, { pickupEmail: "" }), token)).toEqual({
      status: 400,
      body: { error: M.allFieldsRequired, errors: { pickupEmail: [M.allFieldsRequired] } },
    });
    expect(
      await put(
        bodyOf(offRentForm, lines, {
          returningVins: [rowOf(lines[0]!), { ...rowOf(lines[1]!), vin: lines[0]!.unitNumber }],
        }),
        token,
      ),
    ).toMatchObject({
      status: 400,
      body: { error: M.duplicateVins, errors: { returningVins: [M.duplicateVinsInline] } },
    });
    expect(
      await put(bodyOf(offRentForm, lines, { returningVins: [...lines.map(rowOf), newRow("NOPE1")] }), token),
    ).toMatchObject({
      status: 400,
      body: { error: M.editedVinsInvalid, errors: { "returningVins.2.vin": ["INVALID UNIT NUMBER"] } },
    });
    expect(await api.call("PUT", "/api/off-rent/edit", { raw: "{not json", token })).toEqual({
      status: 400,
      body: { error: "Request body is not valid JSON." },
    });
    expect(await put([1, 2], token)).toMatchObject({ status: 400 });
    expect(seen).toEqual([]);
    expect(await databaseFingerprint()).toBe(before);
  });

  it("answers 409 with `conflict` for a body made from an older version", async () => {
    const { offRentForm, lines } = await editableOffRent(db, { stage: OFFBOARDING_STAGE.approved });
    const token = await tokenFor(["offboarding"]);
    expect((await put(bodyOf(offRentForm, lines, { pickupZip: "78702" }), token)).status).toBe(200);
    seen.length = 0;
    const stale = await put(bodyOf(offRentForm, lines, { pickupCity: "Waco" }), token);
    expect(stale).toMatchObject({
      status: 409,
      body: {
        error: M.versionConflict,
        conflict: {
          currentVersion: 2,
          since: [{ by: "Dana Driver", changes: [{ label: "Pickup Zip", before: "78701", after: "78702" }] }],
        },
      },
    });
    expect(seen).toEqual([]);
  });
});

describe("the editOffboarding dialog on the offboarding board", () => {
  async function contextFor(permissions: PermissionName[], formHistoryId: number | string) {
    const actor = await actorWith(db, permissions);
    const search = new URLSearchParams({ modal: "editOffboarding", formHistoryId: String(formHistoryId) });
    return { db, actor, route: "offboarding" as const, search, now: new Date() };
  }

  function formOf(view: OffRentEditView, intent: string, edit: (form: FormData) => void = () => {}) {
    const form = new FormData();
    form.set("intent", intent);
    for (const name of ["FormHistoryID", "OffRentFormID", "version"] as const) form.set(name, String(view[name]));
    for (const [name, value] of Object.entries(view.fields)) form.set(name, value);
    for (const line of view.lines) {
      form.append("lineKey", line.key);
      form.append("vin", line.vin);
      form.append("odometer", line.odometer);
      form.append("testedValid", "");
    }
    edit(form);
    return form;
  }

  it("loads the order, titled 'Edit Order', with each line's lock and remove rules and the history", async () => {
    const { offRentForm, lines, form } = await editableOffRent(db, { stage: OFFBOARDING_STAGE.approved, count: 3 });
    await job(db, form.id, "PICKUP", lines[2]!.unitId, (await vendor(db)).id);
    await db.offRentForm.update({ where: { id: offRentForm.id }, data: { trucksRemaining: 2 } });
    const editor = await actorWith(db, ["offboarding"]);
    const { editOffRentOrder } = await import("~/modules/orders/off-rent-edit.server.ts");
    await editOffRentOrder(
      db,
      editor,
      bodyOf(offRentForm, lines, {
        pickupCity: "Waco",
        returningVins: lines.map((line, index) =>
          index === 2 ? { ...rowOf(line), assignedStatus: "assigned" } : rowOf(line),
        ),
      }),
    );

    const dialog = await loadOpenDialog(await contextFor(["offboarding"], form.id));
    expect(dialog).toMatchObject({ name: "editOffboarding", title: "Edit Order", error: null });
    const view = dialog!.data as OffRentEditView;
    expect(view).toMatchObject({
      FormHistoryID: form.id,
      OffRentFormID: offRentForm.id,
      version: 2,
      offboardingStatus: OFFBOARDING_STAGE.approved,
      partlyAssigned: true,
      readOnlyReason: null,
      fields: { compCode: offRentForm.companyCode, pickupCity: "Waco", pickupDate: "2026-12-01", pickupPhoneAlt: "" },
    });
    expect(
      view.lines.map((line) => [line.vin, line.statusLabel, line.assignedStatus, line.editable, line.removable]),
    ).toEqual([
      [lines[0]!.unitNumber, "Awaiting Pickup", "unassigned", true, true],
      [lines[1]!.unitNumber, "Awaiting Pickup", "unassigned", true, true],
      [lines[2]!.unitNumber, "Awaiting Pickup", "assigned", false, false],
    ]);
    expect(view.history).toMatchObject([
      { action: "edit", by: "Dana Driver", changes: [{ label: "Pickup City", before: "Austin", after: "Waco" }] },
    ]);

    const reader = await loadOpenDialog(await contextFor(["transport"], form.id));
    expect((reader!.data as OffRentEditView).readOnlyReason).toBe(
      "You can look at this order; editing it needs the Off Rent permission.",
    );
    expect(await loadOpenDialog(await contextFor(["offboarding"], 999_999))).toMatchObject({
      error: M.notFound,
      status: 404,
    });
    expect(await loadOpenDialog(await contextFor(["offboarding"], "abc"))).toMatchObject({
      error: M.notFound,
      status: 404,
    });
  });

  it("without JavaScript: Add unit and Test units write nothing and answer the dialog again (200) with the values kept", async () => {
    const { company, form } = await editableOffRent(db, { stage: OFFBOARDING_STAGE.approved });
    const truck = await unit(db, "ON RENT", { companyId: company.id });
    const context = await contextFor(["offboarding"], form.id);
    const view = (await loadOpenDialog(context))!.data as OffRentEditView;
    const before = await databaseFingerprint();

    const added = await submitDialogForm(context, formOf(view, "edit-off-rent-add-unit"));
    expect(added).toEqual({
      kind: "refused",
      status: 200,
      actionData: {
        intent: "edit-off-rent-add-unit",
        ok: true,
        message: M.unitAdded,
        values: expect.objectContaining({ vin: view.lines.map((line) => line.vin) }),
      },
    });

    const withRow = (row: FormData) => {
      row.append("lineKey", "new-1");
      row.append("vin", truck.unitNumber.toLowerCase());
      row.append("odometer", "1234");
      row.append("testedValid", "");
    };
    const tested = await submitDialogForm(
      context,
      formOf(view, "edit-off-rent-test-units", (row) => {
        withRow(row);
        row.append("lineKey", "new-2");
        row.append("vin", "NOPE9");
        row.append("odometer", "1");
        row.append("testedValid", "");
      }),
    );
    expect(tested).toEqual({
      kind: "refused",
      status: 200,
      actionData: expect.objectContaining({
        intent: "edit-off-rent-test-units",
        ok: true,
        message: "1 of 4 units tested is not valid.",
        fieldNotes: {
          [`unitTest.${view.lines[0]!.vin}`]: ["VALID UNIT NUMBER"],
          [`unitTest.${view.lines[1]!.vin}`]: ["VALID UNIT NUMBER"],
          [`unitTest.${truck.unitNumber}`]: ["VALID UNIT NUMBER"],
          "unitTest.NOPE9": ["INVALID UNIT NUMBER"],
        },
      }),
    });
    expect(tested.kind === "refused" && tested.actionData.values.vin).toEqual([
      view.lines[0]!.vin,
      view.lines[1]!.vin,
      truck.unitNumber.toLowerCase(),
      "NOPE9",
    ]);
    expect(await databaseFingerprint()).toBe(before);
  });

  it("the board's action answers Add unit with the dialog's data and 200 (nothing failed)", async () => {
    const { form } = await editableOffRent(db, { stage: OFFBOARDING_STAGE.approved });
    const context = await contextFor(["offboarding"], form.id);
    const view = (await loadOpenDialog(context))!.data as OffRentEditView;
    const posted = new URLSearchParams(
      [...formOf(view, "edit-off-rent-add-unit")].map(([name, value]) => [name, String(value)]),
    );
    seen.length = 0;
    expect(
      await postBoardForm(
        api.services,
        context.actor,
        `/offboarding?modal=editOffboarding&formHistoryId=${form.id}`,
        posted,
      ),
    ).toMatchObject({
      status: 200,
      location: null,
      data: { intent: "edit-off-rent-add-unit", ok: true, message: M.unitAdded },
    });
    expect(seen).toEqual([]);
  });

  it("saves through the intent once the edited units were tested valid, and refuses before", async () => {
    const { company, form, offRentForm } = await editableOffRent(db, { stage: OFFBOARDING_STAGE.approved });
    const truck = await unit(db, "ON RENT", { companyId: company.id });
    const context = await contextFor(["offboarding"], form.id);
    const view = (await loadOpenDialog(context))!.data as OffRentEditView;
    const untested = await submitDialogForm(
      context,
      formOf(view, "edit-off-rent", (row) => {
        row.append("lineKey", "new-1");
        row.append("vin", truck.unitNumber);
        row.append("odometer", "1234");
        row.append("testedValid", "");
        row.append("remove", view.lines[1]!.key);
      }),
    );
    expect(untested).toMatchObject({
      kind: "refused",
      status: 400,
      actionData: { message: M.editedVinsInvalid, fieldErrors: { "returningVins.1.vin": ["Test Required"] } },
    });

    const saved = await submitDialogForm(
      context,
      formOf(view, "edit-off-rent", (row) => {
        row.append("lineKey", "new-1");
        row.append("vin", truck.unitNumber);
        row.append("odometer", "1234");
        row.append("testedValid", truck.unitNumber);
        row.append("remove", view.lines[1]!.key);
        row.set("pickupCity", "Temple");
      }),
    );
    expect(saved).toEqual({
      kind: "done",
      lists: ["offboarding"],
      requests: [form.id],
      stayOpen: false,
      message: M.saved,
    });
    expect(await db.offRentForm.findUniqueOrThrow({ where: { id: offRentForm.id } })).toMatchObject({
      pickupCity: "Temple",
      version: 2,
      numTrucksReturning: 2,
    });
    expect(
      await db.returningUnit.findMany({
        where: { offRentFormId: offRentForm.id },
        orderBy: { id: "asc" },
        select: { unitNumber: true },
      }),
    ).toEqual([{ unitNumber: view.lines[0]!.vin }, { unitNumber: truck.unitNumber }]);

    const stale = await submitDialogForm(
      context,
      formOf(view, "edit-off-rent", (row) => row.set("pickupName", "Lee Park")),
    );
    expect(stale).toMatchObject({
      kind: "refused",
      status: 409,
      actionData: { message: M.versionConflict, conflict: { currentVersion: 2 } },
    });
  });
});
