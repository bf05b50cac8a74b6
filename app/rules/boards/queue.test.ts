import { describe, expect, it } from "vitest";
import { UNIT_STATUSES } from "../fleet/unit-statuses.ts";
import {
  APPROVAL_MOVE,
  boardForStatus,
  defaultNextUnitStatus,
  listsForStatusMove,
  mayApprove,
  mayAssignCarrier,
  mayCompleteTransport,
  mayMoveUnitStatus,
  mayWorkAnyStatus,
  mayWorkStatus,
  NEXT_UNIT_STATUSES,
  offboardingStageAfter,
  onboardingStageAfter,
  trucksRemaining,
} from "./queue.ts";
import { OFFBOARDING_STAGE, ONBOARDING_STAGE } from "../orders/order-stages.ts";
import { permissionIdsNamed, type PermissionName } from "../access/permissions.ts";

const ON = ONBOARDING_STAGE;
const OFF = OFFBOARDING_STAGE;

describe("order stages", () => {
  it("moves an approved order to In Transport with its first carrier and to Delivered when all are delivered", () => {
    expect(
      onboardingStageAfter({ stage: ON.approved, requested: 2, assignedDeliveries: 1, completedDeliveries: 0 }),
    ).toBe(ON.inTransport);
    expect(
      onboardingStageAfter({ stage: ON.inTransport, requested: 2, assignedDeliveries: 2, completedDeliveries: 1 }),
    ).toBe(ON.inTransport);
    expect(
      onboardingStageAfter({ stage: ON.inTransport, requested: 2, assignedDeliveries: 2, completedDeliveries: 2 }),
    ).toBe(ON.delivered);
    expect(
      onboardingStageAfter({ stage: ON.inTransport, requested: 2, assignedDeliveries: 0, completedDeliveries: 0 }),
    ).toBe(ON.approved);
    expect(
      onboardingStageAfter({ stage: ON.submitted, requested: 2, assignedDeliveries: 1, completedDeliveries: 0 }),
    ).toBe(ON.submitted);
  });
  it("moves an approved off-rent to Pickup Scheduled and to Returned when every unit is picked up", () => {
    expect(offboardingStageAfter({ stage: OFF.approved, returning: 2, assignedPickups: 1, pickedUp: 0 })).toBe(
      OFF.pickupScheduled,
    );
    expect(offboardingStageAfter({ stage: OFF.pickupScheduled, returning: 2, assignedPickups: 2, pickedUp: 2 })).toBe(
      OFF.returned,
    );
    expect(offboardingStageAfter({ stage: OFF.pickupScheduled, returning: 2, assignedPickups: 0, pickedUp: 0 })).toBe(
      OFF.approved,
    );
  });
  it("approves a half from Submitted to Approved", () => {
    expect(APPROVAL_MOVE).toEqual({ from: ON.submitted, to: ON.approved });
    expect(APPROVAL_MOVE).toEqual({ from: OFF.submitted, to: OFF.approved });
  });
  it("counts trucks remaining as trucks without a carrier, never below zero", () => {
    expect(trucksRemaining(3, 1)).toBe(2);
    expect(trucksRemaining(1, 2)).toBe(0);
  });
});

describe("who may make a move", () => {
  const held = (...names: PermissionName[]) => permissionIdsNamed(names);
  it("approves each half with its own approval feature, or all access", () => {
    expect(mayApprove("on", held("onboarding-approve"))).toBe(true);
    expect(mayApprove("off", held("offboarding-approve"))).toBe(true);
    expect(mayApprove("on", held("offboarding-approve", "onboarding"))).toBe(false);
    expect(mayApprove("off", held("onboarding-approve", "offboarding"))).toBe(false);
    expect(mayApprove("on", held("restricted"))).toBe(true);
    expect(mayApprove("off", held("restricted"))).toBe(true);
  });
  it("assigns carriers with transport-edit, and marks jobs done with it or the transport page", () => {
    expect(mayAssignCarrier(held("transport-edit"))).toBe(true);
    expect(mayAssignCarrier(held("transport"))).toBe(false);
    expect(mayAssignCarrier(held("restricted"))).toBe(true);
    expect(mayCompleteTransport(held("transport"))).toBe(true);
    expect(mayCompleteTransport(held("transport-edit"))).toBe(true);
    expect(mayCompleteTransport(held("onboarding", "offboarding"))).toBe(false);
    expect(mayCompleteTransport(held("restricted"))).toBe(true);
  });
});

describe("unit statuses", () => {
  it("lists a next-status entry for every status of the catalogue, each a known status", () => {
    const names = UNIT_STATUSES.map((status) => status.name);
    expect(Object.keys(NEXT_UNIT_STATUSES).sort()).toEqual([...names].sort());
    for (const targets of Object.values(NEXT_UNIT_STATUSES))
      for (const target of targets) expect(names).toContain(target);
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
  it("lets the owning department (or all access) move a unit on", () => {
    expect(mayWorkStatus(permissionIdsNamed(["recon"]), "ON LOT")).toBe(true);
    expect(mayWorkStatus(permissionIdsNamed(["sales"]), "ON LOT")).toBe(false);
    expect(mayWorkStatus(permissionIdsNamed(["sales"]), "FOR SALE")).toBe(true);
    expect(mayWorkStatus(permissionIdsNamed(["ar-read-only"]), "ON RENT")).toBe(false);
    expect(mayWorkStatus(permissionIdsNamed(["accounts-receivable"]), "ON RENT")).toBe(true);
    expect(mayWorkStatus(permissionIdsNamed(["transport-edit"]), "IN TRANSIT")).toBe(true);
    expect(mayWorkStatus(permissionIdsNamed(["transport"]), "IN TRANSIT (SELLER)")).toBe(true);
    expect(mayWorkStatus(permissionIdsNamed(["restricted"]), "Sold Not Delivered")).toBe(true);
    expect(mayWorkStatus(permissionIdsNamed(["restricted"]), "SOLD")).toBe(true);
    expect(mayWorkStatus(permissionIdsNamed(["titles"]), "SOLD")).toBe(false);
  });
  it("tells before any lookup whether a session moves units at all", () => {
    expect(mayWorkAnyStatus(permissionIdsNamed(["recon"]))).toBe(true);
    expect(mayWorkAnyStatus(permissionIdsNamed(["transport-edit"]))).toBe(true);
    expect(mayWorkAnyStatus(permissionIdsNamed(["restricted"]))).toBe(true);
    expect(mayWorkAnyStatus(permissionIdsNamed(["ar-read-only"]))).toBe(false);
    expect(mayWorkAnyStatus(permissionIdsNamed(["client-relations", "fleetcard"]))).toBe(false);
    expect(mayWorkAnyStatus([])).toBe(false);
  });
  it("names the board and the lists of a move", () => {
    expect(boardForStatus("ON LOT")).toBe("Recon Board");
    expect(boardForStatus("SOLD")).toBe("Overview Board");
    expect(listsForStatusMove("ON LOT", "BODY SHOP")).toEqual(["recon", "overview"]);
    expect(listsForStatusMove("Hold for Sale", "RE-RENT")).toEqual(["sales", "onboarding", "overview"]);
    expect(listsForStatusMove("Sold Not Delivered", "SOLD")).toEqual(["titles", "overview"]);
  });
});
