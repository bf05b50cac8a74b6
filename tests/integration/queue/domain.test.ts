// The queue operations against the worker's database: each move's exact state afterwards
// (stages, counts, versions, audit rows, unit history) and each refusal.
import { beforeAll, describe, expect, it } from "vitest";
import { changesSinceVersion, loadRequestHistory } from "~/modules/audit/audit-log.server.ts";
import { loadCardList } from "~/modules/boards/card-lists.server.ts";
import { editOffRentOrder } from "~/modules/orders/off-rent-edit.server.ts";
import { editOnRentOrder } from "~/modules/orders/on-rent-edit.server.ts";
import { approveOrder } from "~/modules/queue/order-approval.server.ts";
import { assignCarrier, completeTransport } from "~/modules/queue/transport.server.ts";
import { moveUnitStatus } from "~/modules/queue/unit-status.server.ts";
import { createTestPrisma } from "../../support/database.ts";
import { vendor } from "../../support/factories/companies.ts";
import { bodyOf as offRentBodyOf, editableOffRent } from "../../support/factories/off-rent-edit.ts";
import { bodyOf as orderBodyOf, editableOrder } from "../../support/factories/on-rent-edit.ts";
import { job, offRent, order, trade } from "../../support/factories/requests.ts";
import { ensureStatuses, unit } from "../../support/factories/units.ts";
import { actorWith } from "../../support/factories/users.ts";
import { OFFBOARDING_STAGE, ONBOARDING_STAGE, RETURNING_UNIT_STATUS } from "~/rules/orders/order-stages.ts";

const db = createTestPrisma();
const NOW = new Date("2026-11-21T12:00:00Z");
const FORBIDDEN = { ok: false, status: 403, message: "You do not have permission to do that." };

beforeAll(async () => {
  await ensureStatuses(db);
});

const auditOf = (entityType: string, entityId: number) =>
  db.auditLog.findMany({ where: { entityType, entityId }, orderBy: { id: "asc" } });

describe("approveOrder", () => {
  it("approves an on-rent order: stage 1, version 2, approvedAt/By and an audit row", async () => {
    const actor = await actorWith(db, ["onboarding-approve"]);
    const { form, orderForm } = await order(db);
    expect(await approveOrder(db, actor, { FormHistoryID: form.id, half: "on" }, NOW)).toEqual({
      ok: true,
      lists: ["onboarding"],
      requests: [form.id],
    });
    expect(await db.orderForm.findUniqueOrThrow({ where: { id: orderForm.id } })).toMatchObject({
      onboardingStatus: ONBOARDING_STAGE.approved,
      version: 2,
    });
    expect(await db.formHistory.findUniqueOrThrow({ where: { id: form.id } })).toMatchObject({
      approvedAt: NOW,
      approvedById: actor.user.id,
    });
    expect(await auditOf("OrderForm", orderForm.id)).toMatchObject([
      {
        formHistoryId: form.id,
        action: "approve",
        changedData: { "Onboarding Status": "Onboarding Status: Submitted!Onboarding Status: Approved" },
        userId: actor.user.id,
        impersonatorId: null,
      },
    ]);
    expect(await approveOrder(db, actor, { FormHistoryID: form.id, half: "on" }, NOW)).toEqual({
      ok: false,
      status: 409,
      message: "This order has already been approved.",
    });
  });

  it("approves both halves of a trade with their own permissions", async () => {
    const onOnly = await actorWith(db, ["onboarding-approve"]);
    const offOnly = await actorWith(db, ["offboarding-approve"]);
    const { form, tradeForm, offRentForm } = await trade(db);
    expect(await approveOrder(db, offOnly, { FormHistoryID: form.id, half: "on" })).toEqual(FORBIDDEN);
    expect(await approveOrder(db, onOnly, { FormHistoryID: form.id, half: "on" }, NOW)).toEqual({
      ok: true,
      lists: ["onboarding"],
      requests: [form.id],
    });
    expect(await approveOrder(db, offOnly, { FormHistoryID: form.id, half: "off" }, NOW)).toEqual({
      ok: true,
      lists: ["offboarding"],
      requests: [form.id],
    });
    expect(await db.tradeForm.findUniqueOrThrow({ where: { id: tradeForm.id } })).toMatchObject({
      onboardingStatus: ONBOARDING_STAGE.approved,
      version: 2,
    });
    expect(await db.offRentForm.findUniqueOrThrow({ where: { id: offRentForm.id } })).toMatchObject({
      offboardingStatus: OFFBOARDING_STAGE.approved,
      version: 2,
    });
    expect(await db.formHistory.findUniqueOrThrow({ where: { id: form.id } })).toMatchObject({
      approvedById: onOnly.user.id,
    });
  });

  it("refuses bad input, unknown requests, missing halves and cancelled orders", async () => {
    const actor = await actorWith(db, ["restricted"]);
    expect(await approveOrder(db, actor, { FormHistoryID: "x", half: "up" })).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { FormHistoryID: ["Choose an order."], half: ["Choose the on-rent or the off-rent half."] },
    });
    expect(await approveOrder(db, actor, { FormHistoryID: 999999, half: "on" })).toEqual({
      ok: false,
      status: 404,
      message: "That order does not exist.",
    });
    const { form } = await order(db);
    expect(await approveOrder(db, actor, { FormHistoryID: form.id, half: "off" })).toMatchObject({
      status: 409,
      message: "This request has no return to approve.",
    });
    const cancelled = await order(db, { cancelled: true });
    expect(await approveOrder(db, actor, { FormHistoryID: cancelled.form.id, half: "on" })).toMatchObject({
      status: 409,
      message: "This order has been cancelled.",
    });
  });
});

describe("assignCarrier", () => {
  it("assigns the first carrier: In Transport, trucks remaining down, version up; unassigning undoes it", async () => {
    const actor = await actorWith(db, ["transport-edit"]);
    const { form, orderForm } = await order(db, { stage: ONBOARDING_STAGE.approved, trucks: 2 });
    const truck = await unit(db, "NEW");
    const delivery = await job(db, form.id, "DELIVERY", truck.id);
    const carrier = await vendor(db);

    expect(await assignCarrier(db, actor, { TransportJobID: delivery.id, VendorID: carrier.id }, NOW)).toEqual({
      ok: true,
      lists: ["transport", "shipping", "onboarding"],
      requests: [form.id],
    });
    expect(await db.transportJob.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({
      vendorId: carrier.id,
      assignedAt: NOW,
      assignedById: actor.user.id,
    });
    expect(await db.orderForm.findUniqueOrThrow({ where: { id: orderForm.id } })).toMatchObject({
      onboardingStatus: ONBOARDING_STAGE.inTransport,
      trucksRemaining: 1,
      version: 2,
    });
    expect(await auditOf("TransportJob", delivery.id)).toMatchObject([
      {
        action: "assign-carrier",
        formHistoryId: form.id,
        changedData: {
          Carrier: `Carrier: none!Carrier: ${carrier.name}`,
          "Onboarding Status": "Onboarding Status: Approved!Onboarding Status: In Transport",
          "Trucks Remaining": "Trucks Remaining: 2!Trucks Remaining: 1",
        },
      },
    ]);
    expect(await assignCarrier(db, actor, { TransportJobID: delivery.id, VendorID: carrier.id })).toMatchObject({
      status: 409,
      message: "That carrier is already assigned to this job.",
    });

    expect(await assignCarrier(db, actor, { TransportJobID: delivery.id, VendorID: null }, NOW)).toEqual({
      ok: true,
      lists: ["transport", "shipping", "onboarding"],
      requests: [form.id],
    });
    expect(await db.transportJob.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({
      vendorId: null,
      assignedAt: null,
      assignedById: null,
    });
    expect(await db.orderForm.findUniqueOrThrow({ where: { id: orderForm.id } })).toMatchObject({
      onboardingStatus: ONBOARDING_STAGE.approved,
      trucksRemaining: 2,
      version: 3,
    });
    expect(await assignCarrier(db, actor, { TransportJobID: delivery.id, VendorID: null })).toMatchObject({
      status: 409,
      message: "This transport job has no carrier.",
    });
  });

  it("refuses without 17, for unknown jobs and carriers, non-transporters, unapproved orders and done jobs", async () => {
    const actor = await actorWith(db, ["transport-edit"]);
    const { form } = await order(db, { stage: ONBOARDING_STAGE.submitted });
    const delivery = await job(db, form.id, "DELIVERY", (await unit(db, "NEW")).id);
    const carrier = await vendor(db);
    expect(
      await assignCarrier(db, await actorWith(db, ["transport"]), {
        TransportJobID: delivery.id,
        VendorID: carrier.id,
      }),
    ).toEqual(FORBIDDEN);
    expect(await assignCarrier(db, actor, { TransportJobID: 0, VendorID: carrier.id })).toMatchObject({
      status: 400,
      fieldErrors: { TransportJobID: ["Choose a transport job."] },
    });
    expect(await assignCarrier(db, actor, { TransportJobID: 999999, VendorID: carrier.id })).toMatchObject({
      status: 404,
      message: "That transport job does not exist.",
    });
    expect(await assignCarrier(db, actor, { TransportJobID: delivery.id, VendorID: 999999 })).toMatchObject({
      status: 404,
      message: "That carrier does not exist.",
    });
    expect(
      await assignCarrier(db, actor, { TransportJobID: delivery.id, VendorID: (await vendor(db, "BODY_SHOP")).id }),
    ).toMatchObject({
      status: 400,
      fieldErrors: { VendorID: ["Choose a vendor of type TRANSPORTER."] },
    });
    expect(await assignCarrier(db, actor, { TransportJobID: delivery.id, VendorID: carrier.id })).toMatchObject({
      status: 409,
      message: "This order has not been approved yet.",
    });

    const approved = await order(db, { stage: ONBOARDING_STAGE.inTransport });
    const done = await job(db, approved.form.id, "DELIVERY", (await unit(db, "ON RENT")).id, carrier.id);
    await db.transportJob.update({ where: { id: done.id }, data: { completedAt: NOW } });
    expect(await assignCarrier(db, actor, { TransportJobID: done.id, VendorID: null })).toMatchObject({
      status: 409,
      message: "This transport job has already been marked done.",
    });
  });
});

describe("completeTransport", () => {
  it("marks a delivery done: unit ON RENT to the customer with history, reservation gone, order Delivered when all are", async () => {
    const actor = await actorWith(db, ["transport"]);
    const { form, orderForm, company } = await order(db, { stage: ONBOARDING_STAGE.approved, trucks: 1 });
    const truck = await unit(db, "IN TRANSIT", { subStatus: "To Customer" });
    await db.reservation.create({ data: { unitId: truck.id, formHistoryId: form.id, orderFormId: orderForm.id } });
    const carrier = await vendor(db);
    const delivery = await job(db, form.id, "DELIVERY", truck.id);
    await assignCarrier(
      db,
      await actorWith(db, ["transport-edit"]),
      { TransportJobID: delivery.id, VendorID: carrier.id },
      NOW,
    );

    expect(await completeTransport(db, actor, { TransportJobID: delivery.id }, NOW)).toEqual({
      ok: true,
      lists: ["transport", "shipping", "onboarding", "client-relations", "ar-open", "overview"],
      requests: [form.id],
    });
    expect(await db.transportJob.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({ completedAt: NOW });
    expect(await db.unit.findUniqueOrThrow({ where: { id: truck.id }, include: { status: true } })).toMatchObject({
      status: { name: "ON RENT" },
      companyId: company.id,
      statusChangedAt: NOW,
      subStatus: null,
      overrideLate: false,
      overrideReason: null,
    });
    expect(await db.reservation.count({ where: { unitId: truck.id } })).toBe(0);
    expect(await db.orderForm.findUniqueOrThrow({ where: { id: orderForm.id } })).toMatchObject({
      onboardingStatus: ONBOARDING_STAGE.delivered,
      trucksRemaining: 0,
      version: 3,
    });
    const history = await db.unitHistory.findMany({ where: { unitId: truck.id }, orderBy: { id: "asc" } });
    expect(history).toMatchObject([
      {
        statType: "STATUS",
        prevVal: "IN TRANSIT",
        newVal: "ON RENT",
        changedOn: NOW,
        changedBy: "Dana Driver",
        changedById: actor.user.id,
        changedFrom: "Transport Board",
      },
      { statType: "SUB_STATUS", prevVal: "To Customer", newVal: null, changedFrom: "Transport Board" },
    ]);
    const audit = await auditOf("TransportJob", delivery.id);
    expect(audit[1]).toMatchObject({
      action: "complete-delivery",
      changedData: {
        Completed: "Completed: no!Completed: yes",
        "Unit Status": "Unit Status: IN TRANSIT!Unit Status: ON RENT",
        "Onboarding Status": "Onboarding Status: In Transport!Onboarding Status: Delivered",
      },
    });
    expect(await completeTransport(db, actor, { TransportJobID: delivery.id })).toMatchObject({
      status: 409,
      message: "This transport job has already been marked done.",
    });
  });

  it("marks a pickup done: unit IN TRANSIT from the customer, line Picked Up, off-rent Returned when all are", async () => {
    const actor = await actorWith(db, ["transport-edit"]);
    const owner = await order(db);
    const truck = await unit(db, "ON RENT", { companyId: owner.company.id });
    const { form, offRentForm } = await offRent(db, [truck]);
    await approveOrder(db, await actorWith(db, ["offboarding-approve"]), { FormHistoryID: form.id, half: "off" }, NOW);
    await db.returningUnit.updateMany({
      where: { offRentFormId: offRentForm.id },
      data: { statusId: RETURNING_UNIT_STATUS.awaitingPickup },
    });
    const pickup = await job(db, form.id, "PICKUP", truck.id);
    expect(await completeTransport(db, actor, { TransportJobID: pickup.id })).toMatchObject({
      status: 409,
      message: "Assign a carrier before marking this job done.",
    });
    await assignCarrier(db, actor, { TransportJobID: pickup.id, VendorID: (await vendor(db)).id }, NOW);
    expect(await db.offRentForm.findUniqueOrThrow({ where: { id: offRentForm.id } })).toMatchObject({
      offboardingStatus: OFFBOARDING_STAGE.pickupScheduled,
      trucksRemaining: 0,
      version: 3,
    });

    expect(await completeTransport(db, actor, { TransportJobID: pickup.id }, NOW)).toEqual({
      ok: true,
      lists: ["transport", "shipping", "offboarding", "ar-off-rent", "ar-open", "overview"],
      requests: [form.id],
    });
    expect(await db.unit.findUniqueOrThrow({ where: { id: truck.id }, include: { status: true } })).toMatchObject({
      status: { name: "IN TRANSIT" },
      subStatus: "From Customer",
      companyId: null,
      statusChangedAt: NOW,
    });
    expect(await db.returningUnit.findFirstOrThrow({ where: { offRentFormId: offRentForm.id } })).toMatchObject({
      statusId: RETURNING_UNIT_STATUS.pickedUp,
    });
    expect(await db.offRentForm.findUniqueOrThrow({ where: { id: offRentForm.id } })).toMatchObject({
      offboardingStatus: OFFBOARDING_STAGE.returned,
      version: 4,
    });
    expect(await db.unitHistory.findMany({ where: { unitId: truck.id }, orderBy: { id: "asc" } })).toMatchObject([
      { statType: "STATUS", prevVal: "ON RENT", newVal: "IN TRANSIT", changedFrom: "Transport Board" },
      { statType: "SUB_STATUS", prevVal: null, newVal: "From Customer" },
    ]);
  });

  it("refuses without transport or transport-edit and for unknown jobs", async () => {
    expect(await completeTransport(db, await actorWith(db, ["onboarding-approve"]), { TransportJobID: 1 })).toEqual(
      FORBIDDEN,
    );
    expect(await completeTransport(db, await actorWith(db, ["transport"]), { TransportJobID: 999999 })).toMatchObject({
      status: 404,
    });
    expect(await completeTransport(db, await actorWith(db, ["transport"]), {})).toMatchObject({ status: 400 });
  });
});

// A move that changes an order's stage or trucks remaining records that change on the order itself too,
// at its new version: an edit begun before the move is refused with the move as a change since.
describe("days in stage on the boards after a queue move", () => {
  const TEN_DAYS_AGO = new Date(Date.now() - 10 * 86_400_000);

  async function cardOf(list: "onboarding" | "offboarding", formHistoryId: number) {
    const payload = await loadCardList(db, list, new Date());
    const card = payload.cards.find((entry) => entry.formHistoryId === formHistoryId);
    if (!card) throw new Error(`request ${formHistoryId} is not on ${list}`);
    return card;
  }

  it("an order approved ten days ago that a carrier took today has been In Transport for 0 days", async () => {
    const { form } = await order(db, { stage: ONBOARDING_STAGE.approved, trucks: 1 });
    await db.formHistory.update({ where: { id: form.id }, data: { approvedAt: TEN_DAYS_AGO } });
    expect((await cardOf("onboarding", form.id)).daysInStage).toBe(10);

    const delivery = await job(db, form.id, "DELIVERY", (await unit(db, "NEW")).id);
    expect(
      await assignCarrier(db, await actorWith(db, ["transport-edit"]), {
        TransportJobID: delivery.id,
        VendorID: (await vendor(db)).id,
      }),
    ).toMatchObject({ ok: true });
    const card = await cardOf("onboarding", form.id);
    expect(card.stage.label).toBe("In Transport");
    expect(card.daysInStage).toBe(0);
  });

  it("an off-rent approved ten days ago whose pickup a carrier took today has been Pickup Scheduled for 0 days", async () => {
    const truck = await unit(db, "ON RENT");
    const { form } = await offRent(db, [truck], { stage: OFFBOARDING_STAGE.approved });
    await db.formHistory.update({ where: { id: form.id }, data: { approvedAt: TEN_DAYS_AGO } });
    expect((await cardOf("offboarding", form.id)).daysInStage).toBe(10);

    const pickup = await job(db, form.id, "PICKUP", truck.id);
    expect(
      await assignCarrier(db, await actorWith(db, ["transport-edit"]), {
        TransportJobID: pickup.id,
        VendorID: (await vendor(db)).id,
      }),
    ).toMatchObject({ ok: true });
    const card = await cardOf("offboarding", form.id);
    expect(card.stage.label).toBe("Pickup Scheduled");
    expect(card.daysInStage).toBe(0);
  });
});

describe("a carrier move's audit row on the order", () => {
  it("assigning a carrier records the order's stage and trucks remaining at its new version; changesSinceVersion lists it", async () => {
    const { form, orderForm } = await editableOrder(db, { half: 2, stage: ONBOARDING_STAGE.approved });
    const delivery = await job(db, form.id, "DELIVERY", (await unit(db, "NEW")).id);
    const dispatcher = await actorWith(db, ["transport-edit"]);
    expect(
      await assignCarrier(db, dispatcher, { TransportJobID: delivery.id, VendorID: (await vendor(db)).id }, NOW),
    ).toMatchObject({ ok: true });

    expect(await db.orderForm.findUniqueOrThrow({ where: { id: orderForm.id } })).toMatchObject({
      version: 2,
      onboardingStatus: ONBOARDING_STAGE.inTransport,
      trucksRemaining: 1,
    });
    expect(await auditOf("OrderForm", orderForm.id)).toMatchObject([
      {
        formHistoryId: form.id,
        action: "assign-carrier",
        changedData: {
          "Onboarding Status": "Onboarding Status: Approved!Onboarding Status: In Transport",
          "Trucks Remaining": "Trucks Remaining: 2!Trucks Remaining: 1",
        },
        userId: dispatcher.user.id,
        impersonatorId: null,
        version: 2,
      },
    ]);
    expect(await changesSinceVersion(db, "OrderForm", orderForm.id, 1)).toEqual([
      {
        changedAt: expect.any(String),
        by: "Dana Driver",
        changes: [
          // Shown in the order PostgreSQL keeps jsonb keys: shorter labels first.
          { label: "Trucks Remaining", before: "2", after: "1" },
          { label: "Onboarding Status", before: "Approved", after: "In Transport" },
        ],
      },
    ]);
    expect(await changesSinceVersion(db, "OrderForm", orderForm.id, 2)).toEqual([]);
    // The request's history shows the move once, though it wrote the job's row and the order's.
    const moves = (await loadRequestHistory(db, form.id)).filter((entry) => entry.action === "assign-carrier");
    expect(moves).toHaveLength(1);
    expect(moves[0]!.changes.map((change) => change.label).sort()).toEqual([
      "Carrier",
      "Onboarding Status",
      "Trucks Remaining",
    ]);
  });

  it("an on-rent edit begun before the assignment is refused (409) with the assignment as the change since", async () => {
    const { form, orderForm } = await editableOrder(db, { half: 2, stage: ONBOARDING_STAGE.approved });
    const delivery = await job(db, form.id, "DELIVERY", (await unit(db, "NEW")).id);
    await assignCarrier(
      db,
      await actorWith(db, ["transport-edit"]),
      { TransportJobID: delivery.id, VendorID: (await vendor(db)).id },
      NOW,
    );

    const stale = await editOnRentOrder(
      db,
      await actorWith(db, ["onboarding"]),
      orderBodyOf(orderForm, { PONumber: "PO-LATE" }),
    );
    expect(stale).toMatchObject({
      ok: false,
      status: 409,
      conflict: {
        currentVersion: 2,
        since: [
          {
            by: "Dana Driver",
            changes: [
              { label: "Trucks Remaining", before: "2", after: "1" },
              { label: "Onboarding Status", after: "In Transport" },
            ],
          },
        ],
      },
    });
  });

  it("taking the carrier back and completing a delivery are recorded on the order too, each at its version", async () => {
    const { form, orderForm } = await editableOrder(db, { half: 1, stage: ONBOARDING_STAGE.approved });
    const truck = await unit(db, "IN TRANSIT", { subStatus: "To Customer" });
    const delivery = await job(db, form.id, "DELIVERY", truck.id);
    const carrier = await vendor(db);
    const dispatcher = await actorWith(db, ["transport-edit"]);
    await assignCarrier(db, dispatcher, { TransportJobID: delivery.id, VendorID: carrier.id }, NOW);
    await assignCarrier(db, dispatcher, { TransportJobID: delivery.id, VendorID: null }, NOW);
    await assignCarrier(db, dispatcher, { TransportJobID: delivery.id, VendorID: carrier.id }, NOW);
    expect(await completeTransport(db, dispatcher, { TransportJobID: delivery.id }, NOW)).toMatchObject({ ok: true });

    expect((await auditOf("OrderForm", orderForm.id)).map((row) => [row.action, row.version, row.changedData])).toEqual(
      [
        [
          "assign-carrier",
          2,
          {
            "Onboarding Status": "Onboarding Status: Approved!Onboarding Status: In Transport",
            "Trucks Remaining": "Trucks Remaining: 1!Trucks Remaining: 0",
          },
        ],
        [
          "unassign-carrier",
          3,
          {
            "Onboarding Status": "Onboarding Status: In Transport!Onboarding Status: Approved",
            "Trucks Remaining": "Trucks Remaining: 0!Trucks Remaining: 1",
          },
        ],
        [
          "assign-carrier",
          4,
          {
            "Onboarding Status": "Onboarding Status: Approved!Onboarding Status: In Transport",
            "Trucks Remaining": "Trucks Remaining: 1!Trucks Remaining: 0",
          },
        ],
        [
          "complete-delivery",
          5,
          { "Onboarding Status": "Onboarding Status: In Transport!Onboarding Status: Delivered" },
        ],
      ],
    );
    expect(await db.orderForm.findUniqueOrThrow({ where: { id: orderForm.id } })).toMatchObject({ version: 5 });
    expect(
      (await changesSinceVersion(db, "OrderForm", orderForm.id, 3)).map((change) =>
        change.changes.map((entry) => entry.label),
      ),
    ).toEqual([["Trucks Remaining", "Onboarding Status"], ["Onboarding Status"]]);
  });

  it("a pickup's carrier is recorded on the off-rent, which a stale off-rent edit then lists", async () => {
    const { form, offRentForm, lines } = await editableOffRent(db, { stage: OFFBOARDING_STAGE.approved, count: 2 });
    const pickup = await job(db, form.id, "PICKUP", lines[0]!.unitId);
    const dispatcher = await actorWith(db, ["transport-edit"]);
    await assignCarrier(db, dispatcher, { TransportJobID: pickup.id, VendorID: (await vendor(db)).id }, NOW);

    expect(await db.offRentForm.findUniqueOrThrow({ where: { id: offRentForm.id } })).toMatchObject({
      version: 2,
      offboardingStatus: OFFBOARDING_STAGE.pickupScheduled,
      trucksRemaining: 1,
    });
    expect(await auditOf("OffRentForm", offRentForm.id)).toMatchObject([
      {
        formHistoryId: form.id,
        action: "assign-carrier",
        changedData: {
          "Offboarding Status": "Offboarding Status: Approved!Offboarding Status: Pickup Scheduled",
          "Trucks Remaining": "Trucks Remaining: 2!Trucks Remaining: 1",
        },
        userId: dispatcher.user.id,
        version: 2,
      },
    ]);
    const stale = await editOffRentOrder(
      db,
      await actorWith(db, ["offboarding"]),
      offRentBodyOf(offRentForm, lines, { pickupCity: "Waco" }),
    );
    expect(stale).toMatchObject({
      ok: false,
      status: 409,
      conflict: {
        currentVersion: 2,
        since: [
          {
            by: "Dana Driver",
            changes: [
              { label: "Trucks Remaining", before: "2", after: "1" },
              { label: "Offboarding Status", before: "Approved", after: "Pickup Scheduled" },
            ],
          },
        ],
      },
    });
  });

  it("a trade's return records the return count on the trade row, and its stage on the off-rent row", async () => {
    const { form, tradeForm, offRentForm } = await trade(db);
    const returning = await unit(db, "ON RENT");
    await db.offRentForm.update({
      where: { id: offRentForm.id },
      data: { offboardingStatus: OFFBOARDING_STAGE.approved },
    });
    await db.returningUnit.create({
      data: {
        formHistoryId: form.id,
        offRentFormId: offRentForm.id,
        unitNumber: returning.unitNumber,
        unitId: returning.id,
        statusId: RETURNING_UNIT_STATUS.awaitingPickup,
      },
    });
    const pickup = await job(db, form.id, "PICKUP", returning.id);
    await assignCarrier(
      db,
      await actorWith(db, ["transport-edit"]),
      { TransportJobID: pickup.id, VendorID: (await vendor(db)).id },
      NOW,
    );

    expect((await auditOf("TradeForm", tradeForm.id)).map((row) => [row.action, row.version, row.changedData])).toEqual(
      [["assign-carrier", 2, { "Return Trucks Remaining": "Return Trucks Remaining: 1!Return Trucks Remaining: 0" }]],
    );
    expect(
      (await auditOf("OffRentForm", offRentForm.id)).map((row) => [row.action, row.version, row.changedData]),
    ).toEqual([
      [
        "assign-carrier",
        2,
        {
          "Offboarding Status": "Offboarding Status: Approved!Offboarding Status: Pickup Scheduled",
          "Trucks Remaining": "Trucks Remaining: 1!Trucks Remaining: 0",
        },
      ],
    ]);
  });
});

describe("moveUnitStatus", () => {
  it("moves a unit to its next status with a history row, cleared override and audit row", async () => {
    const actor = await actorWith(db, ["recon"]);
    const truck = await unit(db, "ON LOT");
    expect(await moveUnitStatus(db, actor, { UnitNumber: truck.unitNumber.toLowerCase() }, NOW)).toEqual({
      ok: true,
      lists: ["recon", "overview"],
    });
    expect(await db.unit.findUniqueOrThrow({ where: { id: truck.id }, include: { status: true } })).toMatchObject({
      status: { name: "BODY SHOP" },
      statusChangedAt: NOW,
      overrideLate: false,
      overrideReason: null,
    });
    expect(await db.unitHistory.findMany({ where: { unitId: truck.id } })).toMatchObject([
      {
        statType: "STATUS",
        prevVal: "ON LOT",
        newVal: "BODY SHOP",
        changedOn: NOW,
        changedBy: "Dana Driver",
        changedById: actor.user.id,
        changedFrom: "Recon Board",
      },
    ]);
    expect(await auditOf("Unit", truck.id)).toMatchObject([
      { action: "status-change", changedData: { Status: "Status: ON LOT!Status: BODY SHOP" }, userId: actor.user.id },
    ]);

    expect(
      await moveUnitStatus(
        db,
        actor,
        { UnitNumber: truck.unitNumber, NewStatus: "Hold for Sale", ChangedFrom: "Overview Board" },
        NOW,
      ),
    ).toEqual({
      ok: true,
      lists: ["recon", "sales", "overview"],
    });
    expect((await db.unitHistory.findMany({ where: { unitId: truck.id }, orderBy: { id: "asc" } }))[1]).toMatchObject({
      newVal: "Hold for Sale",
      changedFrom: "Overview Board",
    });
  });

  it("refuses other departments, disallowed moves, reserved units, unknown units and bad input", async () => {
    const recon = await actorWith(db, ["recon"]);
    const truck = await unit(db, "ON LOT");
    expect(await moveUnitStatus(db, await actorWith(db, ["sales"]), { UnitNumber: truck.unitNumber })).toEqual(
      FORBIDDEN,
    );
    expect(await moveUnitStatus(db, recon, { UnitNumber: truck.unitNumber, NewStatus: "SOLD" })).toMatchObject({
      status: 409,
      message: "A unit in ON LOT cannot move to SOLD.",
    });
    expect(await moveUnitStatus(db, recon, { UnitNumber: truck.unitNumber, NewStatus: "ON LOT" })).toMatchObject({
      status: 409,
      message: "The unit already has that status.",
    });
    expect(await moveUnitStatus(db, recon, { UnitNumber: "NOPE1" })).toMatchObject({
      status: 404,
      message: "That unit does not exist.",
    });
    expect(await moveUnitStatus(db, recon, { UnitNumber: "bad unit!", NewStatus: "Flying" })).toMatchObject({
      status: 400,
      fieldErrors: {
        UnitNumber: ["Enter a unit number of up to 8 letters, digits or dashes."],
        NewStatus: ["Choose a unit status."],
      },
    });
    const sold = await unit(db, "SOLD");
    expect(
      await moveUnitStatus(db, await actorWith(db, ["restricted"]), { UnitNumber: sold.unitNumber }),
    ).toMatchObject({ status: 409, message: "This unit has left the fleet; its status cannot change." });
    const reserved = await unit(db, "RE-RENT");
    const { form, orderForm } = await order(db);
    await db.reservation.create({ data: { unitId: reserved.id, formHistoryId: form.id, orderFormId: orderForm.id } });
    expect(
      await moveUnitStatus(db, await actorWith(db, ["onboarding"]), { UnitNumber: reserved.unitNumber }),
    ).toMatchObject({ status: 409, message: "This unit is reserved for an order; release the reservation first." });
    expect(await db.unitHistory.count({ where: { unitId: { in: [truck.id, sold.id, reserved.id] } } })).toBe(0);
  });
});
