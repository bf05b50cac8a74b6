// The unit hub (/unit-hub, status-diff) and the department search dialog's no-JavaScript answer
// behind the page guard, through the real server: no cookie goes to the root, a garbage or
// revoked token gets the sign-in dialog (401), a session without the permission goes to /not-found, on
// the path as written, percent-encoded and as `.data`; none of them sees the unit. A permitted session sees
// its unit on every spelling, and the dialog over any page answers only a session that may search.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "~/modules/identity/session-cookie.server.ts";
import type { PermissionName } from "~/rules/access/permissions.ts";
import { createTestPrisma } from "../../support/database.ts";
import { ensureStatuses, unit } from "../../support/factories/units.ts";
import { startTestServer, type RunningServer } from "../../support/test-server.ts";
import { sessionWith } from "./page-guard-support.ts";

const EXPIRED_TITLE = "Session Expired - Please Sign In Again";
const db = createTestPrisma();
let server: RunningServer;
/** A VIN only the hub (or the search) may show. */
let secret: string;
let unitNumber: string;

const PATH = "/unit-hub";
const spellings = [PATH, "/%75nit-hub", "/UNIT-HUB", `${PATH}/`, `${PATH}.data`, "/%75nit-hub.data"];

const tokenFor = (permissions: PermissionName[], issuedAt?: Date) => sessionWith(db, server, permissions, issuedAt);

const tokens = { permitted: "", unpermitted: "", revoked: "" };

beforeAll(async () => {
  server = await startTestServer({ JWT_SECRET: "u".repeat(32) });
  await ensureStatuses(db);
  const made = await unit(db, "ON LOT");
  secret = made.vin;
  unitNumber = made.unitNumber;
  tokens.permitted = (await tokenFor(["status-diff"])).token;
  tokens.unpermitted = (await tokenFor(["onboarding", "industry"])).token;
  const revoked = await tokenFor(["status-diff"], new Date(Date.now() - 30_000));
  await db.user.update({ where: { id: revoked.user.id }, data: { tokensValidAfter: new Date() } });
  tokens.revoked = revoked.token;
});

afterAll(async () => {
  await server?.close();
});

async function request(path: string, token?: string) {
  const response = await fetch(`${server.url}${path}`, {
    redirect: "manual",
    headers: token ? { Cookie: `${SESSION_COOKIE}=${encodeURIComponent(token)}` } : {},
  });
  return { status: response.status, location: response.headers.get("location"), body: await response.text() };
}

describe("/unit-hub", () => {
  const query = () => `?search=${unitNumber}`;

  it("sends a request without a cookie to the root, on every spelling, showing nothing", async () => {
    expect(await request(`${PATH}${query()}`)).toMatchObject({ status: 302, location: "/" });
    for (const path of spellings) {
      const answer = await request(`${path}${query()}`);
      expect(answer.status, path).not.toBe(200);
      expect(answer.body, path).not.toContain(secret);
    }
  });

  it("answers a garbage or revoked token with the sign-in dialog (401), on every spelling", async () => {
    for (const token of ["garbage", tokens.revoked]) {
      const answer = await request(`${PATH}${query()}`, token);
      expect(answer.status).toBe(401);
      expect(answer.body).toContain(EXPIRED_TITLE);
      for (const path of spellings) {
        const other = await request(`${path}${query()}`, token);
        expect(other.status, path).not.toBe(200);
        expect(other.body, path).not.toContain(secret);
      }
    }
  });

  it("sends a session without status-diff to /not-found, on every spelling", async () => {
    expect(await request(`${PATH}${query()}`, tokens.unpermitted)).toMatchObject({
      status: 302,
      location: "/not-found",
    });
    for (const path of spellings) {
      const answer = await request(`${path}${query()}`, tokens.unpermitted);
      expect(answer.status, path).not.toBe(200);
      expect(answer.body, path).not.toContain(secret);
    }
  });

  it("shows the unit to a permitted session on the path as written and percent-encoded", async () => {
    for (const path of [PATH, "/%75nit-hub", "/UNIT-HUB"]) {
      const answer = await request(`${path}${query()}`, tokens.permitted);
      expect(answer.status, path).toBe(200);
      expect(answer.body, path).toContain(">Unit Hub</h1>");
      expect(answer.body, path).toContain(secret);
    }
  });

  it("answers an unknown unit with 404 and the spec's message, and bad input with 400", async () => {
    const unknown = await request(`${PATH}?search=ZZZZ-999`, tokens.permitted);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toContain("No results found. Please search a valid Unit Number.");
    expect((await request(`${PATH}?search=a%25b`, tokens.permitted)).status).toBe(400);
  });
});

describe("the department search dialog without JavaScript", () => {
  const dialog = () => `/home?modal=departmentSearchModal&unitSearch=${unitNumber}`;

  it("answers a session that may search with the unit over the page", async () => {
    const answer = await request(dialog(), tokens.permitted);
    expect(answer.status).toBe(200);
    expect(answer.body).toContain(secret);
    expect(answer.body).toContain(`/unit-hub?search=${unitNumber}`);
  });

  it("shows nothing to a session that may not search, nor without a usable session", async () => {
    const unpermitted = await request(dialog(), tokens.unpermitted);
    expect(unpermitted.body).not.toContain(secret);
    expect(unpermitted.body).toContain("You do not have permission to search units.");
    for (const token of [undefined, "garbage", tokens.revoked]) {
      const answer = await request(dialog(), token);
      expect(answer.status).not.toBe(200);
      expect(answer.body).not.toContain(secret);
    }
  });
});
