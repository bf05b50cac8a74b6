// The sign-in limiter's counting, in memory: failures count and successes clear only their
// account's; the budget reported is the tightest counter's.
import { describe, expect, it } from "vitest";
import { SIGN_IN_FAILURE_WINDOW_S, SignInLimiter, signInBudgetHeaders } from "./sign-in-limiter.server.ts";

const limits = { failuresPerAccount: 3, failuresPerAddress: 5 };

describe("SignInLimiter", () => {
  it("reports the tightest budget, refuses once a counter is spent, and never counts a success", async () => {
    const limiter = new SignInLimiter(limits);
    expect(await limiter.check("pat@acme.example", "10.0.0.1")).toEqual({
      allowed: true,
      limit: 3,
      remaining: 3,
      resetSeconds: SIGN_IN_FAILURE_WINDOW_S,
    });
    // Without an e-mail address only the client address's counter applies.
    expect(await limiter.check(null, "10.0.0.1")).toMatchObject({ limit: 5, remaining: 5 });
    for (let n = 0; n < 3; n++) await limiter.failed(" Pat@ACME.example ", "10.0.0.1");
    expect(await limiter.check("pat@acme.example", "10.0.0.9")).toMatchObject({ allowed: false, remaining: 0 });
    expect(await limiter.check("kim@acme.example", "10.0.0.1")).toMatchObject({
      allowed: true,
      limit: 5,
      remaining: 2,
    });
    await limiter.succeeded("PAT@acme.example");
    // The account's failures are cleared; the address's stay.
    expect(await limiter.check("pat@acme.example", "10.0.0.1")).toMatchObject({
      allowed: true,
      limit: 5,
      remaining: 2,
    });
    await limiter.failed(null, "10.0.0.1");
    await limiter.failed(null, "10.0.0.1");
    expect(await limiter.check("pat@acme.example", "10.0.0.1")).toMatchObject({ allowed: false, remaining: 0 });
  });

  it("counts an IPv6 network of one office as one address", async () => {
    const limiter = new SignInLimiter({ failuresPerAccount: 10, failuresPerAddress: 2 });
    await limiter.failed(null, "2001:db8:1:100::1");
    await limiter.failed(null, "2001:db8:1:1ff::9");
    expect(await limiter.check(null, "2001:db8:1:180::5")).toMatchObject({ allowed: false });
    expect(await limiter.check(null, "2001:db8:2::1")).toMatchObject({ allowed: true });
  });

  it("says the budget in RateLimit headers, with Retry-After once it is spent", () => {
    expect(signInBudgetHeaders({ allowed: true, limit: 10, remaining: 7, resetSeconds: 600 })).toEqual({
      "RateLimit-Policy": `10;w=${SIGN_IN_FAILURE_WINDOW_S}`,
      RateLimit: "limit=10, remaining=7, reset=600",
    });
    expect(signInBudgetHeaders({ allowed: false, limit: 10, remaining: 0, resetSeconds: 42 })).toMatchObject({
      "Retry-After": "42",
    });
  });
});
