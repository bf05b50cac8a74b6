// The route guard, the sign-in and logout actions and the modal host through a real server (the
// production build): what a browser without JavaScript gets for each kind of session.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "~/modules/identity/session-cookie.server.ts";
import { signSessionToken } from "~/modules/identity/session-token.server.ts";
import type { Config } from "~/modules/platform/config.server.ts";
import { createTestPrisma } from "../../support/database.ts";
import { createUser, PASSWORD } from "../../support/factories/users.ts";
import { startTestServer, type RunningServer } from "../../support/test-server.ts";
import { permissionIdsNamed, type PermissionName } from "~/rules/access/permissions.ts";

const PORTAL = "https://portal.example.test/";
const EXPIRED_TITLE = "Session Expired - Please Sign In Again";
const UNAVAILABLE = "This page is not available yet.";

const db = createTestPrisma();
let server: RunningServer;
let config: Config;

beforeAll(async () => {
  server = await startTestServer({ JWT_SECRET: "g".repeat(32), PORTAL_URL: PORTAL });
  config = server.services.config;
});

afterAll(async () => {
  await server?.close();
});

async function get(path: string, token?: string) {
  const response = await fetch(`${server.url}${path}`, {
    redirect: "manual",
    headers: token ? { Cookie: `${SESSION_COOKIE}=${encodeURIComponent(token)}` } : {},
  });
  return { response, status: response.status, location: response.headers.get("location"), html: await response.text() };
}

async function tokenFor(permissions: PermissionName[], options: { issuedAt?: Date } = {}) {
  const user = await createUser(db, {
    directPermissions: permissions,
    tokensValidAfter: new Date(Date.now() - 3 * 3600_000),
  });
  const token = signSessionToken(
    config,
    { userId: user.id, permissions: permissionIdsNamed(permissions) },
    options.issuedAt,
  );
  return { user, token };
}

function postForm(path: string, fields: Record<string, string>, cookie?: string) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: server.url,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
}

describe("without a token", () => {
  it("sends a guarded page to the root path, and the root to the portal", async () => {
    for (const path of ["/onboarding", "/home", "/docs", "/restricted", "/home-apps?x=1"]) {
      const { status, location } = await get(path);
      expect(status, path).toBe(302);
      expect(location, path).toBe("/");
    }
    const root = await get("/");
    expect(root.status).toBe(302);
    expect(root.location).toBe(PORTAL);
  });

  it("redirects a script's data request the same way", async () => {
    const { response, status, html } = await get("/onboarding.data");
    // Single fetch encodes the redirect in its body (turbo-stream), with status 202.
    expect(status).toBe(202);
    expect(response.headers.get("content-type")).toMatch(/^text\/x-script/);
    expect(html).toContain('"redirect","/"');
  });

  it("opens the public pages: the sign-in page and the forms (without the shell)", async () => {
    const login = await get("/employee-login");
    expect(login.status).toBe(200);
    // Every public form is built: its own page, not the "not available yet" one.
    for (const [path, title] of [
      ["/order-form", "Order trucks"],
      ["/trade-form", "Trade trucks"],
      ["/off-rent-form", "Return trucks"],
      ["/damageform", "Report damage"],
      ["/damage-form", "Report damage"],
    ]) {
      const page = await get(path!);
      expect(page.status, path).toBe(200);
      expect(page.html).toContain(`>${title}</h1>`);
      expect(page.html).not.toContain(UNAVAILABLE);
    }
  });

  it("keeps unknown paths and /not-found at 404", async () => {
    expect((await get("/no/such/page")).status).toBe(404);
    expect((await get("/not-found")).status).toBe(404);
  });

  it("shows the sign-in dialog for any modal", async () => {
    const { status, html } = await get("/order-form?modal=passwordReset");
    expect(status).toBe(200);
    expect(html).toContain(EXPIRED_TITLE);
    expect(html).toContain('role="dialog"');
    expect(html).not.toContain("Change Password");
  });
});

describe("with a valid session", () => {
  it("opens a permitted page with its title", async () => {
    const { token } = await tokenFor(["onboarding"]);
    const { status, html } = await get("/onboarding", token);
    expect(status).toBe(200);
    expect(html).toContain(">On Rent</h1>");
    expect(html).not.toContain(EXPIRED_TITLE);
  });

  it("says plainly that a page later work builds is not available yet", async () => {
    const { token } = await tokenFor(["billing"]);
    const { status, html } = await get("/billing", token);
    expect(status).toBe(200);
    expect(html).toContain(">Billing</h1>");
    expect(html).toContain(UNAVAILABLE);
  });

  it("sends a page the permissions do not open to /not-found", async () => {
    const { token } = await tokenFor(["onboarding"]);
    for (const path of ["/titles", "/restricted", "/owners-stats", "/daily-counts"]) {
      const { status, location } = await get(path, token);
      expect(status, path).toBe(302);
      expect(location, path).toBe("/not-found");
    }
  });

  it("opens every page of the table to all access", async () => {
    const { token } = await tokenFor(["restricted"]);
    for (const path of ["/restricted", "/titles", "/days-on-rent", "/damageInspection", "/stored-variables"]) {
      expect((await get(path, token)).status, path).toBe(200);
    }
  });

  it("opens owners-stats to a user listed in 'Owners Stats Permissions'", async () => {
    const { user, token } = await tokenFor([]);
    expect((await get("/owners-stats", token)).location).toBe("/not-found");
    await db.softwareVariable.upsert({
      where: { group_name: { group: "Software", name: "Owners Stats Permissions" } },
      create: { group: "Software", name: "Owners Stats Permissions", value: `999, ${user.id}` },
      update: { value: `999, ${user.id}` },
    });
    expect((await get("/owners-stats", token)).status).toBe(200);
  });

  it("lists on /home and /home-apps exactly the pages the user may open", async () => {
    const { token } = await tokenFor(["onboarding", "titles"]);
    for (const path of ["/home", "/home-apps"]) {
      const { status, html } = await get(path, token);
      expect(status).toBe(200);
      expect(html).toContain('href="/onboarding"');
      expect(html).toContain('href="/titles"');
      expect(html).toContain('href="/overview"');
      expect(html).not.toContain('href="/recon"');
      expect(html).not.toContain('href="/restricted"');
    }
    const docs = await get("/docs", token);
    expect(docs.status).toBe(200);
    expect(docs.html).toContain(">Documentation</h1>");
  });

  it("records the page view of each document request", async () => {
    const { user, token } = await tokenFor(["onboarding"]);
    await get("/onboarding?tab=1", token);
    await expect
      .poll(() => db.pageVisit.findMany({ where: { userId: user.id }, select: { page: true } }), { timeout: 5_000 })
      .toEqual([{ page: "/onboarding" }]);
  });

  it("opens a dialog addressed by the URL, with a close link, and refuses an unknown size", async () => {
    const { token } = await tokenFor(["onboarding"]);
    const sized = await get("/onboarding?modal=passwordReset&size=sm&tab=2", token);
    expect(sized.status).toBe(200);
    expect(sized.html).toMatch(/role="dialog"[^>]*aria-modal="true"/);
    expect(sized.html).toContain("Change Password");
    expect(sized.html).toContain('data-size="sm"');
    expect(sized.html).toContain('href="/onboarding?tab=2"');

    const defaulted = await get("/onboarding?modal=requestReset", token);
    expect(defaulted.html).toContain('data-size="lg"');
    expect(defaulted.html).toContain("Password Reset");

    const invalid = await get("/onboarding?modal=passwordReset&size=huge", token);
    expect(invalid.status).toBe(200);
    expect(invalid.html).toContain("Invalid modal size passed as prop");
    expect(invalid.html).not.toContain('role="dialog"');
  });
});

describe("with an unusable token", () => {
  it("renders the page's shell with the session-expired dialog for an expired token", async () => {
    const { token } = await tokenFor(["onboarding"], { issuedAt: new Date(Date.now() - 2 * 3600_000) });
    const { status, html } = await get("/onboarding?tab=2", token);
    // 401, and nothing of the page's data: the lists load after signing in again.
    expect(status).toBe(401);
    expect(html).toContain(">On Rent</h1>");
    expect(html).toContain(EXPIRED_TITLE);
    expect(html).not.toContain(UNAVAILABLE);
    // The dialog's form signs in and comes back to this page.
    expect(html).toContain(`action="/employee-login?redirectTo=${encodeURIComponent("/onboarding?tab=2")}"`);
    expect(html).toMatch(/name="redirectTo" value="\/onboarding\?tab=2"/);
  });

  it("does the same for a garbage token, even on a page the token could not open", async () => {
    for (const path of ["/home", "/restricted"]) {
      const { status, html } = await get(path, "not-a-jwt");
      expect(status, path).toBe(401);
      expect(html).toContain(EXPIRED_TITLE);
    }
  });

  it("leaves public pages alone", async () => {
    const { status, html } = await get("/employee-login", "not-a-jwt");
    expect(status).toBe(200);
    expect(html).not.toContain(EXPIRED_TITLE);
  });
});

describe("POST /employee-login (the no-JavaScript form)", () => {
  it("lets a browser post its forms with a real Origin (Referrer-Policy same-origin wins)", async () => {
    const { response } = await get("/employee-login");
    const policy = (response.headers.get("referrer-policy") ?? "").split(",").map((token) => token.trim());
    expect(policy.at(-1)).toBe("same-origin");
  });

  it("sets the session cookie and goes to redirectTo", async () => {
    const user = await createUser(db, { directPermissions: ["onboarding"] });
    const response = await postForm("/employee-login", {
      email: user.email,
      password: PASSWORD,
      redirectTo: "/onboarding?tab=2",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/onboarding?tab=2");
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[^;]+; Max-Age=3600; Path=/; HttpOnly; SameSite=Lax`));
    const token = decodeURIComponent(cookie.split(";")[0]!.split("=")[1]!);
    expect((await get("/onboarding", token)).status).toBe(200);
  });

  it("takes redirectTo from the query when the form has none, and goes to /home by default", async () => {
    const user = await createUser(db);
    const fromQuery = await postForm("/employee-login?redirectTo=%2Fdocs", { email: user.email, password: PASSWORD });
    expect(fromQuery.headers.get("location")).toBe("/docs");
    const plain = await postForm("/employee-login", { email: user.email, password: PASSWORD });
    expect(plain.headers.get("location")).toBe("/home");
  });

  it("never sends the browser to another site", async () => {
    const user = await createUser(db);
    for (const redirectTo of ["https://evil.example/", "//evil.example/x", "/\\evil.example"]) {
      const response = await postForm("/employee-login", { email: user.email, password: PASSWORD, redirectTo });
      expect(response.headers.get("location"), redirectTo).toBe("/home");
    }
  });

  it("answers invalid input with 'Must include valid credentials' and wrong ones with the server's message", async () => {
    const invalid = await postForm("/employee-login", { email: "someone@", password: "x" });
    // The page is shown again with the message (200); the JSON endpoint is the one answering 400/401.
    expect(invalid.status).toBe(200);
    expect(await invalid.text()).toContain("Must include valid credentials");

    const user = await createUser(db);
    const wrong = await postForm("/employee-login", { email: user.email, password: "wrong password" });
    expect(wrong.status).toBe(200);
    expect(wrong.headers.get("set-cookie")).toBeNull();
    expect(await wrong.text()).toContain("E-mail or password is incorrect.");
  });
});

describe("POST /logout", () => {
  it("clears the cookie and goes to the sign-in page", async () => {
    const { token } = await tokenFor(["onboarding"]);
    const response = await postForm("/logout", {}, `${SESSION_COOKIE}=${token}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/employee-login?signedOut=1");
    expect(response.headers.get("set-cookie")).toMatch(new RegExp(`^${SESSION_COOKIE}=; Max-Age=0`));
  });

  it("revokes the signed-out token itself: a kept copy of the cookie no longer opens a page (ADR 039)", async () => {
    const { token } = await tokenFor(["onboarding"]);
    expect((await get("/onboarding", token)).status).toBe(200);
    await postForm("/logout", {}, `${SESSION_COOKIE}=${encodeURIComponent(token)}`);
    // Refused like any unusable token: the shell and the sign-in dialog, none of the page's data.
    const after = await get("/onboarding", token);
    expect(after.status).toBe(401);
    expect(after.html).toContain(EXPIRED_TITLE);
  });

  it("only redirects on GET", async () => {
    const { location, response } = await get("/logout");
    expect(location).toBe("/employee-login");
    expect(response.headers.get("set-cookie")).toBeNull();
  });
});
