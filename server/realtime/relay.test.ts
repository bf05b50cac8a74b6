// What one instance accepts of another's relayed change: anything malformed forgets less
// precisely, never more wrongly — bad requests fall back to whole lists, unknown lists are dropped.
import { describe, expect, it } from "vitest";
import { readRelayedChange } from "./index.ts";

describe("readRelayedChange", () => {
  it("reads the lists and the requests a change names", () => {
    expect(readRelayedChange({ lists: ["onboarding", "transport"], requests: [12, 40] })).toEqual({
      lists: ["onboarding", "transport"],
      requests: [12, 40],
    });
    expect(readRelayedChange({ lists: ["offboarding"] })).toEqual({ lists: ["offboarding"] });
  });

  it("drops unknown lists, and the requests unless every one is a positive whole id", () => {
    expect(readRelayedChange({ lists: ["onboarding", "nope", 3], requests: [1] })).toEqual({
      lists: ["onboarding"],
      requests: [1],
    });
    for (const requests of [[1, "2"], [0], [-4], [1.5], [Number.NaN], "1", { 0: 1 }, null]) {
      expect(readRelayedChange({ lists: ["onboarding"], requests })).toEqual({ lists: ["onboarding"] });
    }
  });

  it("answers null for what is not a change", () => {
    for (const value of [null, undefined, "onboarding", 7, [], { requests: [1] }, { lists: "onboarding" }]) {
      expect(readRelayedChange(value)).toBeNull();
    }
  });
});
