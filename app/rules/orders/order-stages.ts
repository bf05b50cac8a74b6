// Where an order stands (OnboardingStatus / OffboardingStatus) and where each returning unit stands
// (statusID), with the edit-dialog rules that depend on them (ADR 015).

// The ids are stored and sent as numbers; code names them through the constants below, so each number
// is written once, here.

/** The onboarding stages by name: an on-rent order's OnboardingStatus. */
export const ONBOARDING_STAGE = { submitted: 0, approved: 1, inTransport: 2, delivered: 3 } as const;

/** On-rent orders and the new half of a trade. */
export const ONBOARDING_STAGES = [
  { id: ONBOARDING_STAGE.submitted, label: "Submitted" }, // awaiting approval (onboarding-approve)
  { id: ONBOARDING_STAGE.approved, label: "Approved" },
  { id: ONBOARDING_STAGE.inTransport, label: "In Transport" }, // units reserved, carriers assigned
  { id: ONBOARDING_STAGE.delivered, label: "Delivered" },
] as const;
export type OnboardingStage = (typeof ONBOARDING_STAGES)[number]["id"];

/** The offboarding stages by name: an off-rent's OffboardingStatus. */
export const OFFBOARDING_STAGE = { submitted: 0, approved: 1, pickupScheduled: 2, returned: 3 } as const;

/** Off-rent orders and the returning half of a trade. */
export const OFFBOARDING_STAGES = [
  { id: OFFBOARDING_STAGE.submitted, label: "Submitted" }, // awaiting approval (offboarding-approve)
  { id: OFFBOARDING_STAGE.approved, label: "Approved" },
  { id: OFFBOARDING_STAGE.pickupScheduled, label: "Pickup Scheduled" },
  { id: OFFBOARDING_STAGE.returned, label: "Returned" },
] as const;
export type OffboardingStage = (typeof OFFBOARDING_STAGES)[number]["id"];

/** Both halves start Submitted and an approval makes them Approved: the stages the two tables share. */
export const SUBMITTED_STAGE = ONBOARDING_STAGE.submitted satisfies typeof OFFBOARDING_STAGE.submitted;
export const APPROVED_STAGE = ONBOARDING_STAGE.approved satisfies typeof OFFBOARDING_STAGE.approved;

/** The statusID of a returning unit line, by name. */
export const RETURNING_UNIT_STATUS = { new: 0, awaitingPickup: 5, pickedUp: 6, received: 7 } as const;

/** The statusID of a returning unit line. */
export const RETURNING_UNIT_STATUSES = [
  { id: RETURNING_UNIT_STATUS.new, label: "New" }, // a placeholder line added in the edit dialog
  { id: RETURNING_UNIT_STATUS.awaitingPickup, label: "Awaiting Pickup" }, // the only status a line may be removed in
  { id: RETURNING_UNIT_STATUS.pickedUp, label: "Picked Up" },
  { id: RETURNING_UNIT_STATUS.received, label: "Received" },
] as const;
export type ReturningUnitStatusId = (typeof RETURNING_UNIT_STATUSES)[number]["id"];

export const PLACEHOLDER_UNIT_STATUS_ID = RETURNING_UNIT_STATUS.new satisfies ReturningUnitStatusId;
export const REMOVABLE_UNIT_STATUS_ID = RETURNING_UNIT_STATUS.awaitingPickup satisfies ReturningUnitStatusId;

/** Lines whose unit is still at the customer: a new line, or one awaiting pickup. */
export const AT_CUSTOMER_UNIT_STATUS_IDS = [RETURNING_UNIT_STATUS.new, RETURNING_UNIT_STATUS.awaitingPickup] as const;

/** Lines whose unit a carrier has collected: picked up, and perhaps received back since. */
export const PICKED_UP_UNIT_STATUS_IDS = [RETURNING_UNIT_STATUS.pickedUp, RETURNING_UNIT_STATUS.received] as const;

export function isAtCustomerUnitStatus(statusId: number): boolean {
  return (AT_CUSTOMER_UNIT_STATUS_IDS as readonly number[]).includes(statusId);
}

export function isPickedUpUnitStatus(statusId: number): boolean {
  return (PICKED_UP_UNIT_STATUS_IDS as readonly number[]).includes(statusId);
}

export function isOnboardingStage(value: unknown): value is OnboardingStage {
  return ONBOARDING_STAGES.some((stage) => stage.id === value);
}

export function isOffboardingStage(value: unknown): value is OffboardingStage {
  return OFFBOARDING_STAGES.some((stage) => stage.id === value);
}

export function isReturningUnitStatusId(value: unknown): value is ReturningUnitStatusId {
  return RETURNING_UNIT_STATUSES.some((status) => status.id === value);
}

/** The stage's label; undefined for a value outside the catalogue, so callers choose how to show it. */
export function onboardingStageLabel(stage: number): string | undefined {
  return ONBOARDING_STAGES.find((entry) => entry.id === stage)?.label;
}

/**
 * The audit-log labels of a request's stage changes, one per half: every move of a half's stage (an
 * edit, an approval, a transport move) records its change under this label, and the boards read a
 * card's days in stage from the latest entry with it.
 */
export const ONBOARDING_STATUS_LABEL = "Onboarding Status";
export const OFFBOARDING_STATUS_LABEL = "Offboarding Status";

export function offboardingStageLabel(stage: number): string | undefined {
  return OFFBOARDING_STAGES.find((entry) => entry.id === stage)?.label;
}

export function returningUnitStatusLabel(statusId: number): string | undefined {
  return RETURNING_UNIT_STATUSES.find((entry) => entry.id === statusId)?.label;
}

/** 'assigned' means a carrier has the unit's job: its line is locked ('Carrier Assigned'). */
export type CarrierAssignment = "assigned" | "unassigned";

/** The line the dialog's Add creates: unit 'UPDATE', odometer 000000, unassigned, statusID 0. */
export const PLACEHOLDER_RETURNING_UNIT = {
  unitNumber: "UPDATE",
  odometer: "000000",
  assignedStatus: "unassigned",
  statusId: PLACEHOLDER_UNIT_STATUS_ID,
} as const satisfies {
  unitNumber: string;
  odometer: string;
  assignedStatus: CarrierAssignment;
  statusId: ReturningUnitStatusId;
};

/**
 * A returning unit may leave an order only while it awaits pickup (statusID 5), no carrier holds it, and
 * another unit stays on the order: an off-rent never drops to zero units this way.
 */
export function canRemoveReturningUnit(input: {
  statusId: number;
  assignedStatus: CarrierAssignment;
  unitsOnOrder: number;
}): boolean {
  return input.statusId === REMOVABLE_UNIT_STATUS_ID && input.assignedStatus !== "assigned" && input.unitsOnOrder > 1;
}

/**
 * The unit number field is editable when the unit is not carrier-assigned and awaits pickup or is a new
 * line (statusID 5 or 0), or when the whole order is still only submitted (offboarding stage 0).
 */
export function isUnitNumberEditable(input: {
  statusId: number;
  assignedStatus: CarrierAssignment;
  offboardingStage: number;
}): boolean {
  if (input.offboardingStage === OFFBOARDING_STAGE.submitted) return true;
  return (
    input.assignedStatus !== "assigned" &&
    (input.statusId === REMOVABLE_UNIT_STATUS_ID || input.statusId === PLACEHOLDER_UNIT_STATUS_ID)
  );
}
