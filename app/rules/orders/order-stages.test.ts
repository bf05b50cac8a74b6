import { describe, expect, it } from "vitest";
import {
  APPROVED_STAGE,
  AT_CUSTOMER_UNIT_STATUS_IDS,
  OFFBOARDING_STAGE,
  OFFBOARDING_STAGES,
  ONBOARDING_STAGE,
  ONBOARDING_STAGES,
  PICKED_UP_UNIT_STATUS_IDS,
  PLACEHOLDER_RETURNING_UNIT,
  PLACEHOLDER_UNIT_STATUS_ID,
  REMOVABLE_UNIT_STATUS_ID,
  RETURNING_UNIT_STATUS,
  RETURNING_UNIT_STATUSES,
  SUBMITTED_STAGE,
  canRemoveReturningUnit,
  isAtCustomerUnitStatus,
  isPickedUpUnitStatus,
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

// Code names stages and line statuses instead of writing their numbers: each name reads as the stage or
// status the specification's number stands for (the labels per number are pinned above).
describe("named stages and line statuses", () => {
  it("read as the stages they name", () => {
    expect(onboardingStageLabel(ONBOARDING_STAGE.inTransport)).toBe("In Transport");
    expect(onboardingStageLabel(ONBOARDING_STAGE.delivered)).toBe("Delivered");
    expect(offboardingStageLabel(OFFBOARDING_STAGE.pickupScheduled)).toBe("Pickup Scheduled");
    expect(offboardingStageLabel(OFFBOARDING_STAGE.returned)).toBe("Returned");
    expect(onboardingStageLabel(SUBMITTED_STAGE)).toBe("Submitted");
    expect(offboardingStageLabel(APPROVED_STAGE)).toBe("Approved");
  });

  it("read as the line statuses they name, at the customer until picked up", () => {
    expect(returningUnitStatusLabel(PLACEHOLDER_UNIT_STATUS_ID)).toBe("New");
    expect(returningUnitStatusLabel(REMOVABLE_UNIT_STATUS_ID)).toBe("Awaiting Pickup");
    for (const id of AT_CUSTOMER_UNIT_STATUS_IDS)
      expect(isAtCustomerUnitStatus(id) && !isPickedUpUnitStatus(id)).toBe(true);
    for (const id of PICKED_UP_UNIT_STATUS_IDS)
      expect(isPickedUpUnitStatus(id) && !isAtCustomerUnitStatus(id)).toBe(true);
    expect(PICKED_UP_UNIT_STATUS_IDS.map(returningUnitStatusLabel)).toEqual(["Picked Up", "Received"]);
    expect(isAtCustomerUnitStatus(3) || isPickedUpUnitStatus(3)).toBe(false);
  });
});

describe("canRemoveReturningUnit", () => {
  it("allows removing an unassigned unit awaiting pickup while another unit remains", () => {
    expect(
      canRemoveReturningUnit({
        statusId: RETURNING_UNIT_STATUS.awaitingPickup,
        assignedStatus: "unassigned",
        unitsOnOrder: 2,
      }),
    ).toBe(true);
  });

  it("refuses the last unit on the order", () => {
    expect(
      canRemoveReturningUnit({
        statusId: RETURNING_UNIT_STATUS.awaitingPickup,
        assignedStatus: "unassigned",
        unitsOnOrder: 1,
      }),
    ).toBe(false);
  });

  it("refuses a carrier-assigned unit", () => {
    expect(
      canRemoveReturningUnit({
        statusId: RETURNING_UNIT_STATUS.awaitingPickup,
        assignedStatus: "assigned",
        unitsOnOrder: 3,
      }),
    ).toBe(false);
  });

  it.each([[RETURNING_UNIT_STATUS.new], [RETURNING_UNIT_STATUS.pickedUp], [RETURNING_UNIT_STATUS.received]])(
    "refuses a unit with statusID %i",
    (statusId) => {
      expect(canRemoveReturningUnit({ statusId, assignedStatus: "unassigned", unitsOnOrder: 3 })).toBe(false);
    },
  );
});

describe("isUnitNumberEditable", () => {
  it.each([[RETURNING_UNIT_STATUS.new], [RETURNING_UNIT_STATUS.awaitingPickup]])(
    "an unassigned unit with statusID %i is editable on an approved order",
    (statusId) => {
      expect(
        isUnitNumberEditable({ statusId, assignedStatus: "unassigned", offboardingStage: OFFBOARDING_STAGE.approved }),
      ).toBe(true);
    },
  );

  it.each([[RETURNING_UNIT_STATUS.pickedUp], [RETURNING_UNIT_STATUS.received]])(
    "an unassigned unit with statusID %i is locked on an approved order",
    (statusId) => {
      expect(
        isUnitNumberEditable({ statusId, assignedStatus: "unassigned", offboardingStage: OFFBOARDING_STAGE.approved }),
      ).toBe(false);
    },
  );

  it("a carrier-assigned unit is locked on an approved order", () => {
    expect(
      isUnitNumberEditable({
        statusId: RETURNING_UNIT_STATUS.awaitingPickup,
        assignedStatus: "assigned",
        offboardingStage: OFFBOARDING_STAGE.pickupScheduled,
      }),
    ).toBe(false);
  });

  it("every unit is editable while the order is only submitted", () => {
    expect(
      isUnitNumberEditable({
        statusId: RETURNING_UNIT_STATUS.received,
        assignedStatus: "unassigned",
        offboardingStage: OFFBOARDING_STAGE.submitted,
      }),
    ).toBe(true);
    expect(
      isUnitNumberEditable({
        statusId: RETURNING_UNIT_STATUS.awaitingPickup,
        assignedStatus: "assigned",
        offboardingStage: OFFBOARDING_STAGE.submitted,
      }),
    ).toBe(true);
  });
});
