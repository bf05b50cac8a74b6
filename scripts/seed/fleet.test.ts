// The pure pieces of the fleet generator: VINs that pass the check-digit test and exact apportioning of
// counts (the vendors' duplicate key is the vendor form's rule, app/rules/vendors/vendor-name.test.ts).
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

describe("apportion", () => {
  it("splits a total exactly over the weights, keeping the minimum for every positive weight", () => {
    const parts = apportion(1_500, [90, 110, 660, 1, 0.5], 1);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(1_500);
    expect(Math.min(...parts)).toBeGreaterThanOrEqual(1);
    expect(apportion(10, [1, 0, 1])).toEqual([5, 0, 5]);
  });
});

describe("Random", () => {
  it("repeats the same sequence for the same stream and differs between streams", () => {
    const draw = (stream: string) =>
      Array.from(
        { length: 5 },
        (
          (random) => () =>
            random.int(0, 1_000_000)
        )(createRandom(stream)),
      );
    expect(draw("units")).toEqual(draw("units"));
    expect(draw("units")).not.toEqual(draw("orders"));
  });
});
