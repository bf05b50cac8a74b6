import { describe, expect, it } from "vitest";
import {
  isRegistrationMismatch,
  mapValues,
  registrationStanding,
  stateCountRows,
  stateLabel,
  topStates,
} from "./state-counts.ts";

describe("stateCountRows", () => {
  it("sums each state's statuses into groups, leaves SOLD out, and puts Unknown last (ties by code)", () => {
    const rows = stateCountRows([
      { state: "TX", status: "NEW", units: 3 },
      { state: "TX", status: "RE-RENT", units: 2 },
      { state: "TX", status: "SOLD", units: 50 },
      { state: null, status: "ON RENT", units: 9 },
      { state: "", status: "Claims", units: 1 },
      { state: "ca", status: "ON RENT", units: 4 },
      { state: "OK", status: "At Auction", units: 5 },
    ]);
    expect(rows.map((row) => [row.label, row.total])).toEqual([
      ["OK", 5],
      ["TX", 5],
      ["CA", 4],
      ["Unknown", 10],
    ]);
    expect(rows[1]!.groups["Ready to rent"]).toBe(5);
    expect(rows[3]!.groups).toMatchObject({ "On rent": 9, Claims: 1 });
    expect(topStates(rows, 2).map((row) => row.key)).toEqual(["OK", "TX"]);
  });
});

describe("registrationStanding", () => {
  it.each([
    [null, "unknown"],
    ["", "unknown"],
    ["2026-11-28", "expired"],
    ["2026-11-29", "expiring"],
    ["2027-01-28", "expiring"],
    ["2027-01-29", "current"],
  ] as const)("%s on 2026-11-29 is %s", (expiry, standing) => {
    expect(registrationStanding(expiry, "2026-11-29")).toBe(standing);
  });
});

describe("isRegistrationMismatch", () => {
  it.each([
    ["TX", "OK", true],
    ["TX", "tx", false],
    [null, "TX", false],
    ["TX", null, false],
    ["", "", false],
  ] as const)("located %s, registered %s: %s", (located, registered, mismatch) => {
    expect(isRegistrationMismatch(located, registered)).toBe(mismatch);
  });
});

describe("labels and the map", () => {
  it("names a missing state Unknown and gives the map full names only for states it knows", () => {
    expect(stateLabel(null)).toBe("Unknown");
    expect(stateLabel(" tx ")).toBe("TX");
    expect(
      mapValues(
        new Map([
          ["TX", 4],
          ["", 2],
          ["ZZ", 1],
          ["DC", 3],
        ]),
      ),
    ).toEqual({
      names: ["Texas", "District of Columbia"],
      values: [4, 3],
    });
  });
});
