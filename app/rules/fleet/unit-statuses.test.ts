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
  type Department,
} from "./unit-statuses.ts";

// Noon in mid-January: far from daylight-saving changes, so whole days are unambiguous in any zone.
const NOW = new Date(2025, 0, 15, 12, 0, 0);

// [id, name, late after (days), department]; the thresholds the specification gives.
const CATALOGUE: [number, string, number | null, Department | null][] = [
  [1, "NEW", 14, "onboarding"],
  [2, "RE-RENT", 14, "onboarding"],
  [3, "ON RENT", null, "ar"],
  [4, "OFF RENT", 14, "offboarding"],
  [5, "IN TRANSIT", 7, "transport"],
  [6, "IN TRANSIT (SELLER)", 7, "transport"],
  [7, "ON LOT", 7, "recon"],
  [8, "BODY SHOP", 14, "recon"],
  [9, "In Maintenance", 28, "recon"],
  [10, "Hold for Sale", 21, "sales"],
  [11, "FOR SALE", 28, "sales"],
  [12, "At Auction", 28, "sales"],
  [13, "RETAIL", 28, "sales"],
  [14, "Sold Not Delivered", 7, "titles"],
  [15, "Claims", 56, "ar"],
  [16, "SOLD", null, null],
];

const WITH_THRESHOLD = CATALOGUE.filter((row): row is [number, string, number, Department | null] => row[2] !== null);

describe("the unit status catalogue", () => {
  it("gives each status's id under its exact name (ADR 002, 'Ids in code')", () => {
    expect(Object.entries(UNIT_STATUS_ID)).toEqual(CATALOGUE.map(([id, name]) => [name, id]));
    expect(UNIT_STATUS_ID["ON RENT"]).toBe(3);
  });

  it("lists the sixteen statuses with ids 1 to 16, spelled exactly", () => {
    expect(UNIT_STATUSES.map((status) => [status.id, status.name])).toEqual(CATALOGUE.map(([id, name]) => [id, name]));
  });

  it.each(CATALOGUE)("%i %s is late after %s days and belongs to %s", (id, name, lateAfterDays, department) => {
    expect(unitStatusByName(name)).toEqual({ id, name, lateAfterDays, department });
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

  it.each(CATALOGUE.map(([, name]) => [name, name === "NEW" || name === "RE-RENT"] as const))(
    "the %s list has a Rental Use column: %s",
    (name, expected) => {
      expect(statusListHasRentalUse(name)).toBe(expected);
    },
  );
});
