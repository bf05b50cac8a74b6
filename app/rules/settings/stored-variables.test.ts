import { describe, expect, it } from "vitest";
import { holdsUserIds, readUserIdList, userIdListText } from "./stored-variables.ts";

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
