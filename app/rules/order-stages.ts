// Where an order stands (OnboardingStatus / OffboardingStatus) and where each returning unit stands
// (statusID), with the edit-dialog rules that depend on them (spec 1 §4, spec 2 §3.2 and §4).

/** On-rent orders and the new half of a trade. */
export const ONBOARDING_STAGES = [
  { id: 0, label: "Submitted" }, // awaiting approval (permission 28)
  { id: 1, label: "Approved" },
  { id: 2, label: "In Transport" }, // units reserved, carriers assigned
  { id: 3, label: "Delivered" },
] as const;
export type OnboardingStage = (typeof ONBOARDING_STAGES)[number]["id"];

/** Off-rent orders and the returning half of a trade. */
export const OFFBOARDING_STAGES = [
  { id: 0, label: "Submitted" }, // awaiting approval (permission 29)
  { id: 1, label: "Approved" },
  { id: 2, label: "Pickup Scheduled" },
  { id: 3, label: "Returned" },
] as const;
export type OffboardingStage = (typeof OFFBOARDING_STAGES)[number]["id"];

/** The statusID of a returning unit line. */
export const RETURNING_UNIT_STATUSES = [
  { id: 0, label: "New" }, // a placeholder line added in the edit dialog
  { id: 5, label: "Awaiting Pickup" }, // the only status a line may be removed in
  { id: 6, label: "Picked Up" },
  { id: 7, label: "Received" },
] as const;
export type ReturningUnitStatusId = (typeof RETURNING_UNIT_STATUSES)[number]["id"];

export const PLACEHOLDER_UNIT_STATUS_ID = 0 satisfies ReturningUnitStatusId;
export const REMOVABLE_UNIT_STATUS_ID = 5 satisfies ReturningUnitStatusId;

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

/** The line the Add action creates (spec 1 §4): unit 'UPDATE', odometer 000000, unassigned, statusID 0. */
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
  return (
    input.statusId === REMOVABLE_UNIT_STATUS_ID && input.assignedStatus !== "assigned" && input.unitsOnOrder > 1
  );
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
  if (input.offboardingStage === 0) return true;
  return (
    input.assignedStatus !== "assigned" &&
    (input.statusId === REMOVABLE_UNIT_STATUS_ID || input.statusId === PLACEHOLDER_UNIT_STATUS_ID)
  );
}
