// Setting and removing an order's priority, and removing its prepay (ADR 041): the
// reasons, the limits and messages, the reading of a body or a posted form, who may, and the dialogs'
// definitions. Pure and free of zod (the dialogs run it in the browser).
import { unlocksRoute } from "../access/permissions.ts";
import { defineBoardDialog } from "../dialogs/board-dialog.ts";
import { postedFields } from "../dialogs/posted-fields.ts";
import { hasControlCharacters, isCalendarDate } from "../edit-fields.ts";

export const PRIORITY_REASONS = [
  "New Customer",
  "In Service Trade",
  "Expiring Registration Trade",
  "Hard Deadline",
  "Other",
] as const;
export const OTHER_REASON = "Other";
export const PRIORITY_REASON_MAX_LENGTH = 64;

export const ORDER_PRIORITY_MESSAGES = {
  reasonRequired: "*You must select a priority reason.",
  otherRequired: "*You must enter a priority reason when Other is selected.",
  reasonTooLong: `The priority reason may be at most ${PRIORITY_REASON_MAX_LENGTH} characters.`,
  reasonCharacters: "The priority reason contains characters that are not allowed.",
  deadline: "The priority deadline must be a date (YYYY-MM-DD).",
  setFailed: "Unable to set priority on Order.",
  removeFailed: "Unable to remove priority.",
  prepayFailed: "Unable to remove prepay.",
  chooseOrder: "Choose an order.",
  notFound: "That order does not exist.",
  cancelled: "This order has been cancelled.",
  forbidden: "You do not have permission to change this order's priority.",
  prepayForbidden: "You do not have permission to remove this order's prepay.",
  noPriority: "This order has no priority to remove.",
  stalePriority: "The priority changed after you opened it. Check it and try again.",
  prepayAlreadyRemoved: "Prepay has already been removed from this order.",
  prepayField: "ChangedField must be ConfirmedPrepay, OldValue 1 and NewValue 0.",
  prepayOrder: "OrderFormID and FormHistoryID must name the same order.",
  set: "Priority set.",
  removed: "Priority removed.",
  prepayRemoved: "Prepay removed.",
} as const;

/** The dialogs' messages clear after 6 s, as the board dialogs' do. */
export const ORDER_PRIORITY_MESSAGE_MS = 6_000;

export const SET_PRIORITY_INTENT = "set-priority";
export const REMOVE_PRIORITY_INTENT = "remove-priority";
export const REMOVE_PREPAY_INTENT = "remove-prepay";

/** The ChangedField of PUT /api/order/remove-prepay. */
export const PREPAY_FIELD = "ConfirmedPrepay";

/**
 * Priority and prepay belong to whoever works the request's boards: On Rent, Off Rent and Transport
 * (the specification shows no gating; ADR 041). 1 passes.
 */
export function mayChangePriority(permissionIds: readonly number[]): boolean {
  return (
    unlocksRoute(permissionIds, "onboarding") ||
    unlocksRoute(permissionIds, "offboarding") ||
    unlocksRoute(permissionIds, "transport")
  );
}

/** Removing prepay is the On Rent team's (who confirm it with the customer). */
export function mayRemovePrepay(permissionIds: readonly number[]): boolean {
  return unlocksRoute(permissionIds, "onboarding");
}

/** The live counter under Other's text: 'n/64'. */
export function priorityReasonCounter(text: string): string {
  return `${text.length}/${PRIORITY_REASON_MAX_LENGTH}`;
}

export type PriorityReading =
  | { ok: true; reason: string; deadline: string | null }
  | { ok: false; message: string; fieldErrors: Record<string, string[]> };

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/**
 * The dialog's form: a reason from the list, Other's own text, and an optional deadline. Other is stored
 * as its text (as the specification's call sends it).
 */
export function readPriorityForm(fields: Readonly<Record<string, unknown>>): PriorityReading {
  const chosen = text(fields.PriorityReason);
  if (chosen === "") return refusal("PriorityReason", ORDER_PRIORITY_MESSAGES.reasonRequired);
  if (!(PRIORITY_REASONS as readonly string[]).includes(chosen)) {
    return refusal("PriorityReason", ORDER_PRIORITY_MESSAGES.reasonRequired);
  }
  const reason = chosen === OTHER_REASON ? text(fields.OtherReason) : chosen;
  if (reason === "") return refusal("OtherReason", ORDER_PRIORITY_MESSAGES.otherRequired);
  if (reason.length > PRIORITY_REASON_MAX_LENGTH) return refusal("OtherReason", ORDER_PRIORITY_MESSAGES.reasonTooLong);
  if (hasControlCharacters(reason)) return refusal("OtherReason", ORDER_PRIORITY_MESSAGES.reasonCharacters);
  return withDeadline(reason, fields.PriorityDeadline);
}

/** PUT /api/order/set-priority's body: `PriorityReason` is the reason itself (Other's text), at most 64. */
export function readPriorityBody(body: Readonly<Record<string, unknown>>): PriorityReading {
  if (body.PriorityReason !== undefined && body.PriorityReason !== null && typeof body.PriorityReason !== "string") {
    return refusal("PriorityReason", ORDER_PRIORITY_MESSAGES.reasonRequired);
  }
  const reason = text(body.PriorityReason);
  if (reason === "") return refusal("PriorityReason", ORDER_PRIORITY_MESSAGES.reasonRequired);
  if (reason === OTHER_REASON) return refusal("PriorityReason", ORDER_PRIORITY_MESSAGES.otherRequired);
  if (reason.length > PRIORITY_REASON_MAX_LENGTH) {
    return refusal("PriorityReason", ORDER_PRIORITY_MESSAGES.reasonTooLong);
  }
  if (hasControlCharacters(reason)) return refusal("PriorityReason", ORDER_PRIORITY_MESSAGES.reasonCharacters);
  return withDeadline(reason, body.PriorityDeadline);
}

function withDeadline(reason: string, raw: unknown): PriorityReading {
  if (raw === undefined || raw === null || (typeof raw === "string" && raw.trim() === "")) {
    return { ok: true, reason, deadline: null };
  }
  // A date input posts YYYY-MM-DD; the API may send a timestamp of that day.
  const day = typeof raw === "string" ? raw.trim().slice(0, 10) : "";
  if (!isCalendarDate(day)) return refusal("PriorityDeadline", ORDER_PRIORITY_MESSAGES.deadline);
  return { ok: true, reason, deadline: day };
}

function refusal(field: string, message: string): PriorityReading {
  return { ok: false, message, fieldErrors: { [field]: [message] } };
}

/** Which of the list's reasons a stored reason is (Other for free text), and Other's text. */
export function priorityFormValues(reason: string | null): { PriorityReason: string; OtherReason: string } {
  if (reason === null) return { PriorityReason: "", OtherReason: "" };
  return (PRIORITY_REASONS as readonly string[]).includes(reason) && reason !== OTHER_REASON
    ? { PriorityReason: reason, OtherReason: "" }
    : { PriorityReason: OTHER_REASON, OtherReason: reason };
}

export interface OrderPriorityDialogData {
  formHistoryId: number;
  requestLabel: string;
  companyName: string;
  /** The priority as it stands (the stale check compares it with what the dialog was opened on). */
  reason: string | null;
  /** YYYY-MM-DD, or null. */
  deadline: string | null;
  /** Why nothing can be changed here (cancelled, no permission), or null. */
  blocked: string | null;
}

export const ORDER_PRIORITY_DIALOG = defineBoardDialog<OrderPriorityDialogData>()({
  name: "setPriorityOrder",
  feature: null,
  intents: { [SET_PRIORITY_INTENT]: postedFields, [REMOVE_PRIORITY_INTENT]: postedFields },
});

export interface PrepayRemoveDialogData {
  formHistoryId: number;
  orderFormId: number;
  requestLabel: string;
  companyName: string;
  confirmedPrepay: boolean;
  blocked: string | null;
}

export const PREPAY_REMOVE_DIALOG = defineBoardDialog<PrepayRemoveDialogData>()({
  name: "removePrepayOrder",
  feature: null,
  intents: { [REMOVE_PREPAY_INTENT]: postedFields },
});
