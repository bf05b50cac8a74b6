// An operation that names the requests it changed promises that every card it changed on a
// list kept per request (onboarding, offboarding) belongs to one of them. Checked here for each such
// operation against the worker's database: the list kept from before the change, with only the named
// requests' cards computed again, is exactly the list computed whole afterwards (as the wire carries
// it), and the change did show on the list (so the comparison is not vacuous).
import { beforeAll, describe, expect, it } from "vitest";
import { isKeptPerRequest, loadCardList, loadRequestCards } from "~/modules/boards/card-lists.server.ts";
import { addNote } from "~/modules/notes/note-add.server.ts";
import { cancelNote } from "~/modules/notes/note-cancel.server.ts";
import { cancelOrder } from "~/modules/orders/order-cancel.server.ts";
import { editOffRentOrder } from "~/modules/orders/off-rent-edit.server.ts";
import { editOnRentOrder } from "~/modules/orders/on-rent-edit.server.ts";
import { approveOrder } from "~/modules/queue/order-approval.server.ts";
import { assignCarrier, completeTransport } from "~/modules/queue/transport.server.ts";
import { type CardListName, type CardListPayload, mergeRequestCards } from "~/rules/boards/boards.ts";
import { encodeCardList } from "~/rules/boards/card-wire.ts";
import type { OperationResult } from "~/rules/dialogs/operation-result.ts";
import { OFFBOARDING_STAGE, ONBOARDING_STAGE } from "~/rules/orders/order-stages.ts";
import { createTestPrisma } from "../../support/database.ts";
import { vendor } from "../../support/factories/companies.ts";
import { bodyOf as offRentBodyOf, editableOffRent } from "../../support/factories/off-rent-edit.ts";
import { bodyOf as orderBodyOf, editableOrder } from "../../support/factories/on-rent-edit.ts";
import { job, offRent, order, trade } from "../../support/factories/requests.ts";
import { ensureStatuses, unit } from "../../support/factories/units.ts";
import { actorWith } from "../../support/factories/users.ts";

const db = createTestPrisma();
const NOW = new Date("2026-11-21T12:00:00Z");
const PER_REQUEST: CardListName[] = ["onboarding", "offboarding"];

beforeAll(async () => {
  await ensureStatuses(db);
});

const wire = (payload: CardListPayload) => encodeCardList(payload);

/**
 * Runs the operation between a look at the lists kept per request and a whole computation of them,
 * and checks that merging the named requests' cards into the old list gives the new one.
 */
async function expectNamedRequestsCoverTheChange(operation: () => Promise<OperationResult>): Promise<number[]> {
  const before = new Map<CardListName, CardListPayload>();
  for (const list of PER_REQUEST) before.set(list, await loadCardList(db, list, NOW));
  const result = await operation();
  if (!result.ok) throw new Error(`the operation was refused: ${result.message}`);
  expect(result.requests, "the operation names its requests").toBeDefined();
  const requests = result.requests ?? [];
  const changed = result.lists.filter(isKeptPerRequest);
  expect(changed.length, "the operation changes a list kept per request").toBeGreaterThan(0);
  for (const list of changed) {
    const old = before.get(list)!;
    const part = await loadRequestCards(db, list, requests, NOW);
    const whole = await loadCardList(db, list, NOW);
    expect(wire(whole), `${list} changed`).not.toEqual(wire(old));
    expect(wire(mergeRequestCards(old, new Set(requests), part)), `${list} merged`).toEqual(wire(whole));
  }
  return requests;
}

describe("operations that name their requests (ADR 021)", () => {
  it("approving an on-rent order and an off-rent names the request", async () => {
    const { form } = await order(db);
    expect(
      await expectNamedRequestsCoverTheChange(async () =>
        approveOrder(db, await actorWith(db, ["onboarding-approve"]), { FormHistoryID: form.id, half: "on" }, NOW),
      ),
    ).toEqual([form.id]);
    const returned = await offRent(db, [await unit(db, "ON RENT")]);
    await expectNamedRequestsCoverTheChange(async () =>
      approveOrder(
        db,
        await actorWith(db, ["offboarding-approve"]),
        { FormHistoryID: returned.form.id, half: "off" },
        NOW,
      ),
    );
  });

  it("editing an on-rent order and an off-rent names the request", async () => {
    const { orderForm } = await editableOrder(db);
    await expectNamedRequestsCoverTheChange(async () =>
      editOnRentOrder(
        db,
        await actorWith(db, ["onboarding"]),
        orderBodyOf(orderForm, { PONumber: "PO-4471", DateNeeded: "2026-12-09" }),
        NOW,
      ),
    );
    const { offRentForm, lines } = await editableOffRent(db, { stage: OFFBOARDING_STAGE.approved });
    await expectNamedRequestsCoverTheChange(async () =>
      editOffRentOrder(
        db,
        await actorWith(db, ["offboarding"]),
        offRentBodyOf(offRentForm, lines, { pickupCity: "Round Rock", pickupDate: "2026-12-05" }),
      ),
    );
  });

  it("cancelling a request names it (its card leaves the list)", async () => {
    const { form } = await order(db, { stage: ONBOARDING_STAGE.approved });
    await expectNamedRequestsCoverTheChange(async () =>
      cancelOrder(
        db,
        await actorWith(db, ["restricted"]),
        { note: "Bought instead", FormHistoryID: form.id, department: "Onboarding" },
        NOW,
      ),
    );
  });

  it("adding and cancelling a note on a request names it; a note on a unit alone names none", async () => {
    const { form } = await trade(db);
    const actor = await actorWith(db, ["restricted"]);
    await expectNamedRequestsCoverTheChange(() =>
      addNote(db, actor, { note: "Swap on Monday", FormHistoryID: form.id, department: "offboarding" }, NOW),
    );
    const note = await db.note.findFirstOrThrow({ where: { formHistoryId: form.id } });
    await expectNamedRequestsCoverTheChange(() => cancelNote(db, actor, { cancelValue: 1, noteId: note.id }, NOW));
    const truck = await unit(db, "ON LOT");
    const onUnit = await addNote(
      db,
      await actorWith(db, ["recon"]),
      { note: "Needs a windshield", department: "recon", unitNumber: truck.unitNumber },
      NOW,
    );
    expect(onUnit).toMatchObject({ ok: true });
    expect(onUnit).not.toHaveProperty("requests");
  });

  it("giving a delivery to a carrier and taking it back names the request", async () => {
    const { form } = await order(db, { stage: ONBOARDING_STAGE.approved });
    const delivery = await job(db, form.id, "DELIVERY", (await unit(db, "IN TRANSIT")).id);
    const carrier = await vendor(db);
    const transport = await actorWith(db, ["transport-edit"]);
    await expectNamedRequestsCoverTheChange(() =>
      assignCarrier(db, transport, { TransportJobID: delivery.id, VendorID: carrier.id }, NOW),
    );
    await expectNamedRequestsCoverTheChange(() =>
      assignCarrier(db, transport, { TransportJobID: delivery.id, VendorID: null }, NOW),
    );
  });

  it("a finished delivery names every request whose card lists the unit, not only its own", async () => {
    const carrier = await vendor(db);
    const truck = await unit(db, "IN TRANSIT", { subStatus: "To Customer" });
    // An earlier customer still waiting for a second truck: its card lists the unit it once received.
    const earlier = await order(db, { stage: ONBOARDING_STAGE.inTransport, trucks: 2 });
    const past = await job(db, earlier.form.id, "DELIVERY", truck.id, carrier.id);
    await db.transportJob.update({ where: { id: past.id }, data: { completedAt: new Date("2026-10-01T00:00:00Z") } });
    const { form, orderForm } = await order(db, { stage: ONBOARDING_STAGE.approved, trucks: 2 });
    await db.reservation.create({ data: { unitId: truck.id, formHistoryId: form.id, orderFormId: orderForm.id } });
    const delivery = await job(db, form.id, "DELIVERY", truck.id, carrier.id);
    const requests = await expectNamedRequestsCoverTheChange(async () =>
      completeTransport(db, await actorWith(db, ["transport"]), { TransportJobID: delivery.id }, NOW),
    );
    expect([...requests].sort((a, b) => a - b)).toEqual([earlier.form.id, form.id].sort((a, b) => a - b));
  });
});
