import { addDays, addHours, subDays, subHours } from "date-fns";
import { describe, expect, it } from "vitest";
import {
  UNIT_STATUS_ID,
  UNIT_STATUSES,
  daysInStatus,
  isUnitLate,
  isUnitStatusName,
  lateUnitWarning,
  statusListHasRentalUse,
  unitStatusByName,
} from "./unit-statuses.ts";

// Noon in mid-January: far from daylight-saving changes, so whole days are unambiguous in any zone.
const NOW = new Date(2025, 0, 15, 12, 0, 0);

// Every status with a threshold, for the rule's boundaries (the specification's thresholds are pinned by
// the examples below, as the boards show them).
const WITH_THRESHOLD = UNIT_STATUSES.flatMap((status) =>
  status.lateAfterDays === null ? [] : [[status.id, status.name, status.lateAfterDays] as const],
);

describe("the unit status catalogue", () => {
  it("numbers the sixteen statuses 1 to 16, each name once", () => {
    expect(UNIT_STATUSES.map((status) => status.id)).toEqual(Array.from({ length: 16 }, (_, index) => index + 1));
    expect(new Set(UNIT_STATUSES.map((status) => status.name)).size).toBe(16);
  });

  it("gives each status's id under its exact name", () => {
    for (const status of UNIT_STATUSES) expect(UNIT_STATUS_ID[status.name], status.name).toBe(status.id);
    expect(UNIT_STATUS_ID["ON RENT"]).toBe(3);
    expect(UNIT_STATUS_ID.SOLD).toBe(16);
  });

  it("puts each unit in the department that works it, and a sold unit in none", () => {
    expect(unitStatusByName("ON LOT")?.department).toBe("recon");
    expect(unitStatusByName("IN TRANSIT (SELLER)")?.department).toBe("transport");
    expect(unitStatusByName("Claims")?.department).toBe("ar");
    expect(unitStatusByName("Sold Not Delivered")?.department).toBe("titles");
    expect(unitStatusByName("SOLD")?.department).toBeNull();
  });

  it("looks names up by exact spelling only", () => {
    expect(unitStatusByName("In Maintenance")?.id).toBe(9);
    expect(unitStatusByName("IN MAINTENANCE")).toBeUndefined();
    expect(unitStatusByName("new")).toBeUndefined();
    expect(unitStatusByName(" NEW")).toBeUndefined();
    expect(isUnitStatusName("Hold for Sale")).toBe(true);
    expect(isUnitStatusName("HOLD FOR SALE")).toBe(false);
    expect(isUnitStatusName(1)).toBe(false);
  });
});

describe("isUnitLate", () => {
  it.each([
    { statusName: "ON LOT", days: 7 },
    { statusName: "IN TRANSIT", days: 7 },
    { statusName: "Sold Not Delivered", days: 7 },
    { statusName: "NEW", days: 14 },
    { statusName: "OFF RENT", days: 14 },
    { statusName: "Hold for Sale", days: 21 },
    { statusName: "In Maintenance", days: 28 },
    { statusName: "Claims", days: 56 },
  ])("a unit in $statusName is not late on day $days, and late the day after", ({ statusName, days }) => {
    expect(isUnitLate({ statusName, changeDate: subDays(NOW, days), overrideLate: false }, NOW)).toBe(false);
    expect(isUnitLate({ statusName, changeDate: subDays(NOW, days + 1), overrideLate: false }, NOW)).toBe(true);
  });

  it("NEW is late after 14 days unless overridden", () => {
    const changeDate = subDays(NOW, 15);
    expect(isUnitLate({ statusName: "NEW", changeDate, overrideLate: false }, NOW)).toBe(true);
    expect(isUnitLate({ statusName: "NEW", changeDate, overrideLate: true }, NOW)).toBe(false);
  });

  it.each(WITH_THRESHOLD)("%i %s is not late at exactly %i days", (_id, statusName, days) => {
    expect(isUnitLate({ statusName, changeDate: subDays(NOW, days), overrideLate: false }, NOW)).toBe(false);
  });

  it.each(WITH_THRESHOLD)("%i %s is not late an hour before %i days and one more pass", (_id, statusName, days) => {
    const changeDate = subHours(subDays(NOW, days + 1), -1);
    expect(isUnitLate({ statusName, changeDate, overrideLate: false }, NOW)).toBe(false);
  });

  it.each(WITH_THRESHOLD)("%i %s is late once %i whole days and one more have passed", (_id, statusName, days) => {
    expect(isUnitLate({ statusName, changeDate: subDays(NOW, days + 1), overrideLate: false }, NOW)).toBe(true);
  });

  it.each(WITH_THRESHOLD)("%i %s is not late when overridden, however old", (_id, statusName) => {
    expect(isUnitLate({ statusName, changeDate: subDays(NOW, 1000), overrideLate: true }, NOW)).toBe(false);
  });

  it.each([["ON RENT"], ["SOLD"]])("%s is never late", (statusName) => {
    expect(isUnitLate({ statusName, changeDate: subDays(NOW, 5000), overrideLate: false }, NOW)).toBe(false);
  });

  it("a unit changed today is not late", () => {
    expect(isUnitLate({ statusName: "ON LOT", changeDate: NOW, overrideLate: false }, NOW)).toBe(false);
  });

  it("an unknown status is never late", () => {
    expect(isUnitLate({ statusName: "PARKED", changeDate: subDays(NOW, 500), overrideLate: false }, NOW)).toBe(false);
    expect(isUnitLate({ statusName: "new", changeDate: subDays(NOW, 500), overrideLate: false }, NOW)).toBe(false);
  });

  it("an unreadable change date is never late", () => {
    expect(isUnitLate({ statusName: "NEW", changeDate: "not a date", overrideLate: false }, NOW)).toBe(false);
    expect(isUnitLate({ statusName: "NEW", changeDate: new Date(Number.NaN), overrideLate: false }, NOW)).toBe(false);
  });

  it("a change date in the future is not late", () => {
    expect(isUnitLate({ statusName: "ON LOT", changeDate: addDays(NOW, 30), overrideLate: false }, NOW)).toBe(false);
  });

  it("accepts ISO strings and epoch milliseconds as they come from JSON", () => {
    const changeDate = subDays(NOW, 8);
    const fromJson = changeDate.toISOString();
    expect(isUnitLate({ statusName: "IN TRANSIT", changeDate: fromJson, overrideLate: false }, NOW)).toBe(true);
    expect(isUnitLate({ statusName: "IN TRANSIT", changeDate: changeDate.getTime(), overrideLate: false }, NOW)).toBe(
      true,
    );
    expect(isUnitLate({ statusName: "IN TRANSIT", changeDate, overrideLate: false }, NOW.toISOString())).toBe(true);
  });
});

describe("daysInStatus", () => {
  it("counts whole days since the last change", () => {
    expect(daysInStatus(subDays(NOW, 14), NOW)).toBe(14);
    expect(daysInStatus(addHours(subDays(NOW, 14), 1), NOW)).toBe(13);
    expect(daysInStatus(NOW, NOW)).toBe(0);
  });

  it("never goes below zero for a change date after now", () => {
    expect(daysInStatus(addDays(NOW, 3), NOW)).toBe(0);
  });

  it("is NaN for an unreadable date", () => {
    expect(daysInStatus("garbage", NOW)).toBeNaN();
  });
});

describe("status list details", () => {
  it("warns about a late unit naming its status", () => {
    expect(lateUnitWarning("BODY SHOP")).toBe("This unit has been in BODY SHOP status too long.");
  });

  it.each(UNIT_STATUSES.map(({ name }) => [name, name === "NEW" || name === "RE-RENT"] as const))(
    "the %s list has a Rental Use column: %s",
    (name, expected) => {
      expect(statusListHasRentalUse(name)).toBe(expected);
    },
  );
});
