import { describe, expect, it } from "vitest";
import {
  bucketOf,
  deliveryWithoutReading,
  MONTH_MS,
  milesPerMonth,
  type Reading,
  readingsThatWentDown,
  rentalMiles,
} from "./mileage.ts";

const DAY = 86_400_000;
const at = (day: number) => Date.UTC(2026, 0, 1) + day * DAY;
const r = (source: Reading["source"], reading: number, day: number): Reading => ({ source, reading, at: at(day) });

describe("mileage buckets (ADR 060)", () => {
  it.each([
    [0, "0-25k"],
    [24_999, "0-25k"],
    [25_000, "25-50k"],
    [49_999, "25-50k"],
    [50_000, "50-75k"],
    [75_000, "75-100k"],
    [99_999, "75-100k"],
    [100_000, "100-150k"],
    [149_999, "100-150k"],
    [150_000, "150k-up"],
    [999_999_999, "150k-up"],
  ])("%i miles is %s", (miles, key) => {
    expect(bucketOf(miles).key).toBe(key);
  });
});

describe("miles per rental (ADR 060)", () => {
  it.each<[string, Reading[], number[]]>([
    ["a delivery and its return", [r("DELIVERY", 1_000, 0), r("RETURN", 3_000, 30)], [2_000]],
    [
      "two rentals",
      [r("DELIVERY", 1_000, 0), r("RETURN", 3_000, 30), r("DELIVERY", 3_100, 40), r("RETURN", 4_000, 60)],
      [2_000, 900],
    ],
    ["read out of order", [r("RETURN", 3_000, 30), r("DELIVERY", 1_000, 0)], [2_000]],
    ["an inspection between", [r("DELIVERY", 1_000, 0), r("INSPECTION", 1_500, 10), r("RETURN", 3_000, 30)], [2_000]],
    ["a delivery with no return yet", [r("DELIVERY", 1_000, 0)], []],
    ["a return with no delivery", [r("INSPECTION", 900, 0), r("RETURN", 3_000, 30)], []],
    // The earlier delivery's return was never read: only the later one pairs.
    ["two deliveries, one return", [r("DELIVERY", 1_000, 0), r("DELIVERY", 2_000, 20), r("RETURN", 2_500, 30)], [500]],
    [
      "two returns after one delivery",
      [r("DELIVERY", 1_000, 0), r("RETURN", 2_000, 20), r("RETURN", 2_500, 30)],
      [1_000],
    ],
    ["a return read lower", [r("DELIVERY", 5_000, 0), r("RETURN", 4_000, 30)], []],
    ["a return reading the same", [r("DELIVERY", 5_000, 0), r("RETURN", 5_000, 1)], [0]],
    ["a return read 0 (not read)", [r("DELIVERY", 5_000, 0), r("RETURN", 0, 30), r("RETURN", 6_000, 31)], [1_000]],
  ])("%s", (_, readings, miles) => {
    expect(rentalMiles(readings)).toEqual(miles);
  });
});

describe("miles per month (ADR 060)", () => {
  it.each([
    [{ reading: 1_000, at: 0 }, { reading: 4_000, at: MONTH_MS }, 3_000],
    [{ reading: 1_000, at: 0 }, { reading: 7_000, at: 2 * MONTH_MS }, 3_000],
    [{ reading: 1_000, at: 0 }, { reading: 1_000 + 100, at: DAY }, 100 * (MONTH_MS / DAY)],
    // Under a day between the readings (one reading: none at all) says nothing of a month.
    [{ reading: 1_000, at: 0 }, { reading: 1_100, at: DAY - 1 }, null],
    [{ reading: 1_000, at: 0 }, { reading: 1_000, at: 0 }, null],
    [{ reading: 5_000, at: 0 }, { reading: 4_000, at: MONTH_MS }, null],
  ])("%o to %o is %s", (first, last, perMonth) => {
    const value = milesPerMonth(first, last);
    if (perMonth === null) expect(value).toBeNull();
    else expect(value).toBeCloseTo(perMonth, 6);
  });
});

describe("the flags (ADR 060)", () => {
  it.each<[string, Reading[], number]>([
    ["rising readings", [r("DELIVERY", 1_000, 0), r("RETURN", 2_000, 1)], 0],
    ["an equal reading", [r("DELIVERY", 1_000, 0), r("RETURN", 1_000, 1)], 0],
    ["one mile lower", [r("DELIVERY", 1_000, 0), r("RETURN", 999, 1)], 1],
    [
      "lower than an earlier, not the last",
      [r("DELIVERY", 5_000, 0), r("RETURN", 1_000, 1), r("INSPECTION", 3_000, 2)],
      2,
    ],
    ["lower then right again", [r("DELIVERY", 5_000, 0), r("RETURN", 1_000, 1), r("INSPECTION", 6_000, 2)], 1],
    ["0 is not read, not lower", [r("DELIVERY", 5_000, 0), r("RETURN", 0, 1)], 0],
    ["given out of order", [r("RETURN", 2_000, 1), r("DELIVERY", 1_000, 0)], 0],
  ])("odometer went down: %s", (_, readings, down) => {
    expect(readingsThatWentDown(readings)).toBe(down);
  });

  const delivered = at(10);
  it.each<[string, Reading[], boolean]>([
    ["read at the delivery", [{ source: "DELIVERY", reading: 1_000, at: delivered }], false],
    ["read a day after", [{ source: "DELIVERY", reading: 1_000, at: delivered + DAY }], false],
    ["read a day before", [{ source: "DELIVERY", reading: 1_000, at: delivered - DAY }], false],
    ["read a day and a millisecond after", [{ source: "DELIVERY", reading: 1_000, at: delivered + DAY + 1 }], true],
    ["read a day and a millisecond before", [{ source: "DELIVERY", reading: 1_000, at: delivered - DAY - 1 }], true],
    ["only a return reading", [{ source: "RETURN", reading: 1_000, at: delivered }], true],
    ["read as 0", [{ source: "DELIVERY", reading: 0, at: delivered }], true],
    ["no readings", [], true],
  ])("delivery without reading: %s", (_, readings, flagged) => {
    expect(deliveryWithoutReading(delivered, readings)).toBe(flagged);
  });
});
