// Walks every gated route of the route table (and the gated service routes) through the real server, as
// an outside attacker would: no cookie, a garbage cookie, a forged, an expired and a revoked token, and a
// valid token without the page's permission, each on the path as written, percent-encoded, case-changed,
// with doubled slashes, a trailing slash or dot, and as React Router's `.data` request. No response may
// carry anything of the demo data. The list comes from the route table, so a new
// page is walked without editing this file.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "~/modules/identity/session-cookie.server.ts";
import { signSessionToken } from "~/modules/identity/session-token.server.ts";
import { permissionIdsNamed } from "~/rules/access/permissions.ts";
import { PAGE_MODULES } from "~/rules/access/page-modules.ts";
import { type GuardedRoute, ROUTES, SERVICE_ROUTES } from "~/rules/access/routes.ts";
import { seedDemoData } from "../../../scripts/seed/index.ts";
import { createTestPrisma, testDatabaseUrl } from "../../support/database.ts";
import { startTestServer, type RunningServer } from "../../support/test-server.ts";

const EXPIRED_TITLE = "Session Expired - Please Sign In Again";
const db = createTestPrisma();
let server: RunningServer;
/** Strings of the demo data no refused response may contain: company names and e-mail addresses. */
let secrets: string[];
const tokens: Record<string, string> = {};
let adminToken: string;
let revokedUserId: number;

const GATED: readonly GuardedRoute[] = [...ROUTES, ...SERVICE_ROUTES].filter((route) => route.access !== "public");

/** The route's path with its dynamic segments filled in. */
function concretePath(route: GuardedRoute): string {
  return route.path.replace(/:[^/]+/g, "1");
}

/** The same path as an attacker would spell it to slip past a guard that compares raw paths. */
function variants(path: string): string[] {
  const first = path.charAt(1);
  const encodedFirst = `/%${first.charCodeAt(0).toString(16)}${path.slice(2)}`;
  const encodedAll = `/${[...path.slice(1)].map((char) => (char === "/" ? "/" : `%${char.charCodeAt(0).toString(16).toUpperCase()}`)).join("")}`;
  return [
    path,
    encodedFirst,
    encodedAll,
    path.toUpperCase(),
    `/${path}`,
    path.replace("/", "//"),
    `${path}/`,
    `${path}.`,
    `${path}.data`,
    `${encodedFirst}.data`,
    `${path.toUpperCase()}.data`,
  ];
}

async function request(path: string, token: string | undefined, method: "GET" | "POST" = "GET") {
  const response = await fetch(`${server.url}${path}`, {
    method,
    redirect: "manual",
    headers: {
      ...(token ? { Cookie: `${SESSION_COOKIE}=${encodeURIComponent(token)}` } : {}),
      ...(method === "POST" ? { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url } : {}),
    },
    ...(method === "POST" ? { body: "intent=theme&theme=DARK" } : {}),
  });
  return { status: response.status, location: response.headers.get("location"), body: await response.text() };
}

function leaked(body: string): string[] {
  return secrets.filter((secret) => body.includes(secret));
}

beforeAll(async () => {
  await seedDemoData(testDatabaseUrl(), { scale: "demo" });
  server = await startTestServer({ JWT_SECRET: "w".repeat(32) });
  const { config } = server.services;
  const companies = await db.company.findMany({ select: { name: true } });
  const users = await db.user.findMany({ select: { email: true } });
  secrets = [...companies.map((company) => company.name), ...users.map((user) => user.email)];
  expect(companies.length).toBeGreaterThan(10);

  const admin = await db.user.findUniqueOrThrow({ where: { email: "admin@fleetops.test" } });
  const nobody = await db.user.findUniqueOrThrow({ where: { email: "nobody@fleetops.test" } });
  const revoked = await db.user.findUniqueOrThrow({ where: { email: "exec@fleetops.test" } });
  revokedUserId = revoked.id;
  const now = new Date();
  adminToken = signSessionToken(config, { userId: admin.id, permissions: permissionIdsNamed(["restricted"]) }, now);
  tokens.garbage = "garbage";
  tokens.forged = signSessionToken(
    { ...config, JWT_SECRET: "f".repeat(32) },
    { userId: admin.id, permissions: permissionIdsNamed(["restricted"]) },
    now,
  );
  tokens.expired = signSessionToken(
    config,
    { userId: admin.id, permissions: permissionIdsNamed(["restricted"]) },
    new Date(now.getTime() - 2 * 86_400_000),
  );
  tokens.revoked = signSessionToken(config, { userId: revoked.id, permissions: [] }, new Date(now.getTime() - 60_000));
  // A password change moves tokensValidAfter: every token issued before it is revoked.
  await db.user.update({ where: { id: revoked.id }, data: { tokensValidAfter: now, theme: "LIGHT" } });
  tokens.unpermitted = signSessionToken(config, { userId: nobody.id, permissions: [] }, now);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe("the walk can fail: a valid session sees the data", () => {
  it("shows an administrator the boards' companies and the employees' e-mails, also through an encoded path", async () => {
    for (const path of ["/onboarding", "/%6Fnboarding", "/employee-management", "/%65mployee-management"]) {
      const { status, body } = await request(path, adminToken);
      expect(status, path).toBe(200);
      expect(leaked(body).length, path).toBeGreaterThan(0);
    }
  });
});

describe("no data without a valid session and permission", () => {
  it("answers every gated route without a cookie with a redirect to the root, never its data", async () => {
    for (const route of GATED) {
      const path = concretePath(route);
      const document = await request(path, undefined);
      expect([document.status, document.location], path).toEqual([302, "/"]);
      for (const variant of variants(path)) {
        const answer = await request(variant, undefined);
        expect(answer.status, variant).not.toBe(200);
        expect(leaked(answer.body), variant).toEqual([]);
      }
    }
  });

  for (const kind of ["garbage", "forged", "expired", "revoked"] as const) {
    it(`answers every gated route with a ${kind} token by the sign-in dialog over an empty shell (401)`, async () => {
      const token = tokens[kind]!;
      for (const route of GATED) {
        const path = concretePath(route);
        const document = await request(path, token);
        expect(document.status, path).toBe(401);
        expect(document.body, path).toContain(EXPIRED_TITLE);
        expect(document.body, path).toContain(`>${route.title.replace("&", "&amp;")}</h1>`);
        const dataRequest = await request(`${path}.data`, token);
        expect(dataRequest.status, `${path}.data`).toBe(401);
        expect(leaked(dataRequest.body), `${path}.data`).toEqual([]);
        // Every unusable token takes the same branch of the guard; the spellings are walked with one.
        if (kind !== "garbage") continue;
        for (const variant of variants(path)) {
          const answer = await request(variant, token);
          expect(answer.status, variant).not.toBe(200);
          expect(leaked(answer.body), variant).toEqual([]);
        }
      }
    });
  }

  it("sends a valid session without the page's permission to /not-found on every spelling of the path", async () => {
    for (const route of GATED.filter((gated) => gated.access === "permission")) {
      const path = concretePath(route);
      for (const variant of variants(path)) {
        const answer = await request(variant, tokens.unpermitted);
        expect(leaked(answer.body), variant).toEqual([]);
        if (answer.status === 302) expect(answer.location, variant).toBe("/not-found");
      }
    }
  });

  // The report kit's downloads (ADR 055) answer to the page's guard: every report, both formats.
  const REPORTS = GATED.filter(
    (route) => PAGE_MODULES[route.name as keyof typeof PAGE_MODULES] === "routes/report.tsx",
  );
  /** A page's file on every spelling of its path: none without a valid session and the permission; a file with. */
  async function walkDownload(path: string, query: string) {
    for (const variant of variants(path).filter((each) => !each.endsWith(".data"))) {
      const url = `${variant}?${query}`;
      const answers = {
        none: await request(url, undefined),
        garbage: await request(url, tokens.garbage),
        revoked: await request(url, tokens.revoked),
        unpermitted: await request(url, tokens.unpermitted),
      };
      for (const [kind, answer] of Object.entries(answers)) {
        expect(answer.status, `${kind} ${url}`).not.toBe(200);
        expect(leaked(answer.body), `${kind} ${url}`).toEqual([]);
      }
    }
    const permitted = await fetch(`${server.url}${path}?${query}`, {
      headers: { Cookie: `${SESSION_COOKIE}=${encodeURIComponent(adminToken)}` },
    });
    expect(permitted.status, `${path}?${query}`).toBe(200);
    expect(permitted.headers.get("content-disposition"), path).toMatch(/^attachment; filename="/);
    await permitted.arrayBuffer();
  }

  it("gives no report's file (?format=xlsx|csv) without a valid session and the page's permission", async () => {
    expect(REPORTS.length).toBeGreaterThan(0);
    for (const route of REPORTS) {
      for (const format of ["xlsx", "csv"]) await walkDownload(concretePath(route), `format=${format}`);
    }
  });

  // The lists that download their whole filtered list as the kit's files, the status counts' table among them.
  const LIST_DOWNLOADS = [
    ["/credit-memos", ""],
    ["/vendors", ""],
    ["/employee-management", ""],
    ["/statuscount", "list=counts&"],
  ] as const;
  it("gives no list's file (?format=xlsx|csv) without a valid session and the page's permission", async () => {
    for (const [path, query] of LIST_DOWNLOADS) {
      for (const format of ["xlsx", "csv"]) await walkDownload(path, `${query}format=${format}`);
    }
  });

  it("runs no action: a revoked token's post changes nothing", async () => {
    for (const path of ["/profile", "/%70rofile", "/PROFILE", "/profile.data"]) {
      const answer = await request(path, tokens.revoked, "POST");
      expect(answer.status, path).toBe(401);
      expect(leaked(answer.body), path).toEqual([]);
    }
    const user = await db.user.findUniqueOrThrow({ where: { id: revokedUserId }, select: { theme: true } });
    expect(user.theme).toBe("LIGHT");
  });
});
