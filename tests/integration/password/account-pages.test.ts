// The account pages as a browser without JavaScript gets them: /profile and the reset link page render
// (their forms' constraints included), and a password change keeps the user signed in and says so.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "~/modules/identity/session-cookie.server.ts";
import { signSessionToken } from "~/modules/identity/session-token.server.ts";
import { createTestPrisma } from "../../support/database.ts";
import { startTestServer, type RunningServer } from "../../support/test-server.ts";
import { createUser, PASSWORD } from "../../support/factories/users.ts";
import { permissionIdsNamed, type PermissionName } from "~/rules/access/permissions.ts";

const db = createTestPrisma();
let server: RunningServer;

beforeAll(async () => {
  server = await startTestServer({ JWT_SECRET: "a".repeat(32) });
});

afterAll(() => server?.close());

async function signedInCookie(permissions: PermissionName[] = []) {
  const user = await createUser(db, {
    directPermissions: permissions,
    tokensValidAfter: new Date(Date.now() - 3_600_000),
  });
  const token = signSessionToken(
    server.services.config,
    { userId: user.id, permissions: permissionIdsNamed(permissions) },
    new Date(Date.now() - 10_000),
  );
  return { user, cookie: `${SESSION_COOKIE}=${encodeURIComponent(token)}` };
}

async function get(path: string, cookie?: string) {
  const response = await fetch(`${server.url}${path}`, {
    redirect: "manual",
    headers: cookie ? { Cookie: cookie } : {},
  });
  return { status: response.status, html: await response.text() };
}

describe("account pages", () => {
  it("renders /profile with the Change Password form", async () => {
    const { cookie } = await signedInCookie();
    const page = await get("/profile", cookie);
    expect(page.status).toBe(200);
    expect(page.html).toContain("Change Password");
    expect(page.html).toContain('name="oldPassword"');
  });

  it("renders the reset page for an unknown link with its message, not an error", async () => {
    const page = await get("/reset/not-a-real-token");
    expect(page.status).toBe(200);
    expect(page.html).toContain("This password reset link is not valid. Please request a new one.");
    const external = await get("/password-reset-external");
    expect(external.status).toBe(200);
    expect(external.html).toContain("Send Reset Link");
  });

  it("changes the password without JavaScript, keeps the session and confirms it", async () => {
    const { user, cookie } = await signedInCookie();
    const response = await fetch(`${server.url}/profile`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: cookie },
      body: new URLSearchParams({
        intent: "password",
        oldPassword: PASSWORD,
        newPassword: "brand-new-pass",
        newPasswordConfirm: "brand-new-pass",
      }).toString(),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/profile?passwordChanged=1");
    const fresh = response.headers.getSetCookie().find((header) => header.startsWith(`${SESSION_COOKIE}=`));
    expect(fresh).toBeDefined();

    const after = await get("/profile?passwordChanged=1", fresh!.split(";")[0]);
    expect(after.status).toBe(200);
    expect(after.html).toContain("Password changed.");
    // The old session is over.
    expect((await get("/profile", cookie)).status).not.toBe(200);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).tokensValidAfter.getTime()).toBeGreaterThan(
      Date.now() - 60_000,
    );
  });
});
