// The transport board's carrier dialog (assignCarrier) through the board route's own loader and
// action, the way a browser without JavaScript uses it: the request's open jobs and the carriers, a job
// given to a carrier and taken back (the dialog stays on the request), and the refusals.
import { beforeAll, describe, expect, it } from "vitest";
import { loadCardList } from "~/modules/boards/card-lists.server.ts";
import type { PermissionName } from "~/rules/access/permissions.ts";
import { ONBOARDING_STAGE } from "~/rules/orders/order-stages.ts";
import { CARRIER_ASSIGN_MESSAGES, type CarrierAssignDialogData } from "~/rules/transport/carrier-assign.ts";
import { apiHarness } from "../../support/api-harness.ts";
import { loadBoard, postBoardForm } from "../../support/board-route.ts";
import { createTestPrisma } from "../../support/database.ts";
import { vendor } from "../../support/factories/companies.ts";
import { job, order } from "../../support/factories/requests.ts";
import { ensureStatuses, unit } from "../../support/factories/units.ts";
import { actorWith } from "../../support/factories/users.ts";
import { databaseFingerprint } from "../../support/property.ts";
import express from "express";

const db = createTestPrisma();
// The board route needs the services; no JSON router is under test here.
const api = apiHarness(() => express.Router());

beforeAll(async () => {
  await ensureStatuses(db);
});

const open = async (path: string, permissions: PermissionName[]) =>
  loadBoard(api.services, await actorWith(db, permissions), path);

describe("the assignCarrier dialog", () => {
  it("lists the request's open jobs with their carriers, and every carrier, for a dispatcher", async () => {
    const { form, company } = await order(db, { stage: ONBOARDING_STAGE.approved });
    const truck = await unit(db, "NEW");
    const carrier = await vendor(db);
    const open1 = await job(db, form.id, "DELIVERY", truck.id);
    const assigned = await job(db, form.id, "DELIVERY", null, carrier.id);
    const shop = await vendor(db, "BODY_SHOP");
    const page = await open(`/transport?modal=assignCarrier&formHistoryId=${form.id}`, ["transport", "transport-edit"]);
    expect(page.dialog).toMatchObject({ name: "assignCarrier", title: "Assign Carrier", error: null });
    const data = page.dialog!.data as CarrierAssignDialogData;
    expect(data).toMatchObject({ formHistoryId: form.id, companyName: company.name, mayAssign: true });
    expect(data.jobs).toEqual([
      expect.objectContaining({
        TransportJobID: open1.id,
        kind: "Delivery",
        unitNumber: truck.unitNumber,
        VendorID: null,
      }),
      expect.objectContaining({ TransportJobID: assigned.id, VendorID: carrier.id, carrier: carrier.name }),
    ]);
    expect(data.carriers.map((choice) => choice.VendorID)).toContain(carrier.id);
    expect(data.carriers.map((choice) => choice.VendorID)).not.toContain(shop.id);
    // The request's transport card offers the dialog.
    const card = (await loadCardList(db, "transport")).cards.find(
      (each) => each.key === `jobs-${form.id}-delivery-unassigned`,
    );
    expect(card?.actions).toContainEqual({
      id: "carriers",
      label: "Carriers",
      modal: "assignCarrier",
      params: { formHistoryId: String(form.id) },
    });
  });

  it("gives a job to a carrier and takes it back, staying on the request; the transport list refreshes", async () => {
    const { form } = await order(db, { stage: ONBOARDING_STAGE.approved });
    const target = await job(db, form.id, "DELIVERY", (await unit(db, "NEW")).id);
    const carrier = await vendor(db);
    const dispatcher = await actorWith(db, ["transport", "transport-edit"]);
    const path = `/transport?filter=x&modal=assignCarrier&formHistoryId=${form.id}`;
    api.reported.length = 0;
    const given = await postBoardForm(api.services, dispatcher, path, {
      intent: "carrier-assign",
      TransportJobID: String(target.id),
      VendorID: String(carrier.id),
    });
    expect(given).toEqual({ status: 303, location: path, data: null });
    expect(await db.transportJob.findUniqueOrThrow({ where: { id: target.id } })).toMatchObject({
      vendorId: carrier.id,
    });
    expect(api.reported.flat()).toContain("transport");
    const taken = await postBoardForm(api.services, dispatcher, path, {
      intent: "carrier-assign",
      TransportJobID: String(target.id),
      VendorID: "",
    });
    expect(taken.status).toBe(303);
    expect(await db.transportJob.findUniqueOrThrow({ where: { id: target.id } })).toMatchObject({ vendorId: null });
  });

  it("shows the jobs read-only to transport readers without transport-edit, and refuses their posts", async () => {
    const { form } = await order(db, { stage: ONBOARDING_STAGE.approved });
    const target = await job(db, form.id, "DELIVERY", null);
    const carrier = await vendor(db);
    const reader = await actorWith(db, ["transport"]);
    const page = await loadBoard(api.services, reader, `/transport?modal=assignCarrier&formHistoryId=${form.id}`);
    expect((page.dialog!.data as CarrierAssignDialogData).mayAssign).toBe(false);
    const before = await databaseFingerprint();
    const refused = await postBoardForm(
      api.services,
      reader,
      `/transport?modal=assignCarrier&formHistoryId=${form.id}`,
      {
        intent: "carrier-assign",
        TransportJobID: String(target.id),
        VendorID: String(carrier.id),
      },
    );
    expect(refused).toMatchObject({ status: 403 });
    expect(await databaseFingerprint()).toBe(before);
  });

  it("answers 400 and 404 for a bad address, and says so for a request without open jobs", async () => {
    const dispatcher: PermissionName[] = ["transport", "transport-edit"];
    expect((await open("/transport?modal=assignCarrier&formHistoryId=0x10", dispatcher)).dialog).toMatchObject({
      status: 400,
      error: CARRIER_ASSIGN_MESSAGES.chooseRequest,
    });
    expect((await open("/transport?modal=assignCarrier&formHistoryId=999999", dispatcher)).dialog).toMatchObject({
      status: 404,
      error: CARRIER_ASSIGN_MESSAGES.notFound,
    });
    const { form } = await order(db);
    expect(
      (
        (await open(`/transport?modal=assignCarrier&formHistoryId=${form.id}`, dispatcher)).dialog!
          .data as CarrierAssignDialogData
      ).jobs,
    ).toEqual([]);
  });

  it("is not drawn on the vendors page, which hosts only the vendor dialog", async () => {
    const { loader } = await import("~/routes/vendors.tsx");
    const { pageRouteArgs } = await import("../../support/board-route.ts");
    const { form } = await order(db);
    const answer = (await loader(
      pageRouteArgs(
        api.services,
        await actorWith(db, ["transport"]),
        `/vendors?modal=notesGeneral&formHistoryId=${form.id}`,
      ) as never,
    )) as { dialog: unknown };
    expect(answer.dialog).toBeNull();
  });
});
