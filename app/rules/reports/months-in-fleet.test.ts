import { describe, expect, it } from "vitest";
import {
  AGE_BUCKET_STARTS,
  AGE_BUCKETS,
  ageBucketIndex,
  ageMatrix,
  DEFAULT_TARGET_FLEET_AGE_MONTHS,
  isPastTargetAge,
  monthsBetween,
  readTargetFleetAge,
  STILL_RENTING_STATUSES,
} from "./months-in-fleet.ts";

describe("months between two days", () => {
  it.each([
    ["2026-11-16", "2026-11-16", 0],
    ["2026-10-16", "2026-11-15", 0],
    ["2026-10-16", "2026-11-16", 1],
    ["2025-11-16", "2026-11-16", 12],
    // A month added to the 31st lands on a shorter month's last day.
    ["2026-01-31", "2026-02-27", 0],
    ["2026-01-31", "2026-02-28", 1],
    ["2026-01-30", "2026-02-28", 1],
    ["2026-03-31", "2026-04-30", 1],
    ["2026-03-31", "2026-04-29", 0],
    ["2025-12-31", "2026-01-31", 1],
    ["2025-12-15", "2026-01-14", 0],
    // Leap days.
    ["2024-01-31", "2024-02-29", 1],
    ["2024-01-31", "2024-02-28", 0],
    ["2024-02-29", "2025-02-28", 12],
    ["2024-02-29", "2028-02-28", 47],
    ["2024-02-29", "2028-02-29", 48],
    ["2023-03-31", "2024-02-29", 11],
    ["2024-02-28", "2024-03-27", 0],
    // Nothing before the start.
    ["2026-11-17", "2026-11-16", 0],
    ["2026-12-01", "2026-11-16", 0],
  ])("from %s to %s is %i months", (start, end, months) => {
    expect(monthsBetween(start, end)).toBe(months);
  });
});

describe("age buckets and the target age", () => {
  it.each([
    [0, "0-12"],
    [12, "0-12"],
    [13, "13-24"],
    [24, "13-24"],
    [25, "25-36"],
    [36, "25-36"],
    [37, "37-48"],
    [48, "37-48"],
    [49, "49+"],
    [240, "49+"],
  ])("puts a unit %i months in the fleet in %s", (months, key) => {
    expect(AGE_BUCKETS[ageBucketIndex(months)]!.key).toBe(key);
  });

  it("gives SQL the first month of every bucket after the first", () => {
    expect(AGE_BUCKET_STARTS).toEqual([13, 25, 37, 49]);
  });

  it("reads the target age from its variable, the default when it is absent or not whole months", () => {
    expect(readTargetFleetAge("60")).toBe(60);
    expect(readTargetFleetAge(" 36 ")).toBe(36);
    expect(readTargetFleetAge(null)).toBe(DEFAULT_TARGET_FLEET_AGE_MONTHS);
    expect(readTargetFleetAge("four years")).toBe(48);
    expect(readTargetFleetAge("0")).toBe(48);
    expect(isPastTargetAge(48, 48)).toBe(false);
    expect(isPastTargetAge(49, 48)).toBe(true);
  });

  it("counts as still renting the units on rent and ready to rent", () => {
    expect([...STILL_RENTING_STATUSES].sort()).toEqual(["NEW", "ON RENT", "RE-RENT"]);
  });

  it("fills every truck type × age bucket, adding statuses into their groups and leaving SOLD out", () => {
    const rows = ageMatrix([
      { truckType: "HALF_TON", status: "NEW", bucket: 0, units: 2 },
      { truckType: "HALF_TON", status: "RE-RENT", bucket: 0, units: 3 },
      { truckType: "HALF_TON", status: "ON RENT", bucket: 0, units: 4 },
      { truckType: "ONE_TON_FLATBED", status: "FOR SALE", bucket: 4, units: 1 },
      { truckType: "ONE_TON_FLATBED", status: "SOLD", bucket: 4, units: 9 },
    ]);
    expect(rows).toHaveLength(20);
    expect(rows[0]).toMatchObject({ key: "HALF_TON:0-12", units: 9 });
    expect(rows[0]!.groups).toMatchObject({ "Ready to rent": 5, "On rent": 4, Returning: 0 });
    expect(rows.find((row) => row.key === "ONE_TON_FLATBED:49+")).toMatchObject({ units: 1 });
    expect(rows.reduce((sum, row) => sum + row.units, 0)).toBe(10);
  });
});
