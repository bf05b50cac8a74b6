// Priority and prepay against the worker's database: PUT /api/order/set-priority,
// /remove-priority and /remove-prepay over HTTP (success, each message, 401/403/404/409, nothing written
// when refused, the boards reported, the audit rows), the cards they change, and the setPriorityOrder and
// removePrepayOrder dialogs through the board route the way a browser without JavaScript uses them.
import { beforeAll, describe, expect, it } from "vitest";
import { loadCardList } from "~/modules/boards/card-lists.server.ts";
import type { PermissionName } from "~/rules/access/permissions.ts";
import { ORDER_PRIORITY_MESSAGES as M, type OrderPriorityDialogData } from "~/rules/orders/order-priority.ts";
import { ONBOARDING_STAGE } from "~/rules/orders/order-stages.ts";
import { createOrderPriorityRouter } from "../../../server/api/order-priority.ts";
import { apiHarness } from "../../support/api-harness.ts";
import { loadBoard, postBoardForm } from "../../support/board-route.ts";
import { createTestPrisma } from "../../support/database.ts";
import { order } from "../../support/factories/requests.ts";
import { ensureStatuses } from "../../support/factories/units.ts";
import { actorWith } from "../../support/factories/users.ts";
import { databaseFingerprint } from "../../support/property.ts";

const db = createTestPrisma();
const api = apiHarness(createOrderPriorityRouter);
let onRent: string;

beforeAll(async () => {
  await ensureStatuses(db);
  onRent = api.tokenFor(await actorWith(db, ["onboarding"]));
});

const put = (path: string, body: unknown, token: string | null = onRent) =>
  api.call("PUT", path, { body, ...(token === null ? {} : { token }) });
const setPriority = (body: unknown, token?: string | null) => put("/api/order/set-priority", body, token);
const removePriority = (body: unknown, token?: string | null) => put("/api/order/remove-priority", body, token);
const removePrepay = (body: unknown, token?: string | null) => put("/api/order/remove-prepay", body, token);

async function refusedWithoutWriting<T>(run: () => Promise<T>): Promise<T> {
  const before = await databaseFingerprint();
  const result = await run();
  expect(await databaseFingerprint()).toBe(before);
  return result;
}

const onboardingCard = async (formHistoryId: number) =>
  (await loadCardList(db, "onboarding")).cards.find((card) => card.key === `form-${formHistoryId}`);

describe("PUT /api/order/set-priority and /remove-priority", () => {
  it("sets a priority: the card states it, sorts first in its stage, and the boards that show it refresh", async () => {
    const { form } = await order(db, { stage: ONBOARDING_STAGE.approved });
    api.reported.length = 0;
    const body = {
      PriorityReason: "Hard Deadline",
      PriorityDeadline: "2026-12-01",
      FormHistoryID: form.id,
      ChangedField: "PriorityReason",
      OldValue: null,
      NewValue: "Hard Deadline",
    };
    expect(await setPriority(body)).toEqual({ status: 200, body: { ok: true, message: M.set } });
    expect(api.reported).toEqual([["onboarding", "shipping", "transport"]]);
    expect(await db.formHistory.findUniqueOrThrow({ where: { id: form.id } })).toMatchObject({
      priorityReason: "Hard Deadline",
      priorityDeadline: new Date("2026-12-01T00:00:00Z"),
    });
    const card = await onboardingCard(form.id);
    expect(card?.priority).toEqual({ reason: "Hard Deadline", deadline: "12/01/2026" });
    expect(card?.badges.map((badge) => badge.label)).toContainEqual(expect.stringMatching(/^Priority: Hard Deadline/));
    const stage = (await loadCardList(db, "onboarding")).cards.filter((each) => each.stage.id === card!.stage.id);
    expect(stage[0]?.priority).not.toBeNull();
    expect(
      await db.auditLog.findFirstOrThrow({ where: { formHistoryId: form.id, action: "set-priority" } }),
    ).toMatchObject({
      changedData: {
        "Priority Reason": "Priority Reason: !Priority Reason: Hard Deadline",
        "Priority Deadline": "Priority Deadline: !Priority Deadline: 2026-12-01",
      },
    });
  });

  it("changes a priority only from the one the caller saw, then removes it", async () => {
    const { form } = await order(db);
    await setPriority({ PriorityReason: "New Customer", FormHistoryID: form.id, OldValue: null });
    const stale = await refusedWithoutWriting(() =>
      setPriority({ PriorityReason: "Governor's fleet", FormHistoryID: form.id, OldValue: null }),
    );
    expect(stale).toEqual({ status: 409, body: { error: M.stalePriority } });
    expect(
      await setPriority({ PriorityReason: "Governor's fleet", FormHistoryID: form.id, OldValue: "New Customer" }),
    ).toMatchObject({ status: 200 });
    expect(
      await removePriority({ PriorityReason: null, FormHistoryID: form.id, OldValue: "Governor's fleet" }),
    ).toEqual({
      status: 200,
      body: { ok: true, message: M.removed },
    });
    expect(await db.formHistory.findUniqueOrThrow({ where: { id: form.id } })).toMatchObject({
      priorityReason: null,
      priorityDeadline: null,
      prioritySetAt: null,
    });
    expect(await refusedWithoutWriting(() => removePriority({ FormHistoryID: form.id }))).toEqual({
      status: 409,
      body: { error: M.noPriority },
    });
  });

  it("refuses bad input with its message, 401 without a session, 403 off the boards, 404 and 409 for a cancelled order", async () => {
    const { form } = await order(db);
    const cancelled = await order(db, { cancelled: true });
    const revokedActor = await actorWith(db, ["onboarding"]);
    const revoked = api.tokenFor(revokedActor);
    await db.user.update({
      where: { id: revokedActor.user.id },
      data: { tokensValidAfter: new Date(Date.now() + 60_000) },
    });
    const ar = api.tokenFor(await actorWith(db, ["accounts-receivable"]));
    await refusedWithoutWriting(async () => {
      expect(await setPriority({ FormHistoryID: form.id })).toEqual({
        status: 400,
        body: { error: M.reasonRequired, errors: { PriorityReason: [M.reasonRequired] } },
      });
      expect(await setPriority({ PriorityReason: "Other", FormHistoryID: form.id })).toMatchObject({
        status: 400,
        body: { error: M.otherRequired },
      });
      expect(await setPriority({ PriorityReason: "x".repeat(65), FormHistoryID: form.id })).toMatchObject({
        status: 400,
        body: { error: M.reasonTooLong },
      });
      expect(
        await setPriority({ PriorityReason: "Hard Deadline", PriorityDeadline: "12/01/2026", FormHistoryID: form.id }),
      ).toMatchObject({ status: 400, body: { error: M.deadline } });
      expect(await setPriority({ PriorityReason: "Hard Deadline", FormHistoryID: "0x10" })).toMatchObject({
        status: 400,
        body: { error: M.chooseOrder },
      });
      expect(await setPriority({ PriorityReason: "Hard Deadline", FormHistoryID: 999_999 })).toEqual({
        status: 404,
        body: { error: M.notFound },
      });
      expect(await setPriority({ PriorityReason: "Hard Deadline", FormHistoryID: cancelled.form.id })).toEqual({
        status: 409,
        body: { error: M.cancelled },
      });
      const body = { PriorityReason: "Hard Deadline", FormHistoryID: form.id };
      expect((await setPriority(body, null)).status).toBe(401);
      expect((await setPriority(body, "garbage")).status).toBe(401);
      expect((await setPriority(body, revoked)).status).toBe(401);
      expect(await setPriority(body, ar)).toEqual({ status: 403, body: { error: M.forbidden } });
    });
  });
});

describe("PUT /api/order/remove-prepay", () => {
  const body = (OrderFormID: number, FormHistoryID: number, extra: Record<string, unknown> = {}) => ({
    OrderFormID,
    FormHistoryID,
    ChangedField: "ConfirmedPrepay",
    OldValue: 1,
    NewValue: 0,
    ...extra,
  });

  it("takes the prepay off: the badge and the card's action go, once", async () => {
    const { form, orderForm } = await order(db, { stage: ONBOARDING_STAGE.approved });
    await db.formHistory.update({ where: { id: form.id }, data: { confirmedPrepay: true } });
    const before = await onboardingCard(form.id);
    expect(before?.badges.map((badge) => badge.label)).toContain("Prepay");
    expect(before?.actions.map((action) => action.modal)).toContain("removePrepayOrder");
    api.reported.length = 0;
    expect(await removePrepay(body(orderForm.id, form.id))).toEqual({
      status: 200,
      body: { ok: true, message: M.prepayRemoved },
    });
    expect(api.reported).toEqual([["onboarding"]]);
    const after = await onboardingCard(form.id);
    expect(after?.badges.map((badge) => badge.label)).not.toContain("Prepay");
    expect(after?.actions.map((action) => action.modal)).not.toContain("removePrepayOrder");
    expect(await db.auditLog.count({ where: { formHistoryId: form.id, action: "remove-prepay" } })).toBe(1);
    expect(await refusedWithoutWriting(() => removePrepay(body(orderForm.id, form.id)))).toEqual({
      status: 409,
      body: { error: M.prepayAlreadyRemoved },
    });
  });

  it("refuses other moves, mismatched ids, unknown orders, and readers who are not On Rent", async () => {
    const { form, orderForm } = await order(db);
    const other = await order(db);
    await db.formHistory.update({ where: { id: form.id }, data: { confirmedPrepay: true } });
    const transport = api.tokenFor(await actorWith(db, ["transport"]));
    await refusedWithoutWriting(async () => {
      expect(await removePrepay(body(orderForm.id, form.id, { NewValue: 1 }))).toMatchObject({
        status: 400,
        body: { error: M.prepayField },
      });
      expect(await removePrepay(body(orderForm.id, form.id, { ChangedField: "PriorityReason" }))).toMatchObject({
        status: 400,
      });
      expect(await removePrepay(body(orderForm.id, other.form.id))).toEqual({
        status: 400,
        body: { error: M.prepayOrder },
      });
      expect(await removePrepay(body(999_999, form.id))).toEqual({ status: 404, body: { error: M.notFound } });
      expect(await removePrepay(body(orderForm.id, form.id), transport)).toEqual({
        status: 403,
        body: { error: M.prepayForbidden },
      });
      expect((await removePrepay(body(orderForm.id, form.id), null)).status).toBe(401);
    });
  });
});

describe("the priority and prepay dialogs (no JavaScript)", () => {
  const open = async (path: string, permissions: PermissionName[]) =>
    loadBoard(api.services, await actorWith(db, permissions), path);
  const post = async (path: string, fields: Record<string, string>, permissions: PermissionName[] = ["onboarding"]) =>
    postBoardForm(api.services, await actorWith(db, permissions), path, fields);

  it("opens on an order with its priority, sets Other's text, and refuses a save made from a stale priority", async () => {
    const { form, company } = await order(db);
    const path = `/onboarding?modal=setPriorityOrder&formHistoryId=${form.id}`;
    const page = await open(path, ["onboarding"]);
    expect(page.dialog).toMatchObject({ name: "setPriorityOrder", title: "Set Priority", error: null });
    expect(page.dialog!.data as OrderPriorityDialogData).toEqual({
      formHistoryId: form.id,
      requestLabel: `Order #${form.id}`,
      companyName: company.name,
      reason: null,
      deadline: null,
      blocked: null,
    });
    const refused = await post(path, {
      intent: "set-priority",
      FormHistoryID: String(form.id),
      OldValue: "",
      PriorityReason: "Other",
      OtherReason: " ",
    });
    expect(refused).toMatchObject({
      status: 400,
      data: { message: M.otherRequired, values: { PriorityReason: "Other" } },
    });
    const saved = await post(path, {
      intent: "set-priority",
      FormHistoryID: String(form.id),
      OldValue: "",
      PriorityReason: "Other",
      OtherReason: "Governor's fleet",
      PriorityDeadline: "",
    });
    expect(saved).toEqual({ status: 303, location: "/onboarding", data: null });
    expect((await db.formHistory.findUniqueOrThrow({ where: { id: form.id } })).priorityReason).toBe(
      "Governor's fleet",
    );
    // A second dialog opened before that save still says "no priority": its save is refused.
    const stale = await post(path, {
      intent: "set-priority",
      FormHistoryID: String(form.id),
      OldValue: "",
      PriorityReason: "New Customer",
    });
    expect(stale).toMatchObject({ status: 409, data: { message: M.stalePriority } });
    const removed = await post(path, {
      intent: "remove-priority",
      FormHistoryID: String(form.id),
      OldValue: "Governor's fleet",
    });
    expect(removed.status).toBe(303);
    expect((await db.formHistory.findUniqueOrThrow({ where: { id: form.id } })).priorityReason).toBeNull();
  });

  it("says why it cannot change anything for a cancelled order or a reader without the boards", async () => {
    const cancelled = await order(db, { cancelled: true });
    expect(
      (
        (await open(`/onboarding?modal=setPriorityOrder&formHistoryId=${cancelled.form.id}`, ["onboarding"])).dialog!
          .data as OrderPriorityDialogData
      ).blocked,
    ).toBe(M.cancelled);
    expect((await open("/onboarding?modal=setPriorityOrder&formHistoryId=abc", ["onboarding"])).dialog).toMatchObject({
      status: 400,
      error: M.chooseOrder,
    });
  });

  it("removes prepay on Yes, and says so when it is already gone", async () => {
    const { form, orderForm } = await order(db);
    await db.formHistory.update({ where: { id: form.id }, data: { confirmedPrepay: true } });
    const path = `/onboarding?modal=removePrepayOrder&formHistoryId=${form.id}`;
    expect((await open(path, ["onboarding"])).dialog).toMatchObject({
      name: "removePrepayOrder",
      title: "Remove Prepay",
      data: { orderFormId: orderForm.id, confirmedPrepay: true, blocked: null },
    });
    const yes = await post(path, {
      intent: "remove-prepay",
      OrderFormID: String(orderForm.id),
      FormHistoryID: String(form.id),
    });
    expect(yes).toEqual({ status: 303, location: "/onboarding", data: null });
    expect((await open(path, ["onboarding"])).dialog).toMatchObject({ data: { blocked: M.prepayAlreadyRemoved } });
    const onTransport = `/transport?modal=removePrepayOrder&formHistoryId=${form.id}`;
    expect((await open(onTransport, ["transport"])).dialog).toMatchObject({ data: { blocked: M.prepayForbidden } });
  });
});
