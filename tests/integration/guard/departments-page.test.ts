// The departments page (/departments) behind the page guard, through the real server:
// no cookie goes to the root, a garbage or revoked token gets the sign-in dialog over an empty shell (401),
// a session without employee-management goes to /not-found, on the path as written, percent-encoded and
// as `.data`; none of them sees a department's name, and none of their posts writes anything. A session
// with employee-management sees the page on every spelling, and its dialog.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "~/modules/identity/session-cookie.server.ts";
import type { PermissionName } from "~/rules/access/permissions.ts";
import { createTestPrisma } from "../../support/database.ts";
import { department } from "../../support/factories/departments.ts";
import { unique } from "../../support/factories/unique.ts";
import { databaseFingerprint } from "../../support/property.ts";
import { startTestServer, type RunningServer } from "../../support/test-server.ts";
import { sessionWith } from "./page-guard-support.ts";

const EXPIRED_TITLE = "Session Expired - Please Sign In Again";
const db = createTestPrisma();
let server: RunningServer;
/** A department name only the page itself may show. */
let secret: string;
const tokens: Record<"permitted" | "allAccess" | "unpermitted" | "revoked", string> = {
  permitted: "",
  allAccess: "",
  unpermitted: "",
  revoked: "",
};

/** The path as written, percent-encoded (first letter, every letter), upper-cased, and React Router's `.data`. */
const SPELLINGS = [
  "/departments",
  "/%64epartments",
  "/%64%65%70%61%72%74%6D%65%6E%74%73",
  "/DEPARTMENTS",
  "/departments/",
  "/departments.data",
  "/%64epartments.data",
];

const tokenFor = (permissions: PermissionName[], issuedAt?: Date) => sessionWith(db, server, permissions, issuedAt);

beforeAll(async () => {
  server = await startTestServer({ JWT_SECRET: "d".repeat(32) });
  secret = (await department(db, { name: unique("Secret Yard"), permissions: ["titles"] })).department.name;
  tokens.permitted = (await tokenFor(["employee-management"])).token;
  tokens.allAccess = (await tokenFor(["restricted"])).token;
  tokens.unpermitted = (await tokenFor(["onboarding", "transport"])).token;
  const revoked = await tokenFor(["employee-management"], new Date(Date.now() - 30_000));
  await db.user.update({ where: { id: revoked.user.id }, data: { tokensValidAfter: new Date() } });
  tokens.revoked = revoked.token;
});

afterAll(async () => {
  await server?.close();
});

async function request(path: string, token?: string, form?: Record<string, string>) {
  const response = await fetch(`${server.url}${path}`, {
    method: form ? "POST" : "GET",
    redirect: "manual",
    headers: {
      ...(token ? { Cookie: `${SESSION_COOKIE}=${encodeURIComponent(token)}` } : {}),
      ...(form ? { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url } : {}),
    },
    ...(form ? { body: new URLSearchParams(form).toString() } : {}),
  });
  return { status: response.status, location: response.headers.get("location"), body: await response.text() };
}

const createForm = () => ({ intent: "department-create", Name: unique("Smuggled"), Permissions: "1" });

describe("/departments without a usable session or the permission", () => {
  it("sends a request without a cookie to the root, on every spelling, showing nothing", async () => {
    expect(await request("/departments")).toMatchObject({ status: 302, location: "/" });
    for (const path of SPELLINGS) {
      const answer = await request(path);
      expect(answer.status, path).not.toBe(200);
      expect(answer.body, path).not.toContain(secret);
    }
  });

  it("answers a garbage or revoked token with the sign-in dialog over an empty shell (401), on every spelling", async () => {
    for (const token of ["garbage", tokens.revoked]) {
      const page = await request("/departments", token);
      expect(page.status).toBe(401);
      expect(page.body).toContain(EXPIRED_TITLE);
      expect(page.body).toContain(">Departments</h1>");
      for (const path of SPELLINGS) {
        const answer = await request(path, token);
        expect(answer.status, path).not.toBe(200);
        expect(answer.body, path).not.toContain(secret);
      }
    }
  });

  it("sends a session without employee-management to /not-found, on every spelling", async () => {
    for (const path of SPELLINGS.filter((spelling) => !spelling.endsWith(".data"))) {
      const answer = await request(`${path}?modal=departmentCreate`, tokens.unpermitted);
      expect(answer.body, path).not.toContain(secret);
      expect(answer.status, path).not.toBe(200);
      if (answer.status === 302) expect(answer.location, path).toBe("/not-found");
    }
    expect(await request("/departments", tokens.unpermitted)).toMatchObject({ status: 302, location: "/not-found" });
  });

  it("runs none of their posts: no department is created", async () => {
    const before = await databaseFingerprint();
    expect((await request("/departments", undefined, createForm())).status).toBe(302);
    expect((await request("/departments", "garbage", createForm())).status).toBe(401);
    expect((await request("/%64epartments", tokens.revoked, createForm())).status).toBe(401);
    expect(await request("/departments", tokens.unpermitted, createForm())).toMatchObject({
      status: 302,
      location: "/not-found",
    });
    expect((await request("/departments.data", tokens.unpermitted, createForm())).status).not.toBe(200);
    expect(await databaseFingerprint()).toBe(before);
  });
});

describe("/departments with employee-management or all access", () => {
  it("shows the departments on the path as written and percent-encoded", async () => {
    for (const token of [tokens.permitted, tokens.allAccess]) {
      for (const path of ["/departments", "/%64epartments", "/DEPARTMENTS"]) {
        const answer = await request(path, token);
        expect(answer.status, path).toBe(200);
        expect(answer.body, path).toContain(secret);
      }
    }
  });

  it("draws the dialog in the page's HTML (no JavaScript needed)", async () => {
    const answer = await request("/departments?modal=departmentCreate", tokens.permitted);
    expect(answer.status).toBe(200);
    expect(answer.body).toContain("Create Department");
    expect(answer.body).toContain('role="dialog"');
    expect(answer.body).toContain('name="Name"');
    expect(answer.body).toContain("Employee Management");
  });
});
