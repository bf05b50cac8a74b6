import { describe, expect, it } from "vitest";
import { addDays, SNAPSHOT_BACKFILL_DAYS, snapshotDaysToWrite, utcDay } from "./fleet-snapshot-days.ts";

describe("the days a fleet snapshot catch-up writes", () => {
  it.each([
    {
      case: "nothing written yet: the backfill window ending yesterday",
      progress: { lastWritten: null, firstFleetDay: "2020-01-01", today: "2026-11-29", backfillDays: 3 },
      days: ["2026-11-26", "2026-11-27", "2026-11-28"],
    },
    {
      case: "nothing written yet, the fleet younger than the window: from its first day",
      progress: { lastWritten: null, firstFleetDay: "2026-11-27", today: "2026-11-29", backfillDays: 30 },
      days: ["2026-11-27", "2026-11-28"],
    },
    {
      case: "nothing written yet and no fleet: nothing",
      progress: { lastWritten: null, firstFleetDay: null, today: "2026-11-29" },
      days: [],
    },
    {
      case: "nothing written yet, the only units joined today: nothing until today ends",
      progress: { lastWritten: null, firstFleetDay: "2026-11-29", today: "2026-11-29" },
      days: [],
    },
    {
      case: "up to date: yesterday is written",
      progress: { lastWritten: "2026-11-28", firstFleetDay: "2020-01-01", today: "2026-11-29" },
      days: [],
    },
    {
      case: "one day ended since the last run",
      progress: { lastWritten: "2026-11-27", firstFleetDay: "2020-01-01", today: "2026-11-29" },
      days: ["2026-11-28"],
    },
    {
      case: "missed days after a restart, across a month and a year's end",
      progress: { lastWritten: "2026-12-29", firstFleetDay: "2020-01-01", today: "2027-01-03" },
      days: ["2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02"],
    },
    {
      case: "a leap day",
      progress: { lastWritten: "2028-02-27", firstFleetDay: "2020-01-01", today: "2028-03-01" },
      days: ["2028-02-28", "2028-02-29"],
    },
    {
      case: "a clock before the last written day: nothing, and nothing rewritten",
      progress: { lastWritten: "2026-11-28", firstFleetDay: "2020-01-01", today: "2026-11-20" },
      days: [],
    },
    {
      case: "a clock on the last written day: nothing",
      progress: { lastWritten: "2026-11-28", firstFleetDay: "2020-01-01", today: "2026-11-28" },
      days: [],
    },
  ])("$case", ({ progress, days }) => {
    expect(snapshotDaysToWrite(progress)).toEqual(days);
  });

  it("back-fills two years by default, oldest first", () => {
    const days = snapshotDaysToWrite({ lastWritten: null, firstFleetDay: "2000-01-01", today: "2026-11-29" });
    expect(days).toHaveLength(SNAPSHOT_BACKFILL_DAYS);
    expect(days[0]).toBe("2024-11-29");
    expect(days.at(-1)).toBe("2026-11-28");
  });
});

describe("UTC days", () => {
  it("reads an instant's day in UTC, not the machine's zone", () => {
    expect(utcDay(new Date("2026-11-29T23:59:59.999Z"))).toBe("2026-11-29");
    expect(utcDay(new Date("2026-11-30T00:00:00.000Z"))).toBe("2026-11-30");
  });

  it("adds and subtracts days across months and years", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2027-03-01", -1)).toBe("2027-02-28");
    expect(() => addDays("2026-1-1", 1)).toThrow(/not a day/);
  });
});
