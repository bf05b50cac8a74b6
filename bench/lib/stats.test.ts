import { describe, expect, it } from "vitest";
import { quantile, timeAlone, timeInterleaved } from "./stats.ts";

describe("timeInterleaved", () => {
  it("warms every series up, then times them in rotating blocks, each run seeing its own counter", async () => {
    const calls: string[] = [];
    const make = (name: string) => async (i: number) => {
      calls.push(`${name}${i}`);
      return i;
    };
    const result = await timeInterleaved({ a: make("a"), b: make("b") }, { warmup: 2, rounds: 2, perRound: 3 });
    expect(calls).toEqual([
      "a0",
      "a1",
      "b0",
      "b1",
      "a2",
      "a3",
      "a4",
      "b2",
      "b3",
      "b4",
      "b5",
      "b6",
      "b7",
      "a5",
      "a6",
      "a7",
    ]);
    expect(result.a.times).toHaveLength(6);
    expect(result.b.times).toHaveLength(6);
    expect(result.a.last).toBe(7);
    expect(result.b.last).toBe(7);
  });
});

describe("timeAlone", () => {
  it("warms up, then times each run once", async () => {
    const seen: number[] = [];
    const timed = await timeAlone(async (i) => (seen.push(i), i * 10), { warmup: 2, reps: 3 });
    expect(seen).toEqual([0, 1, 2, 3, 4]);
    expect(timed.times).toHaveLength(3);
    expect(timed.last).toBe(40);
  });
});

describe("quantile", () => {
  it("is the nearest rank", () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(quantile(values, 0.95)).toBe(95);
    expect(quantile(values, 0.5)).toBe(50);
    expect(quantile([], 0.5)).toBeNaN();
  });
});
