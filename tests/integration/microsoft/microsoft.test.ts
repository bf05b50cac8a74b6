// Microsoft sign-in end to end against a real local OpenID provider (tests/support/oidc-provider.ts):
// the browser flow through a real server (production build) driven with fetch and a cookie jar, and
// signInWithMicrosoftTokens with ID tokens minted by the provider's code flow or signed by hand.
import { generateKeyPairSync, randomUUID } from "node:crypto";
import jwt from "jsonwebtoken";
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  forgetMicrosoftIssuers,
  safeRedirectPath,
  signInWithMicrosoftTokens,
} from "~/modules/identity/microsoft.server.ts";
import { verifySessionToken } from "~/modules/identity/session-token.server.ts";
import type { Config } from "~/modules/platform/config.server.ts";
import { createTestPrisma } from "../../support/database.ts";
import { listenOidcProvider, signTestIdToken, type TestOidcProvider } from "../../support/oidc-provider.ts";
import { unique } from "../../support/factories/unique.ts";
import { createUser } from "../../support/factories/users.ts";
import { startTestServer, type RunningServer } from "../../support/test-server.ts";
import { permissionIdsNamed } from "~/rules/access/permissions.ts";

const CLIENT_ID = "fleet-ops-test";
const CLIENT_SECRET = "s".repeat(40);
const NOT_FOUND = "Microsoft account not found.";

const db = createTestPrisma();
let idp: TestOidcProvider;
let server: RunningServer;
let config: Config;
let redirectUri: string;

function start(environment: Record<string, string>): Promise<RunningServer> {
  return startTestServer({ JWT_SECRET: "m".repeat(32), SEED_DEMO_DATA: "false", ...environment });
}

beforeAll(async () => {
  idp = await listenOidcProvider();
  server = await start({
    MICROSOFT_ISSUER: idp.issuer,
    MICROSOFT_CLIENT_ID: CLIENT_ID,
    MICROSOFT_CLIENT_SECRET: CLIENT_SECRET,
  });
  config = server.services.config;
  redirectUri = `${server.url}/auth/microsoft/callback`;
  await idp.configure({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUris: [redirectUri] });
});

afterAll(async () => {
  await server?.close();
  await idp?.close();
  forgetMicrosoftIssuers();
});

// ---------------------------------------------------------------------------------------------
// A cookie jar good enough for two origins on 127.0.0.1 (cookies kept per origin, paths honoured).

class CookieJar {
  private cookies = new Map<string, { value: string; path: string }>();

  store(url: string, response: Response) {
    const { origin } = new URL(url);
    for (const header of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = header.split(/;\s*/);
      const at = pair.indexOf("=");
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      const path = attributes.find((a) => /^path=/i.test(a))?.slice(5) || "/";
      const removed = attributes.some((a) => /^max-age=0$/i.test(a) || /^expires=thu, 01 jan 1970/i.test(a));
      const key = `${origin} ${path} ${name}`;
      if (removed || value === "") this.cookies.delete(key);
      else this.cookies.set(key, { value, path });
    }
  }

  header(url: string): string {
    const { origin, pathname } = new URL(url);
    return [...this.cookies]
      .filter(
        ([key, { path }]) =>
          key.startsWith(`${origin} `) &&
          (pathname === path || pathname.startsWith(path.endsWith("/") ? path : `${path}/`)),
      )
      .map(([key, { value }]) => `${key.split(" ")[2]}=${value}`)
      .join("; ");
  }

  get(url: string, name: string): string | undefined {
    const { origin } = new URL(url);
    return [...this.cookies].find(([key]) => key.startsWith(`${origin} `) && key.endsWith(` ${name}`))?.[1].value;
  }
}

async function get(url: string, jar: CookieJar): Promise<Response> {
  const response = await fetch(url, { redirect: "manual", headers: { cookie: jar.header(url) } });
  jar.store(url, response);
  return response;
}

/**
 * Follows redirects from `url` until one leaves the provider for the app's callback, and returns that
 * callback's response (not followed further) with the jar.
 */
async function signInThroughBrowser(accountId: string, path = "/auth/microsoft", jar = new CookieJar()) {
  idp.loginAs(accountId);
  let url = `${server.url}${path}`;
  for (let hop = 0; hop < 12; hop += 1) {
    const response = await get(url, jar);
    const location = response.headers.get("location");
    if (response.status < 300 || response.status >= 400 || !location) {
      throw new Error(`${url} answered ${response.status} without a redirect: ${await response.text()}`);
    }
    const next = new URL(location, url).href;
    if (next.startsWith(redirectUri)) {
      const callback = await get(next, jar);
      return { callback, jar, location: callback.headers.get("location") ?? "" };
    }
    url = next;
  }
  throw new Error("too many redirects");
}

function addAccount(claims: { oid?: string; email?: string; preferred_username?: string }): string {
  const sub = `sub-${randomUUID()}`;
  idp.accounts.set(sub, { sub, ...claims });
  return sub;
}

/** An ID token from the provider's own code flow with PKCE, as a Microsoft client library gets one. */
async function mintIdToken(accountId: string): Promise<{ idToken: string; accessToken: string }> {
  idp.loginAs(accountId);
  const client = await oidc.discovery(new URL(idp.issuer), CLIENT_ID, CLIENT_SECRET, undefined, {
    execute: [oidc.allowInsecureRequests],
  });
  const verifier = oidc.randomPKCECodeVerifier();
  const nonce = oidc.randomNonce();
  const state = oidc.randomState();
  let url = oidc.buildAuthorizationUrl(client, {
    redirect_uri: redirectUri,
    scope: "openid email profile",
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    nonce,
    state,
  }).href;
  const jar = new CookieJar();
  for (let hop = 0; hop < 12 && !url.startsWith(redirectUri); hop += 1) {
    const response = await get(url, jar);
    url = new URL(response.headers.get("location") ?? "", url).href;
  }
  const tokens = await oidc.authorizationCodeGrant(client, new URL(url), {
    pkceCodeVerifier: verifier,
    expectedNonce: nonce,
    expectedState: state,
  });
  return { idToken: tokens.id_token!, accessToken: tokens.access_token };
}

function sessionTokenOf(response: Response): string | undefined {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("fleetops_session="));
  return cookie ? decodeURIComponent(cookie.split(";")[0]!.slice("fleetops_session=".length)) : undefined;
}

function errorOf(location: string): string | null {
  return new URL(location, "http://app").searchParams.get("error");
}

// ---------------------------------------------------------------------------------------------

describe("GET /auth/microsoft → provider → /auth/microsoft/callback", () => {
  it("signs in a linked account: session cookie set, /users/info answers with it, lands on /home", async () => {
    const oid = randomUUID();
    const user = await createUser(db, { directPermissions: ["offboarding"] });
    await db.user.update({ where: { id: user.id }, data: { microsoftAccountId: oid } });
    const account = addAccount({ oid, email: `someone-else-${unique("x")}@example.test` });

    // The start: a redirect to the provider with PKCE, state and nonce, and the signed state cookie.
    const jar = new CookieJar();
    const startResponse = await fetch(`${server.url}/auth/microsoft`, { redirect: "manual" });
    expect(startResponse.status).toBe(302);
    const authorize = new URL(startResponse.headers.get("location")!);
    expect(authorize.origin).toBe(idp.issuer);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      client_id: CLIENT_ID,
      response_type: "code",
      redirect_uri: redirectUri,
      code_challenge_method: "S256",
      scope: "openid profile email",
    });
    for (const name of ["code_challenge", "state", "nonce"]) expect(authorize.searchParams.get(name)).toBeTruthy();
    const stateCookie = startResponse.headers.getSetCookie().find((c) => c.startsWith("fleetops_microsoft_auth="));
    expect(stateCookie).toMatch(/Path=\/auth\/microsoft; HttpOnly; SameSite=Lax/);
    expect(stateCookie).toMatch(/Max-Age=600/);

    const { callback, location } = await signInThroughBrowser(account, "/auth/microsoft", jar);
    expect(callback.status).toBe(302);
    expect(location).toBe("/home");
    const token = sessionTokenOf(callback);
    expect(token).toBeTruthy();
    expect(verifySessionToken(config, token!)).toMatchObject({
      status: "valid",
      userId: user.id,
      permissions: permissionIdsNamed(["offboarding"]),
    });
    // The state cookie is single-use: cleared on the callback.
    expect(jar.get(server.url, "fleetops_microsoft_auth")).toBeUndefined();

    const info = await fetch(`${server.url}/users/info`, { headers: { cookie: `fleetops_session=${token}` } });
    expect(info.status).toBe(200);
    expect(await info.json()).toMatchObject({ UserID: user.id, Email: user.email });
    expect(idp.errors).toEqual([]);
  });

  it("returns to a safe redirectTo, and to /home for an unsafe one", async () => {
    const user = await createUser(db);
    const account = addAccount({ email: user.email });
    const safe = await signInThroughBrowser(
      account,
      `/auth/microsoft?redirectTo=${encodeURIComponent("/orders/7?tab=notes")}`,
    );
    expect(safe.location).toBe("/orders/7?tab=notes");
    for (const unsafe of ["//evil.example/x", "https://evil.example/", "/\\evil.example"]) {
      const result = await signInThroughBrowser(account, `/auth/microsoft?redirectTo=${encodeURIComponent(unsafe)}`);
      expect(result.location, unsafe).toBe("/home");
    }
  });

  it("matches by e-mail (any case) when no account is linked, and stores the oid", async () => {
    const user = await createUser(db);
    const oid = randomUUID();
    const account = addAccount({ oid, email: user.email.toUpperCase() });
    const { callback, location } = await signInThroughBrowser(account);
    expect(location).toBe("/home");
    expect(verifySessionToken(config, sessionTokenOf(callback)!)).toMatchObject({ userId: user.id });
    expect(await db.user.findUnique({ where: { id: user.id } })).toMatchObject({ microsoftAccountId: oid });
  });

  it("falls back to preferred_username, and to sub when there is no oid", async () => {
    const user = await createUser(db);
    const account = addAccount({ preferred_username: user.email });
    const { location } = await signInThroughBrowser(account);
    expect(location).toBe("/home");
    expect(await db.user.findUnique({ where: { id: user.id } })).toMatchObject({ microsoftAccountId: account });
  });

  it("sends an unknown account to /employee-login with 'Microsoft account not found.', without a session", async () => {
    const account = addAccount({ oid: randomUUID(), email: `${unique("nobody")}@fleetops.test` });
    const { callback, location } = await signInThroughBrowser(account);
    expect(callback.status).toBe(302);
    expect(new URL(location, "http://app").pathname).toBe("/employee-login");
    expect(errorOf(location)).toBe(NOT_FOUND);
    expect(sessionTokenOf(callback)).toBeUndefined();
  });

  it("refuses inactive users and e-mail matches already linked to another Microsoft account", async () => {
    const inactive = await createUser(db, { active: false });
    const linked = await createUser(db);
    await db.user.update({ where: { id: linked.id }, data: { microsoftAccountId: randomUUID() } });
    for (const email of [inactive.email, linked.email]) {
      const { callback, location } = await signInThroughBrowser(addAccount({ oid: randomUUID(), email }));
      expect(errorOf(location), email).toBe(NOT_FOUND);
      expect(sessionTokenOf(callback)).toBeUndefined();
    }
  });

  it("refuses a callback without the flow's state cookie, or with a forged one", async () => {
    for (const cookie of ["", "fleetops_microsoft_auth=eyJ4IjoxfQ.AAAA"]) {
      const response = await fetch(`${redirectUri}?code=abc&state=xyz`, { redirect: "manual", headers: { cookie } });
      expect(response.status).toBe(302);
      expect(errorOf(response.headers.get("location")!)).toBe("Microsoft sign-in failed. Please try again.");
      expect(sessionTokenOf(response)).toBeUndefined();
    }
  });
});

describe("signInWithMicrosoftTokens (POST /users/login with { accessToken, idToken })", () => {
  const now = () => Math.floor(Date.now() / 1000);

  it("signs in with an ID token from the provider's code flow", async () => {
    const user = await createUser(db, { directPermissions: ["onboarding"] });
    const oid = randomUUID();
    const tokens = await mintIdToken(addAccount({ oid, email: user.email }));
    const result = await signInWithMicrosoftTokens(db, config, tokens);
    expect(result).toMatchObject({
      ok: true,
      user: { id: user.id, email: user.email },
      permissions: permissionIdsNamed(["onboarding"]),
    });
    if (!result.ok) throw new Error("refused");
    expect(verifySessionToken(config, result.token)).toMatchObject({ status: "valid", userId: user.id });
    expect(await db.user.findUnique({ where: { id: user.id } })).toMatchObject({ microsoftAccountId: oid });
    // Linked now: the next sign-in matches by oid even under another e-mail.
    const again = await signInWithMicrosoftTokens(
      db,
      config,
      await mintIdToken(addAccount({ oid, email: "x@y.test" })),
    );
    expect(again).toMatchObject({ ok: true, user: { id: user.id } });
  });

  it("answers 401 'Microsoft account not found.' for an unknown account", async () => {
    const tokens = await mintIdToken(addAccount({ oid: randomUUID(), email: `${unique("ghost")}@fleetops.test` }));
    expect(await signInWithMicrosoftTokens(db, config, tokens)).toMatchObject({
      ok: false,
      error: { status: 401, message: NOT_FOUND },
      reason: "unknown-account",
    });
  });

  it("refuses forged and tampered tokens, and tokens for another audience or issuer, or expired", async () => {
    const user = await createUser(db);
    const { idToken } = await mintIdToken(addAccount({ oid: randomUUID(), email: user.email }));
    const [header, payload, signature] = idToken.split(".") as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as Record<string, unknown>;
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const otherKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
    const base = { sub: "forged", email: user.email, iss: idp.issuer, aud: CLIENT_ID, iat: now(), exp: now() + 600 };

    const refused: Record<string, string> = {
      "tampered payload": `${header}.${b64({ ...claims, email: "someone@else.test" })}.${signature}`,
      "tampered signature": `${header}.${payload}.${signature.slice(0, -4)}AAAA`,
      "alg none": `${b64({ alg: "none", typ: "JWT" })}.${payload}.`,
      "HS256 with the client secret": jwt.sign(base, CLIENT_SECRET, { algorithm: "HS256", noTimestamp: true }),
      "another key, same kid": signTestIdToken(idp, base, { key: otherKey }),
      "unknown kid": signTestIdToken(idp, base, { kid: "nope" }),
      "another audience": signTestIdToken(idp, { ...base, aud: "another-client" }),
      "another issuer": signTestIdToken(idp, { ...base, iss: "https://login.example.test/v2.0" }),
      expired: signTestIdToken(idp, { ...base, iat: now() - 7200, exp: now() - 3600 }),
      garbage: "not.a.token",
    };
    for (const [name, token] of Object.entries(refused)) {
      const result = await signInWithMicrosoftTokens(db, config, { accessToken: "x", idToken: token });
      expect(result, name).toMatchObject({
        ok: false,
        error: { status: 401, message: NOT_FOUND },
        reason: "invalid-token",
      });
    }
    // The same claims, signed with the issuer's key for this audience: accepted (the checks above are the cause).
    expect(await signInWithMicrosoftTokens(db, config, { idToken: signTestIdToken(idp, base) })).toMatchObject({
      ok: true,
      user: { id: user.id },
    });
  });

  it("answers 400 for a body without an idToken, and when Microsoft sign-in is not configured", async () => {
    for (const input of [undefined, {}, { idToken: "" }, { idToken: 5 }]) {
      expect(await signInWithMicrosoftTokens(db, config, input)).toMatchObject({
        ok: false,
        error: { status: 400, message: "Must include valid credentials" },
      });
    }
    const unconfigured = {
      ...config,
      MICROSOFT_ISSUER: undefined,
      MICROSOFT_CLIENT_ID: undefined,
      MICROSOFT_CLIENT_SECRET: undefined,
    };
    expect(await signInWithMicrosoftTokens(db, unconfigured, { idToken: "a.b.c" })).toMatchObject({
      ok: false,
      error: { status: 400, message: "Microsoft sign-in is not configured." },
    });
  });

  it("POST /users/login with { accessToken, idToken } answers { token } and sets the session cookie", async () => {
    const user = await createUser(db, { directPermissions: ["transport"] });
    const tokens = await mintIdToken(addAccount({ oid: randomUUID(), email: user.email }));
    const response = await fetch(`${server.url}/users/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(tokens),
    });
    expect(response.status).toBe(200);
    const { token } = (await response.json()) as { token: string };
    expect(verifySessionToken(config, token)).toMatchObject({
      status: "valid",
      userId: user.id,
      permissions: permissionIdsNamed(["transport"]),
    });
    expect(sessionTokenOf(response)).toBe(token);

    const unknown = await fetch(`${server.url}/users/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(
        await mintIdToken(addAccount({ oid: randomUUID(), email: `${unique("nobody")}@fleetops.test` })),
      ),
    });
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual({ error: NOT_FOUND });
  });
});

describe("without Microsoft configuration", () => {
  it("answers 404 on /auth/microsoft and its callback", async () => {
    const plain = await start({});
    try {
      for (const path of ["/auth/microsoft", "/auth/microsoft/callback?code=a&state=b"]) {
        const response = await fetch(`${plain.url}${path}`, { redirect: "manual" });
        expect(response.status, path).toBe(404);
        expect(response.headers.getSetCookie().join()).not.toContain("fleetops_microsoft_auth");
      }
    } finally {
      await plain.close();
    }
  });
});

describe("safeRedirectPath", () => {
  it("keeps paths of this app and replaces anything else with /home", () => {
    expect(safeRedirectPath("/orders/1?a=b#c")).toBe("/orders/1?a=b#c");
    for (const value of [undefined, "", "home", "//evil.test", "/\\evil.test", "https://evil.test", "/a\nb", 5]) {
      expect(safeRedirectPath(value), String(value)).toBe("/home");
    }
  });
});
