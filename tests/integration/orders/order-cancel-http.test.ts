// PUT /api/order/cancel on a small Express app with the router and a spy on
// services.boardChanges, and the noteOnboarding dialog through the board route's own loader and action
// (the way a browser without JavaScript uses it), with a page session.
import { beforeAll, describe, expect, it } from "vitest";
import { loadCardList } from "~/modules/boards/card-lists.server.ts";
import type { CardListName } from "~/rules/boards/boards.ts";
import { CANCEL_NOTE_REQUIRED_MESSAGE, type OrderCancelDialogData } from "~/rules/orders/order-cancel.ts";
import { OFFBOARDING_STAGE, ONBOARDING_STAGE } from "~/rules/orders/order-stages.ts";
import type { PermissionName } from "~/rules/access/permissions.ts";
import { INVALID_JSON_MESSAGE } from "../../../server/api/errors.ts";
import { createOrderCancelRouter } from "../../../server/api/order-cancel.ts";
import { apiHarness } from "../../support/api-harness.ts";
import { loadBoard, postBoardForm } from "../../support/board-route.ts";
import { createTestPrisma } from "../../support/database.ts";
import { vendor } from "../../support/factories/companies.ts";
import { job, offRent, order } from "../../support/factories/requests.ts";
import { ensureStatuses, unit } from "../../support/factories/units.ts";
import { actorWith } from "../../support/factories/users.ts";

const db = createTestPrisma();
const api = apiHarness(createOrderCancelRouter);
const seen: CardListName[][] = api.reported;

beforeAll(async () => {
  await ensureStatuses(db);
});

const put = (body: unknown, token?: string) => api.call("PUT", "/api/order/cancel", { body, token });
const tokenFor = async (permissions: PermissionName[]) => api.tokenFor(await actorWith(db, permissions));
const cardKeys = async (list: CardListName) => (await loadCardList(db, list)).cards.map((card) => card.key);

describe("PUT /api/order/cancel", () => {
  it("cancels an order, answers { ok: true } and reports onboarding once; the card leaves the board", async () => {
    const { form, company } = await order(db, { stage: ONBOARDING_STAGE.approved });
    expect(await cardKeys("onboarding")).toContain(`form-${form.id}`);
    seen.length = 0;
    const response = await put(
      {
        note: "Credit not approved",
        FormHistoryID: form.id,
        department: "Onboarding",
        offboardingStatus: null,
        onboardingStatus: ONBOARDING_STAGE.approved,
        CompanyName: company.name,
        CompanyNumber: company.code,
        Trucks: "",
      },
      await tokenFor(["onboarding"]),
    );
    expect(response).toEqual({ status: 200, body: { ok: true } });
    expect(seen).toEqual([["onboarding"]]);
    expect(await cardKeys("onboarding")).not.toContain(`form-${form.id}`);
    expect(await db.auditLog.count({ where: { formHistoryId: form.id, action: "cancel" } })).toBe(1);
  });

  it("cancels an off-rent with its open pickup: offboarding and transport refresh", async () => {
    const truck = await unit(db, "ON RENT");
    const { form } = await offRent(db, [truck], { stage: OFFBOARDING_STAGE.approved });
    await job(db, form.id, "PICKUP", truck.id);
    seen.length = 0;
    expect(
      await put(
        { note: "Customer extends the rental", FormHistoryID: form.id, department: "Offboarding" },
        await tokenFor(["offboarding"]),
      ),
    ).toEqual({
      status: 200,
      body: { ok: true },
    });
    expect(seen).toEqual([["offboarding", "transport"]]);
    expect(await cardKeys("offboarding")).not.toContain(`form-${form.id}`);
  });

  it("answers 401, 403, 404, 409 and 400 with messages, reporting nothing and writing nothing", async () => {
    const { form } = await order(db);
    const rolling = await order(db, { stage: ONBOARDING_STAGE.inTransport });
    await job(db, rolling.form.id, "DELIVERY", (await unit(db, "IN TRANSIT")).id, (await vendor(db)).id);
    const token = await tokenFor(["onboarding"]);
    const forbidden = await tokenFor(["onboarding-approve"]);
    seen.length = 0;
    const valid = { note: "x", FormHistoryID: form.id, department: "Onboarding" };
    expect(await put(valid)).toEqual({ status: 401, body: { error: "Sign in required." } });
    expect(await put(valid, forbidden)).toEqual({
      status: 403,
      body: { error: "You do not have permission to cancel this order." },
    });
    expect(await put({ ...valid, FormHistoryID: 999_999 }, token)).toEqual({
      status: 404,
      body: { error: "That order does not exist." },
    });
    expect(await put({ ...valid, FormHistoryID: rolling.form.id }, token)).toEqual({
      status: 409,
      body: {
        error:
          "A carrier is assigned to 1 transport job of this order. Take the carrier off on the transport board before cancelling.",
      },
    });
    expect(await put({ ...valid, note: "" }, token)).toEqual({
      status: 400,
      body: { error: CANCEL_NOTE_REQUIRED_MESSAGE, errors: { note: [CANCEL_NOTE_REQUIRED_MESSAGE] } },
    });
    expect(await put({ ...valid, note: "n".repeat(501) }, token)).toMatchObject({
      status: 400,
      body: { errors: { note: [CANCEL_NOTE_REQUIRED_MESSAGE] } },
    });
    expect(await api.call("PUT", "/api/order/cancel", { raw: "{not json", token })).toEqual({
      status: 400,
      body: { error: INVALID_JSON_MESSAGE },
    });
    expect(await put([1, 2], token)).toMatchObject({ status: 400 });
    expect(seen).toEqual([]);
    expect(await db.formHistory.findUniqueOrThrow({ where: { id: form.id } })).toMatchObject({ cancelledAt: null });
    expect(await db.note.count({ where: { formHistoryId: { in: [form.id, rolling.form.id] } } })).toBe(0);
  });

  it("answers 409 with who changed what since a stale version, then accepts the current one", async () => {
    const { form } = await order(db);
    await db.orderForm.update({ where: { formHistoryId: form.id }, data: { version: 2, poNumber: "PO-9" } });
    const editor = await actorWith(db, ["onboarding"]);
    const orderForm = await db.orderForm.findUniqueOrThrow({ where: { formHistoryId: form.id } });
    await db.auditLog.create({
      data: {
        entityType: "OrderForm",
        entityId: orderForm.id,
        formHistoryId: form.id,
        action: "edit",
        changedData: { "PO Number": "PO Number: !PO Number: PO-9" },
        userId: editor.user.id,
        version: 2,
      },
    });
    const token = await tokenFor(["onboarding"]);
    const stale = await put({ note: "dup", FormHistoryID: form.id, department: "Onboarding", version: 1 }, token);
    expect(stale).toEqual({
      status: 409,
      body: {
        error: "This order changed after you opened it. Check the changes below, then cancel again.",
        conflict: {
          currentVersion: 2,
          since: [
            {
              changedAt: expect.any(String),
              by: "Dana Driver",
              changes: [{ label: "PO Number", before: "", after: "PO-9" }],
            },
          ],
        },
      },
    });
    expect(await put({ note: "dup", FormHistoryID: form.id, department: "Onboarding", version: 2 }, token)).toEqual({
      status: 200,
      body: { ok: true },
    });
  });
});

describe("the noteOnboarding dialog on a board (no JavaScript)", () => {
  const open = async (path: string, permissions: PermissionName[]) =>
    loadBoard(api.services, await actorWith(db, permissions), path);
  const post = async (path: string, fields: Record<string, string>, permissions: PermissionName[]) =>
    postBoardForm(api.services, await actorWith(db, permissions), path, fields);

  it("opens titled with the company name, with what cancelling releases and the request's history", async () => {
    const { form, orderForm, company } = await order(db, { stage: ONBOARDING_STAGE.submitted });
    await db.reservation.create({
      data: { unitId: (await unit(db, "NEW")).id, formHistoryId: form.id, orderFormId: orderForm.id },
    });
    const approver = await actorWith(db, ["onboarding-approve"]);
    const { approveOrder } = await import("~/modules/queue/order-approval.server.ts");
    await approveOrder(db, approver, { FormHistoryID: form.id, half: "on" });
    const page = await open(`/onboarding?modal=noteOnboarding&formHistoryId=${form.id}`, ["onboarding"]);
    expect(page.dialog).toMatchObject({ name: "noteOnboarding", title: company.name, error: null });
    const data = page.dialog!.data as OrderCancelDialogData;
    expect(data).toMatchObject({
      formHistoryId: form.id,
      kind: "ORDER",
      requestLabel: `Order #${form.id}`,
      companyName: company.name,
      companyCode: company.code,
      department: "Onboarding",
      version: 2,
      onboardingStatus: ONBOARDING_STAGE.approved,
      offboardingStatus: null,
      cancelled: null,
      blocked: null,
      releases: { openJobs: [] },
    });
    expect(data.releases.reservedUnits).toHaveLength(1);
    expect(data.history).toMatchObject([
      {
        action: "approve",
        by: "Dana Driver",
        changes: [{ label: "Onboarding Status", before: "Submitted", after: "Approved" }],
      },
    ]);
  });

  it("says why a user cannot cancel, and answers 404 and 400 for a bad address", async () => {
    const { form } = await order(db);
    // A reader of another board (client relations) who holds neither cancel permission.
    const forbidden = await open(`/client-relations?modal=noteOnboarding&formHistoryId=${form.id}`, [
      "client-relations",
    ]);
    expect((forbidden.dialog!.data as OrderCancelDialogData).blocked).toBe(
      "You do not have permission to cancel this order.",
    );
    expect((await open("/onboarding?modal=noteOnboarding&formHistoryId=999999", ["onboarding"])).dialog).toMatchObject({
      data: null,
      status: 404,
      error: "That order does not exist.",
    });
    expect((await open("/onboarding?modal=noteOnboarding&formHistoryId=1e3", ["onboarding"])).dialog).toMatchObject({
      status: 400,
      error: "Choose an order.",
      title: "Cancel Order",
    });
  });

  it("cancels an order from the form: 303 back to the board without the dialog, lists reported", async () => {
    const { form } = await order(db);
    seen.length = 0;
    const path = `/onboarding?filter=acme&modal=noteOnboarding&formHistoryId=${form.id}`;
    const result = await post(
      path,
      {
        intent: "cancel-order",
        FormHistoryID: String(form.id),
        department: "Onboarding",
        version: "1",
        note: "Duplicate order",
      },
      ["onboarding"],
    );
    expect(result).toMatchObject({ status: 303, location: "/onboarding?filter=acme" });
    expect(seen).toEqual([["onboarding"]]);
    expect(await db.note.findFirstOrThrow({ where: { formHistoryId: form.id } })).toMatchObject({
      subject: "Duplicate order",
      noteType: "onboarding",
    });
    const after = await open(path, ["onboarding"]);
    expect((after.dialog!.data as OrderCancelDialogData).cancelled).toMatchObject({ by: "Dana Driver" });
    expect((after.dialog!.data as OrderCancelDialogData).blocked).toBe("This order has already been cancelled.");
  });

  it("cancels an off-rent from the offboarding board with the same dialog", async () => {
    const { form, company } = await offRent(db, [await unit(db, "ON RENT")]);
    const path = `/offboarding?modal=noteOnboarding&formHistoryId=${form.id}`;
    const page = await open(path, ["offboarding"]);
    expect(page.dialog).toMatchObject({ title: company.name });
    expect((page.dialog!.data as OrderCancelDialogData).department).toBe("Offboarding");
    seen.length = 0;
    expect(
      await post(
        path,
        {
          intent: "cancel-order",
          FormHistoryID: String(form.id),
          department: "Offboarding",
          version: "1",
          note: "Keeping the truck",
        },
        ["offboarding"],
      ),
    ).toMatchObject({ status: 303, location: "/offboarding" });
    expect(seen).toEqual([["offboarding"]]);
  });

  it("answers a refusal with the message and the typed note kept", async () => {
    const { form } = await order(db);
    const path = `/onboarding?modal=noteOnboarding&formHistoryId=${form.id}`;
    seen.length = 0;
    expect(
      await post(
        path,
        { intent: "cancel-order", FormHistoryID: String(form.id), department: "Onboarding", version: "1", note: "   " },
        ["onboarding"],
      ),
    ).toEqual({
      status: 400,
      location: null,
      data: {
        intent: "cancel-order",
        ok: false,
        message: CANCEL_NOTE_REQUIRED_MESSAGE,
        fieldErrors: { note: [CANCEL_NOTE_REQUIRED_MESSAGE] },
        values: {
          intent: "cancel-order",
          FormHistoryID: String(form.id),
          department: "Onboarding",
          version: "1",
          note: "   ",
        },
      },
    });
    await db.formHistory.update({ where: { id: form.id }, data: { cancelledAt: new Date() } });
    expect(
      await post(
        path,
        {
          intent: "cancel-order",
          FormHistoryID: String(form.id),
          department: "Onboarding",
          version: "1",
          note: "Too late",
        },
        ["onboarding"],
      ),
    ).toMatchObject({
      status: 409,
      data: { message: "This order has already been cancelled.", values: { note: "Too late" } },
    });
    expect(seen).toEqual([]);
  });
});
