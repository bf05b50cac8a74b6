// Impersonation from the pages (no JavaScript needed): the employee list offers "Act as" to holders
// of all access, acting as someone swaps the session and turns the bar pink with a banner, and one click
// returns to the administrator's own account.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "~/modules/identity/session-cookie.server.ts";
import { signSessionToken } from "~/modules/identity/session-token.server.ts";
import type { Config } from "~/modules/platform/config.server.ts";
import { createTestPrisma } from "../../support/database.ts";
import { createUser } from "../../support/factories/users.ts";
import { startTestServer, type RunningServer } from "../../support/test-server.ts";
import { permissionIdsNamed } from "~/rules/access/permissions.ts";

const db = createTestPrisma();
let server: RunningServer;
let config: Config;

beforeAll(async () => {
  server = await startTestServer({ JWT_SECRET: "i".repeat(32) });
  config = server.services.config;
});

afterAll(() => server?.close());

const cookieOf = (token: string) => `${SESSION_COOKIE}=${encodeURIComponent(token)}`;

async function page(path: string, cookie: string) {
  const response = await fetch(`${server.url}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
  return { status: response.status, html: await response.text() };
}

function post(path: string, fields: Record<string, string>, cookie: string) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: cookie },
    body: new URLSearchParams(fields).toString(),
  });
}

function newSessionCookie(response: Response): string {
  const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
  expect(header, "a new session cookie").toBeDefined();
  return header!.split(";")[0]!;
}

describe("impersonation from the pages", () => {
  it("lets an administrator act as an employee and return, with the bar pink meanwhile", async () => {
    const admin = await createUser(db, { directPermissions: ["restricted"] });
    const clerk = await createUser(db, { directPermissions: ["accounts-receivable"] });
    const adminCookie = cookieOf(
      signSessionToken(config, { userId: admin.id, permissions: permissionIdsNamed(["restricted"]) }),
    );

    const list = await page(`/employee-management?search=${encodeURIComponent(clerk.email)}`, adminCookie);
    expect(list.status).toBe(200);
    expect(list.html).toContain(clerk.email);
    expect(list.html).toContain(`Act as ${clerk.firstName} ${clerk.lastName}`);

    const started = await post("/impersonation", { intent: "start", userId: String(clerk.id) }, adminCookie);
    expect(started.status).toBe(302);
    expect(started.headers.get("location")).toBe("/home");
    const actingCookie = newSessionCookie(started);

    const home = await page("/home", actingCookie);
    expect(home.status).toBe(200);
    expect(home.html).toContain('data-colour="pink"');
    expect(home.html).toContain("is acting as");
    expect(home.html).toContain("Return to my account");
    // The clerk's permissions now, not the administrator's.
    expect((await page("/employee-management", actingCookie)).status).toBe(302);

    const stopped = await post("/impersonation", { intent: "stop" }, actingCookie);
    expect(stopped.status).toBe(302);
    const back = await page("/home", newSessionCookie(stopped));
    expect(back.html).not.toContain('data-colour="pink"');
    expect(back.html).not.toContain("is acting as");

    const audit = await db.auditLog.findMany({
      where: { entityId: clerk.id, entityType: "User" },
      orderBy: { id: "asc" },
    });
    expect(audit.map((entry) => [entry.action, entry.userId, entry.impersonatorId])).toEqual([
      ["impersonation-start", admin.id, null],
      ["impersonation-stop", clerk.id, admin.id],
    ]);
  });

  it("offers no Act as button to an employee manager without all access, and refuses the post", async () => {
    const manager = await createUser(db, { directPermissions: ["employee-management"] });
    const other = await createUser(db, { directPermissions: ["onboarding"] });
    const cookie = cookieOf(
      signSessionToken(config, { userId: manager.id, permissions: permissionIdsNamed(["employee-management"]) }),
    );
    const list = await page(`/employee-management?search=${encodeURIComponent(other.email)}`, cookie);
    expect(list.status).toBe(200);
    expect(list.html).toContain(other.email);
    expect(list.html).not.toContain("Act as ");
    const refused = await post("/impersonation", { intent: "start", userId: String(other.id) }, cookie);
    expect(refused.status, String(refused.headers.get("location"))).toBe(403);
    expect(refused.headers.getSetCookie()).toEqual([]);
  });
});
