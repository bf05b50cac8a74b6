import { describe, expect, it } from "vitest";
import {
  averageOf,
  checkDailyCountsRange,
  DAILY_COUNTS_MESSAGES as M,
  dayUtilization,
  daysInRange,
  defaultFrom,
  defaultTo,
  shownDays,
  timeUtilization,
} from "./daily-counts.ts";

describe("the daily counts' range (ADR 060)", () => {
  it("defaults to the 30 finished days before today", () => {
    expect(defaultTo("2026-03-01")).toBe("2026-02-28");
    expect(defaultFrom("2026-03-01")).toBe("2026-01-30");
    expect(daysInRange(defaultFrom("2026-03-01"), defaultTo("2026-03-01"))).toBe(30);
  });

  it.each([
    ["2026-01-01", "2026-01-01", 1],
    ["2026-01-01", "2026-01-31", 31],
    ["2024-02-28", "2024-03-01", 3],
    ["2026-01-02", "2026-01-01", 0],
  ])("counts %s to %s as %i days", (from, to, days) => {
    expect(daysInRange(from, to)).toBe(days);
  });

  it.each([
    ["2026-01-01", "2026-01-01", null],
    ["2024-11-29", "2026-11-29", null],
    ["2024-11-28", "2026-11-29", { field: "from", message: M.tooLong }],
    ["2026-01-02", "2026-01-01", { field: "from", message: M.order }],
    ["", "2026-01-01", null],
  ])("checks %s to %s", (from, to, refusal) => {
    expect(checkDailyCountsRange({ from, to })).toEqual(refusal);
  });

  it.each([
    // A range reaching into today (a day still running, no snapshot yet) stops at the last written day.
    [
      { from: "2026-11-01", to: "2026-11-29" },
      { first: "2024-11-28", last: "2026-11-28" },
      { from: "2026-11-01", to: "2026-11-28" },
    ],
    // A range starting before snapshots were written starts at the first written day.
    [
      { from: "2024-01-01", to: "2024-12-31" },
      { first: "2024-11-28", last: "2026-11-28" },
      { from: "2024-11-28", to: "2024-12-31" },
    ],
    [{ from: "2026-12-01", to: "2026-12-31" }, { first: "2024-11-28", last: "2026-11-28" }, null],
    [
      { from: "2026-11-28", to: "2026-11-28" },
      { first: "2024-11-28", last: "2026-11-28" },
      { from: "2026-11-28", to: "2026-11-28" },
    ],
    [{ from: "2026-11-01", to: "2026-11-29" }, null, null],
  ])("shows %o of written %o as %o", (range, written, shown) => {
    expect(shownDays(range, written)).toEqual(shown);
  });
});

describe("utilization (ADR 060)", () => {
  it.each([
    [25, 100, 0.25],
    [0, 100, 0],
    [100, 100, 1],
    [0, 0, null],
  ])("a day with %i on rent of %i is %s", (onRent, fleet, share) => {
    expect(dayUtilization(onRent, fleet)).toBe(share);
  });

  it.each([
    // Unit-days, not the mean of the days' shares: a small day weighs less.
    [
      [
        { onRent: 10, fleet: 100 },
        { onRent: 10, fleet: 10 },
      ],
      20 / 110,
    ],
    [[{ onRent: 50, fleet: 100 }], 0.5],
    // A day with no fleet adds no unit-days.
    [
      [
        { onRent: 0, fleet: 0 },
        { onRent: 3, fleet: 4 },
      ],
      0.75,
    ],
    [[{ onRent: 0, fleet: 0 }], null],
    [[], null],
  ])("over %o is %s", (days, share) => {
    expect(timeUtilization(days)).toBe(share);
  });

  it.each([
    [[], null],
    [[4], 4],
    [[1, 2], 1.5],
  ])("averages %o as %s", (values, mean) => {
    expect(averageOf(values)).toBe(mean);
  });
});
