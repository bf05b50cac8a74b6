// Impersonation through HTTP: POST /users/impersonate/{userId} and /users/impersonate/stop,
// GET /users/info while acting as someone, the permissions such a session has, the audit trail with
// both identities, and every way an impersonated session ends. The users router runs on a small
// Express app (as in server/app.ts, with the same-origin check and the error handler) over the
// worker's database, so these tests do not depend on the production build.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import jwt from "jsonwebtoken";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signSessionToken } from "~/modules/identity/session-token.server.ts";
import { loadConfig } from "../../../server/config.ts";
import { createDatabase } from "../../../server/database.ts";
import type { Database } from "~/modules/platform/services.server.ts";
import { requirePermission, requireSession } from "../../../server/api/authenticate.ts";
import { handleErrors } from "../../../server/api/errors.ts";
import { createUsersRouter } from "../../../server/api/users.ts";
import { requireSameOrigin } from "../../../server/security/same-origin.ts";
import { createTestPrisma } from "../../support/database.ts";
import { createUser, PASSWORD, type UserFixture } from "../../support/factories/users.ts";
import { ignoreBoardChanges } from "../../../server/board-changes.ts";
import { permissionId, permissionIdsNamed } from "~/rules/access/permissions.ts";

const SIGN_IN_REQUIRED = { error: "Sign in required." };
const FORBIDDEN = { error: "You do not have permission to do that." };

const config = loadConfig({
  NODE_ENV: "test",
  JWT_SECRET: "i".repeat(32),
  JWT_TTL_SECONDS: "3600",
  LOG_LEVEL: "silent",
});
const db = createTestPrisma();
let database: Database;
let server: Server;
let url: string;

beforeAll(async () => {
  const logger = pino({ level: "silent" });
  database = createDatabase(process.env.DATABASE_URL!, logger, 4);
  const services = { config, database, logger, boardChanges: ignoreBoardChanges };
  const app = express();
  app.use(requireSameOrigin());
  app.use(createUsersRouter(services));
  // A route guarded by the transport permission, to see whose permissions a session has.
  app.get("/transport", requireSession(services), requirePermission("transport"), (_req, res) => {
    res.json({ userId: res.locals.userId });
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

async function call(method: string, path: string, token?: string, body?: unknown) {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(`${url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { response, status: response.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
}

const impersonate = (token: string, userId: number | string) => call("POST", `/users/impersonate/${userId}`, token);
const stop = (token: string) => call("POST", "/users/impersonate/stop", token);
const info = (token: string) => call("GET", "/users/info", token);

async function person(firstName: string, lastName: string, fixture: UserFixture = {}) {
  const user = await createUser(db, fixture);
  await db.user.update({ where: { id: user.id }, data: { firstName, lastName } });
  return { ...user, firstName, lastName };
}

/** An administrator (direct grant of all access) and their own session token. */
async function admin(firstName = "Ada", lastName = "Admin") {
  const user = await person(firstName, lastName, { directPermissions: ["restricted"] });
  return {
    user,
    token: signSessionToken(config, { userId: user.id, permissions: permissionIdsNamed(["restricted"]) }),
  };
}

async function startedBy(adminToken: string, targetId: number): Promise<string> {
  const started = await impersonate(adminToken, targetId);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return started.body.token as string;
}

describe("POST /users/impersonate/{userId}", () => {
  it("gives an administrator a session as the target, with act naming the administrator, and sets the cookie", async () => {
    const { user: ada, token } = await admin();
    const target = await person("Tom", "Target", {
      departmentPermissions: ["offboarding", "on-off-rents"],
      directPermissions: ["onboarding"],
    });

    const { status, body, response } = await impersonate(token, target.id);
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(["token"]);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const claims = jwt.decode(body.token as string, { json: true });
    expect(claims).toMatchObject({
      sub: String(target.id),
      act: { sub: String(ada.id) },
      permissions: permissionIdsNamed(["on-off-rents", "onboarding", "offboarding"]),
    });
    const cookie = response.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(/^fleetops_session=[^;]+; Max-Age=3600; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(decodeURIComponent(cookie.split(";")[0]!.split("=")[1]!)).toBe(body.token);
  });

  it("audits the start with the administrator as the actor", async () => {
    const { user: ada, token } = await admin("Ada", "Lovelace");
    const target = await person("Tom", "Thumb");
    await startedBy(token, target.id);
    const rows = await db.auditLog.findMany({ where: { entityId: target.id, entityType: "User" } });
    expect(rows).toMatchObject([
      {
        entityType: "User",
        entityId: target.id,
        formHistoryId: null,
        action: "impersonation-start",
        changedData: { Impersonation: "Impersonation: none!Impersonation: Ada Lovelace as Tom Thumb" },
        userId: ada.id,
        impersonatorId: null,
      },
    ]);
  });

  it("answers 403 to a session without all access, even one that may manage employees", async () => {
    const manager = await person("Mia", "Manager", { departmentPermissions: ["employee-management", "offboarding"] });
    const target = await person("Tom", "Target");
    const token = signSessionToken(config, {
      userId: manager.id,
      permissions: permissionIdsNamed(["restricted", "employee-management"]),
    });
    expect(await impersonate(token, target.id)).toMatchObject({ status: 403, body: FORBIDDEN });
    expect(await db.auditLog.count({ where: { entityId: target.id, action: "impersonation-start" } })).toBe(0);
  });

  it("answers 401 without a session", async () => {
    const target = await person("Tom", "Target");
    expect(await call("POST", `/users/impersonate/${target.id}`)).toMatchObject({
      status: 401,
      body: SIGN_IN_REQUIRED,
    });
  });

  it("answers 400 to a malformed id and to oneself, 404 to an unknown or inactive user", async () => {
    const { user: ada, token } = await admin();
    const inactive = await person("Ina", "Inactive", { active: false });
    for (const id of ["abc", "0", "-3", "1.5", "99999999999"]) {
      expect(await impersonate(token, id), id).toMatchObject({ status: 400, body: { error: "Choose a valid user." } });
    }
    expect(await impersonate(token, ada.id)).toMatchObject({
      status: 400,
      body: { error: "You cannot act as yourself." },
    });
    for (const id of [inactive.id, 2_000_000_000]) {
      expect(await impersonate(token, id), String(id)).toMatchObject({
        status: 404,
        body: { error: "That user does not exist or is inactive." },
      });
    }
  });

  it("answers 409 to a session that is already impersonating, whoever the target is", async () => {
    const { token } = await admin();
    const { user: otherAdmin } = await admin("Otto", "Admin");
    const plain = await person("Tom", "Target");
    const third = await person("Tia", "Third");
    for (const target of [otherAdmin, plain]) {
      const acting = await startedBy(token, target.id);
      expect(await impersonate(acting, third.id)).toMatchObject({
        status: 409,
        body: { error: "You are already acting as another user. Return to your own account first." },
      });
    }
    expect(await db.auditLog.count({ where: { entityId: third.id } })).toBe(0);
  });
});

describe("an impersonated session", () => {
  it("has the target's permissions and identity, and /users/info tells it is impersonating", async () => {
    const { user: ada, token } = await admin("Ada", "Admin");
    const target = await person("Tom", "Target", { directPermissions: ["onboarding"] });
    // The administrator passes everything...
    expect(await call("GET", "/transport", token)).toMatchObject({ status: 200, body: { userId: ada.id } });
    const acting = await startedBy(token, target.id);
    // ...the target does not hold 11, and neither does the session acting as them.
    expect(await call("GET", "/transport", acting)).toMatchObject({ status: 403, body: FORBIDDEN });
    expect(await info(acting)).toMatchObject({
      status: 200,
      body: {
        UserID: target.id,
        FirstName: "Tom",
        LastName: "Target",
        Email: target.email,
        Permissions: permissionIdsNamed(["onboarding"]),
        Impersonating: true,
        ImpersonatorName: "Ada Admin",
      },
    });
    expect(await info(token)).toMatchObject({
      body: {
        UserID: ada.id,
        Permissions: permissionIdsNamed(["restricted"]),
        Impersonating: false,
        ImpersonatorName: null,
      },
    });
  });

  it("records a password change with both identities, and stays impersonated", async () => {
    const { user: ada, token } = await admin();
    const target = await person("Tom", "Target");
    const acting = await startedBy(token, target.id);
    const changed = await call("PUT", `/users/changePassword/${target.id}`, acting, {
      oldPassword: PASSWORD,
      newPassword: "a brand new secret",
      newPasswordConfirm: "a brand new secret",
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(jwt.decode(changed.body.token as string, { json: true })).toMatchObject({
      sub: String(target.id),
      act: { sub: String(ada.id) },
    });
    expect(await info(changed.body.token as string)).toMatchObject({ status: 200, body: { Impersonating: true } });
    expect(await db.auditLog.findMany({ where: { entityId: target.id, action: "password-change" } })).toMatchObject([
      { entityType: "User", entityId: target.id, changedData: {}, userId: target.id, impersonatorId: ada.id },
    ]);
  });

  it("ends for good when the administrator loses all access", async () => {
    const { user: ada, token } = await admin();
    const target = await person("Tom", "Target");
    const acting = await startedBy(token, target.id);
    expect((await info(acting)).status).toBe(200);
    await db.userPermission.delete({
      where: { userId_permissionId: { userId: ada.id, permissionId: permissionId("restricted") } },
    });
    expect(await info(acting)).toMatchObject({ status: 401, body: SIGN_IN_REQUIRED });
    expect(await stop(acting)).toMatchObject({ status: 401, body: SIGN_IN_REQUIRED });
  });

  it("ends when the administrator is deactivated, or their sessions are revoked", async () => {
    const { user: ada, token } = await admin();
    const target = await person("Tom", "Target");
    const acting = await startedBy(token, target.id);
    await db.user.update({ where: { id: ada.id }, data: { active: false } });
    expect(await info(acting)).toMatchObject({ status: 401, body: SIGN_IN_REQUIRED });
    await db.user.update({
      where: { id: ada.id },
      data: { active: true, tokensValidAfter: new Date(Date.now() + 5_000) },
    });
    expect(await info(acting)).toMatchObject({ status: 401, body: SIGN_IN_REQUIRED });
  });

  it("ends when the target is deactivated", async () => {
    const { token } = await admin();
    const target = await person("Tom", "Target");
    const acting = await startedBy(token, target.id);
    await db.user.update({ where: { id: target.id }, data: { active: false } });
    expect(await info(acting)).toMatchObject({ status: 401, body: SIGN_IN_REQUIRED });
  });

  it("ends when the administrator's account is deleted", async () => {
    const { user: ada, token } = await admin();
    const target = await person("Tom", "Target");
    const acting = await startedBy(token, target.id);
    await db.userPermission.deleteMany({ where: { userId: ada.id } });
    await db.user.delete({ where: { id: ada.id } });
    expect(await info(acting)).toMatchObject({ status: 401, body: SIGN_IN_REQUIRED });
    // The audit rows stay, with the administrator's id cleared (onDelete: SetNull).
    expect(await db.auditLog.findMany({ where: { entityId: target.id } })).toMatchObject([
      { action: "impersonation-start", userId: null, impersonatorId: null },
    ]);
  });
});

describe("POST /users/impersonate/stop", () => {
  it("gives the administrator their own session back, sets the cookie, and audits with both identities", async () => {
    const { user: ada, token } = await admin("Ada", "Admin");
    const target = await person("Tom", "Target");
    const acting = await startedBy(token, target.id);

    const { status, body, response } = await stop(acting);
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(["token"]);
    const own = body.token as string;
    const claims = jwt.decode(own, { json: true })!;
    expect(claims).toMatchObject({ sub: String(ada.id), permissions: permissionIdsNamed(["restricted"]) });
    expect(claims).not.toHaveProperty("act");
    expect(response.headers.getSetCookie()[0]).toMatch(/^fleetops_session=[^;]+; Max-Age=3600;/);
    expect(await info(own)).toMatchObject({
      status: 200,
      body: { UserID: ada.id, Impersonating: false, ImpersonatorName: null },
    });
    expect(await call("GET", "/transport", own)).toMatchObject({ status: 200 });

    const rows = await db.auditLog.findMany({ where: { entityId: target.id }, orderBy: { id: "asc" } });
    expect(rows).toMatchObject([
      { action: "impersonation-start", userId: ada.id, impersonatorId: null },
      {
        entityType: "User",
        action: "impersonation-stop",
        changedData: { Impersonation: "Impersonation: Ada Admin as Tom Target!Impersonation: none" },
        userId: target.id,
        impersonatorId: ada.id,
      },
    ]);
  });

  it("answers 409 to a session that is not impersonating, and 401 without a session", async () => {
    const { token } = await admin();
    const plain = await person("Pat", "Plain");
    const plainToken = signSessionToken(config, { userId: plain.id, permissions: [] });
    for (const own of [token, plainToken]) {
      expect(await stop(own)).toMatchObject({ status: 409, body: { error: "You are not acting as another user." } });
    }
    expect(await call("POST", "/users/impersonate/stop")).toMatchObject({ status: 401, body: SIGN_IN_REQUIRED });
  });

  it("refuses a cross-site request", async () => {
    const { token } = await admin();
    const target = await person("Tom", "Target");
    const response = await fetch(`${url}/users/impersonate/${target.id}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, Origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
  });
});
