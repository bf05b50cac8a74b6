import { describe, expect, it } from "vitest";
import {
  dayEnd,
  daysSinceChange,
  inComparison,
  mismatchesOf,
  type StatusChange,
  statusFromChanges,
  statusOnDate,
  transitionMatrix,
  type UnitRecords,
} from "./status-diff.ts";

const change = (at: string, prevVal: string | null, newVal: string): StatusChange => ({
  changedOn: new Date(at),
  prevVal,
  newVal,
});

// Entered the fleet on Nov 1, rented on Nov 5 at noon, returned on Nov 10 at 23:59:59.999.
const history = [
  change("2026-11-01T09:00:00Z", null, "NEW"),
  change("2026-11-05T12:00:00Z", "NEW", "ON RENT"),
  change("2026-11-10T23:59:59.999Z", "ON RENT", "OFF RENT"),
];

describe("a unit's status on a day", () => {
  it.each([
    ["2026-10-31", null], // before it entered the fleet: not in it yet
    ["2026-11-01", "NEW"], // the day it entered
    ["2026-11-04", "NEW"],
    ["2026-11-05", "ON RENT"], // a change during the day counts for that day
    ["2026-11-09", "ON RENT"],
    ["2026-11-10", "OFF RENT"], // the last instant of the day is still that day
    ["2026-12-25", "OFF RENT"], // a later day: the last change
  ])("on %s is %s", (day, status) => {
    expect(statusFromChanges(history, "OFF RENT", day)).toBe(status);
  });

  it("reads the list in time order whatever order it comes in, ties in the list's order", () => {
    expect(statusFromChanges([...history].reverse(), "OFF RENT", "2026-11-06")).toBe("ON RENT");
    const tie = [
      change("2026-11-05T12:00:00Z", "NEW", "IN TRANSIT"),
      change("2026-11-05T12:00:00Z", "IN TRANSIT", "ON RENT"),
    ];
    expect(statusFromChanges(tie, "ON RENT", "2026-11-05")).toBe("ON RENT");
  });

  it("before a unit's first change, gives the status that change left; with no history, the current status", () => {
    const imported = [change("2026-11-05T12:00:00Z", "RE-RENT", "ON RENT")];
    expect(statusFromChanges(imported, "ON RENT", "2026-11-01")).toBe("RE-RENT");
    expect(statusFromChanges([], "FOR SALE", "2020-01-01")).toBe("FOR SALE");
    expect(statusOnDate({ lastByDayEnd: null, first: null, current: "Claims" })).toBe("Claims");
    expect(statusOnDate({ lastByDayEnd: "NEW", first: { prevVal: null }, current: "Claims" })).toBe("NEW");
    expect(statusOnDate({ lastByDayEnd: null, first: { prevVal: null }, current: "Claims" })).toBeNull();
  });

  it("ends a day at the next midnight, UTC", () => {
    expect(dayEnd("2026-11-30")).toEqual(new Date("2026-12-01T00:00:00Z"));
  });
});

describe("the comparison", () => {
  it.each([
    ["ON RENT", "ON RENT", true],
    [null, "NEW", true], // joined the fleet between A and B
    ["Sold Not Delivered", "SOLD", true], // left it between A and B
    ["SOLD", "SOLD", false], // gone before A
    [null, null, false], // not yet in it on B
    [null, "SOLD", false],
  ] as const)("counts a unit %s on A and %s on B: %s", (a, b, counted) => {
    expect(inComparison(a, b)).toBe(counted);
  });

  it("sums the from → to pairs in catalogue order, not-in-fleet last, each with its share of from", () => {
    expect(
      transitionMatrix([
        { from: "OFF RENT", to: "ON LOT", units: 1 },
        { from: null, to: "NEW", units: 2 },
        { from: "NEW", to: "ON RENT", units: 1 },
        { from: "NEW", to: "NEW", units: 3 },
        { from: "NEW", to: "ON RENT", units: 1 },
        { from: "ON RENT", to: "OFF RENT", units: 0 },
      ]),
    ).toEqual([
      { from: "NEW", to: "NEW", units: 3, share: 0.6 },
      { from: "NEW", to: "ON RENT", units: 2, share: 0.4 },
      { from: "OFF RENT", to: "ON LOT", units: 1, share: 1 },
      { from: null, to: "NEW", units: 2, share: 1 },
    ]);
  });

  it.each([
    // changed on, day B, days
    ["2026-11-10T12:00:00Z", "2026-11-16", 6], // B is today: counted to now (Nov 16, 12:00)
    ["2026-11-10T12:00:00Z", "2026-11-30", 6], // a later day: also now
    ["2026-11-10T12:00:00Z", "2026-11-12", 2], // a past day: to its end (Nov 13, 00:00)
    ["2026-11-12T00:00:00Z", "2026-11-12", 1],
    ["2026-11-12T00:00:01Z", "2026-11-12", 0],
  ])("a change on %s had lasted, by the end of %s, %s days", (at, dayB, days) => {
    expect(daysSinceChange(new Date(at), dayB, new Date("2026-11-16T12:00:00Z"))).toBe(days);
  });

  it("has no days since a change it has no date for", () => {
    expect(daysSinceChange(null, "2026-11-12", new Date("2026-11-16T12:00:00Z"))).toBeNull();
  });
});

describe("data mismatches", () => {
  const unit = (records: Partial<UnitRecords>): UnitRecords => ({
    status: "NEW",
    openContracts: [],
    reserved: false,
    openTransportJobs: 0,
    lastHistoryStatus: null,
    ...records,
  });
  const rules = (records: Partial<UnitRecords>) => mismatchesOf(unit(records)).map((found) => found.rule);

  it.each([
    [{ status: "ON RENT", openContracts: ["C-1"], lastHistoryStatus: "ON RENT" }, []],
    [{ status: "ON RENT" }, ["on-rent-without-contract"]],
    [{ status: "OFF RENT", openContracts: ["C-1"] }, ["contract-not-on-rent"]],
    [{ status: "NEW", reserved: true }, []],
    [{ status: "RE-RENT", reserved: true }, []],
    [{ status: "IN TRANSIT", reserved: true, openTransportJobs: 1 }, ["reserved-not-ready"]],
    [{ status: "IN TRANSIT" }, ["in-transit-without-job"]],
    [{ status: "IN TRANSIT", openTransportJobs: 2 }, []],
    [{ status: "IN TRANSIT (SELLER)" }, []], // the buyer moves it: no job of ours
    [{ status: "NEW", lastHistoryStatus: "NEW" }, []],
    [{ status: "NEW", lastHistoryStatus: "ON LOT" }, ["history-not-current"]],
    [{ status: "NEW", lastHistoryStatus: null }, []], // no history: nothing to disagree with
    [
      { status: "SOLD", openContracts: ["C-1", "C-2"], reserved: true, lastHistoryStatus: "ON RENT" },
      ["contract-not-on-rent", "reserved-not-ready", "history-not-current"],
    ],
  ] as const)("finds in %j: %j", (records, expected) => {
    expect(rules(records)).toEqual(expected);
  });

  it("says how each disagrees", () => {
    expect(mismatchesOf(unit({ status: "SOLD", openContracts: ["C-1", "C-2"], lastHistoryStatus: "ON RENT" }))).toEqual(
      [
        { rule: "contract-not-on-rent", detail: "Open contract C-1, C-2 while SOLD" },
        { rule: "history-not-current", detail: "History's last status is ON RENT; the unit's is SOLD" },
      ],
    );
  });
});
