// The public forms (/order-form, /trade-form, /off-rent-form) behind the page guard:
// they are public, so no cookie, a garbage cookie, a revoked token and a session of any permission all get
// the same form, on the path as written, percent-encoded and as `.data`, and none of them is asked to sign in or
// offered the feedback panel. Their posts are held to the same origin.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "~/modules/identity/session-cookie.server.ts";
import { signSessionToken } from "~/modules/identity/session-token.server.ts";
import { permissionIdsNamed, type PermissionName } from "~/rules/access/permissions.ts";
import { createTestPrisma } from "../../support/database.ts";
import { createUser } from "../../support/factories/users.ts";
import { startTestServer, type RunningServer } from "../../support/test-server.ts";

const db = createTestPrisma();
let server: RunningServer;

const PAGES = [
  { path: "/order-form", encoded: "/%6Frder-form", title: "Order trucks" },
  { path: "/trade-form", encoded: "/tr%61de-form", title: "Trade trucks" },
  { path: "/off-rent-form", encoded: "/off-r%65nt-form", title: "Return trucks" },
] as const;

const cookies = { none: "", garbage: `${SESSION_COOKIE}=not-a-token`, revoked: "", staff: "" };

async function tokenFor(permissions: PermissionName[], issuedAt = new Date()) {
  const user = await createUser(db, {
    directPermissions: permissions,
    tokensValidAfter: new Date(Date.now() - 60_000),
  });
  const token = signSessionToken(
    server.services.config,
    { userId: user.id, permissions: permissionIdsNamed(permissions) },
    issuedAt,
  );
  return { user, cookie: `${SESSION_COOKIE}=${token}` };
}

beforeAll(async () => {
  server = await startTestServer({ JWT_SECRET: "g".repeat(32) });
  const staff = await tokenFor(["onboarding"]);
  cookies.staff = staff.cookie;
  const revoked = await tokenFor(["onboarding"], new Date(Date.now() - 30_000));
  await db.user.update({ where: { id: revoked.user.id }, data: { tokensValidAfter: new Date() } });
  cookies.revoked = revoked.cookie;
});
afterAll(async () => {
  await server?.close();
});

describe.each(PAGES)("$path", (page) => {
  it.each(Object.keys(cookies) as (keyof typeof cookies)[])(
    "draws the form for %s, with no sign-in dialog or feedback panel",
    async (who) => {
      for (const spelling of [page.path, page.encoded, `${page.path}/`]) {
        const response = await fetch(`${server.url}${spelling}`, {
          redirect: "manual",
          headers: cookies[who] ? { Cookie: cookies[who] } : {},
        });
        expect(response.status, spelling).toBe(200);
        const html = await response.text();
        expect(html).toContain(page.title);
        expect(html).not.toContain("Session Expired - Please Sign In Again");
        expect(html).not.toContain("Dashboard Feedback");
      }
    },
  );

  it("answers its .data with the form's loader data only", async () => {
    const response = await fetch(`${server.url}${page.encoded}.data`, { headers: { Cookie: cookies.garbage } });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain("ticket");
    expect(text).not.toContain("permissions");
  });
});
