import { describe, expect, it } from "vitest";
import { UNIT_STATUSES } from "./unit-statuses.ts";
import {
  boardForStatus,
  defaultNextUnitStatus,
  listsForStatusMove,
  mayMoveUnitStatus,
  mayWorkStatus,
  NEXT_UNIT_STATUSES,
  offboardingStageAfter,
  onboardingStageAfter,
  trucksRemaining,
} from "./queue.ts";

describe("order stages", () => {
  it("moves an approved order to In Transport with its first carrier and to Delivered when all are delivered", () => {
    expect(onboardingStageAfter({ stage: 1, requested: 2, assignedDeliveries: 1, completedDeliveries: 0 })).toBe(2);
    expect(onboardingStageAfter({ stage: 2, requested: 2, assignedDeliveries: 2, completedDeliveries: 1 })).toBe(2);
    expect(onboardingStageAfter({ stage: 2, requested: 2, assignedDeliveries: 2, completedDeliveries: 2 })).toBe(3);
    expect(onboardingStageAfter({ stage: 2, requested: 2, assignedDeliveries: 0, completedDeliveries: 0 })).toBe(1);
    expect(onboardingStageAfter({ stage: 0, requested: 2, assignedDeliveries: 1, completedDeliveries: 0 })).toBe(0);
  });
  it("moves an approved off-rent to Pickup Scheduled and to Returned when every unit is picked up", () => {
    expect(offboardingStageAfter({ stage: 1, returning: 2, assignedPickups: 1, pickedUp: 0 })).toBe(2);
    expect(offboardingStageAfter({ stage: 2, returning: 2, assignedPickups: 2, pickedUp: 2 })).toBe(3);
    expect(offboardingStageAfter({ stage: 2, returning: 2, assignedPickups: 0, pickedUp: 0 })).toBe(1);
  });
  it("counts trucks remaining as trucks without a carrier, never below zero", () => {
    expect(trucksRemaining(3, 1)).toBe(2);
    expect(trucksRemaining(1, 2)).toBe(0);
  });
});

describe("unit statuses", () => {
  it("lists a next-status entry for every status of the catalogue, each a known status", () => {
    const names = UNIT_STATUSES.map((status) => status.name);
    expect(Object.keys(NEXT_UNIT_STATUSES).sort()).toEqual([...names].sort());
    for (const targets of Object.values(NEXT_UNIT_STATUSES)) for (const target of targets) expect(names).toContain(target);
  });
  it("follows the recon and remarketing path", () => {
    expect(defaultNextUnitStatus("OFF RENT")).toBe("ON LOT");
    expect(defaultNextUnitStatus("IN TRANSIT")).toBe("ON LOT");
    expect(defaultNextUnitStatus("ON LOT")).toBe("BODY SHOP");
    expect(mayMoveUnitStatus("BODY SHOP", "RE-RENT")).toBe(true);
    expect(mayMoveUnitStatus("In Maintenance", "Hold for Sale")).toBe(true);
    expect(defaultNextUnitStatus("Hold for Sale")).toBe("FOR SALE");
    expect(defaultNextUnitStatus("FOR SALE")).toBe("At Auction");
    expect(defaultNextUnitStatus("At Auction")).toBe("Sold Not Delivered");
    expect(defaultNextUnitStatus("Sold Not Delivered")).toBe("SOLD");
  });
  it("leaves ON RENT and NEW to the transport moves and keeps SOLD final", () => {
    expect(defaultNextUnitStatus("ON RENT")).toBeUndefined();
    expect(defaultNextUnitStatus("NEW")).toBeUndefined();
    expect(defaultNextUnitStatus("SOLD")).toBeUndefined();
    expect(mayMoveUnitStatus("ON LOT", "ON RENT")).toBe(false);
    expect(mayMoveUnitStatus("Unknown", "ON LOT")).toBe(false);
  });
  it("lets the owning department (or id 1) move a unit on", () => {
    expect(mayWorkStatus([2], "ON LOT")).toBe(true);
    expect(mayWorkStatus([15], "ON LOT")).toBe(false);
    expect(mayWorkStatus([15], "FOR SALE")).toBe(true);
    expect(mayWorkStatus([54], "ON RENT")).toBe(false);
    expect(mayWorkStatus([1], "Sold Not Delivered")).toBe(true);
    expect(mayWorkStatus([1], "SOLD")).toBe(true);
    expect(mayWorkStatus([16], "SOLD")).toBe(false);
  });
  it("names the board and the lists of a move", () => {
    expect(boardForStatus("ON LOT")).toBe("Recon Board");
    expect(boardForStatus("SOLD")).toBe("Overview Board");
    expect(listsForStatusMove("ON LOT", "BODY SHOP")).toEqual(["recon", "overview"]);
    expect(listsForStatusMove("Hold for Sale", "RE-RENT")).toEqual(["sales", "onboarding", "overview"]);
    expect(listsForStatusMove("Sold Not Delivered", "SOLD")).toEqual(["titles", "overview"]);
  });
});
