import { describe, expect, it } from "vitest";
import { AttemptLimiter } from "./attempt-limiter.server.ts";

describe("AttemptLimiter", () => {
  const now = 1_800_000_000_000;

  it("refuses the attempt after the limit, until the window ends", () => {
    const limiter = new AttemptLimiter(2, 60_000);
    expect(limiter.attempt(["a"], now)).toBe(true);
    expect(limiter.attempt(["a"], now + 1)).toBe(true);
    expect(limiter.attempt(["a"], now + 2)).toBe(false);
    expect(limiter.secondsUntilReset(["a"], now + 2)).toBe(60);
    expect(limiter.attempt(["a"], now + 60_000)).toBe(true);
  });

  it("tells whether the next attempt would be refused, counting nothing", () => {
    const limiter = new AttemptLimiter(2, 60_000);
    expect(limiter.isSpent(["a"], now)).toBe(false);
    limiter.attempt(["a"], now);
    expect(limiter.isSpent(["a"], now)).toBe(false);
    limiter.attempt(["a"], now);
    expect(limiter.isSpent(["a"], now)).toBe(true);
    expect(limiter.isSpent(["b", "a"], now)).toBe(true);
    expect(limiter.isSpent(["a"], now + 60_000)).toBe(false);
    // Asking is free: a key asked about many times still has its whole budget.
    for (let i = 0; i < 10; i++) expect(limiter.isSpent(["c"], now)).toBe(false);
    expect(limiter.attempt(["c"], now)).toBe(true);
    expect(limiter.attempt(["c"], now)).toBe(true);
  });
});
