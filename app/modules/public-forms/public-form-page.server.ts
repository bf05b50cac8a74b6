// The loader and action every public request form shares (ADR 047), so /order-form, /trade-form and
// /off-rent-form stay thin: the loader hands out a fresh ticket (and reads the confirmation after a
// success); the action adds or removes a unit row without JavaScript, asks the safety layer, validates
// with the form's rules, stores in one transaction (claiming the single-use ticket), tells the boards, mails a
// receipt and redirects (303) to the confirmation. Every refusal draws the form again with the customer's
// values and changes nothing.
import { data, redirect } from "react-router";
import type { AppServices } from "~/modules/platform/services.server.ts";
import type { PublicFormName } from "~/rules/public-forms/public-form-guard.ts";
import { PUBLIC_FORM_FIELDS, PUBLIC_FORM_MESSAGES } from "~/rules/public-forms/public-form-guard.ts";
import {
  ADD_UNIT_INTENT,
  type PostedValues,
  postedValuesOf,
  type PublicFieldErrors,
  removedUnitIndex,
  UNIT_ROW_FIELDS,
} from "~/rules/public-forms/public-form-fields.ts";
import type { PublicFormValidation } from "~/rules/public-forms/order-form.ts";
import { REFERENCE_PREFIXES } from "~/rules/public-forms/public-form-reference.ts";
import {
  type AcceptedSubmission,
  checkPublicSubmission,
  forgetExpiredTickets,
  issuePublicFormTicket,
} from "./public-form-guard.server.ts";
import { type PublicFormReceipt, sendPublicFormReceipt } from "./public-form-receipt.server.ts";
import type { StoredPublicRequest } from "./public-requests.server.ts";

/** What the page draws after a refused or re-drawn submission. */
export interface PublicFormActionData {
  ticket: string;
  values: Record<string, string | string[]>;
  errors: PublicFieldErrors;
  message: string | null;
}

export const PUBLIC_FORM_UNREADABLE = "We could not read the form. Please fill it in again.";

/** Today's date as the forms compare it (YYYY-MM-DD, UTC). */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

const REFERENCE_PARAM = "reference";
const RECEIPT_PARAM = "receipt";

export function loadPublicForm(services: AppServices, url: URL, form: PublicFormName) {
  const reference = url.searchParams.get(REFERENCE_PARAM);
  // Only a reference of this form's shape is shown: the page never echoes arbitrary text.
  const confirmed =
    reference && new RegExp(`^${REFERENCE_PREFIXES[form]}-\\d{6,10}$`).test(reference) ? reference : null;
  return {
    ticket: issuePublicFormTicket(services),
    today: todayUtc(),
    confirmation: confirmed ? { reference: confirmed, receiptSent: url.searchParams.get(RECEIPT_PARAM) === "1" } : null,
  };
}

export interface PublicFormDefinition<T> {
  form: PublicFormName;
  /** The page's path, where the confirmation is drawn. */
  path: string;
  /** The names the page draws again after a refusal (the unit rows are added when `units`). */
  names: readonly string[];
  units: boolean;
  validate(values: PostedValues, today: string): PublicFormValidation<T>;
  /** Stores in one transaction that claims the submission's ticket first; null when it was used already. */
  store(value: T, submission: AcceptedSubmission, today: string): Promise<StoredPublicRequest | null>;
  receipt(value: T, reference: string): PublicFormReceipt;
}

export async function submitPublicForm<T>(
  services: AppServices,
  request: Request,
  definition: PublicFormDefinition<T>,
) {
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return data(refusal(services, null, {}, PUBLIC_FORM_UNREADABLE), { status: 400 });
  }
  const names = definition.units ? [...definition.names, ...Object.values(UNIT_ROW_FIELDS)] : definition.names;
  const values = postedValuesOf(formData, names);
  const sentTicket = formData.get(PUBLIC_FORM_FIELDS.ticket);
  const ticket = typeof sentTicket === "string" && sentTicket.length <= 128 ? sentTicket : null;

  // "Add another unit" and "Remove" without JavaScript: the form comes back with one row more or fewer.
  const intent = formData.get(ADD_UNIT_INTENT.name);
  if (definition.units && typeof intent === "string" && intent !== "submit") {
    return data({ ...refusal(services, ticket, withRows(values, intent), null) });
  }

  const check = await checkPublicSubmission(services, request, formData, definition.form);
  if (!check.ok) {
    const headers: Record<string, string> =
      check.retryAfterSeconds === undefined ? {} : { "Retry-After": String(check.retryAfterSeconds) };
    // A too-quick person (or one over the limit) keeps their ticket, which only needs to age; an expired,
    // damaged or bot's ticket is replaced. A bot's values are not drawn again.
    const keep = check.message === PUBLIC_FORM_MESSAGES.tooFast || check.status === 429;
    const drawn = check.message === PUBLIC_FORM_MESSAGES.refused ? {} : values;
    return data(refusal(services, keep ? ticket : null, drawn, check.message), { status: check.status, headers });
  }

  const today = todayUtc();
  const result = definition.validate(values, today);
  if (!result.ok) return data({ ...refusal(services, ticket, values, null), errors: result.errors }, { status: 400 });

  const stored = await definition.store(result.value, check, today);
  if (!stored) {
    // The same ticket was stored by another submission meanwhile (sent twice at once): this one is not.
    return data(refusal(services, null, values, PUBLIC_FORM_MESSAGES.used), { status: 400 });
  }
  await forgetExpiredTickets(services);
  services.boardChanges.listsChanged(stored.lists, [stored.formHistoryId]);
  const receiptSent = sendPublicFormReceipt(services, definition.receipt(result.value, stored.reference));
  const params = new URLSearchParams({ [REFERENCE_PARAM]: stored.reference, [RECEIPT_PARAM]: receiptSent ? "1" : "0" });
  return redirect(`${definition.path}?${params}`, 303);
}

function refusal(
  services: AppServices,
  ticket: string | null,
  values: Record<string, string | string[]>,
  message: string | null,
): PublicFormActionData {
  return { ticket: ticket ?? issuePublicFormTicket(services), values, errors: {}, message };
}

/** The values with a blank unit row added, or row N removed (never the last one). */
function withRows(values: Record<string, string | string[]>, intent: string): Record<string, string | string[]> {
  const list = (name: string) => {
    const value = values[name];
    return Array.isArray(value) ? [...value] : typeof value === "string" ? [value] : [];
  };
  let numbers = list(UNIT_ROW_FIELDS.unitNumber);
  let odometers = list(UNIT_ROW_FIELDS.odometer);
  const rows = Math.max(numbers.length, odometers.length, 1);
  numbers = Array.from({ length: rows }, (_, i) => numbers[i] ?? "");
  odometers = Array.from({ length: rows }, (_, i) => odometers[i] ?? "");
  const removed = removedUnitIndex(intent);
  if (intent === ADD_UNIT_INTENT.value) {
    if (rows < 100) {
      numbers.push("");
      odometers.push("");
    }
  } else if (removed !== null && removed < rows && rows > 1) {
    numbers.splice(removed, 1);
    odometers.splice(removed, 1);
  }
  return { ...values, [UNIT_ROW_FIELDS.unitNumber]: numbers, [UNIT_ROW_FIELDS.odometer]: odometers };
}
