import { describe, expect, it } from "vitest";
import { permissionIdsNamed } from "../access/permissions.ts";
import {
  DAMAGE_INSPECTION_MESSAGES,
  damageActionBlock,
  damageInspectionHref,
  mayInspectDamage,
  pageWindow,
  readPageNumber,
  readStatusFilter,
} from "./damage-inspection.ts";
import { damageClaimBodySchema } from "./damage-inspection-schema.ts";

describe("the list's filter and pages", () => {
  it("reads a status in any case, all, or NEW for anything else", () => {
    expect(readStatusFilter("reviewed")).toBe("REVIEWED");
    expect(readStatusFilter("ALL")).toBe("all");
    expect(readStatusFilter("<x>")).toBe("NEW");
    expect(readStatusFilter(null)).toBe("NEW");
  });
  it("reads a page number, 1 for anything that is not one", () => {
    expect(readPageNumber("3")).toBe(3);
    for (const text of ["0", "-1", "1e3", "abc", "9999999", null]) expect(readPageNumber(text)).toBe(1);
  });
  it("clamps the page into the pages there are", () => {
    expect(pageWindow(0, 5)).toMatchObject({ page: 1, pageCount: 1, skip: 0 });
    expect(pageWindow(51, 9)).toMatchObject({ page: 3, pageCount: 3, skip: 50, take: 25 });
  });
  it("keeps the view in links, leaving the defaults out", () => {
    expect(damageInspectionHref("/damageInspection", { status: "NEW" })).toBe("/damageInspection");
    expect(damageInspectionHref("/damageInspection", { status: "all", page: 2, report: 7 })).toBe(
      "/damageInspection?status=all&page=2&report=7",
    );
  });
});

describe("who may inspect and what each status allows", () => {
  it("is the route table's: all access only", () => {
    expect(mayInspectDamage(permissionIdsNamed(["restricted"]))).toBe(true);
    expect(mayInspectDamage(permissionIdsNamed(["accounts-receivable", "credit-memos"]))).toBe(false);
  });
  it("reviews only NEW, dismisses and claims NEW or REVIEWED", () => {
    expect(damageActionBlock("review", "NEW")).toBeNull();
    expect(damageActionBlock("review", "REVIEWED")).toBe(DAMAGE_INSPECTION_MESSAGES.notAllowed("review", "REVIEWED"));
    expect(damageActionBlock("claim", "REVIEWED")).toBeNull();
    expect(damageActionBlock("dismiss", "CLAIMED")).not.toBeNull();
    expect(damageActionBlock("claim", "DISMISSED")).toBe("A dismissed report cannot be turned into a claim.");
  });
});

describe("the claim's body", () => {
  it("reads the amount as cents and the version as a number", () => {
    const parsed = damageClaimBodySchema.parse({ version: "2", amount: "$1,250.5", description: " Bumper " });
    expect(parsed).toEqual({ version: 2, amount: 125_050, description: "Bumper" });
  });
  it.each(["0", "-5", "12.345", "abc", ""])("refuses the amount %j", (amount) => {
    expect(damageClaimBodySchema.safeParse({ version: 1, amount, description: "x" }).success).toBe(false);
  });
});
