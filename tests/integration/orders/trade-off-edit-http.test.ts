// PUT /api/trade/off/edit, GET /api/trades/{FormHistoryID}/off and GET
// /api/trade-form/completed-truck-list/{TradeFormID} over real HTTP on a small Express app with the trade
// off-edit router and a spy on services.boardChanges: answers and lists reported, sessions (none, garbage,
// revoked), permissions, unknown and malformed ids, the read's ETag with If-Match on the edit, a read sent
// back with a change, and the declared examples against the real validators.
import { request } from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import type { CardListName } from "~/rules/boards/boards.ts";
import { FORBIDDEN_MESSAGE } from "~/rules/dialogs/operation-result.ts";
import type { PermissionName } from "~/rules/access/permissions.ts";
import { OFF_RENT_EDIT_MESSAGES } from "~/rules/orders/off-rent-edit/messages.ts";
import { RETURNING_UNIT_STATUS } from "~/rules/orders/order-stages.ts";
import { TRADE_OFF_EDIT_MESSAGES as M, tradeOffEditSchema } from "~/rules/orders/trade-off-edit.ts";
import { SIGN_IN_REQUIRED_MESSAGE } from "../../../server/api/authenticate.ts";
import { IF_MATCH_MESSAGES } from "../../../server/api/operation-endpoint.ts";
import {
  createTradeOffEditRouter,
  TRADE_OFF_EDIT_ENDPOINTS,
  tradeOffSchema,
} from "../../../server/api/trade-off-edit.ts";
import { apiHarness } from "../../support/api-harness.ts";
import { createTestPrisma } from "../../support/database.ts";
import { databaseFingerprint } from "../../support/property.ts";
import { editableOffRent } from "../../support/factories/off-rent-edit.ts";
import { editableOrder } from "../../support/factories/on-rent-edit.ts";
import {
  completedLine,
  donePickup,
  editableTradeReturn,
  newRow,
  rowOf,
  tradeOffBodyOf,
} from "../../support/factories/trade-off-edit.ts";
import { ensureStatuses, unit } from "../../support/factories/units.ts";
import { actorWith } from "../../support/factories/users.ts";

const db = createTestPrisma();
const api = apiHarness(createTradeOffEditRouter);
const seen: CardListName[][] = api.reported;

beforeAll(async () => {
  await ensureStatuses(db);
});

type Json = Record<string, unknown>;

const EDIT = "/api/trade/off/edit";
const readPath = (id: number | string) => `/api/trades/${id}/off`;
const completedPath = (id: number | string) => `/api/trade-form/completed-truck-list/${id}`;

const tokenFor = async (permissions: PermissionName[]) => api.tokenFor(await actorWith(db, permissions));
const read = (path: string, token?: string) => api.exchange<Json>("GET", path, { token });
const put = (body: unknown, token?: string, ifMatch?: string) =>
  api.exchange<Json>("PUT", EDIT, { body, token, headers: ifMatch === undefined ? {} : { "If-Match": ifMatch } });
const answer = async (pending: ReturnType<typeof put>) => {
  const { status, body } = await pending;
  return { status, body };
};

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

/** A trade returning one unit still at the customer, one picked up and one received (both with done pickups). */
async function tradeWithCompletedUnits() {
  const done: { id: number; unitNumber: string }[] = [];
  const trade = await editableTradeReturn(db, {
    lines: async (companyId) => {
      const pickedUp = await completedLine(db, RETURNING_UNIT_STATUS.pickedUp);
      const received = await completedLine(db, RETURNING_UNIT_STATUS.received);
      done.push(pickedUp.unit, received.unit);
      return [{ unit: await unit(db, "ON RENT", { companyId }) }, pickedUp, received];
    },
  });
  for (const truck of done) await donePickup(db, trade.form.id, truck.id);
  // The counts the two carrier-held pickups leave: one truck remaining on each half.
  const offRentForm = await db.offRentForm.update({
    where: { id: trade.offRentForm.id },
    data: { trucksRemaining: 1 },
  });
  const tradeForm = await db.tradeForm.update({
    where: { id: trade.tradeForm.id },
    data: { returnTrucksRemaining: 1 },
  });
  return { ...trade, offRentForm, tradeForm, done };
}

describe("PUT /api/trade/off/edit", () => {
  it("saves, answers { ok: true } and reports the lists once", async () => {
    const { company, tradeForm, offRentForm, lines } = await editableTradeReturn(db);
    const truck = await unit(db, "ON RENT", { companyId: company.id });
    seen.length = 0;
    const body = tradeOffBodyOf(tradeForm, offRentForm, lines, {
      pickupCity: "Waco",
      returningVins: [...lines.map(rowOf), newRow(truck.unitNumber, "12")],
    });
    expect(await answer(put(body, await tokenFor(["offboarding"])))).toEqual({
      status: 200,
      body: { ok: true, message: OFF_RENT_EDIT_MESSAGES.saved },
    });
    expect(seen).toEqual([["offboarding", "onboarding"]]);
    expect(await db.offRentForm.findUniqueOrThrow({ where: { id: offRentForm.id } })).toMatchObject({
      pickupCity: "Waco",
      numTrucksReturning: 3,
      version: 2,
    });
    expect(await db.tradeForm.findUniqueOrThrow({ where: { id: tradeForm.id } })).toMatchObject({
      pickupCity: "Waco",
      numTrucksReturning: 3,
      version: 2,
    });
  });

  it("answers 401, 403, 404 and 400 with messages, reporting nothing and writing nothing", async () => {
    const { tradeForm, offRentForm, lines } = await tradeWithCompletedUnits();
    const token = await tokenFor(["offboarding"]);
    const transportToken = await tokenFor(["transport", "onboarding"]);
    const body = (overrides: Json = {}) =>
      tradeOffBodyOf(tradeForm, offRentForm, lines, { pickupCity: "Waco", ...overrides });
    const before = await databaseFingerprint();
    seen.length = 0;
    expect(await answer(put(body()))).toMatchObject({ status: 401, body: { error: SIGN_IN_REQUIRED_MESSAGE } });
    expect(await answer(put(body(), "not-a-token"))).toMatchObject({ status: 401 });
    expect(await answer(put(body(), transportToken))).toEqual({
      status: 403,
      body: { error: FORBIDDEN_MESSAGE },
    });
    expect(await answer(put(body({ FormHistoryID: 999_999 }), token))).toEqual({
      status: 404,
      body: { error: M.notFound },
    });
    expect(await answer(put(body({ compCode: "" }), token))).toEqual({
      status: 400,
      body: { error: M.companyCodeRequired, errors: { compCode: [M.companyCodeRequired] } },
    });
    expect(await answer(put(body({ pickupEmail: "" }), token))).toEqual({
      status: 400,
      body: { error: M.allFieldsRequired, errors: { pickupEmail: [M.allFieldsRequired] } },
    });
    const completed = lines[1]!.unitNumber;
    expect(await answer(put(body({ returningVins: [rowOf(lines[0]!), newRow(completed, "1")] }), token))).toMatchObject(
      {
        status: 400,
        body: {
          error: `Cannot use duplicate vins. ${completed} has already been used or completed on this order.`,
          errors: { returningVins: [M.duplicateVinsInline], "returningVins.1.vin": [M.duplicateVinsInline] },
        },
      },
    );
    expect(
      await answer(put(body({ returningVins: [...lines.map(rowOf), newRow("NOPE1", "1")] }), token)),
    ).toMatchObject({
      status: 400,
      body: { error: M.editedVinsInvalid, errors: { "returningVins.3.vin": ["INVALID UNIT NUMBER"] } },
    });
    expect(await api.call("PUT", EDIT, { raw: "{not json", token })).toEqual({
      status: 400,
      body: { error: "Request body is not valid JSON." },
    });
    expect((await put([1, 2], token)).status).toBe(400);
    expect(seen).toEqual([]);
    expect(await databaseFingerprint()).toBe(before);
  });

  it("answers 401 to a revoked session (a password change moved tokensValidAfter past it)", async () => {
    const { tradeForm, offRentForm, lines } = await editableTradeReturn(db);
    const actor = await actorWith(db, ["offboarding"]);
    const token = api.tokenFor(actor);
    await db.user.update({ where: { id: actor.user.id }, data: { tokensValidAfter: new Date(Date.now() + 60_000) } });
    const before = await databaseFingerprint();
    expect(
      await answer(put(tradeOffBodyOf(tradeForm, offRentForm, lines, { pickupCity: "Waco" }), token)),
    ).toMatchObject({ status: 401, body: { error: SIGN_IN_REQUIRED_MESSAGE } });
    expect(await databaseFingerprint()).toBe(before);
  });
});

describe("GET /api/trades/{FormHistoryID}/off", () => {
  it("answers the return half in the edit's shape, every unit included, with its version as ETag, never cached", async () => {
    const { form, tradeForm, offRentForm, lines } = await tradeWithCompletedUnits();
    const answered = await read(readPath(form.id), await tokenFor(["offboarding"]));
    expect(answered.status).toBe(200);
    expect(answered.headers.get("etag")).toBe('"1"');
    expect(answered.headers.get("cache-control")).toBe("private, no-store");
    expect(Object.keys(answered.body).sort()).toEqual(Object.keys(tradeOffEditSchema.shape).sort());
    expect(answered.body).toEqual({
      TradeFormID: tradeForm.id,
      FormHistoryID: form.id,
      OffRentFormID: offRentForm.id,
      compNameTrade: offRentForm.companyName,
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
      returningVins: lines.map((line, index) => ({
        ...rowOf(line),
        assignedStatus: index === 0 ? "unassigned" : "assigned",
      })),
      deletedVins: [],
      changedData: {},
      version: 1,
    });
    expect(tradeOffSchema.safeParse(answered.body).error?.issues ?? []).toEqual([]);
    expect(tradeOffEditSchema.safeParse(answered.body).error?.issues ?? []).toEqual([]);
  });

  it("saves the read sent back with one field changed, then answers it with the next version", async () => {
    const { form, offRentForm } = await tradeWithCompletedUnits();
    const token = await tokenFor(["offboarding"]);
    const before = await read(readPath(form.id), token);
    seen.length = 0;
    expect(await answer(put({ ...before.body, pickupCity: "Waco" }, token))).toEqual({
      status: 200,
      body: { ok: true, message: OFF_RENT_EDIT_MESSAGES.saved },
    });
    expect(seen).toEqual([["offboarding", "onboarding"]]);
    const rows = await db.auditLog.findMany({ where: { entityType: "OffRentForm", entityId: offRentForm.id } });
    expect(rows.map((row) => Object.keys(row.changedData as Json))).toEqual([["Pickup City"]]);
    const after = await read(readPath(form.id), token);
    expect(after.headers.get("etag")).toBe('"2"');
    expect(after.body).toEqual({ ...before.body, pickupCity: "Waco", version: 2 });
    // The same read sent back unchanged changes nothing.
    expect(await answer(put(after.body, token))).toEqual({
      status: 200,
      body: { ok: true, message: OFF_RENT_EDIT_MESSAGES.nothingChanged },
    });
  });

  it("takes its ETag as If-Match: it saves, a stale one is 412 with the conflict, a stale body 409", async () => {
    const { form, offRentForm } = await editableTradeReturn(db);
    const token = await tokenFor(["offboarding"]);
    const first = await read(readPath(form.id), token);
    const { version: _version, ...withoutVersion } = first.body;
    expect((await put({ ...withoutVersion, pickupZip: "78702" }, token, first.headers.get("etag")!)).status).toBe(200);
    seen.length = 0;
    const before = await databaseFingerprint();
    expect(await answer(put({ ...withoutVersion, pickupCity: "Waco" }, token, '"1"'))).toMatchObject({
      status: 412,
      body: {
        error: OFF_RENT_EDIT_MESSAGES.versionConflict,
        conflict: {
          currentVersion: 2,
          since: [{ by: "Dana Driver", changes: [{ label: "Pickup Zip", before: "78701", after: "78702" }] }],
        },
      },
    });
    expect(await answer(put({ ...first.body, pickupCity: "Waco" }, token))).toMatchObject({
      status: 409,
      body: { error: OFF_RENT_EDIT_MESSAGES.versionConflict, conflict: { currentVersion: 2 } },
    });
    expect(await answer(put({ ...first.body, pickupCity: "Waco" }, token, '"2"'))).toMatchObject({
      status: 400,
      body: { error: IF_MATCH_MESSAGES.disagrees },
    });
    expect(await answer(put({ ...withoutVersion, pickupCity: "Waco" }, token, "*"))).toMatchObject({
      status: 400,
      body: { error: IF_MATCH_MESSAGES.malformed },
    });
    expect(seen).toEqual([]);
    expect(await databaseFingerprint()).toBe(before);
    expect((await db.offRentForm.findUniqueOrThrow({ where: { id: offRentForm.id } })).pickupZip).toBe("78702");
  });

  it("answers 401 without a usable session: none, garbage, or revoked", async () => {
    const { form } = await editableTradeReturn(db);
    const signInRequired = { status: 401, body: { error: SIGN_IN_REQUIRED_MESSAGE } };
    expect(await read(readPath(form.id))).toMatchObject(signInRequired);
    expect(await read(readPath(form.id), "not-a-token")).toMatchObject(signInRequired);
    const actor = await actorWith(db, ["transport"]);
    const token = api.tokenFor(actor);
    expect((await read(readPath(form.id), token)).status).toBe(200);
    await db.user.update({ where: { id: actor.user.id }, data: { tokensValidAfter: new Date(Date.now() + 60_000) } });
    expect(await read(readPath(form.id), token)).toMatchObject(signInRequired);
  });

  it("lets whoever may open a board showing the return half read it, checking permission before the id", async () => {
    const { form } = await editableTradeReturn(db);
    for (const permissions of [["offboarding"], ["transport"], ["restricted"]] as PermissionName[][]) {
      expect((await read(readPath(form.id), await tokenFor(permissions))).status, permissions.join()).toBe(200);
    }
    const token = await tokenFor(["onboarding", "sales", "accounts-receivable", "offboarding-approve"]);
    for (const id of [form.id, 999_999_999, "abc", "0x10", "99999999999999999999"]) {
      expect(await read(readPath(id), token), String(id)).toMatchObject({
        status: 403,
        body: { error: FORBIDDEN_MESSAGE },
      });
    }
  });

  it("answers 404 for unknown ids, requests that are not trades, and any id that is not plain digits", async () => {
    const { form } = await editableTradeReturn(db);
    const offRent = await editableOffRent(db);
    const order = await editableOrder(db);
    const token = await tokenFor(["restricted"]);
    const ids = [
      999_999_999,
      2_147_483_648,
      offRent.form.id,
      order.form.id,
      0,
      "-1",
      "1e3",
      "0x10",
      "abc",
      "99999999999999999999",
      `0x${form.id.toString(16)}`,
      `${form.id}.0`,
      `+${form.id}`,
      `${form.id}e0`,
    ];
    for (const id of ids) {
      expect(await read(readPath(id), token), String(id)).toMatchObject({ status: 404, body: { error: M.notFound } });
    }
    for (const id of ["%2e%2e", "%2E%2E%2Fedit", "..%2f..%2f", "%00", "%ZZ", "%", "1%00"]) {
      const { status, body } = await rawGet(readPath(id), token);
      expect([400, 404], `${id}: ${status} ${body}`).toContain(status);
    }
  });
});

describe("GET /api/trade-form/completed-truck-list/{TradeFormID}", () => {
  it("answers the trade's picked-up and received units, in line order, and nothing else", async () => {
    const { tradeForm, done } = await tradeWithCompletedUnits();
    const answered = await read(completedPath(tradeForm.id), await tokenFor(["offboarding"]));
    expect(answered.status).toBe(200);
    expect(answered.headers.get("cache-control")).toBe("private, no-store");
    expect(answered.body).toEqual(done.map((truck) => ({ UnitNumber: truck.unitNumber })));
    const fresh = await editableTradeReturn(db);
    expect((await read(completedPath(fresh.tradeForm.id), await tokenFor(["onboarding"]))).body).toEqual([]);
  });

  it("answers 401 without a usable session, and 403 before looking the trade up", async () => {
    const { tradeForm } = await editableTradeReturn(db);
    expect(await read(completedPath(tradeForm.id))).toMatchObject({ status: 401 });
    expect(await read(completedPath(tradeForm.id), "garbage")).toMatchObject({ status: 401 });
    const actor = await actorWith(db, ["offboarding"]);
    const token = api.tokenFor(actor);
    await db.user.update({ where: { id: actor.user.id }, data: { tokensValidAfter: new Date(Date.now() + 60_000) } });
    expect(await read(completedPath(tradeForm.id), token)).toMatchObject({ status: 401 });
    const outsider = await tokenFor(["sales", "accounts-receivable"]);
    for (const id of [tradeForm.id, 999_999_999, "abc"]) {
      expect(await read(completedPath(id), outsider), String(id)).toMatchObject({
        status: 403,
        body: { error: FORBIDDEN_MESSAGE },
      });
    }
    for (const permissions of [["onboarding"], ["transport-edit"], ["transport"]] as PermissionName[][]) {
      expect((await read(completedPath(tradeForm.id), await tokenFor(permissions))).status, permissions.join()).toBe(
        200,
      );
    }
  });

  it("answers 404 for unknown and malformed TradeFormIDs, never 500", async () => {
    const token = await tokenFor(["offboarding"]);
    for (const id of [999_999_999, 2_147_483_648, 0, "-1", "1e3", "0x10", "abc", "1.0", "+1"]) {
      expect(await read(completedPath(id), token), String(id)).toMatchObject({
        status: 404,
        body: { error: M.notFound },
      });
    }
    for (const id of ["%2e%2e", "..%2f..%2f", "%00", "%ZZ", "%"]) {
      const { status, body } = await rawGet(completedPath(id), token);
      expect([400, 404], `${id}: ${status} ${body}`).toContain(status);
    }
  });
});

describe("the declared examples", () => {
  it("pass the validators the edit runs, and the read's example is an edit as it stands", () => {
    const { edit, read: readEndpoint, completedTrucks } = TRADE_OFF_EDIT_ENDPOINTS;
    expect(tradeOffEditSchema.safeParse(edit.body.example).error?.issues ?? []).toEqual([]);
    const readExample = readEndpoint.responses[200].example;
    expect(tradeOffEditSchema.safeParse(readExample).error?.issues ?? []).toEqual([]);
    expect(tradeOffSchema.safeParse(readExample).error?.issues ?? []).toEqual([]);
    const listed = completedTrucks.responses[200];
    expect(listed.schema.safeParse(listed.example).error?.issues ?? []).toEqual([]);
  });
});
