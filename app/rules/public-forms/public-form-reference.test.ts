import { describe, expect, it } from "vitest";
import { publicFormReference } from "./public-form-reference.ts";

describe("publicFormReference", () => {
  it("names the form and pads the record's id to six digits", () => {
    expect(publicFormReference("order", 42)).toBe("ORD-000042");
    expect(publicFormReference("trade", 7)).toBe("TRD-000007");
    expect(publicFormReference("offRent", 123456)).toBe("OFF-123456");
    expect(publicFormReference("damage", 1234567)).toBe("DMG-1234567");
  });
});
