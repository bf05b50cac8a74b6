// Working the queue (ADR 011): the stage and status moves the department boards
// make — which order stage follows which, which unit status may follow which (and which one is the
// usual "next"), who may make each move, which board a move is made from, and which card lists a
// move changes. Pure: the domain operations (app/modules/queue) and the boards share it.
import type { CardListName } from "./boards.ts";
import { APPROVED_STAGE, OFFBOARDING_STAGE, ONBOARDING_STAGE, SUBMITTED_STAGE } from "../orders/order-stages.ts";
import {
  hasFeature,
  holdsAllAccess,
  holdsPermission,
  type PermissionName,
  unlocksRoute,
} from "../access/permissions.ts";
import { unitStatusByName, type Department, type UnitStatusName } from "../fleet/unit-statuses.ts";

/**
 * Approving a request's on-rent half (an order, or a trade's new trucks) is the onboarding-approve
 * feature; its off-rent half (an off-rent, or a trade's return) offboarding-approve.
 */
export function mayApprove(half: "on" | "off", permissionIds: readonly number[]): boolean {
  return hasFeature(permissionIds, half === "on" ? "onboarding-approve" : "offboarding-approve");
}

/** Giving a transport job to a carrier or taking it back: the transport-edit feature. */
export function mayAssignCarrier(permissionIds: readonly number[]): boolean {
  return hasFeature(permissionIds, "transport-edit");
}

/** Marking a delivery or pickup done: the transport board's page, or the transport-edit feature. */
export function mayCompleteTransport(permissionIds: readonly number[]): boolean {
  return unlocksRoute(permissionIds, "transport") || hasFeature(permissionIds, "transport-edit");
}

export const QUEUE_FORBIDDEN_MESSAGE = "You do not have permission to do that.";

export const QUEUE_MESSAGES = {
  formNotFound: "That order does not exist.",
  jobNotFound: "That transport job does not exist.",
  unitNotFound: "That unit does not exist.",
  carrierNotFound: "That carrier does not exist.",
  notACarrier: "Choose a vendor of type TRANSPORTER.",
  cancelled: "This order has been cancelled.",
  alreadyApproved: "This order has already been approved.",
  noOnRentHalf: "This request has no on-rent half to approve.",
  noOffRentHalf: "This request has no return to approve.",
  notApproved: "This order has not been approved yet.",
  jobCompleted: "This transport job has already been marked done.",
  alreadyAssigned: "That carrier is already assigned to this job.",
  notAssigned: "This transport job has no carrier.",
  needsCarrier: "Assign a carrier before marking this job done.",
  needsUnit: "This transport job has no unit yet.",
  unitNotOnRent: "This unit is not on rent, so it cannot be picked up.",
  unitAlreadyOnRent: "This unit is already on rent.",
  noReturningLine: "This unit is not on the order's list of returning units.",
  statusFinal: "This unit has left the fleet; its status cannot change.",
  sameStatus: "The unit already has that status.",
  unitReserved: "This unit is reserved for an order; release the reservation first.",
  unitInTransport: "This unit has an open transport job; complete or remove it first.",
  statusChanged: "This unit's status changed meanwhile. Reload and try again.",
  stateChanged: "This order changed meanwhile. Reload and try again.",
} as const;

/** The message for a move the status table does not allow. */
export function statusMoveRefusedMessage(from: string, to: string): string {
  return `A unit in ${from} cannot move to ${to}.`;
}

// ---------------------------------------------------------------------------------------------
// Order stages.

/** The stage an approval moves a half from, and to (onboarding and offboarding alike). */
export const APPROVAL_MOVE = { from: SUBMITTED_STAGE, to: APPROVED_STAGE } as const;

/**
 * The onboarding stage after the carrier-assigned and completed delivery counts changed: Submitted (0)
 * stays; Approved (1) becomes In Transport (2) once any delivery has a carrier; In Transport goes back to
 * Approved when the last carrier is removed and nothing was delivered; everything delivered is
 * Delivered (3).
 */
export function onboardingStageAfter(input: {
  stage: number;
  requested: number;
  assignedDeliveries: number;
  completedDeliveries: number;
}): number {
  const { stage, requested, assignedDeliveries, completedDeliveries } = input;
  if (stage === ONBOARDING_STAGE.submitted) return ONBOARDING_STAGE.submitted;
  if (requested > 0 && completedDeliveries >= requested) return ONBOARDING_STAGE.delivered;
  if (assignedDeliveries > 0 || completedDeliveries > 0) return ONBOARDING_STAGE.inTransport;
  return ONBOARDING_STAGE.approved;
}

/**
 * The offboarding stage after the pickups changed: Submitted stays; Approved becomes Pickup Scheduled
 * once any pickup has a carrier, and back when none has and none is done; every returning unit picked up
 * is Returned (3).
 */
export function offboardingStageAfter(input: {
  stage: number;
  returning: number;
  assignedPickups: number;
  pickedUp: number;
}): number {
  const { stage, returning, assignedPickups, pickedUp } = input;
  if (stage === OFFBOARDING_STAGE.submitted) return OFFBOARDING_STAGE.submitted;
  if (returning > 0 && pickedUp >= returning) return OFFBOARDING_STAGE.returned;
  if (assignedPickups > 0 || pickedUp > 0) return OFFBOARDING_STAGE.pickupScheduled;
  return OFFBOARDING_STAGE.approved;
}

/** Trucks still without a carrier (OrderForm.trucksRemaining and its trade/off-rent twins); never negative. */
export function trucksRemaining(total: number, carrierAssigned: number): number {
  return Math.max(0, total - carrierAssigned);
}

// ---------------------------------------------------------------------------------------------
// Unit statuses.

/**
 * The statuses a unit may move to by hand from each status, the usual next one first. ON RENT is left
 * only through a completed pickup and NEW only through a completed delivery (the transport moves); SOLD
 * is final.
 */
export const NEXT_UNIT_STATUSES: Readonly<Record<UnitStatusName, readonly UnitStatusName[]>> = {
  NEW: [],
  "RE-RENT": ["In Maintenance", "Hold for Sale"],
  "ON RENT": [],
  "OFF RENT": ["ON LOT", "Claims"],
  "IN TRANSIT": ["ON LOT"],
  "IN TRANSIT (SELLER)": ["Sold Not Delivered", "At Auction"],
  "ON LOT": ["BODY SHOP", "In Maintenance", "RE-RENT", "Hold for Sale", "Claims"],
  "BODY SHOP": ["In Maintenance", "RE-RENT", "Hold for Sale", "ON LOT"],
  "In Maintenance": ["RE-RENT", "BODY SHOP", "Hold for Sale", "ON LOT"],
  "Hold for Sale": ["FOR SALE", "RE-RENT"],
  "FOR SALE": ["At Auction", "RETAIL", "IN TRANSIT (SELLER)", "Hold for Sale"],
  "At Auction": ["Sold Not Delivered", "FOR SALE"],
  RETAIL: ["Sold Not Delivered", "FOR SALE"],
  "Sold Not Delivered": ["SOLD"],
  Claims: ["BODY SHOP", "ON LOT"],
  SOLD: [],
};

/** The statuses a unit may move to from `from` (empty for unknown, final or transport-only statuses). */
export function nextUnitStatuses(from: string): readonly UnitStatusName[] {
  const status = unitStatusByName(from);
  return status ? NEXT_UNIT_STATUSES[status.name] : [];
}

/** The usual next status (the first allowed one), or undefined when none may follow by hand. */
export function defaultNextUnitStatus(from: string): UnitStatusName | undefined {
  return nextUnitStatuses(from)[0];
}

export function mayMoveUnitStatus(from: string, to: string): boolean {
  return (nextUnitStatuses(from) as readonly string[]).includes(to);
}

/**
 * The permissions whose holders work a department's queue: its board's page permission.
 * Named rows rather than the page's route: ar-read-only opens the AR page too, but may look, not move.
 */
export const DEPARTMENT_PERMISSIONS: Readonly<Record<Department, readonly PermissionName[]>> = {
  onboarding: ["onboarding"],
  offboarding: ["offboarding"],
  transport: ["transport", "transport-edit"],
  recon: ["recon"],
  sales: ["sales"],
  titles: ["titles"],
  ar: ["accounts-receivable"],
};

/** A status is moved on by the department that owns it (or an all-access holder). */
export function mayWorkStatus(permissionIds: readonly number[], statusName: string): boolean {
  if (holdsAllAccess(permissionIds)) return true;
  const department = unitStatusByName(statusName)?.department ?? null;
  if (department === null) return false;
  return DEPARTMENT_PERMISSIONS[department].some((name) => holdsPermission(permissionIds, name));
}

/**
 * Whether the session works any department's statuses: checked before a unit is looked up, so a caller
 * who may move no unit learns nothing of which units exist.
 */
export function mayWorkAnyStatus(permissionIds: readonly number[]): boolean {
  if (holdsAllAccess(permissionIds)) return true;
  return Object.values(DEPARTMENT_PERMISSIONS).some((names) =>
    names.some((name) => holdsPermission(permissionIds, name)),
  );
}

/** The boards a change can be made from (UnitHistory.changedFrom). */
export const QUEUE_BOARD_NAMES = [
  "On Rent Board",
  "Off Rent Board",
  "Transport Board",
  "AR Board",
  "Recon Board",
  "Sales Board",
  "Titles Board",
  "Overview Board",
] as const;
export type QueueBoardName = (typeof QUEUE_BOARD_NAMES)[number];

const DEPARTMENT_BOARD: Readonly<Record<Department, QueueBoardName>> = {
  onboarding: "On Rent Board",
  offboarding: "Off Rent Board",
  transport: "Transport Board",
  ar: "AR Board",
  recon: "Recon Board",
  sales: "Sales Board",
  titles: "Titles Board",
};

/** The board of the department owning a status ('Overview Board' when none does). */
export function boardForStatus(statusName: string): QueueBoardName {
  const department = unitStatusByName(statusName)?.department ?? null;
  return department === null ? "Overview Board" : DEPARTMENT_BOARD[department];
}

/** The card list that shows units in a status (besides the overview, which shows every truck). */
export function listForStatus(statusName: string): CardListName | null {
  const status = unitStatusByName(statusName);
  if (!status || status.department === null) return null;
  if (status.name === "ON RENT") return "ar-open";
  if (status.name === "Claims") return "ar-claims";
  if (status.department === "ar") return "ar-open";
  return status.department;
}

/** The lists a unit's status move changes: both statuses' lists and the overview, without duplicates. */
export function listsForStatusMove(from: string, to: string): CardListName[] {
  return uniqueLists([listForStatus(from), listForStatus(to), "overview"]);
}

export function uniqueLists(lists: readonly (CardListName | null | undefined)[]): CardListName[] {
  const seen: CardListName[] = [];
  for (const list of lists) if (list && !seen.includes(list)) seen.push(list);
  return seen;
}
