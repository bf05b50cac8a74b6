// The pure pieces of the fleet generator: VINs that pass the check-digit test, the vendor duplicate key
// of the vendor form's duplicate check, and exact apportioning of counts.
import { describe, expect, it } from "vitest";
import { buildVin } from "./fleet.ts";
import { apportion, createRandom } from "./random.ts";

describe("buildVin", () => {
  it("computes the check digit (position 9), X for a remainder of 10", () => {
    // The textbook example VIN 1M8GDM9AXKP042788 (model year 2019 = K).
    expect(buildVin("1M8", "GDM9A", 2019, "P", "042788")).toBe("1M8GDM9AXKP042788");
  });

  it("writes 17 characters with the model-year code at position 10", () => {
    const vin = buildVin("1FT", "EW1EP", 2024, "F", "123456");
    expect(vin).toHaveLength(17);
    expect(vin.charAt(9)).toBe("R");
    expect(vin).not.toMatch(/[IOQ]/);
  });
});
