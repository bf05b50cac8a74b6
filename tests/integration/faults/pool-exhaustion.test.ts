// Pool exhaustion by slow queries: every connection of the app's pool is held by a slow
// statement. Other requests are still answered — quickly, 503 with Retry-After once the pool's 5 s wait is
// over, never a hang or a 500, also a public form's post whose action is the first to need the database — and
// answer 200 again as soon as the slow statements end. No statement can hold
// a connection longer than the statement timeout, which every pooled connection carries.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "~/modules/identity/session-cookie.server.ts";
import { signSessionToken } from "~/modules/identity/session-token.server.ts";
import { DATABASE_RETRY_AFTER_SECONDS } from "~/modules/platform/database-unavailable.server.ts";
import { STATEMENT_TIMEOUT_MS } from "../../../server/database.ts";
import { createTestPrisma } from "../../support/database.ts";
import { actorWith } from "../../support/factories/users.ts";
import { startTestServer, type RunningServer } from "../../support/test-server.ts";
import { PUBLIC_FORM_FIELDS } from "~/rules/public-forms/public-form-guard.ts";
import { validOrderBody } from "../../support/factories/public-forms.ts";
import { agedTicket, encode } from "../public-forms/public-forms-support.ts";

/**
 * The pool waits 5 s for a connection (server/database.ts), then the answer is a 503. Measured on a quiet
 * machine: JSON 5.5 s, /healthz 3.1 s (its probe gives up after 2 s), a page 8.8 s (the error page's render
 * on top). The bounds leave room for a loaded CI machine: the point is an answer, not a hang.
 */
const SLOWEST_ANSWER_MS = { api: 10_000, page: 15_000 } as const;
const SLOW_STATEMENT_S = 15;

const db = createTestPrisma();
let server: RunningServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ JWT_SECRET: "p".repeat(32) });
  const actor = await actorWith(db, ["transport", "transport-edit"]);
  token = signSessionToken(server.services.config, { userId: actor.user.id, permissions: actor.permissions });
});

afterAll(async () => {
  await server?.close();
});

/**
 * A JSON read with the token, a page (no /api) with the session cookie as a browser asks for it, or a form
 * posted to a public page (`form`: its encoded fields).
 */
async function timed(path: string, form?: string) {
  const started = performance.now();
  const headers: Record<string, string> = form
    ? { "content-type": "application/x-www-form-urlencoded", origin: server.url }
    : path.startsWith("/api/")
      ? { authorization: `Bearer ${token}` }
      : { cookie: `${SESSION_COOKIE}=${encodeURIComponent(token)}` };
  const response = await fetch(`${server.url}${path}`, {
    headers,
    redirect: "manual",
    ...(form ? { method: "POST", body: form } : {}),
  });
  await response.arrayBuffer();
  return { status: response.status, retryAfter: response.headers.get("retry-after"), ms: performance.now() - started };
}

describe("pool exhaustion by slow queries", () => {
  it("answers other requests 503 with Retry-After within the pool's wait, then 200 once the slow ones end", async () => {
    const { pool } = server.services.database;
    expect(await timed("/api/vendors")).toMatchObject({ status: 200 });
    // Every pooled connection carries the statement timeout: no statement holds one longer.
    const shown = await pool.query<{ statement_timeout: string }>("SHOW statement_timeout");
    expect(shown.rows[0]!.statement_timeout).toBe(`${STATEMENT_TIMEOUT_MS / 1000}s`);

    const slow = Array.from({ length: pool.options.max }, () => pool.query(`SELECT pg_sleep(${SLOW_STATEMENT_S})`));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pool.totalCount).toBe(pool.options.max);
    const during = await Promise.all([
      timed("/healthz"),
      timed("/api/vendors"),
      timed("/api/vendors?search=ab"),
      timed("/vendors"),
      // A public form: no session to read, its action is the first to need the database.
      timed("/order-form", encode({ ...validOrderBody(), [PUBLIC_FORM_FIELDS.ticket]: [agedTicket(server)] })),
    ]);
    expect(during.map((answer) => answer.status)).toEqual([503, 503, 503, 503, 503]);
    during.forEach((answer, index) => {
      if (index > 0) expect(answer.retryAfter).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      expect(answer.ms).toBeLessThan(index >= 3 ? SLOWEST_ANSWER_MS.page : SLOWEST_ANSWER_MS.api);
    });
    await Promise.all(slow);
    const after = await timed("/api/vendors");
    expect(after.status).toBe(200);
    process.stdout.write(
      `pool exhausted by ${pool.options.max} slow statements: answers ${during.map((each) => `${each.status} in ${Math.round(each.ms)} ms`).join(", ")}; then ${after.status} in ${Math.round(after.ms)} ms\n`,
    );
  }, 60_000);
});
