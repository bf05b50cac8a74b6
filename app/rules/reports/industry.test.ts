import { describe, expect, it } from "vitest";
import { industryRows, monthLabel, onRentAt, trendDays } from "./industry.ts";

describe("industryRows", () => {
  it("gives each industry its shares of units and rent, most units first, no industry last", () => {
    const rows = industryRows([
      { industry: null, units: 10, customers: 2, rent: 100_00 },
      { industry: "Construction", units: 30, customers: 5, rent: 600_00 },
      { industry: "Utilities", units: 60, customers: 3, rent: 300_00 },
    ]);
    expect(rows.map((row) => [row.label, row.unitShare, row.rentShare])).toEqual([
      ["Utilities", 0.6, 0.3],
      ["Construction", 0.3, 0.6],
      ["No industry", 0.1, 0.1],
    ]);
    expect(industryRows([{ industry: "Oil", units: 0, customers: 0, rent: 0 }])[0]!.unitShare).toBe(0);
  });
});

describe("trendDays", () => {
  it.each([
    ["2026-11-29", "2025-12-31", "2026-10-31"],
    ["2026-03-15", "2025-04-30", "2026-02-28"],
    ["2028-03-01", "2027-04-30", "2028-02-29"],
  ])("from %s: twelve points, %s first, %s before today", (today, first, previous) => {
    const days = trendDays(today);
    expect(days).toHaveLength(12);
    expect(days[0]).toBe(first);
    expect(days[10]).toBe(previous);
    expect(days[11]).toBe(today);
  });

  it("labels a point by its month", () => {
    expect(monthLabel("2026-02-28")).toBe("Feb 2026");
  });
});

describe("onRentAt", () => {
  it.each([
    [{ startDate: "2026-01-10", endDate: null, status: "OPEN" }, "2026-01-31", true],
    [{ startDate: "2026-02-01", endDate: null, status: "OPEN" }, "2026-01-31", false],
    [{ startDate: "2026-01-10", endDate: "2026-01-31", status: "CLOSED" }, "2026-01-31", false],
    [{ startDate: "2026-01-10", endDate: "2026-02-01", status: "CLOSED" }, "2026-01-31", true],
    [{ startDate: "2026-01-10", endDate: null, status: "CLOSED" }, "2026-01-31", false],
  ] as const)("%o at the end of %s: %s", (contract, day, onRent) => {
    expect(onRentAt(contract, day)).toBe(onRent);
  });
});
