import { describe, expect, it } from "vitest";
import { holdsMonths, holdsUserIds, readUserIdList, readWholeMonths, userIdListText } from "./stored-variables.ts";

describe("user-id lists of the software variables", () => {
  it("reads comma-separated ids, spaces allowed, duplicates dropped", () => {
    expect(readUserIdList("12,40")).toEqual([12, 40]);
    expect(readUserIdList(" 12 , 40 ,12")).toEqual([12, 40]);
    expect(readUserIdList("")).toEqual([]);
    expect(userIdListText([12, 40])).toBe("12,40");
  });

  it("refuses blanks, signs, decimals, zero and words", () => {
    for (const bad of ["12,,40", "12,", "+3", "1.0", "0", "x", "12 40", "99999999999"]) {
      expect(readUserIdList(bad), bad).toBeNull();
    }
  });

  it("knows which variables are user-id lists", () => {
    expect(holdsUserIds("Rental Use Override Permissions")).toBe(true);
    expect(holdsUserIds("Employee Management Permissions")).toBe(true);
    expect(holdsUserIds("Default Page Size")).toBe(false);
  });
});

describe("months variables", () => {
  it("knows which variables hold months", () => {
    expect(holdsMonths("Target Fleet Age Months")).toBe(true);
    expect(holdsMonths("Rental Use Override Permissions")).toBe(false);
  });

  it.each([
    ["48", 48],
    [" 60 ", 60],
    ["1", 1],
    ["600", 600],
    ["0", null],
    ["601", null],
    ["048", null],
    ["4.5", null],
    ["48 months", null],
    ["", null],
    ["-12", null],
  ])("reads %j as %s", (text, months) => {
    expect(readWholeMonths(text)).toBe(months);
  });
});
