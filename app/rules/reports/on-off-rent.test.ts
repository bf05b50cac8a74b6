import { describe, expect, it } from "vitest";
import {
  addDays,
  MAX_PERIODS,
  nextPeriodStart,
  ON_OFF_RENT_MESSAGES as M,
  onOffRentRows,
  periodCount,
  periodLabel,
  periodsOf,
  periodStart,
  rangeProblem,
} from "./on-off-rent.ts";

describe("periods of /trucks", () => {
  it.each([
    // Days are themselves.
    ["2026-11-16", "day", "2026-11-16"],
    // Weeks start on Monday: a Monday, a Sunday, and weeks that cross a month and a year.
    ["2026-11-16", "week", "2026-11-16"],
    ["2026-11-22", "week", "2026-11-16"],
    ["2026-11-23", "week", "2026-11-23"],
    ["2026-10-01", "week", "2026-09-28"],
    ["2026-01-01", "week", "2025-12-29"],
    ["2027-01-03", "week", "2026-12-28"],
    ["2024-03-01", "week", "2024-02-26"],
    // Months start on the 1st.
    ["2026-11-30", "month", "2026-11-01"],
    ["2024-02-29", "month", "2024-02-01"],
    ["2026-12-31", "month", "2026-12-01"],
  ] as const)("puts %s in the %s starting %s", (day, period, start) => {
    expect(periodStart(day, period)).toBe(start);
  });

  it.each([
    ["2026-12-31", "day", "2027-01-01"],
    ["2024-02-28", "day", "2024-02-29"],
    ["2026-12-28", "week", "2027-01-04"],
    ["2026-12-01", "month", "2027-01-01"],
    ["2024-01-01", "month", "2024-02-01"],
  ] as const)("after the %s starting %s comes %s", (start, period, next) => {
    expect(nextPeriodStart(start, period)).toBe(next);
  });

  it("cuts the first and last period to the range, and labels each by its own first day", () => {
    expect(periodsOf("2026-12-30", "2027-01-12", "week")).toEqual([
      { key: "2026-12-28", label: "Week of 12/28/2026", from: "2026-12-30", to: "2027-01-03" },
      { key: "2027-01-04", label: "Week of 01/04/2027", from: "2027-01-04", to: "2027-01-10" },
      { key: "2027-01-11", label: "Week of 01/11/2027", from: "2027-01-11", to: "2027-01-12" },
    ]);
    expect(periodsOf("2024-01-31", "2024-03-01", "month")).toEqual([
      { key: "2024-01-01", label: "Jan 2024", from: "2024-01-31", to: "2024-01-31" },
      { key: "2024-02-01", label: "Feb 2024", from: "2024-02-01", to: "2024-02-29" },
      { key: "2024-03-01", label: "Mar 2024", from: "2024-03-01", to: "2024-03-01" },
    ]);
    expect(periodsOf("2026-11-15", "2026-11-16", "day").map((span) => span.label)).toEqual([
      "11/15/2026",
      "11/16/2026",
    ]);
    expect(periodLabel("2026-11-01", "month")).toBe("Nov 2026");
  });

  it.each([
    ["2026-08-19", "2026-11-16", "day", 90],
    ["2026-11-16", "2026-11-16", "day", 1],
    ["2026-12-30", "2027-01-12", "week", 3],
    ["2026-11-16", "2026-11-22", "week", 1],
    ["2025-12-31", "2026-01-01", "month", 2],
    ["2026-11-16", "2026-11-15", "day", 0],
  ] as const)("counts the periods from %s to %s by %s: %i", (from, to, period, count) => {
    expect(periodCount(from, to, period)).toBe(count);
    if (count > 0) expect(periodsOf(from, to, period)).toHaveLength(count);
  });

  it("refuses a range that ends before it starts, reaches past today, or has too many periods", () => {
    const today = "2026-11-16";
    expect(rangeProblem("2026-11-17", "2026-11-16", "day", today)).toEqual({ field: "from", message: M.order });
    expect(rangeProblem("2026-11-01", "2026-11-17", "day", today)).toEqual({ field: "to", message: M.future(today) });
    expect(M.future(today)).toContain("11/16/2026");
    expect(rangeProblem(addDays(today, -(MAX_PERIODS - 1)), today, "day", today)).toBeNull();
    expect(rangeProblem(addDays(today, -MAX_PERIODS), today, "day", today)).toEqual({
      field: "period",
      message: M.tooMany(MAX_PERIODS + 1),
    });
    expect(rangeProblem("2000-01-01", today, "month", today)).toBeNull();
  });
});

describe("movements per period", () => {
  it("adds each day's counts to its period, nets them and carries the units on rent from the range's start", () => {
    const periods = periodsOf("2026-10-28", "2026-11-16", "week");
    const rows = onOffRentRows(
      "week",
      periods,
      [
        { day: "2026-10-27", deliveries: 9, returns: 9, tradeIns: 9 }, // before the range
        { day: "2026-10-28", deliveries: 3, returns: 1, tradeIns: 0 },
        { day: "2026-11-01", deliveries: 1, returns: 0, tradeIns: 0 }, // a Sunday: still that week
        { day: "2026-11-02", deliveries: 0, returns: 4, tradeIns: 2 },
        { day: "2026-11-16", deliveries: 2, returns: 0, tradeIns: 0 },
        { day: "2026-11-17", deliveries: 9, returns: 9, tradeIns: 9 }, // after it
      ],
      100,
    );
    expect(
      rows.map(({ key, deliveries, returns, tradeIns, net, onRentAtEnd }) => [
        key,
        deliveries,
        returns,
        tradeIns,
        net,
        onRentAtEnd,
      ]),
    ).toEqual([
      ["2026-10-26", 4, 1, 0, 3, 103],
      ["2026-11-02", 0, 4, 2, -4, 99],
      ["2026-11-09", 0, 0, 0, 0, 99],
      ["2026-11-16", 2, 0, 0, 2, 101],
    ]);
  });
});
