// POST /api/trade/on/convert and POST /api/trade/off/convert on a small Express app with the
// router and a spy on services.boardChanges: a conversion from each editor, If-Match, an impersonated
// session, and the refusals (401 without a usable session, 403, 404, 409, 400 for malformed ids and
// bodies), none of which reports a board or writes a row.
import jwt from "jsonwebtoken";
import { beforeAll, describe, expect, it } from "vitest";
import { signSessionToken } from "~/modules/identity/session-token.server.ts";
import type { PermissionName } from "~/rules/access/permissions.ts";
import type { CardListName } from "~/rules/boards/boards.ts";
import { TRADE_CONVERT_MESSAGES as M } from "~/rules/orders/trade-convert.ts";
import { INVALID_JSON_MESSAGE } from "../../../server/api/errors.ts";
import { createTradeConvertRouter } from "../../../server/api/trade-convert.ts";
import { apiHarness, TEST_API_CONFIG } from "../../support/api-harness.ts";
import { createTestPrisma } from "../../support/database.ts";
import { order } from "../../support/factories/requests.ts";
import { convertBody, convertibleTrade } from "../../support/factories/trade-convert.ts";
import { ensureStatuses } from "../../support/factories/units.ts";
import { actorWith, createUser } from "../../support/factories/users.ts";
import { databaseFingerprint } from "../../support/property.ts";

const db = createTestPrisma();
const api = apiHarness(createTradeConvertRouter);
const seen: CardListName[][] = api.reported;
const SIGN_IN_REQUIRED = { error: "Sign in required." };

beforeAll(async () => {
  await ensureStatuses(db);
});

const post = (side: "on" | "off", body: unknown, token?: string, headers?: Record<string, string>) =>
  api.call("POST", `/api/trade/${side}/convert`, { body, token, headers });
const tokenFor = async (permissions: PermissionName[]) => api.tokenFor(await actorWith(db, permissions));

describe("POST /api/trade/on/convert and /api/trade/off/convert", () => {
  it("converts from the on-rent editor, answers { ok: true, message } and reports the boards once", async () => {
    const made = await convertibleTrade(db, { returning: 2 });
    seen.length = 0;
    expect(await post("on", convertBody("on", made), await tokenFor(["onboarding"]))).toEqual({
      status: 200,
      body: { ok: true, message: M.converted },
    });
    expect(seen).toEqual([["onboarding", "offboarding"]]);
    expect(await db.formHistory.findUniqueOrThrow({ where: { id: made.form.id } })).toMatchObject({ kind: "ORDER" });
  });

  it("converts from the off-rent editor with the version as If-Match, and answers 412 for a stale one", async () => {
    const made = await convertibleTrade(db);
    const token = await tokenFor(["offboarding"]);
    const body: Record<string, unknown> = convertBody("off", made);
    delete body.version;
    seen.length = 0;
    const stale = await post("off", body, token, { "If-Match": '"7"' });
    expect(stale).toMatchObject({
      status: 412,
      body: { error: M.stale, conflict: { currentVersion: 1, since: [] } },
    });
    expect(await post("off", body, token, { "If-Match": '"1"' })).toEqual({
      status: 200,
      body: { ok: true, message: M.converted },
    });
    expect(seen).toEqual([["onboarding", "offboarding"]]);
  });

  it("records both identities of an impersonated session", async () => {
    const admin = await createUser(db, { directPermissions: ["restricted"] });
    const user = await actorWith(db, ["offboarding"]);
    const token = signSessionToken(TEST_API_CONFIG, {
      userId: user.user.id,
      permissions: user.permissions,
      impersonatorId: admin.id,
    });
    const made = await convertibleTrade(db);
    expect((await post("off", convertBody("off", made), token)).status).toBe(200);
    expect(await db.auditLog.findMany({ where: { formHistoryId: made.form.id } })).toEqual([
      expect.objectContaining({ action: "convert-trade", userId: user.user.id, impersonatorId: admin.id }),
    ]);
  });

  it("answers 401 without a token, with a garbage one and with a revoked one", async () => {
    const made = await convertibleTrade(db);
    const actor = await actorWith(db, ["onboarding"]);
    const revoked = api.tokenFor(actor);
    const issuedAt = jwt.decode(revoked, { json: true })!.iat!;
    await db.user.update({ where: { id: actor.user.id }, data: { tokensValidAfter: new Date((issuedAt + 1) * 1000) } });
    const before = await databaseFingerprint();
    seen.length = 0;
    for (const side of ["on", "off"] as const) {
      for (const token of [undefined, "not-a-token", `${revoked}x`, revoked]) {
        expect(await post(side, convertBody(side, made), token)).toEqual({ status: 401, body: SIGN_IN_REQUIRED });
      }
    }
    expect(seen).toEqual([]);
    expect(await databaseFingerprint()).toBe(before);
  });

  it("answers 403, 404 and 409 with their messages, reporting nothing and writing nothing", async () => {
    const made = await convertibleTrade(db, { returning: 2 });
    const plain = await order(db);
    const onboarding = await tokenFor(["onboarding"]);
    const offboarding = await tokenFor(["offboarding"]);
    const before = await databaseFingerprint();
    seen.length = 0;
    expect(await post("on", convertBody("on", made), offboarding)).toEqual({
      status: 403,
      body: { error: M.forbidden },
    });
    expect(await post("off", convertBody("off", made), onboarding)).toEqual({
      status: 403,
      body: { error: M.forbidden },
    });
    expect(await post("on", convertBody("on", made, { FormHistoryID: 999_999 }), onboarding)).toEqual({
      status: 404,
      body: { error: M.notFound },
    });
    expect(await post("off", convertBody("off", made, { FormHistoryID: plain.form.id }), offboarding)).toEqual({
      status: 404,
      body: { error: M.notFound },
    });
    expect(await post("on", convertBody("on", made, { HalfTonCountTrade: 2 }), onboarding)).toEqual({
      status: 409,
      body: { error: M.enablingRule(2) },
    });
    expect(await post("on", convertBody("on", made, { version: 5 }), onboarding)).toEqual({
      status: 409,
      body: { error: M.stale, conflict: { currentVersion: 1, since: [] } },
    });
    expect(seen).toEqual([]);
    expect(await databaseFingerprint()).toBe(before);
  });

  it("answers 400, never 500, for malformed ids, bodies and JSON", async () => {
    const made = await convertibleTrade(db);
    const token = await tokenFor(["onboarding", "offboarding"]);
    const before = await databaseFingerprint();
    seen.length = 0;
    const malformed = [
      null,
      "",
      " ",
      "abc",
      "1e3",
      "0x10",
      "+1",
      "-1",
      -1,
      0,
      1.5,
      2 ** 31,
      1e308,
      [1],
      { id: 1 },
      true,
    ];
    for (const side of ["on", "off"] as const) {
      const fields = ["FormHistoryID", "TradeFormID", "version", ...(side === "off" ? ["OffRentFormID"] : [])];
      for (const field of fields) {
        for (const value of malformed) {
          const response = await post(side, convertBody(side, made, { [field]: value }), token);
          expect(response.status, `${side} ${field} ${JSON.stringify(value)}`).toBe(400);
          expect(response.body).toMatchObject({ error: M.failed, errors: { [field]: [expect.any(String)] } });
        }
      }
      expect(await api.call("POST", `/api/trade/${side}/convert`, { raw: "{not json", token })).toEqual({
        status: 400,
        body: { error: INVALID_JSON_MESSAGE },
      });
      // JSON that is not an object: the parser refuses a bare value, the operation an array.
      for (const body of ["text", 42, null]) {
        expect(await post(side, body, token)).toEqual({ status: 400, body: { error: INVALID_JSON_MESSAGE } });
      }
      expect(await post(side, [1, 2], token)).toMatchObject({ status: 400, body: { error: M.failed } });
      expect(
        await post(side, convertBody(side, made, { convertVin: "\u0000", raName: "x".repeat(121) }), token),
      ).toEqual({
        status: 400,
        body: {
          error: M.failed,
          errors: { raName: ["RA Name may be at most 120 characters."], convertVin: [M.convertVin] },
        },
      });
    }
    expect(seen).toEqual([]);
    expect(await databaseFingerprint()).toBe(before);
    // Still convertible afterwards: nothing above touched it.
    expect((await post("on", convertBody("on", made), token)).status).toBe(200);
  });
});
