// PUT /api/trade/on/edit and GET /api/trades/{FormHistoryID}/on over real HTTP: the
// router on a small Express app (apiHarness) with a spy on services.boardChanges — a save and the lists it
// reports, each message the edit answers, sessions (none, garbage, revoked), permissions, ids of every
// shape, conflicts with and without If-Match, read → change → save, and the declared examples and schemas.
import { request } from "node:http";
import { Validator } from "@seriousme/openapi-schema-validator";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { PermissionName } from "~/rules/access/permissions.ts";
import type { CardListName } from "~/rules/boards/boards.ts";
import { FORBIDDEN_MESSAGE } from "~/rules/dialogs/operation-result.ts";
import { TRADE_ON_EDIT_MESSAGES } from "~/rules/orders/trade-on-edit.ts";
import { validateTradeOnEdit } from "~/rules/orders/trade-on-edit-schema.ts";
import { SIGN_IN_REQUIRED_MESSAGE } from "../../../server/api/authenticate.ts";
import { IF_MATCH_MESSAGES } from "../../../server/api/operation-endpoint.ts";
import { createOpenApiDocument } from "../../../server/api/openapi.ts";
import {
  createTradeOnEditRouter,
  TRADE_ON_EDIT_ENDPOINTS,
  tradeOnEditBodySchema,
  tradeOnReadSchema,
} from "../../../server/api/trade-on-edit.ts";
import { apiHarness } from "../../support/api-harness.ts";
import { createTestPrisma } from "../../support/database.ts";
import { databaseFingerprint } from "../../support/property.ts";
import { company } from "../../support/factories/companies.ts";
import { editableOrder } from "../../support/factories/on-rent-edit.ts";
import { bodyOf, editableTrade, newRow, rowOf } from "../../support/factories/trade-on-edit.ts";
import { ensureStatuses, unit } from "../../support/factories/units.ts";
import { actorWith } from "../../support/factories/users.ts";

const db = createTestPrisma();
const api = apiHarness(createTradeOnEditRouter);
const seen: CardListName[][] = api.reported;

beforeAll(async () => {
  await ensureStatuses(db);
});

type Json = Record<string, unknown>;
const EDIT = "/api/trade/on/edit";
const readPath = (id: number | string) => `/api/trades/${id}/on`;

const tokenFor = async (permissions: PermissionName[] = ["onboarding"]) =>
  api.tokenFor(await actorWith(db, permissions));
const read = (id: number | string, token?: string) => api.exchange<Json>("GET", readPath(id), { token });
const put = (body: unknown, token?: string, ifMatch?: string) =>
  api.exchange<Json>("PUT", EDIT, { body, token, headers: ifMatch === undefined ? {} : { "If-Match": ifMatch } });

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

/** A refused PUT: its status and body, nothing written and nothing reported. */
async function expectRefused(
  body: unknown,
  token: string | undefined,
  status: number,
  expected: Json,
  ifMatch?: string,
) {
  const before = await databaseFingerprint();
  seen.length = 0;
  const answer = await put(body, token, ifMatch);
  expect(answer.status).toBe(status);
  expect(answer.body).toMatchObject(expected);
  expect(seen).toEqual([]);
  expect(await databaseFingerprint()).toBe(before);
  return answer.body;
}

describe("PUT /api/trade/on/edit", () => {
  it("saves, answers { ok, message } and refreshes the lists that show the trade", async () => {
    const trade = await editableTrade(db);
    const token = await tokenFor(["onboarding"]);
    seen.length = 0;
    const answer = await put(bodyOf(trade.tradeForm, trade.lines, { PONumber: "PO-1", orderPage: "transport" }), token);
    expect(answer).toMatchObject({ status: 200, body: { ok: true, message: "Trade saved." } });
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(seen).toEqual([["onboarding", "transport"]]);
    expect(await db.tradeForm.findUniqueOrThrow({ where: { id: trade.tradeForm.id } })).toMatchObject({
      poNumber: "PO-1",
      version: 2,
    });
  });

  it("answers every message of the edit as { error, errors }", async () => {
    const trade = await editableTrade(db);
    const token = await tokenFor();
    const base = (overrides: Json) => bodyOf(trade.tradeForm, trade.lines, overrides);
    const rows = trade.lines.map(rowOf);
    await expectRefused(base({ raName: " " }), token, 400, {
      error: "*All fields must be filled...",
      errors: { raName: ["RA Name is required."] },
    });
    await expectRefused(base({ HalfTonCountTrade: 3 }), token, 400, {
      error: "Total Returning Vins must match total for new truck types",
      errors: { HalfTonCountTrade: ["Total Returning Vins must match total for new truck types"] },
    });
    await expectRefused(
      base({ returningVins: [...rows, newRow(trade.lines[1]!.unitNumber)], HalfTonCountTrade: 3 }),
      token,
      400,
      {
        error: "Cannot use duplicate vins",
      },
    );
    const stranger = await unit(db, "ON RENT", { companyId: (await company(db)).id });
    await expectRefused(
      base({ returningVins: [...rows, newRow(stranger.unitNumber)], HalfTonCountTrade: 3 }),
      token,
      400,
      {
        error: "All edited vins must be tested and valid",
        errors: { "returningVins.2.vin": ["INVALID UNIT NUMBER"] },
      },
    );
    await expectRefused(base({ PONumber: "P".repeat(36) }), token, 400, {
      error: "PO Number may be at most 35 characters.",
    });
    await expectRefused(base({ CompanyCode: "123456" }), token, 400, { error: "Company Code must be up to 5 digits." });
  });

  it("answers 400 for a body that is not JSON, or not an object", async () => {
    const token = await tokenFor();
    expect((await api.call("PUT", EDIT, { raw: "{not json", token })).status).toBe(400);
    expect(await api.call("PUT", EDIT, { raw: "[]", token })).toMatchObject({
      status: 400,
      body: { error: "*All fields must be filled..." },
    });
  });

  it("answers 401 without a usable session: none, garbage, or revoked", async () => {
    const trade = await editableTrade(db);
    const body = bodyOf(trade.tradeForm, trade.lines, { PONumber: "X" });
    const signInRequired = { error: SIGN_IN_REQUIRED_MESSAGE };
    await expectRefused(body, undefined, 401, signInRequired);
    await expectRefused(body, "not-a-token", 401, signInRequired);
    const actor = await actorWith(db, ["onboarding"]);
    const token = api.tokenFor(actor);
    // A password change moves tokensValidAfter: every token issued before it is revoked.
    await db.user.update({ where: { id: actor.user.id }, data: { tokensValidAfter: new Date(Date.now() + 60_000) } });
    await expectRefused(body, token, 401, signInRequired);
  });

  it("answers 403 without the On Rent or Transport Edit permission", async () => {
    const trade = await editableTrade(db);
    for (const permissions of [["transport"], ["offboarding"], ["onboarding-approve"]] satisfies PermissionName[][]) {
      await expectRefused(bodyOf(trade.tradeForm, trade.lines, { PONumber: "X" }), await tokenFor(permissions), 403, {
        error: TRADE_ON_EDIT_MESSAGES.forbidden,
      });
    }
    expect(
      (await put(bodyOf(trade.tradeForm, trade.lines, { PONumber: "X" }), await tokenFor(["transport-edit"]))).status,
    ).toBe(200);
  });

  it("answers 404 for unknown ids and ids of other requests, and 400 for ids that are not ids", async () => {
    const trade = await editableTrade(db);
    const order = await editableOrder(db);
    const token = await tokenFor();
    const body = (overrides: Json) => bodyOf(trade.tradeForm, trade.lines, { PONumber: "X", ...overrides });
    for (const overrides of [{ TradeFormID: 2_000_000_000 }, { FormHistoryID: order.form.id }]) {
      await expectRefused(body(overrides), token, 404, { error: TRADE_ON_EDIT_MESSAGES.notFound });
    }
    for (const id of ["0x10", "1e3", -1, 0, "%2e%2e", 2_147_483_648, 1.5]) {
      await expectRefused(body({ FormHistoryID: id }), token, 400, { errors: { FormHistoryID: ["Choose a trade."] } });
    }
  });

  it("answers 409 for a cancelled trade, and for a stale version with what changed since", async () => {
    const cancelled = await editableTrade(db, { cancelled: true });
    const token = await tokenFor();
    await expectRefused(bodyOf(cancelled.tradeForm, cancelled.lines, { PONumber: "X" }), token, 409, {
      error: "This trade has been cancelled.",
    });
    const trade = await editableTrade(db);
    expect((await put(bodyOf(trade.tradeForm, trade.lines, { raName: "Robin Roe" }), token)).status).toBe(200);
    await expectRefused(bodyOf(trade.tradeForm, trade.lines, { PONumber: "X" }), token, 409, {
      error: TRADE_ON_EDIT_MESSAGES.versionConflict,
      conflict: {
        currentVersion: 2,
        since: [{ by: "Dana Driver", changes: [{ label: "RA Name", before: "Pat Jones", after: "Robin Roe" }] }],
      },
    });
  });
});

describe("GET /api/trades/{FormHistoryID}/on", () => {
  it("answers the trade in the edit's names and JSON types, with its version as ETag, never cached", async () => {
    const trade = await editableTrade(db);
    const answer = await read(trade.form.id, await tokenFor(["transport"]));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("etag")).toBe('"1"');
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    expect(Object.keys(answer.body).sort()).toEqual(Object.keys(tradeOnEditBodySchema.shape).sort());
    expect(answer.body).toEqual(bodyOf(trade.tradeForm, trade.lines));
    expect(answer.body).toMatchObject({ CompanyCode: trade.tradeForm.companyCode, PONumber: null, deliveryName: null });
    expect(tradeOnReadSchema.safeParse(answer.body).error?.issues ?? []).toEqual([]);
  });

  it("is what the edit takes: read, change one field, send it back, read the change", async () => {
    const trade = await editableTrade(db);
    const token = await tokenFor();
    const before = await read(trade.form.id, token);
    seen.length = 0;
    expect(await put({ ...before.body, useCity: "Round Rock" }, token)).toMatchObject({
      status: 200,
      body: { ok: true, message: TRADE_ON_EDIT_MESSAGES.saved },
    });
    expect(seen).toEqual([["onboarding"]]);
    const after = await read(trade.form.id, token);
    expect(after.headers.get("etag")).toBe('"2"');
    expect(after.body).toEqual({ ...before.body, useCity: "Round Rock", version: 2 });
  });

  it("answers 401 without a usable session: none, garbage, or revoked", async () => {
    const trade = await editableTrade(db);
    const signInRequired = { status: 401, body: { error: SIGN_IN_REQUIRED_MESSAGE } };
    expect(await read(trade.form.id)).toMatchObject(signInRequired);
    expect(await read(trade.form.id, "not-a-token")).toMatchObject(signInRequired);
    const actor = await actorWith(db, ["onboarding"]);
    const token = api.tokenFor(actor);
    expect((await read(trade.form.id, token)).status).toBe(200);
    await db.user.update({ where: { id: actor.user.id }, data: { tokensValidAfter: new Date(Date.now() + 60_000) } });
    expect(await read(trade.form.id, token)).toMatchObject(signInRequired);
  });

  it("lets whoever may open a board showing trades read one, and answers 403 before the id to anyone else", async () => {
    const trade = await editableTrade(db);
    for (const permissions of [
      ["onboarding"],
      ["transport"],
      ["transport-edit"],
      ["restricted"],
    ] satisfies PermissionName[][])
      expect((await read(trade.form.id, await tokenFor(permissions))).status, permissions.join()).toBe(200);
    const token = await tokenFor(["sales", "offboarding"]);
    for (const id of [trade.form.id, 999_999_999, "abc", "0x10"]) {
      expect(await read(id, token), String(id)).toMatchObject({ status: 403, body: { error: FORBIDDEN_MESSAGE } });
    }
  });

  it("answers 404 for unknown ids, other requests, and ids that are not plain digits, never 500", async () => {
    const trade = await editableTrade(db);
    const order = await editableOrder(db);
    const token = await tokenFor(["restricted"]);
    const own = trade.form.id;
    for (const id of [
      999_999_999,
      2_147_483_648,
      order.form.id,
      0,
      "-1",
      "1e3",
      "0x10",
      `0x${own.toString(16)}`,
      `${own}.0`,
      `+${own}`,
    ]) {
      expect(await read(id, token), String(id)).toMatchObject({
        status: 404,
        body: { error: TRADE_ON_EDIT_MESSAGES.notFound },
      });
    }
    for (const id of ["%2e%2e", "%2E%2E%2Fedit", "..%2f..%2f", "%00", "%ZZ", "%", "1%00"]) {
      const { status, body } = await rawGet(readPath(id), token);
      expect([400, 404], `${id}: ${status} ${body}`).toContain(status);
    }
  });
});

describe("If-Match on the edit", () => {
  it("saves with the read's ETag and no version in the body, and answers a stale one with 412 and the conflict", async () => {
    const trade = await editableTrade(db);
    const token = await tokenFor();
    const first = await read(trade.form.id, token);
    const { version: _version, ...withoutVersion } = first.body;
    expect((await put({ ...withoutVersion, PONumber: "PO-1" }, token, first.headers.get("etag")!)).status).toBe(200);
    await expectRefused(
      { ...withoutVersion, PONumber: "PO-2" },
      token,
      412,
      {
        error: TRADE_ON_EDIT_MESSAGES.versionConflict,
        conflict: { currentVersion: 2, since: [{ changes: [{ label: "PO Number", before: "", after: "PO-1" }] }] },
      },
      '"1"',
    );
    // A stale body version without If-Match is still a 409.
    await expectRefused({ ...first.body, PONumber: "PO-2" }, token, 409, { conflict: { currentVersion: 2 } });
  });

  it("refuses If-Match and a body version that disagree, and a malformed If-Match, with 400", async () => {
    const trade = await editableTrade(db);
    const token = await tokenFor();
    const body = bodyOf(trade.tradeForm, trade.lines, { PONumber: "X" });
    await expectRefused(body, token, 400, { error: IF_MATCH_MESSAGES.disagrees }, '"2"');
    for (const header of ["*", 'W/"1"', "1", '"1", "2"', '""']) {
      await expectRefused(body, token, 400, { error: IF_MATCH_MESSAGES.malformed }, header);
    }
  });
});

describe("the declarations", () => {
  const jsonSchemaOf = (schema: z.ZodType) =>
    z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as { properties?: object; required?: string[] };
  const propertiesOf = (schema: z.ZodType) => Object.keys(jsonSchemaOf(schema).properties ?? {}).sort();

  it("give examples that pass the real validator and their schemas", () => {
    const { edit, read: readEndpoint } = TRADE_ON_EDIT_ENDPOINTS;
    for (const example of [edit.body.example, readEndpoint.responses[200].example]) {
      const result = validateTradeOnEdit(example);
      expect(result.ok ? [] : result.fieldErrors).toEqual([]);
    }
    expect(edit.body.schema.safeParse(edit.body.example).error?.issues ?? []).toEqual([]);
    expect(tradeOnReadSchema.safeParse(readEndpoint.responses[200].example).error?.issues ?? []).toEqual([]);
  });

  it("read exactly the shape the edit takes, with an ETag, and make a valid OpenAPI document", async () => {
    const { edit, read: readEndpoint } = TRADE_ON_EDIT_ENDPOINTS;
    expect(jsonSchemaOf(edit.body.schema).required).toContain("version");
    expect(readEndpoint.readFor).toBe("PUT /api/trade/on/edit");
    expect(readEndpoint.responses[200].schema).toBe(tradeOnReadSchema);
    expect(propertiesOf(tradeOnReadSchema)).toEqual(propertiesOf(edit.body.schema));
    expect(readEndpoint.responses[200].headers).toHaveProperty("ETag");
    const document = createOpenApiDocument(Object.values(TRADE_ON_EDIT_ENDPOINTS), "0.0.0-test");
    const result = await new Validator().validate(JSON.parse(JSON.stringify(document)) as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
  });
});
