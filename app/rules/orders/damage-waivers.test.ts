import { describe, expect, it } from "vitest";
import {
  DAMAGE_WAIVERS,
  DEFAULT_DAMAGE_WAIVER_ID,
  NO_DAMAGE_WAIVER_LABEL,
  damageWaiverLabel,
  isDamageWaiverId,
} from "./damage-waivers.ts";

describe("damage waivers", () => {
  it.each([
    [1, "Bronze"],
    [2, "Silver"],
    [3, "Gold"],
    [4, "Platinum"],
    [5, "Diamond"],
    [6, "Full"],
  ])("id %i is %s", (id, label) => {
    expect(damageWaiverLabel(id)).toBe(label);
    expect(isDamageWaiverId(id)).toBe(true);
  });

  it("lists exactly the six tiers, in order", () => {
    expect(DAMAGE_WAIVERS.map((waiver) => waiver.id)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("defaults to 1, Bronze", () => {
    expect(DEFAULT_DAMAGE_WAIVER_ID).toBe(1);
    expect(damageWaiverLabel(DEFAULT_DAMAGE_WAIVER_ID)).toBe("Bronze");
  });

  it.each([[0], [7], [-1], [2.5], [Number.NaN], [null], [undefined]])("%s reads 'None Selected'", (id) => {
    expect(damageWaiverLabel(id)).toBe("None Selected");
    expect(NO_DAMAGE_WAIVER_LABEL).toBe("None Selected");
  });

  it("recognises only the numeric ids", () => {
    expect(isDamageWaiverId("1")).toBe(false);
    expect(isDamageWaiverId(0)).toBe(false);
    expect(isDamageWaiverId(null)).toBe(false);
  });
});
