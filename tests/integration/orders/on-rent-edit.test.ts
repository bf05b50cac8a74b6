// Editing an on-rent order: PUT /api/order/edit on a small Express app
// with the real router and a spy on services.boardChanges, the editOnboarding dialog's loader and form
// post through the board route, against the worker's own database.
import { beforeAll, describe, expect, it } from "vitest";
import { editOnRentOrder } from "~/modules/orders/on-rent-edit.server.ts";
import type { CardListName } from "~/rules/boards/boards.ts";
import type { OnRentEditDialogData } from "~/rules/orders/on-rent-edit.ts";
import { ONBOARDING_STAGE } from "~/rules/orders/order-stages.ts";
import type { PermissionName } from "~/rules/access/permissions.ts";
import { createOnRentEditRouter } from "../../../server/api/on-rent-edit.ts";
import { apiHarness } from "../../support/api-harness.ts";
import { loadBoard, postBoardForm } from "../../support/board-route.ts";
import { createTestPrisma } from "../../support/database.ts";
import { databaseFingerprint } from "../../support/property.ts";
import { company, unusedCompanyCode, vendor } from "../../support/factories/companies.ts";
import { bodyOf, editableOrder } from "../../support/factories/on-rent-edit.ts";
import { job } from "../../support/factories/requests.ts";
import { ensureStatuses, unit } from "../../support/factories/units.ts";
import { actorWith } from "../../support/factories/users.ts";

const db = createTestPrisma();
const api = apiHarness(createOnRentEditRouter);
const seen: CardListName[][] = api.reported;

beforeAll(async () => {
  await ensureStatuses(db);
});

const put = (body: unknown, token?: string) => api.call("PUT", "/api/order/edit", { body, token });

async function signedIn(permissions: PermissionName[]) {
  const actor = await actorWith(db, permissions);
  return { actor, token: api.tokenFor(actor) };
}

const auditRows = (orderFormId: number) =>
  db.auditLog.findMany({ where: { entityType: "OrderForm", entityId: orderFormId }, orderBy: { id: "asc" } });

describe("PUT /api/order/edit: saving", () => {
  it("writes only the changed fields, bumps the version, records the audit row and refreshes the onboarding board", async () => {
    const { orderForm, form } = await editableOrder(db);
    const { actor, token } = await signedIn(["onboarding"]);
    seen.length = 0;
    const result = await put(
      bodyOf(orderForm, {
        PONumber: "PO-7781",
        DelCity: "Round Rock",
        DelPhone: "2125550123",
        DamageWaiverID: 4,
        SecondKeyCount: true,
      }),
      token,
    );
    expect(result).toEqual({ status: 200, body: { ok: true, message: "Order saved." } });
    expect(seen).toEqual([["onboarding"]]);

    const after = await db.orderForm.findUniqueOrThrow({ where: { id: orderForm.id } });
    expect(after).toMatchObject({
      version: 2,
      poNumber: "PO-7781",
      delCity: "Round Rock",
      delPhone: "(212) 555-0123",
      damageWaiverId: 4,
      secondKeyCount: true,
    });
    // Nothing else moved.
    const {
      version: _v1,
      updatedAt: _u1,
      poNumber: _p1,
      delCity: _c1,
      delPhone: _d1,
      damageWaiverId: _w1,
      secondKeyCount: _s1,
      ...restBefore
    } = orderForm;
    const {
      version: _v2,
      updatedAt: _u2,
      poNumber: _p2,
      delCity: _c2,
      delPhone: _d2,
      damageWaiverId: _w2,
      secondKeyCount: _s2,
      ...restAfter
    } = after;
    expect(restAfter).toEqual(restBefore);

    const [audit] = await auditRows(orderForm.id);
    expect(audit).toMatchObject({
      action: "edit",
      formHistoryId: form.id,
      userId: actor.user.id,
      impersonatorId: null,
      version: 2,
      changedData: {
        "PO Number": "PO Number: !PO Number: PO-7781",
        "Del City": "Del City: Austin!Del City: Round Rock",
        "Del Phone": "Del Phone: (212) 456-7890!Del Phone: (212) 555-0123",
        "Damage Waiver": "Damage Waiver: Silver!Damage Waiver: Platinum",
        "Second Key": "Second Key: No!Second Key: Yes",
      },
    });
  });

  it("pads the company number and moves the request to the customer with that code", async () => {
    const { orderForm, form } = await editableOrder(db);
    const other = await db.company.create({ data: { code: "00042", name: "Other Customer" } });
    const { token } = await signedIn(["restricted"]);
    expect((await put(bodyOf(orderForm, { CompanyNumber: "42" }), token)).status).toBe(200);
    expect(await db.orderForm.findUniqueOrThrow({ where: { id: orderForm.id } })).toMatchObject({
      companyCode: "00042",
      version: 2,
    });
    expect(await db.formHistory.findUniqueOrThrow({ where: { id: form.id } })).toMatchObject({ companyId: other.id });
    const [audit] = await auditRows(orderForm.id);
    expect(audit!.changedData).toEqual({
      "Company Number": `Company Number: ${orderForm.companyCode}!Company Number: 00042`,
    });
  });

  it("recomputes trucks requested and remaining from the counts and the carrier-assigned deliveries", async () => {
    const { orderForm, form } = await editableOrder(db, { half: 3, stage: ONBOARDING_STAGE.inTransport });
    const carrier = await vendor(db);
    await job(db, form.id, "DELIVERY", (await unit(db, "NEW")).id, carrier.id);
    await db.orderForm.update({ where: { id: orderForm.id }, data: { trucksRemaining: 2 } });
    const current = await db.orderForm.findUniqueOrThrow({ where: { id: orderForm.id } });
    const { token } = await signedIn(["onboarding"]);
    seen.length = 0;
    const body = bodyOf(current, { HalfTonCount: 1, OneTonServiceCount: 4, TrucksRequested: 5 });
    expect((await put(body, token)).status).toBe(200);
    expect(await db.orderForm.findUniqueOrThrow({ where: { id: orderForm.id } })).toMatchObject({
      halfTonCount: 1,
      oneTonServiceCount: 4,
      trucksRequested: 5,
      trucksRemaining: 4,
      onboardingStatus: ONBOARDING_STAGE.inTransport,
    });
    const [audit] = await auditRows(orderForm.id);
    expect(audit!.changedData).toEqual({
      "1/2 Ton": "1/2 Ton: 3!1/2 Ton: 1",
      "1-Ton Service Body": "1-Ton Service Body: 0!1-Ton Service Body: 4",
      "Trucks Requested": "Trucks Requested: 3!Trucks Requested: 5",
      "Trucks Remaining": "Trucks Remaining: 2!Trucks Remaining: 4",
    });
    // The order has a job with a carrier: transport and shipping show it too.
    expect(seen).toEqual([["onboarding", "transport", "shipping"]]);
  });

  it("reports transport but not shipping while the order's jobs have no carrier", async () => {
    const { orderForm, form } = await editableOrder(db);
    await job(db, form.id, "DELIVERY", null);
    const { token } = await signedIn(["transport-edit"]);
    seen.length = 0;
    expect((await put(bodyOf(orderForm, { DateNeeded: "2027-01-15" }), token)).status).toBe(200);
    expect(seen).toEqual([["onboarding", "transport"]]);
    expect((await db.orderForm.findUniqueOrThrow({ where: { id: orderForm.id } })).dateNeeded.toISOString()).toBe(
      "2027-01-15T00:00:00.000Z",
    );
  });

  it("clears optional fields sent blank and stores dates as the UTC day sent", async () => {
    const { orderForm } = await editableOrder(db);
    await db.orderForm.update({
      where: { id: orderForm.id },
      data: { poNumber: "OLD-1", earliestDateAvailable: new Date("2026-11-20T00:00:00Z") },
    });
    const current = await db.orderForm.findUniqueOrThrow({ where: { id: orderForm.id } });
    const { token } = await signedIn(["onboarding"]);
    expect((await put(bodyOf(current, { PONumber: "", EarliestDateAvailable: "2026-11-25" }), token)).status).toBe(200);
    const after = await db.orderForm.findUniqueOrThrow({ where: { id: orderForm.id } });
    expect(after.poNumber).toBeNull();
    expect(after.earliestDateAvailable?.toISOString()).toBe("2026-11-25T00:00:00.000Z");
    const [audit] = await auditRows(orderForm.id);
    expect(audit!.changedData).toEqual({
      "PO Number": "PO Number: OLD-1!PO Number: ",
      "Earliest Date Available": "Earliest Date Available: 2026-11-20!Earliest Date Available: 2026-11-25",
    });
  });

  it("saves nothing, records nothing and bumps nothing when nothing changed", async () => {
    const { orderForm } = await editableOrder(db);
    const { token } = await signedIn(["onboarding"]);
    seen.length = 0;
    expect(
      await put(bodyOf(orderForm, { DelState: "tx", CompanyNumber: Number(orderForm.companyCode) }), token),
    ).toEqual({
      status: 200,
      body: { ok: true, message: "Nothing was changed." },
    });
    expect((await db.orderForm.findUniqueOrThrow({ where: { id: orderForm.id } })).version).toBe(1);
    expect(await auditRows(orderForm.id)).toEqual([]);
    expect(seen).toEqual([[]]);
  });
});

describe("PUT /api/order/edit: refusals (nothing written, nothing reported)", () => {
  async function expectRefused(
    body: unknown,
    token: string | undefined,
    status: number,
    expected: Record<string, unknown>,
  ) {
    const before = await databaseFingerprint();
    seen.length = 0;
    const result = await put(body, token);
    expect(result.status).toBe(status);
    expect(result.body).toMatchObject(expected);
    expect(seen).toEqual([]);
    expect(await databaseFingerprint()).toBe(before);
    return result.body;
  }

  it("answers '*All fields must be filled...' with the blank fields marked", async () => {
    const { orderForm } = await editableOrder(db);
    const { token } = await signedIn(["onboarding"]);
    const body = await expectRefused(bodyOf(orderForm, { DelName: "", BillAltPhone: " ", RAEmail: null }), token, 400, {
      error: "*All fields must be filled...",
    });
    expect(body.errors).toEqual({
      DelName: ["Del Name is required."],
      BillAltPhone: ["Bill Alt Phone is required."],
      RAEmail: ["RA Email is required."],
    });
  });

  it.each([
    ["UseZip", "7865", "Use Zip must be 5 digits."],
    ["PONumber", "X".repeat(36), "PO Number may be at most 35 characters."],
    ["RAPhone", "(212) 456-789", "RA Phone must be a valid phone number."],
    ["DelEmail", "nobody", "Del Email must be a valid e-mail address."],
    ["BillState", "Texas", "Bill State must be a two-letter state code."],
    ["DateNeeded", "2026-02-30", "Date Needed must be a date (YYYY-MM-DD)."],
    ["CompanyNumber", "123456", "Company Number must be up to 5 digits."],
    ["DamageWaiverID", 9, "Choose a damage waiver: 1 Bronze, 2 Silver, 3 Gold, 4 Platinum, 5 Diamond, 6 Full."],
    ["OneTonFlatCount", 1000, "1-Ton Flatbed must be a whole number from 0 to 999."],
    ["TrucksRequested", 9, "Trucks Requested must be the sum of the four truck counts."],
  ])("answers 400 for %s = %j: %s", async (name, value, message) => {
    const { orderForm } = await editableOrder(db);
    const { token } = await signedIn(["onboarding"]);
    await expectRefused(bodyOf(orderForm, { [name]: value }), token, 400, {
      error: message,
      errors: { [name]: [message] },
    });
  });

  it("answers 400 for an order of no trucks", async () => {
    const { orderForm } = await editableOrder(db);
    const { token } = await signedIn(["onboarding"]);
    await expectRefused(bodyOf(orderForm, { HalfTonCount: 0, TrucksRequested: 0 }), token, 400, {
      error: "An order needs at least one truck.",
    });
  });

  it("answers 400 when the new total is below the trucks already given a carrier", async () => {
    const { orderForm, form } = await editableOrder(db, { half: 3, stage: ONBOARDING_STAGE.inTransport });
    const carrier = await vendor(db);
    for (let n = 0; n < 2; n++) await job(db, form.id, "DELIVERY", (await unit(db, "NEW")).id, carrier.id);
    const current = await db.orderForm.update({ where: { id: orderForm.id }, data: { trucksRemaining: 1 } });
    const { token } = await signedIn(["onboarding"]);
    const message = "*You cannot remove more trucks than have already been assigned a carrier (2 assigned)...";
    await expectRefused(bodyOf(current, { HalfTonCount: 1, TrucksRequested: 1 }), token, 400, {
      error: message,
      errors: { TrucksRequested: [message] },
    });
    // Down to exactly the assigned trucks is allowed: none remain.
    expect((await put(bodyOf(current, { HalfTonCount: 2, TrucksRequested: 2 }), token)).status).toBe(200);
    expect(await db.orderForm.findUniqueOrThrow({ where: { id: orderForm.id } })).toMatchObject({
      trucksRequested: 2,
      trucksRemaining: 0,
    });
  });

  it("answers 400 for a company number no customer has", async () => {
    const { orderForm } = await editableOrder(db);
    const { token } = await signedIn(["onboarding"]);
    await expectRefused(bodyOf(orderForm, { CompanyNumber: await unusedCompanyCode(db) }), token, 400, {
      error: "No customer has that company number.",
      errors: { CompanyNumber: ["No customer has that company number."] },
    });
  });

  it("answers 409 for moving an order with delivered trucks to another customer", async () => {
    const { orderForm, form } = await editableOrder(db, { stage: ONBOARDING_STAGE.inTransport });
    const other = await company(db);
    const carrier = await vendor(db);
    const delivered = await job(db, form.id, "DELIVERY", (await unit(db, "NEW")).id, carrier.id);
    await db.transportJob.update({ where: { id: delivered.id }, data: { completedAt: new Date() } });
    const { token } = await signedIn(["onboarding"]);
    await expectRefused(bodyOf(orderForm, { CompanyNumber: other.code }), token, 409, {
      error: "The company cannot change once trucks of this order have been delivered.",
    });
  });

  it("answers 401 without a session", async () => {
    const { orderForm } = await editableOrder(db);
    await expectRefused(bodyOf(orderForm, { PONumber: "X" }), undefined, 401, { error: "Sign in required." });
  });

  it.each([
    [["transport"]],
    [["offboarding", "offboarding-approve"]],
    [["onboarding-approve"]],
    [["accounts-receivable", "ar-read-only"]],
  ] satisfies [PermissionName[]][])("answers 403 to permissions %j", async (permissions) => {
    const { orderForm } = await editableOrder(db);
    const { token } = await signedIn(permissions);
    await expectRefused(bodyOf(orderForm, { PONumber: "X" }), token, 403, {
      error: "You do not have permission to edit this order.",
    });
  });

  it("answers 404 for an unknown order, a FormHistoryID of another request, and a trade", async () => {
    const { orderForm } = await editableOrder(db);
    const { form: otherForm } = await editableOrder(db);
    const { orderForm: tradeOrder } = await editableOrder(db, { kind: "TRADE" });
    const { token } = await signedIn(["onboarding"]);
    const notFound = { error: "That order does not exist." };
    await expectRefused(bodyOf(orderForm, { OrderFormID: 2_000_000_000 }), token, 404, notFound);
    await expectRefused(bodyOf(orderForm, { FormHistoryID: otherForm.id }), token, 404, notFound);
    await expectRefused(bodyOf(tradeOrder, { PONumber: "X" }), token, 404, notFound);
  });

  it("answers 409 for a cancelled order", async () => {
    const { orderForm } = await editableOrder(db, { cancelled: true });
    const { token } = await signedIn(["onboarding"]);
    await expectRefused(bodyOf(orderForm, { PONumber: "X" }), token, 409, { error: "This order has been cancelled." });
  });

  it("answers 400 for a body that is not JSON", async () => {
    const { token } = await signedIn(["onboarding"]);
    expect((await api.call("PUT", "/api/order/edit", { raw: "{not json", token })).status).toBe(400);
  });
});

describe("PUT /api/order/edit: a save over a newer version (409)", () => {
  it("refuses the stale save with who changed what since, and keeps the newer values", async () => {
    const { orderForm } = await editableOrder(db);
    const first = await signedIn(["onboarding"]);
    const second = await signedIn(["onboarding"]);
    await db.user.update({ where: { id: first.actor.user.id }, data: { firstName: "Avery", lastName: "First" } });

    // Both open the dialog at version 1; the first saves.
    expect((await put(bodyOf(orderForm, { PONumber: "PO-FIRST", UseCity: "Burnet" }), first.token)).status).toBe(200);
    seen.length = 0;
    const before = await databaseFingerprint();
    const stale = await put(bodyOf(orderForm, { PONumber: "PO-SECOND" }), second.token);
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      error: "This order was changed by someone else after you opened it. Your changes were not saved.",
      conflict: {
        currentVersion: 2,
        since: [
          {
            changedAt: expect.any(String),
            by: "Avery First",
            // changedData is a jsonb map: its entries come back in the database's key order.
            changes: expect.arrayContaining([
              { label: "PO Number", before: "", after: "PO-FIRST" },
              { label: "Use City", before: "Marble Falls", after: "Burnet" },
            ]),
          },
        ],
      },
    });
    expect((stale.body.conflict as { since: { changes: unknown[] }[] }).since[0]!.changes).toHaveLength(2);
    expect(seen).toEqual([]);
    expect(await databaseFingerprint()).toBe(before);
    expect(await db.orderForm.findUniqueOrThrow({ where: { id: orderForm.id } })).toMatchObject({
      poNumber: "PO-FIRST",
      version: 2,
    });

    // Made again from the current version, the second save goes through.
    const current = await db.orderForm.findUniqueOrThrow({ where: { id: orderForm.id } });
    expect((await put(bodyOf(current, { PONumber: "PO-SECOND" }), second.token)).status).toBe(200);
    expect((await auditRows(orderForm.id)).map((row) => row.version)).toEqual([2, 3]);
  });

  it("lets exactly one of two saves made from the same version through", async () => {
    const { orderForm } = await editableOrder(db);
    const { actor } = await signedIn(["onboarding"]);
    const results = await Promise.all(
      ["A", "B", "C"].map((suffix) =>
        editOnRentOrder(api.services.database.prisma, actor, bodyOf(orderForm, { PONumber: `PO-${suffix}` })),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    const refused = results.filter((result) => !result.ok);
    expect(refused).toHaveLength(2);
    for (const result of refused) expect(result).toMatchObject({ status: 409, conflict: { currentVersion: 2 } });
    expect(await auditRows(orderForm.id)).toHaveLength(1);
  });

  it("answers 409 for a version the order never had", async () => {
    const { orderForm } = await editableOrder(db);
    const { token } = await signedIn(["onboarding"]);
    expect(await put(bodyOf(orderForm, { version: 7, PONumber: "X" }), token)).toEqual({
      status: 409,
      body: {
        error: "This order was changed by someone else after you opened it. Your changes were not saved.",
        conflict: { currentVersion: 1, since: [] },
      },
    });
  });
});

describe("the editOnboarding dialog on the board", () => {
  /** The board's loader for a reader with these permissions; `data`: as a client-side navigation asks (/onboarding.data). */
  const open = async (search: string, permissions: PermissionName[], options: { data?: boolean } = {}) =>
    loadBoard(api.services, await actorWith(db, permissions), `/onboarding${search}`, options);
  /** The dialog's form posted to the board; `data`: as a fetcher (JavaScript) posts it (/onboarding.data). */
  const post = async (
    search: string,
    permissions: PermissionName[],
    form: URLSearchParams,
    options: { data?: boolean } = {},
  ) => postBoardForm(api.services, await actorWith(db, permissions), `/onboarding${search}`, form, options);

  function formOf(body: Record<string, unknown>): URLSearchParams {
    const form = new URLSearchParams({ intent: "edit-on-rent-order" });
    for (const [name, value] of Object.entries(body)) {
      if (name === "changedData" || name === "TrucksRequested" || name === "TrucksRemaining") continue;
      if (name === "SecondKeyCount") {
        if (value === true) form.set(name, "true");
        continue;
      }
      form.set(name, String(value ?? ""));
    }
    return form;
  }

  it("loads the order's fields, trucks, history and whether the reader may save", async () => {
    const { orderForm, form, company: owner } = await editableOrder(db, { half: 2 });
    const { token } = await signedIn(["onboarding"]);
    await put(bodyOf(orderForm, { PONumber: "PO-1" }), token);
    const data = await open(`?modal=editOnboarding&formHistoryId=${form.id}`, ["onboarding"]);
    expect(data.dialog).toMatchObject({ title: "Edit Order", error: null });
    const dialog = data.dialog!.data as OnRentEditDialogData;
    expect(dialog).toMatchObject({
      formHistoryId: form.id,
      orderFormId: orderForm.id,
      version: 2,
      companyName: owner.name,
      trucksRequested: 2,
      trucksRemaining: 2,
      carrierAssigned: 0,
      stage: "Approved",
      cancelled: false,
      canEdit: true,
    });
    expect(dialog.values).toMatchObject({
      CompanyNumber: owner.code,
      HalfTonCount: "2",
      DamageWaiverID: "2",
      SecondKeyCount: "false",
      DateNeeded: "2026-12-01",
      EarliestDateAvailable: "",
      PONumber: "PO-1",
      DelPhone: "(212) 456-7890",
    });
    expect(dialog.history).toEqual([
      {
        action: "edit",
        changedAt: expect.any(String),
        by: "Dana Driver",
        changes: [{ label: "PO Number", before: "", after: "PO-1" }],
      },
    ]);

    // A transport reader (who may not edit on-rent orders) opening the dialog from the transport board.
    const transport = await loadBoard(
      api.services,
      await actorWith(db, ["transport"]),
      `/transport?modal=editOnboarding&formHistoryId=${form.id}`,
    );
    expect((transport.dialog!.data as OnRentEditDialogData).canEdit).toBe(false);
  });

  it("closes onto the board when opened by a client-side navigation (/onboarding.data)", async () => {
    const { form } = await editableOrder(db);
    const data = await open(`?filter=x&modal=editOnboarding&formHistoryId=${form.id}`, ["onboarding"], { data: true });
    expect(data.closeDialogHref).toBe("/onboarding?filter=x");
  });

  it("reads a damage waiver outside 1–6 as no choice ('None Selected')", async () => {
    const { orderForm, form } = await editableOrder(db);
    await db.orderForm.update({ where: { id: orderForm.id }, data: { damageWaiverId: 0 } });
    const data = await open(`?modal=editOnboarding&formHistoryId=${form.id}`, ["onboarding"]);
    expect((data.dialog!.data as OnRentEditDialogData).values.DamageWaiverID).toBe("");
  });

  it("shows 'That order does not exist.' for an unknown or malformed request id", async () => {
    for (const id of ["999999999", "abc", "-1", ""]) {
      const data = await open(`?modal=editOnboarding&formHistoryId=${id}`, ["onboarding"]);
      expect(data.dialog).toMatchObject({ error: "That order does not exist.", status: 404 });
    }
  });

  it("saves a posted form (no JavaScript) and redirects to the board, refreshing it", async () => {
    const { orderForm, form } = await editableOrder(db);
    seen.length = 0;
    const search = `?filter=acme&modal=editOnboarding&formHistoryId=${form.id}`;
    const response = await post(
      search,
      ["onboarding"],
      formOf(bodyOf(orderForm, { PONumber: "PO-FORM", SecondKeyCount: true })),
    );
    expect(response).toEqual({ status: 303, location: "/onboarding?filter=acme", data: null });
    expect(seen).toEqual([["onboarding"]]);
    expect(await db.orderForm.findUniqueOrThrow({ where: { id: orderForm.id } })).toMatchObject({
      poNumber: "PO-FORM",
      secondKeyCount: true,
      version: 2,
    });
  });

  it("redirects a fetcher's submission (JavaScript, /onboarding.data) to the board, not to its data URL", async () => {
    const { orderForm, form } = await editableOrder(db);
    const search = `?modal=editOnboarding&formHistoryId=${form.id}`;
    const posted = formOf(bodyOf(orderForm, { PONumber: "PO-FETCHER" }));
    const response = await post(search, ["onboarding"], posted, { data: true });
    expect(response).toEqual({ status: 303, location: "/onboarding", data: null });
    expect((await db.orderForm.findUniqueOrThrow({ where: { id: orderForm.id } })).poNumber).toBe("PO-FETCHER");
  });

  it("answers a refused form with the message, the field messages and the values sent", async () => {
    const { orderForm, form } = await editableOrder(db);
    seen.length = 0;
    const posted = formOf(bodyOf(orderForm, { DelZip: "123", RAName: "" }));
    const result = await post(`?modal=editOnboarding&formHistoryId=${form.id}`, ["onboarding"], posted);
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({
      intent: "edit-on-rent-order",
      ok: false,
      message: "*All fields must be filled...",
      fieldErrors: { DelZip: ["Del Zip must be 5 digits."], RAName: ["RA Name is required."] },
      values: { DelZip: "123", RAName: "", version: "1", PONumber: "" },
    });
    expect(seen).toEqual([]);
    expect((await db.orderForm.findUniqueOrThrow({ where: { id: orderForm.id } })).version).toBe(1);
  });

  it("answers a stale form with the conflict", async () => {
    const { orderForm, form } = await editableOrder(db);
    const { token } = await signedIn(["onboarding"]);
    await put(bodyOf(orderForm, { DelName: "Someone Else" }), token);
    const result = await post(
      `?modal=editOnboarding&formHistoryId=${form.id}`,
      ["onboarding"],
      formOf(bodyOf(orderForm, { PONumber: "MINE" })),
    );
    expect(result.status).toBe(409);
    expect(result.data?.conflict).toMatchObject({
      currentVersion: 2,
      since: [{ by: "Dana Driver", changes: [{ label: "Del Name", before: "Pat Jones", after: "Someone Else" }] }],
    });
  });
});
