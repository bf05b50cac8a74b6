// Malformed addresses through the real server (the production build): undecodable percent-encoding
// and NUL in paths and queries are a 400 with a plain message, never a 500 with a stack, and nothing
// is logged at error level.
import { request as httpRequest } from "node:http";
import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "~/modules/identity/session-cookie.server.ts";
import { signSessionToken } from "~/modules/identity/session-token.server.ts";
import { createTestPrisma } from "../support/database.ts";
import { startTestServer, type RunningServer } from "../support/test-server.ts";
import { createUser } from "../support/factories/users.ts";
import { permissionIdsNamed, type PermissionName } from "~/rules/access/permissions.ts";

const db = createTestPrisma();
let server: RunningServer;
/** Every line the server logged, parsed (level 50 is error, 60 fatal). */
const logged: { level: number; msg?: string }[] = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n").filter(Boolean)) logged.push(JSON.parse(line) as never);
      done();
    },
  });
  server = await startTestServer({ JWT_SECRET: "r".repeat(32) }, { logger: pino({ level: "info" }, sink) });
});

afterAll(() => server?.close());

/** A GET with the request target sent exactly as written (fetch would normalise it). */
function get(
  target: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: "127.0.0.1", port: server.port, method: "GET", path: target, headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            type: String(response.headers["content-type"] ?? ""),
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end();
  });
}

async function sessionCookie(permissions: PermissionName[]): Promise<string> {
  const user = await createUser(db, {
    directPermissions: permissions,
    tokensValidAfter: new Date(Date.now() - 3_600_000),
  });
  const token = signSessionToken(
    server.services.config,
    { userId: user.id, permissions: permissionIdsNamed(permissions) },
    new Date(Date.now() - 10_000),
  );
  return `${SESSION_COOKIE}=${encodeURIComponent(token)}`;
}

const errorsLogged = () => logged.filter((line) => line.level >= 50);

describe("malformed addresses", () => {
  it.each([
    ["/api/cards/%", "application/json"],
    ["/api/orders/1/notes/%", "application/json"],
    ["/%", "text/plain"],
    ["/onboarding%ZZ", "text/plain"],
    ["/onboarding.data?x=%E0%A4%A", "text/plain"],
  ])("answers %s with 400 and a plain message (%s), no stack, nothing logged as an error", async (target, type) => {
    const before = logged.length;
    const answer = await get(target);
    expect(answer.status).toBe(400);
    expect(answer.type.startsWith(type)).toBe(true);
    expect(answer.body).toContain("malformed percent-encoding");
    expect(answer.body).not.toMatch(/\bat /);
    expect(answer.body.length).toBeLessThan(300);
    expect(logged.slice(before).filter((line) => line.level >= 50)).toEqual([]);
  });

  it("answers a NUL in the search of a signed-in page with 400, before PostgreSQL sees it", async () => {
    const cookie = await sessionCookie(["employee-management"]);
    const fine = await get("/employee-management?search=Dana", { Cookie: cookie });
    expect(fine.status).toBe(200);
    const before = logged.length;
    const answer = await get("/employee-management?search=%00", { Cookie: cookie, Accept: "text/html,*/*;q=0.8" });
    expect(answer.status).toBe(400);
    expect(answer.type).toMatch(/^text\/html/);
    expect(answer.body).toContain("Bad request: the address contains a NUL character.");
    expect(answer.body).not.toMatch(/\bat /);
    expect(logged.slice(before).filter((line) => line.level >= 50)).toEqual([]);
  });

  it("answers JSON to a client that asks for it, and on the JSON API whatever it asks for", async () => {
    const page = await get("/onboarding%ZZ", { Accept: "application/json" });
    expect(page.status).toBe(400);
    expect(JSON.parse(page.body)).toEqual({ error: "Bad request: the address has malformed percent-encoding." });
    const api = await get("/users/info?x=%00", { Accept: "text/html" });
    expect(api.status).toBe(400);
    expect(JSON.parse(api.body)).toEqual({ error: "Bad request: the address contains a NUL character." });
  });

  it("answers an over-long path or query value with 400", async () => {
    expect((await get(`/onboarding/${"a".repeat(2100)}`)).status).toBe(400);
    expect((await get(`/employee-management?search=${"a".repeat(2100)}`)).status).toBe(400);
  });

  it("logged nothing at error level over the whole file", () => {
    expect(errorsLogged()).toEqual([]);
    expect(logged.some((line) => line.msg === "malformed request refused")).toBe(true);
  });
});
