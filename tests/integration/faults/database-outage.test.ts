// The database goes away for 10 s while employees keep working: the process stays up,
// every request is answered quickly (no answer slower than the pool's 5 s wait plus a margin), pages and
// the JSON API answer 503 with Retry-After — never a 500 —, /healthz says 503, and within 5 s of the
// database's return everything answers 200 again. The outage is a TCP proxy cut between this one app
// process and the shared test server (tests/support/tcp-proxy.ts), which other tests keep using.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "~/modules/identity/session-cookie.server.ts";
import { signSessionToken } from "~/modules/identity/session-token.server.ts";
import { DATABASE_UNAVAILABLE_MESSAGE } from "~/modules/platform/database-unavailable.server.ts";
import { createTestPrisma } from "../../support/database.ts";
import { actorWith } from "../../support/factories/users.ts";
import { startTcpProxy, type TcpProxy } from "../../support/tcp-proxy.ts";
import { startTestServer, type RunningServer } from "../../support/test-server.ts";

const OUTAGE_MS = 10_000;
/** The pool waits 5 s for a connection (server/database.ts); an answer may take that and a margin. */
const SLOWEST_ANSWER_MS = 7_000;
const RECOVERY_MS = 5_000;

const db = createTestPrisma();
let proxy: TcpProxy;
let server: RunningServer;
let token: string;

beforeAll(async () => {
  const target = new URL(process.env.DATABASE_URL!);
  proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
  const viaProxy = new URL(target);
  viaProxy.hostname = "127.0.0.1";
  viaProxy.port = String(proxy.port);
  server = await startTestServer({ JWT_SECRET: "o".repeat(32) }, { databaseUrl: viaProxy.href });
  const actor = await actorWith(db, ["transport", "transport-edit"]);
  token = signSessionToken(server.services.config, { userId: actor.user.id, permissions: actor.permissions });
});

afterAll(async () => {
  await server?.close();
  await proxy?.close();
});

interface Answer {
  what: string;
  status: number;
  ms: number;
  retryAfter: string | null;
  body: string;
  at: number;
}

const REQUESTS: Record<string, () => RequestInit & { path: string }> = {
  page: () => ({ path: "/vendors", headers: { Cookie: `${SESSION_COOKIE}=${encodeURIComponent(token)}` } }),
  api: () => ({ path: "/api/vendors", headers: { Authorization: `Bearer ${token}` } }),
  health: () => ({ path: "/healthz" }),
};

async function ask(what: string): Promise<Answer> {
  const { path, ...init } = REQUESTS[what]!();
  const started = performance.now();
  const response = await fetch(`${server.url}${path}`, {
    ...init,
    redirect: "manual",
    signal: AbortSignal.timeout(20_000),
  });
  const body = await response.text();
  return {
    what,
    status: response.status,
    ms: performance.now() - started,
    retryAfter: response.headers.get("retry-after"),
    body,
    at: Date.now(),
  };
}

/** Keeps `lanes` clients asking in turn until `until` (an employee each, refreshing as fast as answered). */
async function load(lanes: number, until: () => boolean): Promise<Answer[]> {
  const answers: Answer[] = [];
  const kinds = Object.keys(REQUESTS);
  await Promise.all(
    Array.from({ length: lanes }, async (_lane, index) => {
      let turn = index;
      while (!until()) {
        answers.push(await ask(kinds[turn % kinds.length]!));
        turn += 1;
      }
    }),
  );
  return answers;
}

describe("a 10-second database outage under load", () => {
  it("answers 503 with Retry-After quickly, never a 500, and recovers within 5 s of the database's return", async () => {
    // Warm: everything answers.
    for (const kind of Object.keys(REQUESTS)) expect((await ask(kind)).status, kind).toBe(200);

    await proxy.cut();
    const cutAt = Date.now();
    const during = await load(6, () => Date.now() - cutAt > OUTAGE_MS);
    await proxy.restore();
    const restoredAt = Date.now();

    expect(during.length).toBeGreaterThan(10);
    for (const answer of during) {
      expect(answer.status, `${answer.what} during the outage: ${answer.body.slice(0, 200)}`).toBe(503);
      expect(answer.ms, `${answer.what} took ${Math.round(answer.ms)} ms`).toBeLessThan(SLOWEST_ANSWER_MS);
      if (answer.what !== "health") expect(answer.retryAfter, answer.what).toBe("5");
    }
    expect(during.find((answer) => answer.what === "api")?.body).toContain(DATABASE_UNAVAILABLE_MESSAGE);
    expect(during.find((answer) => answer.what === "page")?.body).toContain("Back in a moment");
    expect(during.some((answer) => answer.body.includes("    at "))).toBe(false);

    // Back: every kind answers 200 within 5 s of the database's return.
    const recovered = new Set<string>();
    while (recovered.size < Object.keys(REQUESTS).length && Date.now() - restoredAt < RECOVERY_MS + 5_000) {
      for (const kind of Object.keys(REQUESTS)) {
        if (recovered.has(kind)) continue;
        const answer = await ask(kind);
        if (answer.status === 200) {
          recovered.add(kind);
          expect(answer.at - restoredAt, `${kind} recovered after ${answer.at - restoredAt} ms`).toBeLessThan(
            RECOVERY_MS,
          );
        }
      }
    }
    expect([...recovered].sort()).toEqual(Object.keys(REQUESTS).sort());
    process.stdout.write(
      `database outage: ${during.length} answers during ${OUTAGE_MS / 1000} s, all 503, slowest ${Math.round(
        Math.max(...during.map((answer) => answer.ms)),
      )} ms\n`,
    );
  }, 60_000);
});
