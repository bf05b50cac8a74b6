// PUT /api/queue/* (ADR 011) on a small Express app with the queue router and a spy on
// services.boardChanges, and the /queue form action called with a page session. (The production-build
// server cannot serve /queue until app/routes.ts registers it.)
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { pino } from "pino";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { servicesContext } from "~/context.ts";
import { signSessionToken } from "~/modules/identity/session-token.server.ts";
import { pageRequestContext } from "~/modules/session/page-session.ts";
import type { CardListName } from "~/rules/boards.ts";
import { routeByName } from "~/rules/routes.ts";
import { action } from "~/routes/queue-action.tsx";
import { loadConfig } from "../../../server/config.ts";
import { createDatabase, type Database } from "../../../server/database.ts";
import { handleErrors } from "../../../server/api/errors.ts";
import { createQueueRouter } from "../../../server/api/queue.ts";
import { requireSameOrigin } from "../../../server/security/same-origin.ts";
import type { AppServices } from "../../../server/services.ts";
import { createTestPrisma } from "../../support/database.ts";
import { actorWith, ensureStatuses, unit } from "./fixtures.ts";

const config = loadConfig({ NODE_ENV: "test", JWT_SECRET: "q".repeat(32), JWT_TTL_SECONDS: "3600", LOG_LEVEL: "silent" });
const db = createTestPrisma();
const seen: CardListName[][] = [];
let services: AppServices;
let database: Database;
let server: Server;
let url: string;

beforeAll(async () => {
  await ensureStatuses(db);
  const logger = pino({ level: "silent" });
  database = createDatabase(process.env.DATABASE_URL!, logger, 4);
  services = { config, database, logger, boardChanges: { listsChanged: (lists) => void seen.push([...lists]) } };
  const app = express();
  app.use(requireSameOrigin());
  app.use(createQueueRouter(services));
  app.use(handleErrors);
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await database?.close();
});

async function put(path: string, body: unknown, token?: string) {
  const response = await fetch(`${url}${path}`, {
    method: "PUT",
    headers: { "Content-Type": "application/json", Origin: url, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function tokenFor(permissions: number[]) {
  const actor = await actorWith(db, permissions);
  return signSessionToken(config, { userId: actor.user.id, permissions });
}

describe("PUT /api/queue/unit-status", () => {
  it("moves the unit, answers { ok: true } and reports the lists once", async () => {
    const truck = await unit(db, "At Auction");
    seen.length = 0;
    const { status, body } = await put("/api/queue/unit-status", { UnitNumber: truck.unitNumber, ChangedFrom: "Sales Board" }, await tokenFor([15]));
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true });
    expect(seen).toEqual([["sales", "titles", "overview"]]);
    expect(await db.unitHistory.findFirst({ where: { unitId: truck.id } })).toMatchObject({ newVal: "Sold Not Delivered", changedFrom: "Sales Board" });
  });

  it("answers 401, 403, 404, 409 and 400 with messages, reporting nothing", async () => {
    const truck = await unit(db, "FOR SALE");
    seen.length = 0;
    expect(await put("/api/queue/unit-status", { UnitNumber: truck.unitNumber })).toMatchObject({ status: 401, body: { error: "Sign in required." } });
    expect(await put("/api/queue/unit-status", { UnitNumber: truck.unitNumber }, await tokenFor([2]))).toEqual({
      status: 403, body: { error: "You do not have permission to do that." },
    });
    expect(await put("/api/queue/unit-status", { UnitNumber: "ZZZZ9" }, await tokenFor([15]))).toEqual({ status: 404, body: { error: "That unit does not exist." } });
    expect(await put("/api/queue/unit-status", { UnitNumber: truck.unitNumber, NewStatus: "SOLD" }, await tokenFor([15]))).toEqual({
      status: 409, body: { error: "A unit in FOR SALE cannot move to SOLD." },
    });
    expect(await put("/api/queue/unit-status", { UnitNumber: "" }, await tokenFor([15]))).toMatchObject({
      status: 400, body: { errors: { UnitNumber: ["Enter a unit number of up to 8 letters, digits or dashes."] } },
    });
    expect(seen).toEqual([]);
  });

  it("answers 400 for approve and assign-carrier bodies without their fields", async () => {
    const token = await tokenFor([1]);
    expect(await put("/api/queue/approve", {}, token)).toMatchObject({ status: 400, body: { errors: { FormHistoryID: ["Choose an order."] } } });
    expect(await put("/api/queue/assign-carrier", { TransportJobID: 1 }, token)).toMatchObject({ status: 400, body: { errors: { VendorID: ["Choose a carrier."] } } });
    expect(await put("/api/queue/complete-transport", { TransportJobID: 999999 }, token)).toEqual({ status: 404, body: { error: "That transport job does not exist." } });
  });
});

describe("POST /queue (form action)", () => {
  async function post(fields: Record<string, string>, permissions: number[]) {
    const actor = await actorWith(db, permissions);
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    context.set(pageRequestContext, {
      session: { status: "signed-in", ...actor, expiresAt: Math.floor(Date.now() / 1000) + 3600, ownersStatsUser: false },
      route: routeByName("notFound"),
      relogin: false,
    });
    const request = new Request("http://app.test/queue", { method: "POST", body: new URLSearchParams(fields) });
    const response = (await action({ request, context, params: {}, unstable_pattern: "/queue" } as never)) as Response;
    return { status: response.status, location: response.headers.get("Location") };
  }

  it("performs the move and redirects back with ?done, reporting the lists", async () => {
    const truck = await unit(db, "ON LOT");
    seen.length = 0;
    const result = await post({ intent: "unit-status", UnitNumber: truck.unitNumber, NewStatus: "RE-RENT", returnTo: "/recon?filter=u&error=old" }, [2]);
    expect(result).toEqual({ status: 303, location: "/recon?filter=u&done=unit-status" });
    expect(seen).toEqual([["recon", "onboarding", "overview"]]);
  });

  it("redirects back with ?error on a refusal, and never off-site", async () => {
    const truck = await unit(db, "ON LOT");
    const result = await post({ intent: "unit-status", UnitNumber: truck.unitNumber, returnTo: "https://evil.test/x" }, [15]);
    expect(result).toEqual({ status: 303, location: `/home?error=${encodeURIComponent("You do not have permission to do that.").replace(/%20/g, "+")}` });
    expect((await post({ intent: "explode", returnTo: "//evil.test" }, [1])).location).toBe("/home?error=That+action+is+not+available.");
  });
});
