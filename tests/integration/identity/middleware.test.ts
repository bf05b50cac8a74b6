// The API's session and permission guards and its error handler, on a small Express app over the
// worker's database: requirePermission (all access passes everything), HttpError answers, and the 500.
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signSessionToken } from "~/modules/identity/session-token.server.ts";
import { loadConfig } from "../../../server/config.ts";
import { createDatabase } from "../../../server/database.ts";
import type { Database } from "~/modules/platform/services.server.ts";
import { requirePermission, requireSession } from "../../../server/api/authenticate.ts";
import { handleErrors, HttpError } from "../../../server/api/errors.ts";
import { createTestPrisma } from "../../support/database.ts";
import { createUser } from "../../support/factories/users.ts";
import { permissionIdsNamed } from "~/rules/access/permissions.ts";

const config = loadConfig({ NODE_ENV: "test", JWT_SECRET: "m".repeat(32), LOG_LEVEL: "silent" });
const db = createTestPrisma();
const logged: { level: string; msg: string }[] = [];
const logger = pino({ level: "debug" }, { write: (line: string) => void logged.push(JSON.parse(line)) });
let database: Database;
let server: Server;
let url: string;

beforeAll(async () => {
  database = createDatabase(process.env.DATABASE_URL!, logger, 2);
  const services = { config, database, logger };
  const app = express();
  app.use((req, _res, next) => {
    req.log = logger;
    next();
  });
  app.get("/transport", requireSession(services), requirePermission("transport", "transport-edit"), (_req, res) => {
    res.json({ userId: res.locals.userId });
  });
  app.get("/http-error", () => {
    throw new HttpError(422, "Check the form.", { email: ["E-mail is required."] });
  });
  app.get("/bug", async () => {
    throw new Error("database exploded");
  });
  app.use(handleErrors);
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await database?.close();
});

async function get(path: string, token?: string) {
  const response = await fetch(`${url}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  return { status: response.status, body: await response.json() };
}

async function tokenFor(fixture: Parameters<typeof createUser>[1]) {
  const user = await createUser(db, fixture);
  return { user, token: signSessionToken(config, { userId: user.id, permissions: [] }) };
}

describe("requirePermission", () => {
  it("lets a session holding one of the ids through", async () => {
    const { user, token } = await tokenFor({ directPermissions: ["transport-edit"] });
    expect(await get("/transport", token)).toEqual({ status: 200, body: { userId: user.id } });
  });

  it("lets all access through everything", async () => {
    const { user, token } = await tokenFor({ departmentPermissions: ["restricted"] });
    expect(await get("/transport", token)).toEqual({ status: 200, body: { userId: user.id } });
  });

  it("answers 403 to a session without the ids", async () => {
    const { token } = await tokenFor({ departmentPermissions: ["onboarding", "offboarding"] });
    expect(await get("/transport", token)).toEqual({
      status: 403,
      body: { error: "You do not have permission to do that." },
    });
  });

  it("decides on the database's permissions, not the token's", async () => {
    const user = await createUser(db, { directPermissions: ["onboarding"] });
    const claimsTransport = signSessionToken(config, {
      userId: user.id,
      permissions: permissionIdsNamed(["restricted", "transport"]),
    });
    expect((await get("/transport", claimsTransport)).status).toBe(403);
  });

  it("answers 401 before any permission check without a session", async () => {
    expect(await get("/transport")).toEqual({ status: 401, body: { error: "Sign in required." } });
  });
});

describe("handleErrors", () => {
  it("answers an HttpError with its status, message and field errors", async () => {
    expect(await get("/http-error")).toEqual({
      status: 422,
      body: { error: "Check the form.", errors: { email: ["E-mail is required."] } },
    });
  });

  it("answers anything else with a plain 500 and logs it", async () => {
    logged.length = 0;
    expect(await get("/bug")).toEqual({
      status: 500,
      body: { error: "Something went wrong on our side. Please try again." },
    });
    expect(logged).toEqual([expect.objectContaining({ msg: "unhandled request error", err: expect.anything() })]);
  });
});
