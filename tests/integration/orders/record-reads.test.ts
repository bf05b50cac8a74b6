// The record reads GET /api/orders/{FormHistoryID} and GET /api/off-rents/{FormHistoryID}, over
// real HTTP on a small Express app with both edit routers: each answers the body its edit takes (sent back
// with one change, it saves), with the version as ETag; the edits take that ETag as If-Match (412 when it is
// stale); who may read, and what any other id answers; and the declared examples pass the real validators.
import { request } from "node:http";
import express from "express";
import { beforeAll, describe, expect, it } from "vitest";
import type { CardListName } from "~/rules/boards/boards.ts";
import { FORBIDDEN_MESSAGE } from "~/rules/dialogs/operation-result.ts";
import type { PermissionName } from "~/rules/access/permissions.ts";
import { OFF_RENT_EDIT_MESSAGES } from "~/rules/orders/off-rent-edit/messages.ts";
import { offRentEditSchema, vinTestSchema } from "~/rules/orders/off-rent-edit/schema.ts";
import { ON_RENT_EDIT_MESSAGES, validateOnRentEdit } from "~/rules/orders/on-rent-edit.ts";
import { OFFBOARDING_STAGE } from "~/rules/orders/order-stages.ts";
import { SIGN_IN_REQUIRED_MESSAGE } from "../../../server/api/authenticate.ts";
import { OFF_RENT_EDIT_ENDPOINTS, createOffRentEditRouter, offRentSchema } from "../../../server/api/off-rent-edit.ts";
import {
  ON_RENT_EDIT_ENDPOINTS,
  createOnRentEditRouter,
  onRentEditBodySchema,
  onRentOrderSchema,
} from "../../../server/api/on-rent-edit.ts";
import { IF_MATCH_MESSAGES } from "../../../server/api/operation-endpoint.ts";
import { apiHarness } from "../../support/api-harness.ts";
import { createTestPrisma } from "../../support/database.ts";
import { databaseFingerprint } from "../../support/property.ts";
import { editableOffRent, rowOf } from "../../support/factories/off-rent-edit.ts";
import { editableOrder } from "../../support/factories/on-rent-edit.ts";
import { trade } from "../../support/factories/requests.ts";
import { ensureStatuses } from "../../support/factories/units.ts";
import { actorWith } from "../../support/factories/users.ts";

const db = createTestPrisma();
const api = apiHarness((services) => {
  const router = express.Router();
  router.use(createOnRentEditRouter(services), createOffRentEditRouter(services));
  return router;
});
const seen: CardListName[][] = api.reported;

beforeAll(async () => {
  await ensureStatuses(db);
});

type Json = Record<string, unknown>;

const tokenFor = async (permissions: PermissionName[]) => api.tokenFor(await actorWith(db, permissions));
const read = (path: string, token?: string) => api.exchange<Json>("GET", path, { token });
const put = (path: string, body: unknown, token: string, ifMatch?: string) =>
  api.exchange<Json>("PUT", path, { body, token, headers: ifMatch === undefined ? {} : { "If-Match": ifMatch } });

const ORDER_EDIT = "/api/order/edit";
const OFF_RENT_EDIT = "/api/off-rent/edit";
const orderPath = (id: number | string) => `/api/orders/${id}`;
const offRentPath = (id: number | string) => `/api/off-rents/${id}`;

/** The audit rows' changed labels of a record, oldest first. */
async function changedLabels(entityType: string, entityId: number): Promise<string[][]> {
  const rows = await db.auditLog.findMany({ where: { entityType, entityId }, orderBy: { id: "asc" } });
  return rows.map((row) => Object.keys(row.changedData as Json));
}

/** A GET with the path sent byte for byte (fetch would resolve `%2e%2e` before sending it). */
function rawGet(path: string, token: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(api.url);
  return new Promise((resolve, reject) => {
    const sent = request({ hostname, port, path, headers: { Authorization: `Bearer ${token}` } }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    sent.on("error", reject);
    sent.end();
  });
}

describe("GET /api/orders/{FormHistoryID}", () => {
  it("answers the order in the edit's names and JSON types, with its version as ETag, never cached", async () => {
    const { form, orderForm } = await editableOrder(db);
    await db.orderForm.update({
      where: { id: orderForm.id },
      data: { earliestDateAvailable: new Date("2026-11-20T00:00:00Z"), poNumber: "PO-7781" },
    });
    const answer = await read(orderPath(form.id), await tokenFor(["onboarding"]));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("etag")).toBe('"1"');
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    expect(Object.keys(answer.body).sort()).toEqual(Object.keys(onRentEditBodySchema.shape).sort());
    expect(answer.body).toMatchObject({
      OrderFormID: orderForm.id,
      FormHistoryID: form.id,
      version: 1,
      TrucksRequested: 2,
      TrucksRemaining: 2,
      changedData: {},
      CompanyNumber: orderForm.companyCode,
      HalfTonCount: 2,
      OneTonFlatCount: 0,
      DamageWaiverID: 2,
      SecondKeyCount: false,
      EarliestDateAvailable: "2026-11-20",
      DateNeeded: "2026-12-01",
      PONumber: "PO-7781",
      DelPhone: "(212) 456-7890",
      DelAltPhone: null,
      DelStreetAddress2: null,
      RAFax: null,
    });
    expect(onRentOrderSchema.safeParse(answer.body).error?.issues ?? []).toEqual([]);
  });

  it("saves the read sent back with one field changed, writing only that field", async () => {
    const { form, orderForm } = await editableOrder(db);
    const token = await tokenFor(["onboarding"]);
    const before = await read(orderPath(form.id), token);
    seen.length = 0;
    expect(await put(ORDER_EDIT, { ...before.body, DelCity: "Round Rock" }, token)).toMatchObject({
      status: 200,
      body: { ok: true, message: ON_RENT_EDIT_MESSAGES.saved },
    });
    expect(seen).toEqual([["onboarding"]]);
    expect(await db.orderForm.findUniqueOrThrow({ where: { id: orderForm.id } })).toMatchObject({
      delCity: "Round Rock",
      version: 2,
    });
    expect(await changedLabels("OrderForm", orderForm.id)).toEqual([["Del City"]]);
    const after = await read(orderPath(form.id), token);
    expect(after.headers.get("etag")).toBe('"2"');
    expect(after.body).toEqual({ ...before.body, DelCity: "Round Rock", version: 2 });
  });
});

describe("GET /api/off-rents/{FormHistoryID}", () => {
  it("answers the off-rent with its returning units in the edit's shape, with its version as ETag", async () => {
    const { form, offRentForm, lines } = await editableOffRent(db, { stage: OFFBOARDING_STAGE.approved });
    const answer = await read(offRentPath(form.id), await tokenFor(["offboarding"]));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("etag")).toBe('"1"');
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    expect(Object.keys(answer.body).sort()).toEqual(Object.keys(offRentEditSchema.shape).sort());
    expect(answer.body).toEqual({
      compName: offRentForm.companyName,
      compCode: offRentForm.companyCode,
      submittedBy: "Pat Jones",
      pickupDate: "2026-12-01",
      pickupName: "Pat Jones",
      pickupEmail: "pat@acme.example",
      pickupPhone: "(212) 456-7890",
      pickupPhoneAlt: null,
      pickupStreetAddress: "1 Main St",
      pickupStreetAddress2: null,
      pickupCity: "Austin",
      pickupState: "TX",
      pickupZip: "78701",
      returningVins: lines.map(rowOf),
      deletedVins: [],
      changedData: {},
      FormHistoryID: form.id,
      OffRentFormID: offRentForm.id,
      TradeFormID: null,
      version: 1,
    });
    expect(offRentSchema.safeParse(answer.body).error?.issues ?? []).toEqual([]);
  });

  it("saves the read sent back with one field changed, writing only that field", async () => {
    const { form, offRentForm } = await editableOffRent(db, { stage: OFFBOARDING_STAGE.approved });
    const token = await tokenFor(["offboarding"]);
    const before = await read(offRentPath(form.id), token);
    seen.length = 0;
    expect(await put(OFF_RENT_EDIT, { ...before.body, pickupCity: "Waco" }, token)).toMatchObject({
      status: 200,
      body: { ok: true, message: OFF_RENT_EDIT_MESSAGES.saved },
    });
    expect(seen).toEqual([["offboarding"]]);
    expect(await db.offRentForm.findUniqueOrThrow({ where: { id: offRentForm.id } })).toMatchObject({
      pickupCity: "Waco",
      version: 2,
    });
    expect(await changedLabels("OffRentForm", offRentForm.id)).toEqual([["Pickup City"]]);
    const after = await read(offRentPath(form.id), token);
    expect(after.headers.get("etag")).toBe('"2"');
    expect(after.body).toEqual({ ...before.body, pickupCity: "Waco", version: 2 });
  });
});

describe("If-Match on the edits", () => {
  /** An order read after one save by someone else: its first read (version 1) is now stale. */
  async function editedOrder() {
    const { form, orderForm } = await editableOrder(db);
    const token = await tokenFor(["onboarding"]);
    const stale = (await read(orderPath(form.id), token)).body;
    expect((await put(ORDER_EDIT, { ...stale, DelZip: "78702" }, token)).status).toBe(200);
    const current = await read(orderPath(form.id), token);
    seen.length = 0;
    return { orderForm, token, stale, current };
  }

  it("saves with the read's ETag as If-Match and no version in the body", async () => {
    const { form, orderForm } = await editableOrder(db);
    const token = await tokenFor(["onboarding"]);
    const { body, headers } = await read(orderPath(form.id), token);
    const { version: _version, ...withoutVersion } = body;
    expect(await put(ORDER_EDIT, { ...withoutVersion, PONumber: "PO-1" }, token, headers.get("etag")!)).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    expect(await db.orderForm.findUniqueOrThrow({ where: { id: orderForm.id } })).toMatchObject({
      poNumber: "PO-1",
      version: 2,
    });
    // The same version in both places is no contradiction.
    const again = await read(orderPath(form.id), token);
    expect((await put(ORDER_EDIT, { ...again.body, PONumber: "PO-2" }, token, '"2"')).status).toBe(200);
  });

  it("answers a stale If-Match with 412 and the conflict, writing nothing", async () => {
    const { orderForm, token, stale } = await editedOrder();
    const before = await databaseFingerprint();
    const { version: _version, ...withoutVersion } = stale;
    const refused = await put(ORDER_EDIT, { ...withoutVersion, DelCity: "Waco" }, token, '"1"');
    expect(refused).toMatchObject({
      status: 412,
      body: {
        error: ON_RENT_EDIT_MESSAGES.versionConflict,
        conflict: {
          currentVersion: 2,
          since: [{ by: "Dana Driver", changes: [{ label: "Del Zip", before: "78701", after: "78702" }] }],
        },
      },
    });
    expect(seen).toEqual([]);
    expect(await databaseFingerprint()).toBe(before);
    expect((await db.orderForm.findUniqueOrThrow({ where: { id: orderForm.id } })).version).toBe(2);
  });

  it("still answers a stale body version without If-Match with 409", async () => {
    const { token, stale } = await editedOrder();
    const before = await databaseFingerprint();
    expect(await put(ORDER_EDIT, { ...stale, DelCity: "Waco" }, token)).toMatchObject({
      status: 409,
      body: { error: ON_RENT_EDIT_MESSAGES.versionConflict, conflict: { currentVersion: 2 } },
    });
    expect(await databaseFingerprint()).toBe(before);
  });

  it("refuses If-Match and a body version that disagree, and a malformed If-Match, with 400, writing nothing", async () => {
    const { token, current } = await editedOrder();
    const before = await databaseFingerprint();
    const edited = { ...current.body, DelCity: "Waco" };
    expect(await put(ORDER_EDIT, edited, token, '"1"')).toMatchObject({
      status: 400,
      body: { error: IF_MATCH_MESSAGES.disagrees },
    });
    for (const header of ["*", 'W/"2"', "2", '"2", "3"', '"two"', '""', '"-2"', '"2.0"', '"99999999999"']) {
      expect(await put(ORDER_EDIT, edited, token, header), header).toMatchObject({
        status: 400,
        body: { error: IF_MATCH_MESSAGES.malformed },
      });
    }
    expect(seen).toEqual([]);
    expect(await databaseFingerprint()).toBe(before);
  });

  it("works the same on the off-rent edit: the ETag saves, a stale one is 412, a stale body 409", async () => {
    const { form, offRentForm } = await editableOffRent(db, { stage: OFFBOARDING_STAGE.approved });
    const token = await tokenFor(["offboarding"]);
    const first = await read(offRentPath(form.id), token);
    const { version: _version, ...withoutVersion } = first.body;
    expect(
      (await put(OFF_RENT_EDIT, { ...withoutVersion, pickupZip: "78702" }, token, first.headers.get("etag")!)).status,
    ).toBe(200);
    seen.length = 0;
    const before = await databaseFingerprint();
    expect(await put(OFF_RENT_EDIT, { ...withoutVersion, pickupCity: "Waco" }, token, '"1"')).toMatchObject({
      status: 412,
      body: {
        error: OFF_RENT_EDIT_MESSAGES.versionConflict,
        conflict: {
          currentVersion: 2,
          since: [{ changes: [{ label: "Pickup Zip", before: "78701", after: "78702" }] }],
        },
      },
    });
    expect(await put(OFF_RENT_EDIT, { ...first.body, pickupCity: "Waco" }, token)).toMatchObject({
      status: 409,
      body: { error: OFF_RENT_EDIT_MESSAGES.versionConflict, conflict: { currentVersion: 2 } },
    });
    expect(await put(OFF_RENT_EDIT, { ...first.body, pickupCity: "Waco" }, token, '"2"')).toMatchObject({
      status: 400,
      body: { error: IF_MATCH_MESSAGES.disagrees },
    });
    expect(seen).toEqual([]);
    expect(await databaseFingerprint()).toBe(before);
    expect((await db.offRentForm.findUniqueOrThrow({ where: { id: offRentForm.id } })).pickupZip).toBe("78702");
  });
});

describe("who may read a record, and what other ids answer", () => {
  const reads = [
    { name: "the order read", path: orderPath, notFound: ON_RENT_EDIT_MESSAGES.notFound },
    { name: "the off-rent read", path: offRentPath, notFound: OFF_RENT_EDIT_MESSAGES.notFound },
  ] as const;

  /** One order and one off-rent, to read. */
  async function records() {
    const order = await editableOrder(db);
    const offRent = await editableOffRent(db);
    return { order: order.form.id, offRent: offRent.form.id };
  }

  it.each(reads)("$name answers 401 without a usable session: none, garbage, or revoked", async ({ path }) => {
    const { order, offRent } = await records();
    const id = path === orderPath ? order : offRent;
    const signInRequired = { status: 401, body: { error: SIGN_IN_REQUIRED_MESSAGE } };
    expect(await read(path(id))).toMatchObject(signInRequired);
    expect(await read(path(id), "not-a-token")).toMatchObject(signInRequired);
    const actor = await actorWith(db, ["restricted"]);
    const token = api.tokenFor(actor);
    expect((await read(path(id), token)).status).toBe(200);
    // A password change moves tokensValidAfter: every token issued before it is revoked.
    await db.user.update({ where: { id: actor.user.id }, data: { tokensValidAfter: new Date(Date.now() + 60_000) } });
    expect(await read(path(id), token)).toMatchObject(signInRequired);
  });

  it("lets whoever may open a board showing the record read it, and answers 403 to anyone else", async () => {
    const { order, offRent } = await records();
    const status = async (permissions: PermissionName[]) => {
      const token = await tokenFor(permissions);
      return [(await read(orderPath(order), token)).status, (await read(offRentPath(offRent), token)).status];
    };
    expect(await status(["onboarding"])).toEqual([200, 403]);
    expect(await status(["offboarding"])).toEqual([403, 200]);
    expect(await status(["transport"])).toEqual([200, 200]);
    expect(await status(["restricted"])).toEqual([200, 200]);
    // Transport Edit edits orders (from the transport board), so it reads them too.
    expect(await status(["transport-edit"])).toEqual([200, 403]);
    expect(await status(["sales", "accounts-receivable", "onboarding-approve"])).toEqual([403, 403]);
  });

  it.each(reads)(
    "$name checks permission before the id: 403 for ids that exist, do not, or are malformed",
    async ({ path }) => {
      const { order, offRent } = await records();
      const token = await tokenFor(["sales"]);
      for (const id of [order, offRent, 999_999_999, "abc", "0x10", "99999999999999999999"]) {
        expect(await read(path(id), token), String(id)).toEqual(
          expect.objectContaining({ status: 403, body: { error: FORBIDDEN_MESSAGE } }),
        );
      }
    },
  );

  it.each(reads)(
    "$name answers 404 for unknown ids, ids of another kind, and any id that is not plain digits",
    async ({ path, notFound }) => {
      const { order, offRent } = await records();
      const { form: tradeForm } = await trade(db);
      const own = path === orderPath ? order : offRent;
      const other = path === orderPath ? offRent : order;
      const token = await tokenFor(["restricted"]);
      const ids = [
        999_999_999,
        2_147_483_648,
        other,
        tradeForm.id,
        0,
        "-1",
        "1e3",
        "abc",
        "99999999999999999999",
        // The record's own id, written in ways Number() would read: still not its id.
        `0x${own.toString(16)}`,
        `${own}.0`,
        `+${own}`,
        `%20${own}`,
        `${own}e0`,
      ];
      for (const id of ids) {
        expect(await read(path(id), token), String(id)).toEqual(
          expect.objectContaining({ status: 404, body: { error: notFound } }),
        );
      }
    },
  );

  it.each(reads)("$name answers encoded path tricks with 404 or 400, never 500", async ({ path }) => {
    const token = await tokenFor(["restricted"]);
    for (const id of ["%2e%2e", "%2E%2E%2Fedit", "..%2f..%2f", "%00", "%ZZ", "%", "1%00"]) {
      const { status, body } = await rawGet(path(id), token);
      expect([400, 404], `${id}: ${status} ${body}`).toContain(status);
    }
  });
});

describe("the declared examples", () => {
  it("pass the validators the edits and the unit test run", () => {
    const onRent = validateOnRentEdit(ON_RENT_EDIT_ENDPOINTS.edit.body.example);
    expect(onRent.ok ? [] : onRent.fieldErrors).toEqual([]);
    const offRent = offRentEditSchema.safeParse(OFF_RENT_EDIT_ENDPOINTS.edit.body.example);
    expect(offRent.error?.issues ?? []).toEqual([]);
    const vinTest = vinTestSchema.safeParse(OFF_RENT_EDIT_ENDPOINTS.vinTest.body.example);
    expect(vinTest.error?.issues ?? []).toEqual([]);
  });

  it("of the reads are edits as they stand, and match the reads' declared schemas", () => {
    const orderRead = ON_RENT_EDIT_ENDPOINTS.read.responses[200].example;
    const offRentRead = OFF_RENT_EDIT_ENDPOINTS.read.responses[200].example;
    const onRent = validateOnRentEdit(orderRead);
    expect(onRent.ok ? [] : onRent.fieldErrors).toEqual([]);
    expect(offRentEditSchema.safeParse(offRentRead).error?.issues ?? []).toEqual([]);
    expect(onRentOrderSchema.safeParse(orderRead).error?.issues ?? []).toEqual([]);
    expect(offRentSchema.safeParse(offRentRead).error?.issues ?? []).toEqual([]);
    expect(onRentEditBodySchema.safeParse(ON_RENT_EDIT_ENDPOINTS.edit.body.example).error?.issues ?? []).toEqual([]);
  });
});
