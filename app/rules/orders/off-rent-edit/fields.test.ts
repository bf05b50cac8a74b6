// The off-rent edit's single values and who may edit (fields.ts), and the dialog's message time.
import { describe, expect, it } from "vitest";
import { isCompletePhone, isIsoDate, mayEditOffRent, normalizeUnitNumber } from "./fields.ts";
import { OFF_RENT_EDIT_MESSAGE_MS } from "./messages.ts";
import { permissionIdsNamed } from "../../access/permissions.ts";

describe("field helpers", () => {
  it("normalises unit numbers without cutting them", () => {
    expect(normalizeUnitNumber(" ab 12-c ")).toBe("AB12-C");
    expect(normalizeUnitNumber("abcdefghij")).toBe("ABCDEFGHIJ");
  });

  it("knows real calendar days and complete phones", () => {
    expect(isIsoDate("2028-02-29")).toBe(true);
    expect(isIsoDate("2026-02-29")).toBe(false);
    expect(isCompletePhone("(214) 555-1234")).toBe(true);
    expect(isCompletePhone("+1 (214) 555-1234")).toBe(true);
    expect(isCompletePhone("(214) 555-123")).toBe(false);
    expect(isCompletePhone("(000) 000-0000")).toBe(false);
  });

  it("lets the offboarding page's permission or all access edit", () => {
    expect(mayEditOffRent(permissionIdsNamed(["offboarding"]))).toBe(true);
    expect(mayEditOffRent(permissionIdsNamed(["restricted"]))).toBe(true);
    expect(mayEditOffRent(permissionIdsNamed(["transport", "transport-edit", "offboarding-approve"]))).toBe(false);
  });

  it("clears the dialog's messages after 6 seconds", () => {
    expect(OFF_RENT_EDIT_MESSAGE_MS).toBe(6_000);
  });
});
