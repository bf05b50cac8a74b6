// Splitting orders, trades and off-rents against the worker's database: the reads
// and PUT /api/split-order, /split-trade, /split-off-rent over HTTP (success with every row moved, each message,
// 401/403/404/409, nothing written when refused, the boards reported, the audit rows), the conservation property
// over random splits, and the three dialogs through the board route as a browser without JavaScript uses them.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { PermissionName } from "~/rules/access/permissions.ts";
import { OFFBOARDING_STAGE, ONBOARDING_STAGE, RETURNING_UNIT_STATUS } from "~/rules/orders/order-stages.ts";
import {
  applySplitStep,
  SPLIT_FIELDS as F,
  type SplitDialogData,
  splitFormValues,
  splitStep,
} from "~/rules/splits/split-dialog.ts";
import { type Split, SPLIT_MESSAGES as M, setTotal, startSplits } from "~/rules/splits/splits.ts";
import { loadSplitSource, SPLIT_LOAD_MESSAGES } from "~/modules/splits/split-load.server.ts";
import { SPLIT_RESULT_MESSAGES } from "~/modules/splits/split.server.ts";
import { createSplitsRouter } from "../../../server/api/splits.ts";
import { apiHarness } from "../../support/api-harness.ts";
import { loadBoard, postBoardForm } from "../../support/board-route.ts";
import { createTestPrisma } from "../../support/database.ts";
import { vendor } from "../../support/factories/companies.ts";
import { job, offRent, order, trade } from "../../support/factories/requests.ts";
import { ensureStatuses, unit } from "../../support/factories/units.ts";
import { actorWith } from "../../support/factories/users.ts";
import { databaseFingerprint } from "../../support/property.ts";

const db = createTestPrisma();
const api = apiHarness(createSplitsRouter);
let onRent: string;
let offRentToken: string;

beforeAll(async () => {
  await ensureStatuses(db);
  onRent = api.tokenFor(await actorWith(db, ["onboarding"]));
  offRentToken = api.tokenFor(await actorWith(db, ["offboarding"]));
});

const put = (path: string, body: unknown, token: string | null = onRent) =>
  api.call("PUT", path, { body, ...(token === null ? {} : { token }) });

async function refusedWithoutWriting<T>(run: () => Promise<T>): Promise<T> {
  const before = await databaseFingerprint();
  const result = await run();
  expect(await databaseFingerprint()).toBe(before);
  return result;
}

/** An order of `trucks` half-tons with `reserved` units reserved. */
async function reservedOrder(trucks: number, reserved: number, stage: number = ONBOARDING_STAGE.approved) {
  const made = await order(db, { trucks, stage });
  const units = [];
  for (let index = 0; index < reserved; index++) {
    const each = await unit(db, "ON LOT");
    await db.reservation.create({
      data: { unitId: each.id, formHistoryId: made.form.id, orderFormId: made.orderForm.id },
    });
    units.push(each);
  }
  return { ...made, units };
}

/** A trade of `trucks` new half-tons for as many returning units, `reserved` of the new ones reserved. */
async function reservedTrade(trucks: number, reserved: number) {
  const made = await trade(db);
  await db.tradeForm.update({
    where: { id: made.tradeForm.id },
    data: {
      halfTonCountTrade: trucks,
      newTrucksRemaining: trucks,
      returnTrucksRemaining: trucks,
      numTrucksReturning: trucks,
    },
  });
  await db.offRentForm.update({
    where: { id: made.offRentForm.id },
    data: { numTrucksReturning: trucks, trucksRemaining: trucks },
  });
  const reservations = [];
  const returning = [];
  for (let index = 0; index < trucks; index++) {
    const back = await unit(db, "ON RENT", { companyId: made.company.id });
    await db.returningUnit.create({
      data: {
        formHistoryId: made.form.id,
        offRentFormId: made.offRentForm.id,
        unitNumber: back.unitNumber,
        unitId: back.id,
        statusId: RETURNING_UNIT_STATUS.awaitingPickup,
      },
    });
    returning.push(back);
    if (index < reserved) {
      const out = await unit(db, "ON LOT");
      await db.reservation.create({
        data: { unitId: out.id, formHistoryId: made.form.id, tradeFormId: made.tradeForm.id },
      });
      reservations.push(out);
    }
  }
  return { ...made, reservations, returning };
}

async function returningOffRent(trucks: number) {
  const units = [];
  for (let index = 0; index < trucks; index++) units.push(await unit(db, "ON RENT"));
  return { ...(await offRent(db, units, { stage: OFFBOARDING_STAGE.approved })), units };
}

const orderSplit = (total: number, reservations: string[] = [], remaining = total) => ({
  Remaining: remaining,
  Total: total,
  Half: total,
  ThreeQ: 0,
  Flat: 0,
  Service: 0,
  Reservations: reservations,
});

describe("PUT /api/split-order", () => {
  it("splits an order: the part gets its trucks, reservations, open jobs and unit notes, a copy of the request's notes, and both are audited", async () => {
    const { form, orderForm, units } = await reservedOrder(5, 3);
    const carrier = await vendor(db);
    // Unit 0's delivery has a carrier: it stays. Unit 1's delivery is open: it moves with its unit.
    await job(db, form.id, "DELIVERY", units[0]!.id, carrier.id);
    const openJob = await job(db, form.id, "DELIVERY", units[1]!.id);
    await db.orderForm.update({ where: { id: orderForm.id }, data: { trucksRemaining: 4 } });
    const author = await actorWith(db, ["onboarding"]);
    await db.note.create({
      data: { formHistoryId: form.id, noteType: "onboarding", subject: "Gate code 4411", authorId: author.user.id },
    });
    await db.note.create({
      data: {
        formHistoryId: form.id,
        unitId: units[1]!.id,
        unitNumber: units[1]!.unitNumber,
        noteType: "onboarding",
        subject: "Needs a liftgate",
        authorId: author.user.id,
      },
    });
    api.reported.length = 0;

    const answer = await put("/api/split-order", {
      Splits: [
        // The fixed unit may be listed on the first split, as the read lists it.
        orderSplit(3, [units[0]!.unitNumber, units[2]!.unitNumber], 2),
        orderSplit(2, [units[1]!.unitNumber]),
      ],
      OgOrder: { FormHistoryID: form.id, TrucksRemaining: 4, TrucksRequested: 5, HalfTonCount: 5, Version: 1 },
    });
    expect(answer).toEqual({ status: 200, body: { ok: true, message: SPLIT_RESULT_MESSAGES.done(2) } });
    expect(api.reported).toEqual([["onboarding", "shipping", "transport"]]);

    const part = await db.formHistory.findFirstOrThrow({
      where: { splitFromId: form.id },
      include: { orderForm: true },
    });
    expect(part).toMatchObject({
      kind: "ORDER",
      source: "SPLIT",
      splitNumber: 2,
      companyId: (await db.formHistory.findUniqueOrThrow({ where: { id: form.id } })).companyId,
    });
    expect(part.orderForm).toMatchObject({ trucksRequested: 2, trucksRemaining: 2, halfTonCount: 2, version: 1 });
    expect(await db.orderForm.findUniqueOrThrow({ where: { id: orderForm.id } })).toMatchObject({
      trucksRequested: 3,
      trucksRemaining: 2,
      halfTonCount: 3,
      version: 2,
    });
    expect((await db.formHistory.findUniqueOrThrow({ where: { id: form.id } })).splitNumber).toBe(1);
    const reservations = await db.reservation.findMany({
      where: { unitId: { in: units.map((each) => each.id) } },
      orderBy: { unitId: "asc" },
    });
    expect(reservations.map((row) => [row.formHistoryId, row.splitNumber])).toEqual([
      [form.id, 1],
      [part.id, 2],
      [form.id, 1],
    ]);
    expect(reservations[1]!.orderFormId).toBe(part.orderForm!.id);
    expect((await db.transportJob.findUniqueOrThrow({ where: { id: openJob.id } })).formHistoryId).toBe(part.id);
    expect((await db.transportJob.findFirstOrThrow({ where: { unitId: units[0]!.id } })).formHistoryId).toBe(form.id);
    const partNotes = await db.note.findMany({ where: { formHistoryId: part.id }, orderBy: { id: "asc" } });
    expect(partNotes.map((note) => note.subject).sort()).toEqual(["Gate code 4411", "Needs a liftgate"]);
    expect(await db.note.count({ where: { formHistoryId: form.id } })).toBe(1);
    const audit = await db.auditLog.findFirstOrThrow({ where: { formHistoryId: form.id, action: "split" } });
    expect(audit.changedData).toMatchObject({
      Splits: "Splits: 1!Splits: 2",
      "Split 2": `Split 2: !Split 2: #${part.id}: 2 trucks, 2 remaining; reserved ${units[1]!.unitNumber}; returning none`,
    });
    expect(await db.auditLog.count({ where: { formHistoryId: part.id, action: "split" } })).toBe(1);
  });

  it("answers each rule's message, and writes nothing", async () => {
    const { form, units } = await reservedOrder(4, 2);
    const [a, b] = units.map((each) => each.unitNumber) as [string, string];
    const og = { FormHistoryID: form.id };
    const cases: [unknown[], string][] = [
      [[orderSplit(4, [a, b])], M.atLeastOne],
      [[orderSplit(3, [a, b]), { ...orderSplit(1), Half: 0, ThreeQ: 1 }], M.countRange("3/4 Tons", 0)],
      [[{ ...orderSplit(3, [a, b]), Half: 2 }, orderSplit(1)], M.countsMatchTotal],
      [[orderSplit(4, [a, b]), orderSplit(0)], M.zeroTrucks],
      [[orderSplit(2, [a, b], 1), orderSplit(2, [], 3)], M.reservationsOverRemaining],
      [[orderSplit(1, [a, b], 2), orderSplit(3, [], 2)], M.reservationsOverTotal],
    ];
    await refusedWithoutWriting(async () => {
      for (const [Splits, message] of cases) {
        expect(await put("/api/split-order", { Splits, OgOrder: og })).toMatchObject({
          status: 400,
          body: { error: message },
        });
      }
    });
  });

  it("refuses 401 without a session, 403 off the On Rent board, 404, 409 for a stale or cancelled order, 400 for a malformed body", async () => {
    const { form, units } = await reservedOrder(3, 1);
    const cancelled = await reservedOrder(2, 0);
    await db.formHistory.update({ where: { id: cancelled.form.id }, data: { cancelledAt: new Date() } });
    const revokedActor = await actorWith(db, ["onboarding"]);
    const revoked = api.tokenFor(revokedActor);
    await db.user.update({
      where: { id: revokedActor.user.id },
      data: { tokensValidAfter: new Date(Date.now() + 60_000) },
    });
    const off = await returningOffRent(2);
    const valid = {
      Splits: [orderSplit(2, [units[0]!.unitNumber]), orderSplit(1)],
      OgOrder: { FormHistoryID: form.id },
    };
    await refusedWithoutWriting(async () => {
      expect((await put("/api/split-order", valid, null)).status).toBe(401);
      expect((await put("/api/split-order", valid, "garbage")).status).toBe(401);
      expect((await put("/api/split-order", valid, revoked)).status).toBe(401);
      expect(await put("/api/split-order", valid, offRentToken)).toEqual({
        status: 403,
        body: { error: SPLIT_LOAD_MESSAGES.forbidden },
      });
      expect(await put("/api/split-order", { ...valid, OgOrder: { FormHistoryID: 2_000_000_000 } })).toMatchObject({
        status: 404,
      });
      expect(await put("/api/split-order", { ...valid, OgOrder: { FormHistoryID: form.id, Version: 7 } })).toEqual({
        status: 409,
        body: { error: SPLIT_RESULT_MESSAGES.stale },
      });
      expect(
        await put("/api/split-order", { ...valid, OgOrder: { FormHistoryID: form.id, TrucksRemaining: 2 } }),
      ).toMatchObject({
        status: 409,
      });
      expect(await put("/api/split-order", { ...valid, Splits: [orderSplit(2, ["NOPE1"]), orderSplit(1)] })).toEqual({
        status: 409,
        body: { error: SPLIT_RESULT_MESSAGES.unitsChanged },
      });
      expect(
        await put("/api/split-order", {
          Splits: [orderSplit(1), orderSplit(1)],
          OgOrder: { FormHistoryID: cancelled.form.id },
        }),
      ).toEqual({
        status: 409,
        body: { error: SPLIT_LOAD_MESSAGES.cancelled },
      });
      expect((await put("/api/split-order", { Splits: "all", OgOrder: { FormHistoryID: form.id } })).status).toBe(400);
      expect(
        (
          await put("/api/split-order", {
            Splits: [{ ...orderSplit(2), Total: -1 }],
            OgOrder: { FormHistoryID: form.id },
          })
        ).status,
      ).toBe(400);
      // An off-rent's id on the order endpoint: no such order.
      expect(await put("/api/split-order", { ...valid, OgOrder: { FormHistoryID: off.form.id } })).toEqual({
        status: 404,
        body: { error: SPLIT_LOAD_MESSAGES.notFound.order },
      });
    });
  });

  it("keeps units with a carrier on the first part", async () => {
    const { form, units } = await reservedOrder(3, 2);
    await job(db, form.id, "DELIVERY", units[0]!.id, (await vendor(db)).id);
    const refused = await refusedWithoutWriting(() =>
      put("/api/split-order", {
        Splits: [orderSplit(2, [units[1]!.unitNumber]), orderSplit(1, [units[0]!.unitNumber])],
        OgOrder: { FormHistoryID: form.id },
      }),
    );
    expect(refused).toMatchObject({
      status: 400,
      body: { error: `Unit ${units[0]!.unitNumber} stays on the first split: it is assigned to a carrier.` },
    });
  });
});

describe("GET /api/getOrderReservations and /api/getTradeReservations", () => {
  it("answers the reservations with whether each may move; 400, 401, 403 and 404 otherwise", async () => {
    const { form, orderForm, units } = await reservedOrder(3, 2);
    await job(db, form.id, "DELIVERY", units[0]!.id, (await vendor(db)).id);
    const read = await api.call("GET", `/api/getOrderReservations/${form.id}`, { token: onRent });
    expect(read).toEqual({
      status: 200,
      body: [
        {
          ReservedUnit: units[0]!.unitNumber,
          FormHistoryID: form.id,
          OrderFormID: orderForm.id,
          SplitNumber: null,
          Movable: false,
          FixedBecause: "it is assigned to a carrier",
        },
        {
          ReservedUnit: units[1]!.unitNumber,
          FormHistoryID: form.id,
          OrderFormID: orderForm.id,
          SplitNumber: null,
          Movable: true,
          FixedBecause: null,
        },
      ],
    });
    const made = await reservedTrade(2, 1);
    const tradeRead = await api.call("GET", `/api/getTradeReservations/${made.form.id}`, { token: onRent });
    expect(tradeRead.body).toEqual([
      expect.objectContaining({
        ReservedUnit: made.reservations[0]!.unitNumber,
        TradeFormID: made.tradeForm.id,
        Movable: true,
      }),
    ]);
    expect((await api.call("GET", `/api/getTradeReservations/${form.id}`, { token: onRent })).status).toBe(404);
    expect((await api.call("GET", `/api/getOrderReservations/abc`, { token: onRent })).status).toBe(400);
    expect((await api.call("GET", `/api/getOrderReservations/%2e%2e%2f1`, { token: onRent })).status).toBe(400);
    expect((await api.call("GET", `/api/getOrderReservations/${form.id}`, { token: offRentToken })).status).toBe(403);
    expect((await api.call("GET", `/api/getOrderReservations/${form.id}`, {})).status).toBe(401);
    expect((await api.call("GET", `/api/getOrderReservations/${form.id}`, { token: "garbage" })).status).toBe(401);
  });
});

describe("PUT /api/split-trade and /api/split-off-rent", () => {
  const tradeSplit = (total: number, returning: number, reservations: string[], offRents: string[]) => ({
    ...orderSplit(total, reservations),
    Returning: returning,
    OffRents: offRents,
  });

  it("splits a trade: both halves of the part, its reservations and returning units, one trade link", async () => {
    const made = await reservedTrade(3, 1);
    const [r0] = made.reservations.map((each) => each.unitNumber) as [string];
    const [u0, u1, u2] = made.returning.map((each) => each.unitNumber) as [string, string, string];
    api.reported.length = 0;
    const answer = await put("/api/split-trade", {
      Splits: [tradeSplit(2, 2, [r0], [u0, u1]), tradeSplit(1, 1, [], [u2])],
      OgTrade: { FormHistoryID: made.form.id, NewTrucksRemaining: 3, ReturnTrucksRemaining: 3, NumTrucksReturning: 3 },
    });
    expect(answer.status).toBe(200);
    expect(api.reported).toEqual([["onboarding", "shipping", "transport", "offboarding"]]);
    const part = await db.formHistory.findFirstOrThrow({
      where: { splitFromId: made.form.id },
      include: { tradeForm: true, offRentForm: { include: { returningUnits: true } } },
    });
    const link = `TL-${String(made.form.id).padStart(6, "0")}`;
    expect(part.tradeForm).toMatchObject({
      tradeLink: link,
      halfTonCountTrade: 1,
      newTrucksRemaining: 1,
      returnTrucksRemaining: 1,
      numTrucksReturning: 1,
    });
    expect(part.offRentForm).toMatchObject({
      tradeFormId: part.tradeForm!.id,
      numTrucksReturning: 1,
      trucksRemaining: 1,
    });
    expect(part.offRentForm!.returningUnits.map((line) => line.unitNumber)).toEqual([u2]);
    expect(await db.tradeForm.findUniqueOrThrow({ where: { id: made.tradeForm.id } })).toMatchObject({
      tradeLink: link,
      halfTonCountTrade: 2,
      newTrucksRemaining: 2,
      returnTrucksRemaining: 2,
      numTrucksReturning: 2,
    });
    expect(await db.offRentForm.findUniqueOrThrow({ where: { id: made.offRentForm.id } })).toMatchObject({
      numTrucksReturning: 2,
      trucksRemaining: 2,
    });
  });

  it("answers the trade rules' messages", async () => {
    const made = await reservedTrade(2, 2);
    const [r0, r1] = made.reservations.map((each) => each.unitNumber) as [string, string];
    const [u0, u1] = made.returning.map((each) => each.unitNumber) as [string, string];
    const og = { FormHistoryID: made.form.id };
    await refusedWithoutWriting(async () => {
      expect(
        await put("/api/split-trade", {
          Splits: [tradeSplit(1, 0, [r0], [u0]), tradeSplit(1, 2, [r1], [u1])],
          OgTrade: og,
        }),
      ).toMatchObject({
        status: 400,
        body: { error: M.tradeNewOverReturns },
      });
      expect(
        await put("/api/split-trade", {
          Splits: [
            { ...tradeSplit(1, 1, [r0, r1], [u0, u1]), Remaining: 1 },
            { ...tradeSplit(1, 1, [], []), Remaining: 1 },
          ],
          OgTrade: og,
        }),
      ).toMatchObject({ status: 400, body: { error: M.tradeReservationsOverNew } });
      expect(
        await put("/api/split-trade", { Splits: [tradeSplit(2, 2, [r0, r1], [u0, u1])], OgTrade: og }),
      ).toMatchObject({
        status: 400,
        body: { error: M.atLeastOne },
      });
    });
  });

  it("splits an off-rent, answers its rules' messages, and is the Off Rent team's", async () => {
    const made = await returningOffRent(3);
    const [a, b, c] = made.units.map((each) => each.unitNumber) as [string, string, string];
    const og = { FormHistoryID: made.form.id, NumTrucksReturning: 3, TrucksRemaining: 3 };
    const split = (total: number, units: string[], remaining = total) => ({
      Remaining: remaining,
      Total: total,
      OffTrucks: units,
    });
    await refusedWithoutWriting(async () => {
      expect(
        await put("/api/split-off-rent", { Splits: [split(2, [a, b]), split(2, [c])], OgOrder: og }, offRentToken),
      ).toMatchObject({
        status: 400,
        body: { error: M.offRemainingMatchesTotal },
      });
      expect(
        await put("/api/split-off-rent", { Splits: [split(3, [a, b]), split(0, [c], 0)], OgOrder: og }, offRentToken),
      ).toMatchObject({
        status: 400,
        body: { error: M.offZeroTrucks },
      });
      expect(
        await put(
          "/api/split-off-rent",
          { Splits: [split(2, [a, b], 1), split(1, [c], 2)], OgOrder: og },
          offRentToken,
        ),
      ).toMatchObject({
        status: 400,
        body: { error: M.offUnitsOverRemaining },
      });
      expect(
        (await put("/api/split-off-rent", { Splits: [split(2, [a, b]), split(1, [c])], OgOrder: og }, onRent)).status,
      ).toBe(403);
    });
    api.reported.length = 0;
    expect(
      (await put("/api/split-off-rent", { Splits: [split(2, [a, b]), split(1, [c])], OgOrder: og }, offRentToken))
        .status,
    ).toBe(200);
    expect(api.reported).toEqual([["onboarding", "transport", "offboarding", "ar-off-rent"]]);
    const part = await db.offRentForm.findFirstOrThrow({
      where: { formHistory: { splitFromId: made.form.id } },
      include: { returningUnits: true },
    });
    expect(part).toMatchObject({ numTrucksReturning: 1, trucksRemaining: 1, tradeFormId: null });
    expect(part.returningUnits.map((line) => line.unitNumber)).toEqual([c]);
  });
});

describe("conservation: trucks, reservations and units before equal their sum after", () => {
  /** Random steps of the dialog from the start, through the same functions the browser runs. */
  const stepsArb = fc.array(
    fc.oneof(
      fc.constant({ op: "add" as const }),
      fc.record({ op: fc.constant("move" as const), pick: fc.nat(20), from: fc.nat(4), to: fc.nat(4) }),
      fc.record({ op: fc.constant("total" as const), index: fc.nat(4), total: fc.nat(8) }),
      fc.record({ op: fc.constant("remove" as const), index: fc.nat(4) }),
    ),
    { maxLength: 12 },
  );

  /** The splits after Add Split and `steps` (each refused step skipped), or null when fewer than two remain. */
  function play(
    kind: "order" | "trade" | "off-rent",
    start: Split[],
    steps: ReadonlyArray<Record<string, number | string>>,
  ) {
    const added = applySplitStep(start, kind, splitStep.add(), {});
    if (!added.ok) return null;
    let current = added.splits;
    for (const step of steps) {
      const list = kind === "order" ? "reservations" : "returning";
      const units = current[Number(step.from ?? 0)]?.[list] ?? [];
      const next =
        step.op === "add"
          ? applySplitStep(current, kind, splitStep.add(), {})
          : step.op === "remove"
            ? Number(step.index) === 0
              ? null
              : applySplitStep(current, kind, splitStep.remove(Number(step.index)), {})
            : step.op === "total"
              ? setTotal(current, kind, Number(step.index), Number(step.total))
              : units.length > 0
                ? applySplitStep(
                    current,
                    kind,
                    splitStep.move(list, units[Number(step.pick) % units.length]!, Number(step.from), Number(step.to)),
                    {},
                  )
                : null;
      if (next?.ok) current = next.splits;
    }
    if (current.length < 2) {
      const again = applySplitStep(current, kind, splitStep.add(), {});
      if (!again.ok) return null;
      current = again.splits;
    }
    return current;
  }

  const body = (kind: "order" | "trade" | "off-rent", formHistoryId: number, splits: Split[]) => ({
    Splits: splits.map((split) =>
      kind === "off-rent"
        ? { Remaining: split.remaining, Total: split.total, OffTrucks: split.returning }
        : {
            Remaining: split.remaining,
            Total: split.total,
            Half: split.counts.half,
            ThreeQ: split.counts.threeQ,
            Flat: split.counts.flat,
            Service: split.counts.service,
            Reservations: split.reservations,
            ...(kind === "trade" ? { Returning: split.returnsRemaining, OffRents: split.returning } : {}),
          },
    ),
    [kind === "trade" ? "OgTrade" : "OgOrder"]: { FormHistoryID: formHistoryId },
  });

  /** Every truck number, reservation and returning unit of the request and its parts. */
  async function holdings(formHistoryId: number) {
    const requests = await db.formHistory.findMany({
      where: { OR: [{ id: formHistoryId }, { splitFromId: formHistoryId }] },
      include: {
        orderForm: true,
        tradeForm: true,
        offRentForm: true,
        reservations: { include: { unit: true } },
        returningUnits: true,
      },
    });
    const sum = (pick: (request: (typeof requests)[number]) => number) =>
      requests.reduce((total, request) => total + pick(request), 0);
    return {
      requests: requests.length,
      total: sum((r) => r.orderForm?.trucksRequested ?? r.offRentForm?.numTrucksReturning ?? 0),
      remaining: sum(
        (r) => r.orderForm?.trucksRemaining ?? r.tradeForm?.newTrucksRemaining ?? r.offRentForm?.trucksRemaining ?? 0,
      ),
      half: sum((r) => r.orderForm?.halfTonCount ?? r.tradeForm?.halfTonCountTrade ?? 0),
      returns: sum((r) => r.tradeForm?.returnTrucksRemaining ?? 0),
      reservations: requests.flatMap((r) => r.reservations.map((row) => row.unit.unitNumber)).sort(),
      returning: requests.flatMap((r) => r.returningUnits.map((row) => row.unitNumber)).sort(),
    };
  }

  it("holds over 200 random splits of orders, trades and off-rents saved to the database", async () => {
    let saved = 0;
    let refused = 0;
    const why = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("order" as const, "order" as const, "trade" as const, "off-rent" as const, "off-rent" as const),
        fc.integer({ min: 2, max: 7 }),
        fc.nat(7),
        stepsArb,
        async (kind, trucks, wanted, steps) => {
          const reserved = Math.min(wanted, trucks);
          const made =
            kind === "order"
              ? await reservedOrder(trucks, reserved)
              : kind === "trade"
                ? await reservedTrade(trucks, Math.min(reserved, 1))
                : await returningOffRent(trucks);
          const before = await holdings(made.form.id);
          const source = await loadSplitSource(db, kind, made.form.id);
          const splits = play(kind, startSplits(source!.original), steps);
          if (!splits) return;
          const path =
            kind === "order" ? "/api/split-order" : kind === "trade" ? "/api/split-trade" : "/api/split-off-rent";
          const answer = await put(path, body(kind, made.form.id, splits), kind === "off-rent" ? offRentToken : onRent);
          expect([200, 400]).toContain(answer.status);
          const after = await holdings(made.form.id);
          if (answer.status === 200) {
            saved++;
            expect(after.requests).toBe(splits.length);
          } else {
            refused++;
            why.set(
              `${kind}: ${String(answer.body.error)}`,
              (why.get(`${kind}: ${String(answer.body.error)}`) ?? 0) + 1,
            );
            expect(after.requests).toBe(1);
          }
          expect({ ...after, requests: 0 }).toEqual({ ...before, requests: 0 });
        },
      ),
      // A fixed seed: the share of valid splits among random ones is then the same on every run (at least 200
      // must be saved); the rules' own property (app/rules/splits/splits.test.ts) explores with a new seed each time.
      { numRuns: 300, seed: 1824 },
    );
    // Most random splits keep the rules (the steps do); the rest are refused whole.
    expect(saved).toBeGreaterThanOrEqual(200);
    // A refusal is one of the rules' messages (a trade part whose new trucks no returning unit backs yet).
    const ruleMessages = Object.values(M).flatMap((message) => (typeof message === "string" ? [message] : []));
    expect([...why.keys()].filter((key) => !ruleMessages.some((message) => key.endsWith(message)))).toEqual([]);
    expect(refused).toBe([...why.values()].reduce((sum, count) => sum + count, 0));
  }, 300_000);
});

describe("the split dialogs (no JavaScript)", () => {
  const open = async (path: string, permissions: PermissionName[]) =>
    loadBoard(api.services, await actorWith(db, permissions), path);
  const post = async (path: string, fields: Record<string, string>, permissions: PermissionName[] = ["onboarding"]) =>
    postBoardForm(api.services, await actorWith(db, permissions), path, fields);

  it("adds a split, moves a reservation to it, types its Total, and saves, each step a post", async () => {
    const { form, company, units } = await reservedOrder(6, 2);
    const path = `/onboarding?modal=splitOrderModal&formHistoryId=${form.id}`;
    const page = await open(path, ["onboarding"]);
    expect(page.dialog).toMatchObject({ name: "splitOrderModal", title: "Split Order", error: null });
    const data = page.dialog!.data as SplitDialogData;
    expect(data).toMatchObject({
      kind: "order",
      formHistoryId: form.id,
      companyName: company.name,
      version: 1,
      blocked: null,
      fixed: {},
    });
    expect(data.original).toMatchObject({ total: 6, remaining: 6, reservations: units.map((each) => each.unitNumber) });
    const base = { intent: "split-order", [F.formHistoryId]: String(form.id), [F.version]: "1" };

    const added = await post(path, {
      ...base,
      ...splitFormValues(startSplits(data.original)),
      [F.step]: splitStep.add(),
    });
    expect(added).toMatchObject({ status: 200, data: { ok: true, message: "Split 2 added." } });
    const two = JSON.parse(String(added.data!.values[F.splits])) as Split[];
    expect(two.map((split) => split.total)).toEqual([5, 1]);

    const unitNumber = units[0]!.unitNumber;
    const moved = await post(path, {
      ...base,
      ...splitFormValues(two),
      [F.total(1)]: "3",
      [F.step]: splitStep.move("reservations", unitNumber, 0, 1),
    });
    expect(moved).toMatchObject({ status: 200, data: { message: `Unit ${unitNumber} moved to split 2.` } });
    const after = JSON.parse(String(moved.data!.values[F.splits])) as Split[];
    expect(after.map((split) => [split.total, split.reservations])).toEqual([
      [2, [units[1]!.unitNumber]],
      [4, [unitNumber]],
    ]);
    expect(moved.data!.values[F.total(1)]).toBe("4");
    // The version the dialog was opened on travels with every step, so the save is checked against it.
    expect(moved.data!.values[F.version]).toBe("1");

    const refused = await post(path, { ...base, ...splitFormValues(after), [F.total(1)]: "9" });
    expect(refused).toMatchObject({ status: 400, data: { message: M.totalRange(1, 5) } });
    const saved = await post(path, { ...base, ...splitFormValues(after) });
    expect(saved).toEqual({ status: 303, location: "/onboarding", data: null });
    expect(
      (await db.orderForm.findFirstOrThrow({ where: { formHistory: { splitFromId: form.id } } })).trucksRequested,
    ).toBe(4);
    // The dialog opened before the save is stale now.
    const stale = await post(path, { ...base, ...splitFormValues(after) });
    expect(stale.status).toBe(409);
  });

  it("says why a request cannot be split, and is not served off its board", async () => {
    const delivered = await reservedOrder(3, 0, ONBOARDING_STAGE.delivered);
    const blocked = await open(`/onboarding?modal=splitOrderModal&formHistoryId=${delivered.form.id}`, ["onboarding"]);
    expect((blocked.dialog!.data as SplitDialogData).blocked).toBe(SPLIT_LOAD_MESSAGES.delivered);
    const small = await reservedOrder(1, 0);
    expect(
      (
        (await open(`/onboarding?modal=splitOrderModal&formHistoryId=${small.form.id}`, ["onboarding"])).dialog!
          .data as SplitDialogData
      ).blocked,
    ).toBe(SPLIT_LOAD_MESSAGES.tooSmall);
    expect((await open(`/onboarding?modal=splitOrderModal&formHistoryId=abc`, ["onboarding"])).dialog).toMatchObject({
      status: 404,
    });
    // The Off Rent board does not host the order's split dialog: nothing is loaded there.
    expect(
      (await open(`/offboarding?modal=splitOrderModal&formHistoryId=${small.form.id}`, ["offboarding"])).dialog,
    ).toBeNull();
    const refused = await post(
      `/offboarding?modal=splitOrderModal&formHistoryId=${small.form.id}`,
      {
        intent: "split-order",
        [F.formHistoryId]: String(small.form.id),
        [F.version]: "1",
        ...splitFormValues(
          startSplits(
            {
              ...((await open(`/onboarding?modal=splitOrderModal&formHistoryId=${small.form.id}`, ["onboarding"]))
                .dialog!.data as SplitDialogData),
            }.original,
          ),
        ),
      },
      ["offboarding"],
    );
    expect(refused.status).toBeGreaterThanOrEqual(400);
  });
});
