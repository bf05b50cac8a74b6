// Sign-in limits that fit an office, through a real server: a morning of 50
// employees behind one address signs in without a 429, while guessing one account and spraying many are
// refused; the page's form and POST /users/login spend one budget, reported in RateLimit headers. And, where
// Redis answers, two processes' limiters count the same failures.
import { randomBytes } from "node:crypto";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SignInLimiter } from "~/modules/identity/sign-in-limiter.server.ts";
import { TOO_MANY_SIGN_IN_ATTEMPTS_MESSAGE } from "~/rules/access/sign-in.ts";
import { createTestPrisma } from "../../support/database.ts";
import { createUser, PASSWORD } from "../../support/factories/users.ts";
import { startTestServer, type RunningServer } from "../../support/test-server.ts";
import { redisAnswers } from "../realtime/instances.ts";

const db = createTestPrisma();
let server: RunningServer;

beforeAll(async () => {
  // One proxy hop trusted, so each request can come from its own client address. The default limits.
  server = await startTestServer({ JWT_SECRET: "s".repeat(32), TRUST_PROXY_HOPS: "1" });
});

afterAll(() => server?.close());

let addresses = 0;
/** A client address no other request of this file uses. */
function freshAddress(): string {
  addresses += 1;
  return `10.30.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
}

type Via = "api" | "page";

/** One sign-in, through the JSON API or the page's form (no JavaScript), from `address`. */
async function signIn(via: Via, email: string, password: string, address = freshAddress()) {
  const response =
    via === "api"
      ? await fetch(`${server.url}/users/login`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-Forwarded-For": address },
          body: JSON.stringify({ email, password }),
        })
      : await fetch(`${server.url}/employee-login`, {
          method: "POST",
          redirect: "manual",
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            Origin: server.url,
            "X-Forwarded-For": address,
          },
          body: new URLSearchParams({ email, password }).toString(),
        });
  const text = await response.text();
  // The page answers a success with a redirect, a refusal with the form again (200), a spent budget 429.
  const outcome =
    response.status === 429
      ? "limited"
      : (via === "api" ? response.status === 200 : response.status >= 300 && response.status < 400)
        ? "signed in"
        : "refused";
  return { outcome, status: response.status, text, headers: response.headers };
}

const budgetOf = (headers: Headers) => headers.get("ratelimit");

describe("sign-in limits", () => {
  it("signs in 50 employees from one address within a minute, through both forms, with no 429", async () => {
    const office = freshAddress();
    const users = await Promise.all(Array.from({ length: 50 }, () => createUser(db)));
    const outcomes: string[] = [];
    for (const [index, user] of users.entries()) {
      outcomes.push((await signIn(index % 2 ? "api" : "page", user.email, PASSWORD, office)).outcome);
    }
    expect(outcomes).toEqual(Array.from({ length: 50 }, () => "signed in"));
  });

  it("refuses guessing one account after 10 failures from anywhere, even the right password, in both forms", async () => {
    const user = await createUser(db);
    const first = await signIn("api", user.email, "wrong 0");
    expect(first.outcome).toBe("refused");
    expect(budgetOf(first.headers)).toBe("limit=10, remaining=10, reset=900");
    expect(first.headers.get("ratelimit-policy")).toBe("10;w=900");
    for (let attempt = 1; attempt < 10; attempt++) {
      const via: Via = attempt % 2 ? "page" : "api";
      const answer = await signIn(via, user.email, `wrong ${attempt}`);
      expect(answer.outcome, `attempt ${attempt + 1}`).toBe("refused");
      expect(budgetOf(answer.headers), `attempt ${attempt + 1}`).toMatch(new RegExp(`remaining=${10 - attempt},`));
    }
    // The 11th: the right password, another case of the address, a new client address; refused either way.
    for (const via of ["api", "page"] as const) {
      const limited = await signIn(via, user.email.toUpperCase(), PASSWORD);
      expect(limited.outcome, via).toBe("limited");
      expect(limited.text).toContain(TOO_MANY_SIGN_IN_ATTEMPTS_MESSAGE);
      expect(limited.headers.getSetCookie()).toEqual([]);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(budgetOf(limited.headers)).toMatch(/^limit=10, remaining=0, reset=\d+$/);
    }
    // Another account is not affected.
    const other = await createUser(db);
    expect((await signIn("api", other.email, PASSWORD)).outcome).toBe("signed in");
  });

  it("clears an account's failures when it signs in", async () => {
    const user = await createUser(db);
    for (let attempt = 1; attempt <= 9; attempt++) await signIn("api", user.email, `typo ${attempt}`);
    expect((await signIn("page", user.email, PASSWORD)).outcome).toBe("signed in");
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await signIn("api", user.email, `typo again ${attempt}`)).outcome, `attempt ${attempt}`).toBe("refused");
    }
    expect((await signIn("api", user.email, PASSWORD)).outcome).toBe("limited");
  });

  it("refuses spraying from one address after 50 failures over many accounts; a success there does not clear it", async () => {
    const sprayer = freshAddress();
    const own = await createUser(db);
    for (let attempt = 1; attempt <= 50; attempt++) {
      const via: Via = attempt % 2 ? "api" : "page";
      const answer = await signIn(
        via,
        `sprayed-${attempt}-${randomBytes(3).toString("hex")}@fleetops.test`,
        "Summer2026!",
        sprayer,
      );
      expect(answer.outcome, `attempt ${attempt}`).toBe("refused");
      if (attempt === 49) expect(budgetOf(answer.headers)).toMatch(/^limit=50, remaining=2, /);
    }
    // Even a real account with its right password, from that address; from another it signs in.
    const fromSprayer = await signIn("api", own.email, PASSWORD, sprayer);
    expect(fromSprayer.outcome).toBe("limited");
    expect(budgetOf(fromSprayer.headers)).toMatch(/^limit=50, remaining=0, /);
    expect((await signIn("page", own.email, PASSWORD, sprayer)).outcome).toBe("limited");
    expect((await signIn("api", own.email, PASSWORD)).outcome).toBe("signed in");
  });
});

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const redisAvailable = await redisAnswers(REDIS_URL);
if (!redisAvailable) console.warn(`shared sign-in limits not tested: no Redis answered PING at ${REDIS_URL}`);

describe.runIf(redisAvailable)("sign-in limits shared through Redis", () => {
  it("counts one process's failures in another's budget, and clears them for both on a success", async () => {
    const clients = [createClient({ url: REDIS_URL }), createClient({ url: REDIS_URL })];
    await Promise.all(clients.map((client) => client.connect()));
    try {
      const limits = { failuresPerAccount: 3, failuresPerAddress: 100 };
      const [first, second] = clients.map((redis) => new SignInLimiter(limits, { redis }));
      const email = `shared-${randomBytes(6).toString("hex")}@fleetops.test`;
      const address = `10.31.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
      await first!.failed(email, address);
      await first!.failed(email, address);
      expect(await second!.check(email, address)).toMatchObject({ allowed: true, limit: 3, remaining: 1 });
      await second!.failed(email, address);
      expect(await first!.check(email, address)).toMatchObject({ allowed: false, remaining: 0 });
      await second!.succeeded(email);
      expect(await first!.check(email, address)).toMatchObject({ allowed: true, remaining: 3 });
    } finally {
      await Promise.all(clients.map((client) => client.close()));
    }
  });
});
