// Pages and their `.data` answers are never cached: `Cache-Control: private, no-store`
// and `Vary: Cookie` on the sign-in page, a signed-in board and its data, and a refused one; the build's
// fingerprinted assets stay cacheable for a year.
import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "~/modules/identity/session-cookie.server.ts";
import { signSessionToken } from "~/modules/identity/session-token.server.ts";
import { createTestPrisma } from "../support/database.ts";
import { createUser } from "../support/factories/users.ts";
import { startTestServer, type RunningServer } from "../support/test-server.ts";

const db = createTestPrisma();
let server: RunningServer;
let cookie: string;

beforeAll(async () => {
  server = await startTestServer({ JWT_SECRET: "c".repeat(32) });
  const user = await createUser(db, { directPermissions: ["onboarding"] });
  const token = signSessionToken(server.services.config, { userId: user.id, permissions: [] });
  cookie = `${SESSION_COOKIE}=${encodeURIComponent(token)}`;
});

afterAll(() => server?.close());

const get = (pathname: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${pathname}`, { headers, redirect: "manual" });

describe("caching of pages", () => {
  it("forbids keeping any page or page data: signed in, signed out or refused", async () => {
    for (const [pathname, headers] of [
      ["/employee-login", {}],
      ["/onboarding", { Cookie: cookie }],
      ["/onboarding.data", { Cookie: cookie }],
      ["/onboarding", {}],
      ["/transport", { Cookie: cookie }],
    ] as const) {
      const response = await get(pathname, headers);
      expect(response.headers.get("cache-control"), pathname).toBe("private, no-store");
      expect(response.headers.get("vary") ?? "", pathname).toMatch(/\bCookie\b/i);
      await response.arrayBuffer();
    }
  });

  it("keeps the build's fingerprinted assets cacheable", async () => {
    const asset = readdirSync(path.resolve("build/client/assets")).find((name) => name.endsWith(".js"))!;
    const response = await get(`/assets/${asset}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toMatch(/max-age=31536000/);
    await response.arrayBuffer();
  });
});
