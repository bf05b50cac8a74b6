import { describe, expect, it } from "vitest";
import {
  OFFBOARDING_STAGES,
  ONBOARDING_STAGES,
  PLACEHOLDER_RETURNING_UNIT,
  RETURNING_UNIT_STATUSES,
  canRemoveReturningUnit,
  isOffboardingStage,
  isOnboardingStage,
  isReturningUnitStatusId,
  isUnitNumberEditable,
  offboardingStageLabel,
  onboardingStageLabel,
  returningUnitStatusLabel,
} from "./order-stages.ts";

describe("onboarding stages (on-rent orders and the new half of a trade)", () => {
  it.each([
    [0, "Submitted"],
    [1, "Approved"],
    [2, "In Transport"],
    [3, "Delivered"],
  ])("stage %i is %s", (stage, label) => {
    expect(onboardingStageLabel(stage)).toBe(label);
    expect(isOnboardingStage(stage)).toBe(true);
  });

  it("has exactly four stages", () => {
    expect(ONBOARDING_STAGES.map((stage) => stage.id)).toEqual([0, 1, 2, 3]);
  });

  it.each([[-1], [4], [1.5], ["1"], [null]])("%j is not a stage", (value) => {
    expect(isOnboardingStage(value)).toBe(false);
  });

  it("has no label outside the catalogue", () => {
    expect(onboardingStageLabel(4)).toBeUndefined();
  });
});

describe("offboarding stages (off-rents and the returning half of a trade)", () => {
  it.each([
    [0, "Submitted"],
    [1, "Approved"],
    [2, "Pickup Scheduled"],
    [3, "Returned"],
  ])("stage %i is %s", (stage, label) => {
    expect(offboardingStageLabel(stage)).toBe(label);
    expect(isOffboardingStage(stage)).toBe(true);
  });

  it("has exactly four stages", () => {
    expect(OFFBOARDING_STAGES.map((stage) => stage.id)).toEqual([0, 1, 2, 3]);
  });

  it.each([[-1], [4], ["0"], [undefined]])("%j is not a stage", (value) => {
    expect(isOffboardingStage(value)).toBe(false);
  });

  it("has no label outside the catalogue", () => {
    expect(offboardingStageLabel(9)).toBeUndefined();
  });
});

describe("returning unit statuses", () => {
  it.each([
    [0, "New"],
    [5, "Awaiting Pickup"],
    [6, "Picked Up"],
    [7, "Received"],
  ])("statusID %i is %s", (statusId, label) => {
    expect(returningUnitStatusLabel(statusId)).toBe(label);
    expect(isReturningUnitStatusId(statusId)).toBe(true);
  });

  it("has exactly the ids 0, 5, 6 and 7", () => {
    expect(RETURNING_UNIT_STATUSES.map((status) => status.id)).toEqual([0, 5, 6, 7]);
  });

  it.each([[1], [4], [8], ["5"], [null]])("%j is not a returning unit status", (value) => {
    expect(isReturningUnitStatusId(value)).toBe(false);
  });

  it("has no label outside the catalogue", () => {
    expect(returningUnitStatusLabel(3)).toBeUndefined();
  });

  it("adds lines as unit UPDATE, odometer 000000, unassigned, statusID 0", () => {
    expect(PLACEHOLDER_RETURNING_UNIT).toEqual({
      unitNumber: "UPDATE",
      odometer: "000000",
      assignedStatus: "unassigned",
      statusId: 0,
    });
  });
});

describe("canRemoveReturningUnit (spec 1 §4)", () => {
  it("allows removing an unassigned unit awaiting pickup while another unit remains", () => {
    expect(canRemoveReturningUnit({ statusId: 5, assignedStatus: "unassigned", unitsOnOrder: 2 })).toBe(true);
  });

  it("refuses the last unit on the order", () => {
    expect(canRemoveReturningUnit({ statusId: 5, assignedStatus: "unassigned", unitsOnOrder: 1 })).toBe(false);
  });

  it("refuses a carrier-assigned unit", () => {
    expect(canRemoveReturningUnit({ statusId: 5, assignedStatus: "assigned", unitsOnOrder: 3 })).toBe(false);
  });

  it.each([[0], [6], [7]])("refuses a unit with statusID %i", (statusId) => {
    expect(canRemoveReturningUnit({ statusId, assignedStatus: "unassigned", unitsOnOrder: 3 })).toBe(false);
  });
});

describe("isUnitNumberEditable (spec 1 §4)", () => {
  it.each([[0], [5]])("an unassigned unit with statusID %i is editable on an approved order", (statusId) => {
    expect(isUnitNumberEditable({ statusId, assignedStatus: "unassigned", offboardingStage: 1 })).toBe(true);
  });

  it.each([[6], [7]])("an unassigned unit with statusID %i is locked on an approved order", (statusId) => {
    expect(isUnitNumberEditable({ statusId, assignedStatus: "unassigned", offboardingStage: 1 })).toBe(false);
  });

  it("a carrier-assigned unit is locked on an approved order", () => {
    expect(isUnitNumberEditable({ statusId: 5, assignedStatus: "assigned", offboardingStage: 2 })).toBe(false);
  });

  it("every unit is editable while the order is only submitted", () => {
    expect(isUnitNumberEditable({ statusId: 7, assignedStatus: "unassigned", offboardingStage: 0 })).toBe(true);
    expect(isUnitNumberEditable({ statusId: 5, assignedStatus: "assigned", offboardingStage: 0 })).toBe(true);
  });
});
