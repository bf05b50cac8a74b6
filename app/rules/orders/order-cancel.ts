// Cancelling a request with a note (the cancellation note dialog and PUT /api/order/cancel; ADR 013): the
// note's limits and messages, which department a cancellation belongs to, what stops
// one, and which card lists it changes. Pure: the dialog (counter, messages) and the domain operation
// (app/modules/orders/order-cancel.server.ts) share it; the body schema is in order-cancel-schema.ts.
import type { CardListName } from "../boards/boards.ts";
import type { ChangeSince } from "../dialogs/operation-result.ts";
import { unlocksRoute } from "../access/permissions.ts";

/** The longest cancellation note. */
export const CANCEL_NOTE_MAX_LENGTH = 500;
/** A missing (or over-long) note: the specification has one message for both. */
export const CANCEL_NOTE_REQUIRED_MESSAGE = "*You must include a note to cancel the order.";
/** A cancellation that failed without a message of the server's (a network failure, a proxy's page). */
export const ORDER_CANCEL_FAILED_MESSAGE = "Unable to save your note";
/** The dialog's messages clear after 4 s (with JavaScript). */
export const ORDER_CANCEL_MESSAGE_MS = 4_000;

/** The JSON call of a cancellation, for API clients (the dialog posts its form to the board). */
export const ORDER_CANCEL_API_PATH = "/api/order/cancel";

/** The form intent of the cancel dialog (posted to the board). */
export const ORDER_CANCEL_INTENT = "cancel-order";
/** The audit action of a cancellation (the demo data writes the same). */
export const ORDER_CANCEL_ACTION = "cancel";

export const ORDER_CANCEL_MESSAGES = {
  chooseOrder: "Choose an order.",
  department: "The department must be Onboarding or Offboarding.",
  wrongDepartment: (department: CancelDepartment) => `This request belongs to ${department}.`,
  version: "The order's version must be a whole number from 1.",
  companyName: "The company name must be text of at most 120 characters.",
  companyNumber: "The company number must be at most 16 characters.",
  trucks: "Trucks must be text.",
  status: "A status must be a whole number from 0 to 3.",
  forbidden: "You do not have permission to cancel this order.",
  notFound: "That order does not exist.",
  alreadyCancelled: "This order has already been cancelled.",
  delivered: "Units on this order have already been delivered, so it can no longer be cancelled.",
  pickedUp: "Units on this request have already been picked up, so it can no longer be cancelled.",
  carrierAssigned: (jobs: number) =>
    `A carrier is assigned to ${jobs === 1 ? "1 transport job" : `${jobs} transport jobs`} of this order. ` +
    "Take the carrier off on the transport board before cancelling.",
  stale: "This order changed after you opened it. Check the changes below, then cancel again.",
  stateChanged: "This order changed meanwhile. Reload and try again.",
} as const;

/**
 * The note as it is stored: line breaks as '\n' (a form posts '\r\n', which would count twice against the
 * limit the browser's counter shows) and no surrounding blanks, so a note of spaces is no note.
 */
export function normalizeCancelNote(value: string): string {
  return value.replace(/\r\n?/g, "\n").trim();
}

/** The counter under the text area: 'n/500', counting what is typed (a line break once, as the browser does). */
export function cancelNoteCounter(value: string): string {
  return `${value.replace(/\r\n?/g, "\n").length}/${CANCEL_NOTE_MAX_LENGTH}`;
}

/** The note's message, or null when it may be sent (one message for a missing or too long note). */
export function cancelNoteError(value: string): string | null {
  const note = normalizeCancelNote(value);
  return note.length === 0 || note.length > CANCEL_NOTE_MAX_LENGTH ? CANCEL_NOTE_REQUIRED_MESSAGE : null;
}

/** The department of a cancellation: Offboarding when the request has an off-rent, else Onboarding. */
export type CancelDepartment = "Onboarding" | "Offboarding";

export function cancellationDepartment(request: { hasOffRent: boolean }): CancelDepartment {
  return request.hasOffRent ? "Offboarding" : "Onboarding";
}

/** The Note's NoteType: the department's lower-case route name. */
/**
 * The departments a request may be cancelled from: an order from Onboarding, an off-rent from Offboarding
 * (the spec's rule); a trade is on both boards, so from either (its note then carries that department).
 */
export function cancelDepartmentsOf(kind: RequestKind): readonly CancelDepartment[] {
  if (kind === "ORDER") return ["Onboarding"];
  if (kind === "OFF_RENT") return ["Offboarding"];
  return ["Offboarding", "Onboarding"];
}

export function cancelNoteType(department: CancelDepartment): "onboarding" | "offboarding" {
  return department === "Offboarding" ? "offboarding" : "onboarding";
}

/** Where a request stands, as far as cancelling it goes. */
export interface CancellationState {
  cancelled: boolean;
  /** An on-rent half (order or trade) already Delivered, or a delivery job done. */
  delivered: boolean;
  /** An off-rent half already Returned, a returning unit picked up or received, or a pickup job done. */
  pickedUp: boolean;
  /** Transport jobs of the request with a carrier and not done. */
  carrierJobs: number;
}

/** Why the request cannot be cancelled (a 409), or null when it can. */
export function cancellationBlock(state: CancellationState): string | null {
  if (state.cancelled) return ORDER_CANCEL_MESSAGES.alreadyCancelled;
  if (state.delivered) return ORDER_CANCEL_MESSAGES.delivered;
  if (state.pickedUp) return ORDER_CANCEL_MESSAGES.pickedUp;
  if (state.carrierJobs > 0) return ORDER_CANCEL_MESSAGES.carrierAssigned(state.carrierJobs);
  return null;
}

export type RequestKind = "ORDER" | "OFF_RENT" | "TRADE";

/**
 * Whether the actor may cancel a request of this kind: the page of a board the request is on (the
 * onboarding page for an order, offboarding for an off-rent, either for a trade), which all access
 * opens too.
 */
export function mayCancel(kind: RequestKind, permissionIds: readonly number[]): boolean {
  const onboarding = unlocksRoute(permissionIds, "onboarding");
  const offboarding = unlocksRoute(permissionIds, "offboarding");
  if (kind === "ORDER") return onboarding;
  if (kind === "OFF_RENT") return offboarding;
  return onboarding || offboarding;
}

/** Whether the actor may cancel anything at all (checked before a request is looked up). */
export function mayCancelAny(permissionIds: readonly number[]): boolean {
  return unlocksRoute(permissionIds, "onboarding") || unlocksRoute(permissionIds, "offboarding");
}

/**
 * The card lists a cancellation changes: the boards the request leaves (an order onboarding, an off-rent
 * offboarding, a trade both), and transport when jobs without a carrier were removed. (Shipping lists
 * only carrier-assigned jobs, which block a cancellation.)
 */
export function listsAfterCancel(kind: RequestKind, removedJobs: number): CardListName[] {
  const lists: CardListName[] =
    kind === "ORDER" ? ["onboarding"] : kind === "OFF_RENT" ? ["offboarding"] : ["onboarding", "offboarding"];
  if (removedJobs > 0) lists.push("transport");
  return lists;
}

/** What the cancel dialog shows (its loader's data; app/modules/orders/order-cancel-dialogs.server.ts). */
export interface OrderCancelDialogData {
  formHistoryId: number;
  kind: RequestKind;
  /** 'Order #12', 'Off-rent #12', 'Trade #12'. */
  requestLabel: string;
  companyName: string;
  companyCode: string;
  department: CancelDepartment;
  /** The version the cancel is made from (sent back, so a cancel over a newer edit is refused). */
  version: number;
  onboardingStatus: number | null;
  offboardingStatus: number | null;
  /** Set when the request is already cancelled: when (ISO) and by whom. */
  cancelled: { at: string; by: string | null } | null;
  /** Why this user cannot cancel it now (permission, cancelled, delivered, carrier…), or null. */
  blocked: string | null;
  /** What cancelling releases: reserved unit numbers, and the jobs without a carrier ('Delivery U1234'). */
  releases: { reservedUnits: string[]; openJobs: string[] };
  /** The request's audit history, newest first. */
  history: (ChangeSince & { action: string })[];
}

export function requestLabel(kind: RequestKind, formHistoryId: number): string {
  const name = kind === "ORDER" ? "Order" : kind === "OFF_RENT" ? "Off-rent" : "Trade";
  return `${name} #${formHistoryId}`;
}
