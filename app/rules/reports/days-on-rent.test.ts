import { describe, expect, it } from "vitest";
import { average, daysBetween, industryLabel, median, rentalLengthBucket } from "./days-on-rent.ts";

describe("rental length", () => {
  it.each([
    ["2026-11-16", "2026-11-16", 0],
    ["2026-11-15", "2026-11-16", 1],
    ["2026-02-28", "2026-03-01", 1],
    ["2024-02-28", "2024-03-01", 2],
    ["2025-12-31", "2026-01-01", 1],
    ["2025-11-16", "2026-11-16", 365],
    ["2023-11-16", "2024-11-16", 366],
    ["2026-11-17", "2026-11-16", -1],
  ])("from %s to %s is %i days", (start, end, days) => {
    expect(daysBetween(start, end)).toBe(days);
  });

  it.each([
    [-3, "0-30"],
    [0, "0-30"],
    [30, "0-30"],
    [31, "31-90"],
    [90, "31-90"],
    [91, "91-180"],
    [180, "91-180"],
    [181, "181-365"],
    [365, "181-365"],
    [366, "1-2y"],
    [730, "1-2y"],
    [731, "2y+"],
    [5000, "2y+"],
  ])("puts a rental %i days long in %s", (days, key) => {
    expect(rentalLengthBucket(days).key).toBe(key);
  });
});

describe("average and median", () => {
  it.each([
    [[], null, null],
    [[7], 7, 7],
    [[3, 1, 2], 2, 2],
    [[4, 1, 3, 2], 2.5, 2.5],
    [[10, 1, 1, 1], 1, 3.25],
    [[5, 5], 5, 5],
    [[0, 100, 1], 1, 101 / 3],
  ])("of %j: median %s, average %s", (values, middle, mean) => {
    expect(median(values)).toBe(middle);
    expect(average(values)).toBe(mean);
  });

  it("leaves the list it is given as it was", () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe("industry", () => {
  it.each([
    ["Construction", "Construction"],
    ["  Oil & Gas ", "Oil & Gas"],
    ["", "Not set"],
    ["   ", "Not set"],
    [null, "Not set"],
  ])("reads %j as %j", (raw, label) => {
    expect(industryLabel(raw)).toBe(label);
  });
});
