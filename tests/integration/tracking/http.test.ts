// Tracking, feedback and settings endpoints through a real server (the production build):
// POST /api/track, POST /feedback (JSON and the no-JavaScript form post), GET
// /api/variables/get-variables and GET /getDataSource; rows are checked in the database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "~/modules/identity/session-cookie.server.ts";
import { signSessionToken } from "~/modules/identity/session-token.server.ts";
import { FEEDBACK_REQUIRED_MESSAGE } from "~/rules/feedback.ts";
import { createTestPrisma } from "../../support/database.ts";
import { unique } from "../../support/factories/unique.ts";
import { createUser } from "../../support/factories/users.ts";
import { startTestServer, type RunningServer } from "../../support/test-server.ts";

const SIGN_IN_REQUIRED = { error: "Sign in required." };
const EXPIRED = { error: "Token has expired, please login again" };

const db = createTestPrisma();
let server: RunningServer;
let userId: number;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ JWT_SECRET: "t".repeat(32), DATA_SOURCE: "test" });
  const user = await createUser(db);
  userId = user.id;
  token = signSessionToken(server.services.config, { userId, permissions: [] });
});

afterAll(async () => {
  await server?.close();
});

const bearer = (value = token) => ({ Authorization: `Bearer ${value}` });
const cookie = (value = token) => ({ Cookie: `${SESSION_COOKIE}=${value}` });

function expiredToken(): string {
  return signSessionToken(server.services.config, { userId, permissions: [] }, new Date(Date.now() - 3601_000));
}

async function call(
  method: string,
  path: string,
  init: { headers?: Record<string, string>; json?: unknown; form?: Record<string, string>; raw?: string } = {},
) {
  const headers: Record<string, string> = { ...init.headers };
  let body: string | undefined;
  if (init.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(init.json);
  } else if (init.form) {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(init.form).toString();
  } else if (init.raw !== undefined) {
    headers["Content-Type"] = "application/json";
    body = init.raw;
  }
  const response = await fetch(`${server.url}${path}`, { method, headers, body, redirect: "manual" });
  const text = await response.text();
  let parsed: unknown = text;
  if (response.headers.get("content-type")?.includes("application/json")) parsed = JSON.parse(text);
  return { response, status: response.status, body: parsed };
}

describe("POST /api/track", () => {
  it("records the page, the time and the user → 204 (ISO timestamp)", async () => {
    const page = `/${unique("transport")}`;
    const { status, body } = await call("POST", "/api/track", {
      headers: bearer(),
      json: { Page: page, Timestamp: "2026-03-04T05:06:07.089Z" },
    });
    expect(status).toBe(204);
    expect(body).toBe("");
    const rows = await db.pageVisit.findMany({ where: { page } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId, page, visitedAt: new Date("2026-03-04T05:06:07.089Z") });
  });

  it("accepts epoch milliseconds, as a number or digits, and the session cookie", async () => {
    const page = `/${unique("home")}?tab=1`;
    const at = Date.UTC(2026, 0, 2, 3, 4, 5, 6);
    expect((await call("POST", "/api/track", { headers: bearer(), json: { Page: page, Timestamp: at } })).status).toBe(
      204,
    );
    expect(
      (await call("POST", "/api/track", { headers: cookie(), json: { Page: page, Timestamp: String(at) } })).status,
    ).toBe(204);
    const rows = await db.pageVisit.findMany({ where: { page } });
    expect(rows.map((row) => row.visitedAt.getTime())).toEqual([at, at]);
    expect(rows.every((row) => row.userId === userId)).toBe(true);
  });

  it.each([
    [{ Page: "home", Timestamp: 0 }, /Page must be a path/],
    [{ Page: `/${"x".repeat(200)}`, Timestamp: 0 }, /Page must be a path/],
    [{ Timestamp: 0 }, /Page must be a path/],
    [{ Page: "/home", Timestamp: "yesterday" }, /Timestamp must be/],
    [{ Page: "/home", Timestamp: "2026-13-45T00:00:00Z" }, /Timestamp must be/],
    [{ Page: "/home" }, /Timestamp must be/],
    [{ Page: "/home", Timestamp: true }, /Timestamp must be/],
    [["/home"], /./],
  ])("answers 400 with a message for %j, and stores nothing", async (payload, message) => {
    const before = await db.pageVisit.count();
    const { status, body } = await call("POST", "/api/track", { headers: bearer(), json: payload });
    expect(status).toBe(400);
    expect((body as { error: string }).error).toMatch(message);
    expect(await db.pageVisit.count()).toBe(before);
  });

  it("answers 400 for a body that is not JSON", async () => {
    const { status, body } = await call("POST", "/api/track", { headers: bearer(), raw: "{nope" });
    expect(status).toBe(400);
    expect(body).toEqual({ error: "Request body is not valid JSON." });
  });

  it("answers 401 without a session, or with an expired one, and stores nothing", async () => {
    const before = await db.pageVisit.count();
    const payload = { Page: "/home", Timestamp: Date.now() };
    expect(await call("POST", "/api/track", { json: payload })).toMatchObject({ status: 401, body: SIGN_IN_REQUIRED });
    expect(await call("POST", "/api/track", { headers: bearer("not-a-token"), json: payload })).toMatchObject({
      status: 401,
      body: SIGN_IN_REQUIRED,
    });
    expect(await call("POST", "/api/track", { headers: bearer(expiredToken()), json: payload })).toMatchObject({
      status: 401,
      body: EXPIRED,
    });
    expect(await db.pageVisit.count()).toBe(before);
  });
});

describe("POST /feedback (JSON)", () => {
  it("stores {name, message, url} with the sender → 201 { ok: true }", async () => {
    const name = unique("Dana");
    const { status, body } = await call("POST", "/feedback", {
      headers: bearer(),
      json: { name: ` ${name} `, message: "The transport board is great", url: "/transport" },
    });
    expect(status).toBe(201);
    expect(body).toEqual({ ok: true });
    const rows = await db.feedback.findMany({ where: { name } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId, name, message: "The transport board is great", url: "/transport" });
  });

  it.each([
    { name: "", message: "Hi", url: "/home" },
    { name: "Dana", message: "   ", url: "/home" },
    { name: "Dana", url: "/home" },
    {},
    ["Dana", "Hi"],
  ])("answers 400 'All fields are required' for %j, and stores nothing", async (payload) => {
    const before = await db.feedback.count();
    const { status, body } = await call("POST", "/feedback", { headers: bearer(), json: payload });
    expect(status).toBe(400);
    expect(body).toEqual({ error: FEEDBACK_REQUIRED_MESSAGE });
    expect(await db.feedback.count()).toBe(before);
  });

  it("answers 401 without a session, and stores nothing", async () => {
    const before = await db.feedback.count();
    const payload = { name: "Dana", message: "Hi", url: "/home" };
    expect(await call("POST", "/feedback", { json: payload })).toMatchObject({ status: 401, body: SIGN_IN_REQUIRED });
    expect(await call("POST", "/feedback", { headers: bearer(expiredToken()), json: payload })).toMatchObject({
      status: 401,
      body: EXPIRED,
    });
    expect(await db.feedback.count()).toBe(before);
  });
});

describe("POST /feedback (form post without JavaScript)", () => {
  it("stores it and answers 303 back to the page with ?feedback=sent", async () => {
    const name = unique("Form");
    const { status, response } = await call("POST", "/feedback", {
      headers: cookie(),
      form: { name, message: "Sent without JavaScript", url: "/ar?tab=open" },
    });
    expect(status).toBe(303);
    expect(response.headers.get("location")).toBe("/ar?tab=open&feedback=sent");
    const rows = await db.feedback.findMany({ where: { name } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId, message: "Sent without JavaScript", url: "/ar?tab=open" });
  });

  it("answers 303 with ?feedback=error for blank fields, and stores nothing", async () => {
    const before = await db.feedback.count();
    const { status, response } = await call("POST", "/feedback", {
      headers: cookie(),
      form: { name: " ", message: "", url: "/home?feedback=sent" },
    });
    expect(status).toBe(303);
    expect(response.headers.get("location")).toBe("/home?feedback=error");
    expect(await db.feedback.count()).toBe(before);
  });

  it("only goes back to a same-origin path", async () => {
    for (const url of ["https://evil.example/", "//evil.example/x", "/\\evil.example"]) {
      const { status, response } = await call("POST", "/feedback", {
        headers: cookie(),
        form: { name: "Dana", message: "Hi", url },
      });
      expect(status).toBe(303);
      expect(response.headers.get("location")).toBe("/home?feedback=sent");
    }
  });

  it("sends a post without a session to the sign-in page, and stores nothing", async () => {
    const before = await db.feedback.count();
    const { status, response } = await call("POST", "/feedback", {
      form: { name: "Dana", message: "Hi", url: "/recon" },
    });
    expect(status).toBe(303);
    expect(response.headers.get("location")).toBe(
      `/employee-login?redirectTo=${encodeURIComponent("/recon?feedback=error")}`,
    );
    expect(await db.feedback.count()).toBe(before);
  });
});

describe("GET /api/variables/get-variables", () => {
  beforeAll(async () => {
    await db.softwareVariable.createMany({
      data: [
        { group: "Software", name: "Owners Stats Permissions", value: "1,7,12" },
        { group: "Software", name: "Employee Management Permissions", value: "3" },
        { group: "Other", name: "Elsewhere", value: "x" },
      ],
    });
  });

  it("answers the group's records {VariableName, VariableValue}", async () => {
    const { status, body, response } = await call("GET", "/api/variables/get-variables?Group=Software", {
      headers: bearer(),
    });
    expect(status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(body).toEqual([
      { VariableName: "Employee Management Permissions", VariableValue: "3" },
      { VariableName: "Owners Stats Permissions", VariableValue: "1,7,12" },
    ]);
  });

  it("answers [] for a group without variables", async () => {
    expect(await call("GET", "/api/variables/get-variables?Group=Nothing", { headers: bearer() })).toMatchObject({
      status: 200,
      body: [],
    });
  });

  it.each(["", "?Group=", "?Group=%20", "?Group=a;drop", `?Group=${"x".repeat(41)}`, "?Group=a&Group=b"])(
    "answers 400 for a missing or invalid Group (%s)",
    async (query) => {
      const { status, body } = await call("GET", `/api/variables/get-variables${query}`, { headers: bearer() });
      expect(status).toBe(400);
      expect((body as { error: string }).error).toMatch(/Group is required/);
    },
  );

  it("answers 401 without a session", async () => {
    expect(await call("GET", "/api/variables/get-variables?Group=Software")).toMatchObject({
      status: 401,
      body: SIGN_IN_REQUIRED,
    });
  });
});

describe("GET /getDataSource", () => {
  it("answers the configured data source as plain text", async () => {
    const { status, body, response } = await call("GET", "/getDataSource", { headers: bearer() });
    expect(status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(body).toBe("test");
  });

  it("answers 401 without a session", async () => {
    expect(await call("GET", "/getDataSource")).toMatchObject({ status: 401, body: SIGN_IN_REQUIRED });
  });
});
