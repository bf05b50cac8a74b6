// The identity endpoints through a real server (the production build): POST /users/login with its
// cookie, errors and rate limits, GET /users/info by bearer token and by cookie, POST /users/logout.
import jwt from "jsonwebtoken";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signSessionToken, verifySessionToken } from "~/modules/identity/session-token.server.ts";
import type { Config } from "~/modules/platform/config.server.ts";
import { createTestPrisma } from "../../support/database.ts";
import { unique } from "../../support/factories/unique.ts";
import { createUser, ensurePermissions, PASSWORD } from "../../support/factories/users.ts";
import { startTestServer, type RunningServer } from "../../support/test-server.ts";
import { permissionId, permissionIdsNamed } from "~/rules/access/permissions.ts";

const GENERIC = { error: "E-mail or password is incorrect." };
const INVALID = { error: "Must include valid credentials" };
const SIGN_IN_REQUIRED = { error: "Sign in required." };
const EXPIRED = { error: "Token has expired, please login again" };

const db = createTestPrisma();
let server: RunningServer;
let config: Config;

function start(environment: Record<string, string>): Promise<RunningServer> {
  return startTestServer({ JWT_SECRET: "h".repeat(32), TRUST_PROXY_HOPS: "1", ...environment });
}

beforeAll(async () => {
  server = await start({ NODE_ENV: "test" });
  config = server.services.config;
});

afterAll(async () => {
  await server?.close();
});

let addresses = 0;
/** A client address no other request of this file uses. */
function freshAddress(): string {
  addresses += 1;
  return `10.20.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
}

async function login(body: unknown, options: { address?: string; raw?: string; target?: RunningServer } = {}) {
  const response = await fetch(`${(options.target ?? server).url}/users/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": options.address ?? freshAddress() },
    body: options.raw ?? JSON.stringify(body),
  });
  return { response, status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function info(headers: Record<string, string>) {
  const response = await fetch(`${server.url}/users/info`, { headers });
  return { response, status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

describe("POST /users/login", () => {
  it("answers 200 { token } for good credentials, and sets the session cookie", async () => {
    const user = await createUser(db, {
      departmentPermissions: ["onboarding", "on-off-rents"],
      directPermissions: ["onboarding-approve"],
    });
    const { response, status, body } = await login({ email: user.email, password: PASSWORD });
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(["token"]);
    const token = body.token as string;
    expect(verifySessionToken(config, token)).toMatchObject({
      status: "valid",
      userId: user.id,
      permissions: permissionIdsNamed(["on-off-rents", "onboarding", "onboarding-approve"]),
    });
    const payload = jwt.decode(token, { json: true })!;
    expect(payload.exp! - payload.iat!).toBe(3600);
    expect(response.headers.get("cache-control")).toBe("no-store");

    const cookies = response.headers.getSetCookie();
    expect(cookies).toHaveLength(1);
    const [pair, ...attributes] = cookies[0]!.split(/;\s*/);
    expect(pair).toBe(`fleetops_session=${token}`);
    expect(attributes).toEqual(expect.arrayContaining(["Max-Age=3600", "Path=/", "HttpOnly", "SameSite=Lax"]));
    expect(attributes).not.toContain("Secure");
  });

  it("matches the e-mail address whatever its case", async () => {
    const user = await createUser(db);
    const { status } = await login({ email: `  ${user.email.toUpperCase()}`, password: PASSWORD });
    expect(status).toBe(200);
  });

  it("answers one generic 401 for a wrong password, an unknown e-mail and an inactive user", async () => {
    const user = await createUser(db);
    const inactive = await createUser(db, { active: false });
    for (const body of [
      { email: user.email, password: "wrong password" },
      { email: `${unique("ghost")}@fleetops.test`, password: PASSWORD },
      { email: inactive.email, password: PASSWORD },
    ]) {
      const result = await login(body);
      expect({ status: result.status, body: result.body }, body.email).toEqual({ status: 401, body: GENERIC });
      expect(result.response.headers.getSetCookie()).toEqual([]);
    }
  });

  it("answers 400 'Must include valid credentials' for input that breaks the login rule", async () => {
    for (const body of [
      {},
      { email: "not-an-email", password: PASSWORD },
      { email: "someone@fleetops.test", password: "  " },
      { email: "someone@fleetops.test" },
      [],
    ]) {
      const result = await login(body);
      const answer = { status: result.status, body: result.body };
      expect(answer, JSON.stringify(body)).toEqual({ status: 400, body: INVALID });
    }
  });

  it("answers 400 for a body that is not JSON", async () => {
    for (const raw of ['{"email": "a@b.c", "password": ', "email=a@b.c&password=x", '"text"']) {
      const result = await login(undefined, { raw });
      expect({ status: result.status, body: result.body }, raw).toEqual({
        status: 400,
        body: { error: "Request body is not valid JSON." },
      });
    }
  });

  it("answers 400 'Must include valid credentials' for a body that is not declared JSON", async () => {
    const response = await fetch(`${server.url}/users/login`, {
      method: "POST",
      headers: { "Content-Type": "text/plain", "X-Forwarded-For": freshAddress() },
      body: JSON.stringify({ email: "someone@fleetops.test", password: PASSWORD }),
    });
    expect({ status: response.status, body: await response.json() }).toEqual({ status: 400, body: INVALID });
  });

  it("says honestly that Microsoft sign-in is not configured", async () => {
    const result = await login({ accessToken: "access", idToken: "header.payload.signature" });
    expect({ status: result.status, body: result.body }).toEqual({
      status: 400,
      body: { error: "Microsoft sign-in is not configured." },
    });
  });
});

describe("GET /users/info", () => {
  it("answers the user and their permissions for a bearer token", async () => {
    const user = await createUser(db, {
      departmentPermissions: ["offboarding"],
      directPermissions: ["onboarding"],
      theme: "DARK",
    });
    const { body: signedIn } = await login({ email: user.email, password: PASSWORD });
    const result = await info(bearer(signedIn.token as string));
    expect({ status: result.status, body: result.body }).toEqual({
      status: 200,
      body: {
        UserID: user.id,
        FirstName: "Dana",
        LastName: "Driver",
        UserTheme: "Dark",
        Email: user.email,
        Permissions: permissionIdsNamed(["onboarding", "offboarding"]),
        Impersonating: false,
        ImpersonatorName: null,
      },
    });
    expect(result.response.headers.get("cache-control")).toBe("no-store");
  });

  it("accepts the session cookie among other cookies", async () => {
    const user = await createUser(db);
    const { response } = await login({ email: user.email, password: PASSWORD });
    const sessionCookie = response.headers.getSetCookie()[0]!.split(";")[0]!;
    const result = await info({ Cookie: `theme=dark; ${sessionCookie}; other=1` });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ UserID: user.id, UserTheme: "Light", Permissions: [] });
  });

  it("recomputes permissions from the database on every request", async () => {
    const user = await createUser(db, { departmentPermissions: ["transport"] });
    const { body } = await login({ email: user.email, password: PASSWORD });
    const token = body.token as string;
    expect((await info(bearer(token))).body.Permissions).toEqual(permissionIdsNamed(["transport"]));
    await ensurePermissions(db, ["transport-edit"]);
    await db.userPermission.create({ data: { userId: user.id, permissionId: permissionId("transport-edit") } });
    await db.departmentPermission.deleteMany({ where: { departmentId: user.departmentId! } });
    expect((await info(bearer(token))).body.Permissions).toEqual(permissionIdsNamed(["transport-edit"]));
  });

  it("answers 401 'Sign in required.' without a token", async () => {
    const attempts: Record<string, string>[] = [
      {},
      { Authorization: "Bearer" },
      { Authorization: "Basic abc" },
      { Cookie: "a=b" },
    ];
    for (const headers of attempts) {
      const result = await info(headers);
      expect({ status: result.status, body: result.body }, JSON.stringify(headers)).toEqual({
        status: 401,
        body: SIGN_IN_REQUIRED,
      });
    }
  });

  it("answers 401 with the expiry message for an expired token", async () => {
    const user = await createUser(db);
    const token = signSessionToken(config, { userId: user.id, permissions: [] }, new Date(Date.now() - 3601_000));
    const result = await info(bearer(token));
    expect({ status: result.status, body: result.body }).toEqual({ status: 401, body: EXPIRED });
    expect(result.response.headers.get("www-authenticate")).toContain('error="invalid_token"');
  });

  it("answers 401 for a token signed with another secret or with alg none", async () => {
    const user = await createUser(db, { directPermissions: ["restricted"] });
    const foreign = signSessionToken(
      { ...config, JWT_SECRET: "z".repeat(32) },
      { userId: user.id, permissions: permissionIdsNamed(["restricted"]) },
    );
    const now = Math.floor(Date.now() / 1000);
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const unsigned = `${part({ alg: "none", typ: "JWT" })}.${part({
      sub: String(user.id),
      permissions: permissionIdsNamed(["restricted"]),
      iat: now,
      exp: now + 600,
      iss: "fleet-ops",
      aud: "fleet-ops-web",
    })}.`;
    for (const token of [foreign, unsigned, "not-a-token"]) {
      const result = await info(bearer(token));
      expect({ status: result.status, body: result.body }).toEqual({ status: 401, body: SIGN_IN_REQUIRED });
    }
  });

  it("answers 401 for a token issued before tokensValidAfter (a password change)", async () => {
    const user = await createUser(db);
    const { body } = await login({ email: user.email, password: PASSWORD });
    const token = body.token as string;
    expect((await info(bearer(token))).status).toBe(200);
    const issuedAt = jwt.decode(token, { json: true })!.iat!;
    await db.user.update({ where: { id: user.id }, data: { tokensValidAfter: new Date((issuedAt + 1) * 1000) } });
    const result = await info(bearer(token));
    expect({ status: result.status, body: result.body }).toEqual({ status: 401, body: SIGN_IN_REQUIRED });
  });

  it("answers 401 once the user is deactivated", async () => {
    const user = await createUser(db);
    const { body } = await login({ email: user.email, password: PASSWORD });
    await db.user.update({ where: { id: user.id }, data: { active: false } });
    const result = await info(bearer(body.token as string));
    expect({ status: result.status, body: result.body }).toEqual({ status: 401, body: SIGN_IN_REQUIRED });
  });
});

describe("POST /users/logout", () => {
  it("answers 204 and clears the session cookie", async () => {
    const response = await fetch(`${server.url}/users/logout`, { method: "POST" });
    expect(response.status).toBe(204);
    const [cookie] = response.headers.getSetCookie();
    expect(cookie).toMatch(/^fleetops_session=;/);
    expect(cookie).toMatch(/Expires=Thu, 01 Jan 1970 00:00:00 GMT/);
    expect(cookie).toContain("Path=/");
  });

  it("revokes the signed-out token, bearer or cookie, and no other session of the user (ADR 039)", async () => {
    const user = await createUser(db);
    const tokens = [];
    for (let i = 0; i < 3; i += 1) {
      tokens.push((await login({ email: user.email, password: PASSWORD })).body.token as string);
    }
    const [byBearer, byCookie, staying] = tokens as [string, string, string];
    const origin = { Origin: server.url };
    expect(
      (await fetch(`${server.url}/users/logout`, { method: "POST", headers: { ...origin, ...bearer(byBearer) } }))
        .status,
    ).toBe(204);
    const cookie = { Cookie: `fleetops_session=${encodeURIComponent(byCookie)}` };
    expect(
      (await fetch(`${server.url}/users/logout`, { method: "POST", headers: { ...origin, ...cookie } })).status,
    ).toBe(204);
    for (const token of [byBearer, byCookie]) {
      const result = await info(bearer(token));
      expect({ status: result.status, body: result.body }).toEqual({ status: 401, body: SIGN_IN_REQUIRED });
    }
    expect((await info(bearer(staying))).status).toBe(200);
  });
});

describe("in production", () => {
  let production: RunningServer;
  beforeAll(async () => {
    production = await start({ NODE_ENV: "production", APP_URL: "https://fleet.example.test" });
  });
  afterAll(async () => {
    await production?.close();
  });

  it("marks the session cookie Secure", async () => {
    const user = await createUser(db);
    const { status, response } = await login({ email: user.email, password: PASSWORD }, { target: production });
    expect(status).toBe(200);
    expect(response.headers.getSetCookie()[0]!.split(/;\s*/)).toContain("Secure");
  });
});
