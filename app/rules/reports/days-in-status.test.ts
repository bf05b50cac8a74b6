import { describe, expect, it } from "vitest";
import {
  ageBucketOf,
  agingMatrix,
  overallStayStatistics,
  percentile,
  type StayCount,
  stayDays,
  stayRange,
  stayStatistics,
  statusesInScope,
  unitLateness,
} from "./days-in-status.ts";

const now = new Date("2026-11-16T12:00:00Z");
const daysAgo = (days: number, hours = 0) => new Date(now.getTime() - days * 86_400_000 - hours * 3_600_000);
/** A list of lengths as the histogram the SQL gives: one entry per stay. */
const stays = (...days: number[]): StayCount[] => days.map((value) => ({ days: value, stays: 1 }));

describe("a unit against its status's threshold", () => {
  it.each([
    // status, days ago, override, days, over by, lateness
    ["ON LOT", 7, false, 7, null, "On time"], // exactly at the 7-day threshold: not late
    ["ON LOT", 7.99, false, 7, null, "On time"], // still 7 whole days
    ["ON LOT", 8, false, 8, 1, "Late"], // one day more: late, over by one
    ["NEW", 14, false, 14, null, "On time"],
    ["NEW", 15, false, 15, 1, "Late"],
    ["Hold for Sale", 21, false, 21, null, "On time"],
    ["Hold for Sale", 30, false, 30, 9, "Late"],
    ["FOR SALE", 29, false, 29, 1, "Late"],
    ["Claims", 56, false, 56, null, "On time"],
    ["Claims", 57, false, 57, 1, "Late"],
    ["BODY SHOP", 40, true, 40, 26, "Overridden"], // overridden: never late, the days over still shown
    ["BODY SHOP", 2, true, 2, null, "Overridden"],
    ["ON RENT", 400, false, 400, null, "No limit"], // a status with no threshold
    ["SOLD", 400, false, 400, null, "No limit"],
    ["IN TRANSIT", 0, false, 0, null, "On time"],
  ] as const)(
    "%s for %s days (override %s): %s days, over by %s, %s",
    (status, ago, override, days, overBy, lateness) => {
      expect(unitLateness({ statusName: status, changeDate: daysAgo(ago), overrideLate: override }, now)).toMatchObject(
        { days, overBy, lateness },
      );
    },
  );

  it("counts a change in the future as today (clock skew), never late", () => {
    expect(unitLateness({ statusName: "ON LOT", changeDate: daysAgo(-1), overrideLate: false }, now)).toMatchObject({
      days: 0,
      lateness: "On time",
    });
  });
});

describe("the aging buckets", () => {
  it.each([
    [0, "days0to7"],
    [7, "days0to7"],
    [8, "days8to14"],
    [14, "days8to14"],
    [15, "days15to28"],
    [28, "days15to28"],
    [29, "days29to56"],
    [56, "days29to56"],
    [57, "days57up"],
    [5000, "days57up"],
  ] as const)("puts %s days in %s", (days, bucket) => {
    expect(ageBucketOf(days)).toBe(bucket);
  });

  it("gives every status of the scope a row, zeros included, each unit once in its status's row", () => {
    const rows = agingMatrix(
      [
        { status: "NEW", days: 3, late: false },
        { status: "NEW", days: 15, late: true },
        { status: "NEW", days: 60, late: true },
        { status: "ON LOT", days: 8, late: true },
        { status: "SOLD", days: 1, late: false }, // not in the scope: left out
      ],
      ["NEW", "RE-RENT", "ON LOT"],
    );
    expect(rows.map((row) => [row.status, row.total, row.late])).toEqual([
      ["NEW", 3, 2],
      ["RE-RENT", 0, 0],
      ["ON LOT", 1, 1],
    ]);
    expect(rows[0]!.buckets).toEqual({ days0to7: 1, days8to14: 0, days15to28: 1, days29to56: 0, days57up: 1 });
    expect(rows[0]!.lateAfterDays).toBe(14);
  });

  it("narrows the statuses to a group, then to one status", () => {
    expect(statusesInScope({ group: "all", status: "all" })).toHaveLength(15);
    expect(statusesInScope({ group: "Returning", status: "all" })).toEqual([
      "OFF RENT",
      "IN TRANSIT",
      "IN TRANSIT (SELLER)",
    ]);
    expect(statusesInScope({ group: "Returning", status: "OFF RENT" })).toEqual(["OFF RENT"]);
    expect(statusesInScope({ group: "Claims", status: "OFF RENT" })).toEqual([]);
    expect(statusesInScope({ group: "all", status: "SOLD" })).toEqual([]);
  });
});

describe("completed stays", () => {
  it.each([
    [[], 0.5, null],
    [[4], 0.5, 4],
    [[4], 0.9, 4],
    [[1, 3], 0.5, 2],
    [[3, 1, 2], 0.5, 2],
    [[1, 2, 3, 4], 0.5, 2.5],
    [[1, 2, 3, 4], 0.9, 3.7],
    [[10, 20], 0.9, 19],
    [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.9, 9.1],
    [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 0.9, 10],
    [[0, 0, 0, 100], 0.5, 0],
  ])("percentile of %j at %s is %s", (lengths, fraction, expected) => {
    const value = percentile(stays(...lengths), fraction);
    if (expected === null) expect(value).toBeNull();
    else expect(value).toBeCloseTo(expected, 10);
  });

  it("reads a histogram as its stays: three of 2 days and one of 10", () => {
    const lengths = [
      { days: 10, stays: 1 },
      { days: 2, stays: 3 },
      { days: 5, stays: 0 },
    ];
    expect(percentile(lengths, 0.5)).toBe(2);
    expect(percentile(lengths, 0.9)).toBeCloseTo(7.6, 10);
  });

  it("sums up a status: average, median, p90, and the stays over its threshold", () => {
    expect(stayStatistics(stays(7, 7, 8, 14), 7)).toEqual({
      stays: 4,
      average: 9,
      median: 7.5,
      p90: expect.closeTo(12.2, 10) as number,
      over: 2, // 8 and 14 days; 7 is at the threshold, not over
      overShare: 0.5,
    });
    expect(stayStatistics([], 7)).toEqual({
      stays: 0,
      average: null,
      median: null,
      p90: null,
      over: 0,
      overShare: null,
    });
    expect(stayStatistics(stays(100, 200), null)).toMatchObject({ over: null, overShare: null, median: 150 });
  });

  it("totals every status's stays, judging each against its own threshold", () => {
    const overall = overallStayStatistics([
      { lengths: stays(7, 8), lateAfterDays: 7 },
      { lengths: stays(30), lateAfterDays: 28 },
      { lengths: stays(300), lateAfterDays: null },
    ]);
    expect(overall).toMatchObject({ stays: 4, average: 86.25, median: 19, over: 2 });
    expect(overall.overShare).toBeCloseTo(2 / 3, 10);
  });

  it.each([
    ["2026-11-01T10:00:00Z", "2026-11-08T09:59:59Z", 6],
    ["2026-11-01T10:00:00Z", "2026-11-08T10:00:00Z", 7],
    ["2026-11-01T10:00:00Z", "2026-11-01T23:00:00Z", 0],
  ])("a stay from %s to %s lasted %s whole days", (start, end, days) => {
    expect(stayDays(new Date(start), new Date(end))).toBe(days);
  });

  it("covers the range's days from the first midnight to the midnight after the last, either way round", () => {
    const range = { start: new Date("2026-08-18T00:00:00Z"), end: new Date("2026-11-17T00:00:00Z") };
    expect(stayRange("2026-08-18", "2026-11-16")).toEqual(range);
    expect(stayRange("2026-11-16", "2026-08-18")).toEqual(range);
    expect(stayRange("2026-11-16", "2026-11-16")).toEqual({
      start: new Date("2026-11-16T00:00:00Z"),
      end: new Date("2026-11-17T00:00:00Z"),
    });
  });
});
