// Cancelling a request against the worker's database: the exact state afterwards (request
// cancelled, version, note, audit row, released reservations and jobs, boards), each refusal with its
// message, and nothing written when refused.
import { beforeAll, describe, expect, it } from "vitest";
import { loadCardList } from "~/modules/boards/card-lists.server.ts";
import { cancelOrder, loadCancellation } from "~/modules/orders/order-cancel.server.ts";
import { approveOrder } from "~/modules/queue/order-approval.server.ts";
import { ORDER_CANCEL_MESSAGES, CANCEL_NOTE_REQUIRED_MESSAGE } from "~/rules/orders/order-cancel.ts";
import { OFFBOARDING_STAGE, ONBOARDING_STAGE, RETURNING_UNIT_STATUS } from "~/rules/orders/order-stages.ts";
import { databaseFingerprint } from "../../support/property.ts";
import { createTestPrisma } from "../../support/database.ts";
import { vendor } from "../../support/factories/companies.ts";
import { job, offRent, order, trade } from "../../support/factories/requests.ts";
import { ensureStatuses, unit } from "../../support/factories/units.ts";
import { actorWith } from "../../support/factories/users.ts";

const db = createTestPrisma();
const NOW = new Date("2026-11-21T12:00:00Z");
const FORBIDDEN = { ok: false, status: 403, message: "You do not have permission to cancel this order." };

beforeAll(async () => {
  await ensureStatuses(db);
});

const body = (FormHistoryID: number, extra: Record<string, unknown> = {}) => ({
  note: "Customer went with a purchase instead",
  FormHistoryID,
  department: "Onboarding",
  ...extra,
});

const cardKeys = async (list: "onboarding" | "offboarding" | "transport") =>
  (await loadCardList(db, list, NOW)).cards.map((card) => card.key);

/** Runs a refusal and proves it wrote nothing. */
async function refusedWithoutWriting(run: () => Promise<unknown>) {
  const before = await databaseFingerprint();
  const result = await run();
  expect(await databaseFingerprint()).toBe(before);
  return result;
}

describe("cancelOrder on an order", () => {
  it("cancels it: request cancelled, version up, note and audit written, reservations and open jobs released, card gone", async () => {
    const actor = await actorWith(db, ["onboarding"]);
    const { form, orderForm } = await order(db, { stage: ONBOARDING_STAGE.approved, trucks: 2 });
    const reserved = await unit(db, "NEW");
    const other = await unit(db, "RE-RENT");
    await db.reservation.create({ data: { unitId: reserved.id, formHistoryId: form.id, orderFormId: orderForm.id } });
    await db.reservation.create({ data: { unitId: other.id, formHistoryId: form.id, orderFormId: orderForm.id } });
    const openJob = await job(db, form.id, "DELIVERY", reserved.id);
    expect(await cardKeys("onboarding")).toContain(`form-${form.id}`);
    expect(await cardKeys("transport")).toContain(`jobs-${form.id}-delivery-unassigned`);

    const result = await cancelOrder(
      db,
      actor,
      body(form.id, { note: "  Customer went with a purchase instead\r\n", version: 1 }),
      NOW,
    );
    expect(result).toEqual({ ok: true, lists: ["onboarding", "transport"], requests: [form.id] });

    expect(await db.formHistory.findUniqueOrThrow({ where: { id: form.id } })).toMatchObject({
      cancelledAt: NOW,
      cancelledById: actor.user.id,
    });
    expect(await db.orderForm.findUniqueOrThrow({ where: { id: orderForm.id } })).toMatchObject({
      version: 2,
      onboardingStatus: ONBOARDING_STAGE.approved,
      trucksRemaining: 2,
    });
    expect(await db.note.findMany({ where: { formHistoryId: form.id } })).toMatchObject([
      {
        noteType: "onboarding",
        subject: "Customer went with a purchase instead",
        authorId: actor.user.id,
        unitNumber: null,
        unitId: null,
        createdAt: NOW,
        cancelled: false,
      },
    ]);
    expect(await db.reservation.count({ where: { formHistoryId: form.id } })).toBe(0);
    expect(await db.transportJob.findUnique({ where: { id: openJob.id } })).toBeNull();
    // The released units keep their status: they simply are free for the next order.
    expect(await db.unit.findUniqueOrThrow({ where: { id: reserved.id }, include: { status: true } })).toMatchObject({
      status: { name: "NEW" },
    });
    const [reservedFirst, reservedSecond] = [reserved.unitNumber, other.unitNumber].sort();
    expect(await db.auditLog.findMany({ where: { formHistoryId: form.id } })).toMatchObject([
      {
        entityType: "OrderForm",
        entityId: orderForm.id,
        action: "cancel",
        version: 2,
        userId: actor.user.id,
        impersonatorId: null,
        changedData: {
          Cancelled: "Cancelled: No!Cancelled: Yes",
          "Cancellation Note": "Cancellation Note: !Cancellation Note: Customer went with a purchase instead",
          "Reserved Units": `Reserved Units: ${reservedFirst}, ${reservedSecond}!Reserved Units: `,
          "Transport Jobs Without Carrier": `Transport Jobs Without Carrier: Delivery ${reserved.unitNumber}!Transport Jobs Without Carrier: `,
        },
      },
    ]);
    expect(await cardKeys("onboarding")).not.toContain(`form-${form.id}`);
    expect((await cardKeys("transport")).some((key) => key.startsWith(`jobs-${form.id}-`))).toBe(false);
  });

  it("reports only onboarding when nothing was held, and the record's own version", async () => {
    const { form, orderForm } = await order(db, { stage: ONBOARDING_STAGE.submitted });
    await approveOrder(db, await actorWith(db, ["onboarding-approve"]), { FormHistoryID: form.id, half: "on" }, NOW);
    expect(await cancelOrder(db, await actorWith(db, ["restricted"]), body(form.id, { version: 2 }), NOW)).toEqual({
      ok: true,
      lists: ["onboarding"],
      requests: [form.id],
    });
    expect(await db.orderForm.findUniqueOrThrow({ where: { id: orderForm.id } })).toMatchObject({ version: 3 });
  });

  it("accepts the spec's body without a version", async () => {
    const { form } = await order(db);
    const result = await cancelOrder(
      db,
      await actorWith(db, ["onboarding"]),
      {
        ...body(form.id),
        onboardingStatus: ONBOARDING_STAGE.submitted,
        offboardingStatus: null,
        CompanyName: "Acme",
        CompanyNumber: "00042",
        Trucks: "",
      },
      NOW,
    );
    expect(result).toEqual({ ok: true, lists: ["onboarding"], requests: [form.id] });
  });

  it("records the administrator who impersonates the user", async () => {
    const admin = await actorWith(db, ["restricted"]);
    const actor = { ...(await actorWith(db, ["onboarding"])), impersonator: { ...admin.user } };
    const { form } = await order(db);
    expect(await cancelOrder(db, actor, body(form.id), NOW)).toMatchObject({ ok: true });
    expect(await db.auditLog.findFirstOrThrow({ where: { formHistoryId: form.id } })).toMatchObject({
      userId: actor.user.id,
      impersonatorId: admin.user.id,
    });
  });
});

describe("cancelOrder on an off-rent and a trade", () => {
  it("cancels an off-rent from Offboarding: off-rent version up, offboarding note, card gone from offboarding", async () => {
    const actor = await actorWith(db, ["offboarding"]);
    const owner = await order(db);
    const truck = await unit(db, "ON RENT", { companyId: owner.company.id });
    const { form, offRentForm } = await offRent(db, [truck], { stage: OFFBOARDING_STAGE.approved });
    const pickup = await job(db, form.id, "PICKUP", truck.id);
    expect(await cardKeys("offboarding")).toContain(`form-${form.id}`);

    const result = await cancelOrder(
      db,
      actor,
      body(form.id, { department: "Offboarding", offboardingStatus: OFFBOARDING_STAGE.approved, version: 1 }),
      NOW,
    );
    expect(result).toEqual({ ok: true, lists: ["offboarding", "transport"], requests: [form.id] });
    expect(await db.offRentForm.findUniqueOrThrow({ where: { id: offRentForm.id } })).toMatchObject({
      version: 2,
      offboardingStatus: OFFBOARDING_STAGE.approved,
    });
    expect(await db.note.findFirstOrThrow({ where: { formHistoryId: form.id } })).toMatchObject({
      noteType: "offboarding",
    });
    expect(await db.transportJob.findUnique({ where: { id: pickup.id } })).toBeNull();
    // The customer keeps the truck: it stays on rent, its returning line stays as it was.
    expect(await db.unit.findUniqueOrThrow({ where: { id: truck.id }, include: { status: true } })).toMatchObject({
      status: { name: "ON RENT" },
      companyId: owner.company.id,
    });
    expect(await db.returningUnit.findFirstOrThrow({ where: { formHistoryId: form.id } })).toMatchObject({
      statusId: RETURNING_UNIT_STATUS.awaitingPickup,
    });
    expect(await db.auditLog.findFirstOrThrow({ where: { formHistoryId: form.id } })).toMatchObject({
      entityType: "OffRentForm",
      entityId: offRentForm.id,
      action: "cancel",
      version: 2,
      changedData: {
        "Transport Jobs Without Carrier": `Transport Jobs Without Carrier: Pickup ${truck.unitNumber}!Transport Jobs Without Carrier: `,
      },
    });
    expect(await cardKeys("offboarding")).not.toContain(`form-${form.id}`);
  });

  it("refuses an order from Offboarding and an off-rent from Onboarding with the department's field message", async () => {
    const actor = await actorWith(db, ["restricted"]);
    const { form } = await order(db);
    const returning = await offRent(db, [await unit(db, "ON RENT")]);
    expect(
      await refusedWithoutWriting(() => cancelOrder(db, actor, body(form.id, { department: "Offboarding" }))),
    ).toEqual({
      ok: false,
      status: 400,
      message: "This request belongs to Onboarding.",
      fieldErrors: { department: ["This request belongs to Onboarding."] },
    });
    expect(await cancelOrder(db, actor, body(returning.form.id))).toMatchObject({
      status: 400,
      fieldErrors: { department: ["This request belongs to Offboarding."] },
    });
  });

  it("cancels a trade from either board, with either permission, and both boards refresh", async () => {
    const first = await trade(db);
    expect(
      await cancelOrder(
        db,
        await actorWith(db, ["offboarding"]),
        body(first.form.id, { department: "Offboarding" }),
        NOW,
      ),
    ).toEqual({
      ok: true,
      lists: ["onboarding", "offboarding"],
      requests: [first.form.id],
    });
    expect(await db.tradeForm.findUniqueOrThrow({ where: { id: first.tradeForm.id } })).toMatchObject({ version: 2 });
    expect(await db.auditLog.findFirstOrThrow({ where: { formHistoryId: first.form.id } })).toMatchObject({
      entityType: "TradeForm",
      entityId: first.tradeForm.id,
    });
    const second = await trade(db);
    expect(
      await cancelOrder(
        db,
        await actorWith(db, ["onboarding"]),
        body(second.form.id, { department: "onboarding" }),
        NOW,
      ),
    ).toMatchObject({ ok: true });
    expect(await db.note.findFirstOrThrow({ where: { formHistoryId: second.form.id } })).toMatchObject({
      noteType: "onboarding",
    });
    expect(await cardKeys("onboarding")).not.toContain(`form-${first.form.id}`);
    expect(await cardKeys("offboarding")).not.toContain(`form-${second.form.id}`);
  });
});

describe("cancelOrder refusals", () => {
  it("answers the note's message for a missing, blank or too long note (400), writing nothing", async () => {
    const actor = await actorWith(db, ["onboarding"]);
    const { form } = await order(db);
    for (const note of [undefined, "", " \r\n ", "a".repeat(501)]) {
      expect(await refusedWithoutWriting(() => cancelOrder(db, actor, body(form.id, { note })))).toEqual({
        ok: false,
        status: 400,
        message: CANCEL_NOTE_REQUIRED_MESSAGE,
        fieldErrors: { note: [CANCEL_NOTE_REQUIRED_MESSAGE] },
      });
    }
    expect(await cancelOrder(db, actor, body(form.id, { note: "a".repeat(500) }), NOW)).toMatchObject({ ok: true });
  });

  it("names bad fields (400)", async () => {
    const actor = await actorWith(db, ["onboarding"]);
    expect(await cancelOrder(db, actor, { note: "x", FormHistoryID: "seven", department: "Sales" })).toEqual({
      ok: false,
      status: 400,
      message: ORDER_CANCEL_MESSAGES.chooseOrder,
      fieldErrors: {
        FormHistoryID: [ORDER_CANCEL_MESSAGES.chooseOrder],
        department: [ORDER_CANCEL_MESSAGES.department],
      },
    });
    expect(await cancelOrder(db, actor, "nonsense")).toMatchObject({ ok: false, status: 400 });
  });

  it("refuses without all access, onboarding or offboarding, and with the other department's page (403)", async () => {
    const { form } = await order(db);
    const returning = await offRent(db, [await unit(db, "ON RENT")]);
    const approver = await actorWith(db, ["onboarding-approve", "offboarding-approve", "transport-edit"]);
    expect(await refusedWithoutWriting(() => cancelOrder(db, approver, body(form.id)))).toEqual(FORBIDDEN);
    expect(await cancelOrder(db, await actorWith(db, ["offboarding"]), body(form.id))).toEqual(FORBIDDEN);
    expect(
      await cancelOrder(
        db,
        await actorWith(db, ["onboarding"]),
        body(returning.form.id, { department: "Offboarding" }),
      ),
    ).toEqual(FORBIDDEN);
    expect(
      await db.formHistory.count({ where: { id: { in: [form.id, returning.form.id] }, cancelledAt: { not: null } } }),
    ).toBe(0);
  });

  it("answers 404 for a request that does not exist", async () => {
    expect(await cancelOrder(db, await actorWith(db, ["restricted"]), body(999_999))).toEqual({
      ok: false,
      status: 404,
      message: "That order does not exist.",
    });
  });

  it("refuses an order already cancelled (409)", async () => {
    const actor = await actorWith(db, ["onboarding"]);
    const { form } = await order(db);
    expect(await cancelOrder(db, actor, body(form.id), NOW)).toMatchObject({ ok: true });
    expect(await refusedWithoutWriting(() => cancelOrder(db, actor, body(form.id)))).toEqual({
      ok: false,
      status: 409,
      message: "This order has already been cancelled.",
    });
    expect(await db.note.count({ where: { formHistoryId: form.id } })).toBe(1);
  });

  it("refuses an order with a delivered unit, or a carrier on a job (409)", async () => {
    const actor = await actorWith(db, ["onboarding"]);
    const carrier = await vendor(db);
    const delivered = await order(db, { stage: ONBOARDING_STAGE.inTransport });
    const done = await job(db, delivered.form.id, "DELIVERY", (await unit(db, "ON RENT")).id, carrier.id);
    await db.transportJob.update({ where: { id: done.id }, data: { completedAt: NOW } });
    expect(await refusedWithoutWriting(() => cancelOrder(db, actor, body(delivered.form.id)))).toEqual({
      ok: false,
      status: 409,
      message: "Units on this order have already been delivered, so it can no longer be cancelled.",
    });
    const finished = await order(db, { stage: ONBOARDING_STAGE.delivered });
    expect(await cancelOrder(db, actor, body(finished.form.id))).toMatchObject({
      status: 409,
      message: ORDER_CANCEL_MESSAGES.delivered,
    });

    const rolling = await order(db, { stage: ONBOARDING_STAGE.inTransport });
    await job(db, rolling.form.id, "DELIVERY", (await unit(db, "IN TRANSIT")).id, carrier.id);
    await job(db, rolling.form.id, "DELIVERY", (await unit(db, "NEW")).id);
    expect(await refusedWithoutWriting(() => cancelOrder(db, actor, body(rolling.form.id)))).toEqual({
      ok: false,
      status: 409,
      message:
        "A carrier is assigned to 1 transport job of this order. Take the carrier off on the transport board before cancelling.",
    });
  });

  it("refuses an off-rent with a unit picked up (409)", async () => {
    const actor = await actorWith(db, ["offboarding"]);
    const truck = await unit(db, "IN TRANSIT");
    const { form, offRentForm } = await offRent(db, [truck, await unit(db, "ON RENT")], {
      stage: OFFBOARDING_STAGE.pickupScheduled,
    });
    await db.returningUnit.updateMany({
      where: { offRentFormId: offRentForm.id, unitId: truck.id },
      data: { statusId: RETURNING_UNIT_STATUS.pickedUp },
    });
    expect(
      await refusedWithoutWriting(() => cancelOrder(db, actor, body(form.id, { department: "Offboarding" }))),
    ).toEqual({
      ok: false,
      status: 409,
      message: "Units on this request have already been picked up, so it can no longer be cancelled.",
    });
  });

  it("refuses a cancel made from an older version (409) and says who changed what since", async () => {
    const actor = await actorWith(db, ["onboarding"]);
    const { form, orderForm } = await order(db);
    const approver = await actorWith(db, ["onboarding-approve"]);
    await approveOrder(db, approver, { FormHistoryID: form.id, half: "on" }, NOW);
    const result = await refusedWithoutWriting(() => cancelOrder(db, actor, body(form.id, { version: 1 })));
    expect(result).toEqual({
      ok: false,
      status: 409,
      message: "This order changed after you opened it. Check the changes below, then cancel again.",
      conflict: {
        currentVersion: 2,
        since: [
          {
            changedAt: expect.any(String),
            by: "Dana Driver",
            changes: [{ label: "Onboarding Status", before: "Submitted", after: "Approved" }],
          },
        ],
      },
    });
    expect(await db.orderForm.findUniqueOrThrow({ where: { id: orderForm.id } })).toMatchObject({ version: 2 });
    expect(await cancelOrder(db, actor, body(form.id, { version: 2 }), NOW)).toMatchObject({ ok: true });
  });

  it("lets only one of two simultaneous cancels through", async () => {
    const { form } = await order(db);
    const [a, b] = await Promise.all([
      cancelOrder(db, await actorWith(db, ["onboarding"]), body(form.id), NOW),
      cancelOrder(db, await actorWith(db, ["onboarding"]), body(form.id), NOW),
    ]);
    expect([a.ok, b.ok].filter(Boolean)).toHaveLength(1);
    expect([a, b].find((result) => !result.ok)).toMatchObject({ status: 409 });
    expect(await db.note.count({ where: { formHistoryId: form.id } })).toBe(1);
    expect(await db.auditLog.count({ where: { formHistoryId: form.id } })).toBe(1);
  });
});

describe("loadCancellation", () => {
  it("reads what blocks and what a cancel releases", async () => {
    const { form, orderForm } = await order(db, { stage: ONBOARDING_STAGE.approved });
    const truck = await unit(db, "NEW");
    await db.reservation.create({ data: { unitId: truck.id, formHistoryId: form.id, orderFormId: orderForm.id } });
    await job(db, form.id, "DELIVERY", null);
    expect(await loadCancellation(db, form.id)).toMatchObject({
      kind: "ORDER",
      department: "Onboarding",
      entity: { type: "OrderForm", id: orderForm.id, version: 1 },
      onboardingStatus: ONBOARDING_STAGE.approved,
      offboardingStatus: null,
      cancelled: null,
      state: { cancelled: false, delivered: false, pickedUp: false, carrierJobs: 0 },
      reservedUnits: [truck.unitNumber],
      openJobs: [{ kind: "DELIVERY", unitNumber: null }],
    });
    expect(await loadCancellation(db, 999_999)).toBeNull();
  });
});
