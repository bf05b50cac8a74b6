// Editing an on-rent order (ADR 014): the
// payload's fields with their labels and sections, the one validation the dialog, the form action and
// PUT /api/order/edit share, the truck arithmetic, the audit texts and who may edit. Pure.
import { damageWaiverLabel } from "./damage-waivers.ts";
import type { ChangeSince, VersionConflict } from "../dialogs/operation-result.ts";
import { onboardingStageLabel } from "./order-stages.ts";
import { hasFeature, unlocksRoute } from "../access/permissions.ts";
import { truckTypeLabel } from "../fleet/truck-types.ts";
import { defineBoardDialog } from "../dialogs/board-dialog.ts";
import { postedFields } from "../dialogs/posted-fields.ts";
import { type EditField, type EditFieldKind, type EditFieldValue, normaliseFields } from "../edit-fields.ts";
import { readIdFields } from "../ids.ts";

// ---------------------------------------------------------------------------------------------
// Messages: the specification's where it gives them, character for character, and the server's own.

export const ON_RENT_EDIT_MESSAGES = {
  allFieldsRequired: "*All fields must be filled...",
  forbidden: "You do not have permission to edit this order.",
  notFound: "That order does not exist.",
  cancelled: "This order has been cancelled.",
  versionConflict: "This order was changed by someone else after you opened it. Your changes were not saved.",
  noChanges: "Nothing was changed.",
  saved: "Order saved.",
  noTrucks: "An order needs at least one truck.",
  sumMismatch: "Trucks Requested must be the sum of the four truck counts.",
  unknownCompany: "No customer has that company number.",
  companyAfterDelivery: "The company cannot change once trucks of this order have been delivered.",
  chooseOrder: "Choose an order.",
  version: "The version the edit was made from is missing.",
} as const;

/** The total would leave fewer trucks than already have a carrier. */
export function removeAssignedTrucksMessage(assigned: number): string {
  return `*You cannot remove more trucks than have already been assigned a carrier (${assigned} assigned)...`;
}

/** Edit messages clear after 6 s when scripts run (4 s is the cancellation's, 5 s the password's). */
export const ON_RENT_EDIT_MESSAGE_MS = 6000;

/** The form intent of the dialog (app/modules/orders/on-rent-edit-dialogs.server.ts). */
export const ON_RENT_EDIT_INTENT = "edit-on-rent-order";

/** The audit action of an edit (the demo data's order edits use the same). */
export const ON_RENT_EDIT_ACTION = "edit";

export const PO_NUMBER_MAX_LENGTH = 35;

// ---------------------------------------------------------------------------------------------
// Who may edit.

/**
 * The On Rent team (onboarding, 10) and holders of transport-edit (17), who open the same dialog from
 * the transport board; 1 passes both.
 */
export function mayEditOnRentOrder(permissionIds: readonly number[]): boolean {
  return unlocksRoute(permissionIds, "onboarding") || hasFeature(permissionIds, "transport-edit");
}

// ---------------------------------------------------------------------------------------------
// The fields.

export const ON_RENT_EDIT_SECTIONS = [
  { id: "order", title: "Order" },
  { id: "delivery", title: "Delivery" },
  { id: "billing", title: "Billing" },
  { id: "use", title: "Use Location" },
  { id: "ra", title: "Rental Agreement Contact" },
] as const;
export type OnRentEditSectionId = (typeof ON_RENT_EDIT_SECTIONS)[number]["id"];

export type OnRentFieldKind = EditFieldKind;
export type OnRentEditField = EditField<OnRentEditSectionId>;

const field = (
  name: string,
  label: string,
  section: OnRentEditSectionId,
  kind: OnRentFieldKind,
  required: boolean,
  maxLength?: number,
): OnRentEditField =>
  maxLength === undefined
    ? { name, label, section, kind, required }
    : { name, label, section, kind, required, maxLength };

/** One contact block (delivery, billing): the same set with the prefix Del or Bill. */
function contactFields(
  prefix: "Del" | "Bill",
  section: OnRentEditSectionId,
  altPhoneRequired: boolean,
): OnRentEditField[] {
  return [
    field(`${prefix}Name`, `${prefix} Name`, section, "text", true, 120),
    field(`${prefix}Phone`, `${prefix} Phone`, section, "phone", true),
    field(`${prefix}AltPhone`, `${prefix} Alt Phone`, section, "phone", altPhoneRequired),
    field(`${prefix}Email`, `${prefix} Email`, section, "email", true, 254),
    field(`${prefix}StreetAddress`, `${prefix} Street Address`, section, "text", true, 120),
    field(`${prefix}StreetAddress2`, `${prefix} Street Address 2`, section, "text", false, 120),
    field(`${prefix}City`, `${prefix} City`, section, "text", true, 80),
    field(`${prefix}State`, `${prefix} State`, section, "state", true),
    field(`${prefix}Zip`, `${prefix} Zip`, section, "zip", true),
  ];
}

/**
 * Every editable field of the payload, in dialog order. Required: all but RAFax, the second street lines,
 * PONumber, DelAltPhone and EarliestDateAvailable — so BillAltPhone is required (ADR 014).
 */
export const ON_RENT_EDIT_FIELDS: readonly OnRentEditField[] = [
  field("CorporateName", "Corporate Name", "order", "text", true, 120),
  field("CompanyNumber", "Company Number", "order", "companyCode", true),
  field("HalfTonCount", truckTypeLabel("HALF_TON"), "order", "count", true),
  field("ThreeQuarterTonCount", truckTypeLabel("THREE_QUARTER_TON"), "order", "count", true),
  field("OneTonFlatCount", truckTypeLabel("ONE_TON_FLATBED"), "order", "count", true),
  field("OneTonServiceCount", truckTypeLabel("ONE_TON_SERVICE_BODY"), "order", "count", true),
  field("ExpectedRentalLength", "Expected Rental Length", "order", "text", true, 60),
  field("DamageWaiverID", "Damage Waiver", "order", "waiver", true),
  field("SecondKeyCount", "Second Key", "order", "yesNo", true),
  field("EarliestDateAvailable", "Earliest Date Available", "order", "date", false),
  field("DateNeeded", "Date Needed", "order", "date", true),
  field("PONumber", "PO Number", "order", "text", false, PO_NUMBER_MAX_LENGTH),
  ...contactFields("Del", "delivery", false),
  ...contactFields("Bill", "billing", true),
  field("UseStreetAddress", "Use Street Address", "use", "text", true, 120),
  field("UseStreetAddress2", "Use Street Address 2", "use", "text", false, 120),
  field("UseCity", "Use City", "use", "text", true, 80),
  field("UseState", "Use State", "use", "state", true),
  field("UseZip", "Use Zip", "use", "zip", true),
  field("RAName", "RA Name", "ra", "text", true, 120),
  field("RAPhone", "RA Phone", "ra", "phone", true),
  field("RAEmail", "RA Email", "ra", "email", true, 254),
  field("RAFax", "RA Fax", "ra", "phone", false),
];

export const ON_RENT_COUNT_FIELDS = [
  "HalfTonCount",
  "ThreeQuarterTonCount",
  "OneTonFlatCount",
  "OneTonServiceCount",
] as const;

const FIELDS_BY_NAME = new Map(ON_RENT_EDIT_FIELDS.map((entry) => [entry.name, entry]));

export function onRentEditField(name: string): OnRentEditField | undefined {
  return FIELDS_BY_NAME.get(name);
}

/** The form's values: every field as the text its input holds (SecondKeyCount 'true' or 'false'). */
export type OnRentEditFormValues = Record<string, string>;

// ---------------------------------------------------------------------------------------------
// The schema.

const idMessage = ON_RENT_EDIT_MESSAGES.chooseOrder;

/**
 * The ids of the payload that are not edited fields: which order, from which version. The rest of the
 * envelope is the client's (TrucksRequested, checked against the counts below; TrucksRemaining and
 * changedData, which the server recomputes), so it is not read here.
 */
const ENVELOPE_IDS = {
  OrderFormID: idMessage,
  FormHistoryID: idMessage,
  version: ON_RENT_EDIT_MESSAGES.version,
} as const;

/** The edit once validated: field values normalised (phones masked, company code padded, blanks null). */
export interface OnRentEdit {
  OrderFormID: number;
  FormHistoryID: number;
  version: number;
  /** The sum of the four counts. */
  TrucksRequested: number;
  /** Field name → normalised value (string, number, boolean or null). */
  fields: Record<string, EditFieldValue>;
}

export type OnRentEditValidation =
  { ok: true; edit: OnRentEdit } | { ok: false; message: string; fieldErrors: Record<string, string[]> };

/**
 * Validates an on-rent edit (a JSON body, or a form's fields made into one). Any required field left
 * blank gives '*All fields must be filled...' (with each such field marked); otherwise the first field's
 * message. Counts must sum to TrucksRequested when it is sent, and total at least one truck.
 */
export function validateOnRentEdit(input: unknown): OnRentEditValidation {
  const body: Record<string, unknown> =
    input && typeof input === "object" && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  const fieldErrors: Record<string, string[]> = {};
  const add = (name: string, message: string) => void (fieldErrors[name] ??= []).push(message);

  const envelope = readIdFields(body, ENVELOPE_IDS);
  for (const [name, message] of envelope.errors) add(name, message);

  const read = normaliseFields(ON_RENT_EDIT_FIELDS, body);
  const { fields, missing } = read;
  for (const [name, messages] of Object.entries(read.fieldErrors)) for (const message of messages) add(name, message);

  let requested = 0;
  const countsRead = ON_RENT_COUNT_FIELDS.every((name) => typeof fields[name] === "number");
  if (countsRead) {
    requested = ON_RENT_COUNT_FIELDS.reduce((sum, name) => sum + (fields[name] as number), 0);
    const sent = body.TrucksRequested;
    if (sent !== undefined && sent !== null && sent !== "" && parseTrucksRequested(sent) !== requested) {
      add("TrucksRequested", ON_RENT_EDIT_MESSAGES.sumMismatch);
    } else if (requested < 1) {
      add("TrucksRequested", ON_RENT_EDIT_MESSAGES.noTrucks);
    }
  }

  const names = Object.keys(fieldErrors);
  if (names.length > 0 || envelope.ids === null) {
    const first = names[0] ?? "";
    const message = missing
      ? ON_RENT_EDIT_MESSAGES.allFieldsRequired
      : (fieldErrors[first]?.[0] ?? ON_RENT_EDIT_MESSAGES.allFieldsRequired);
    return { ok: false, message, fieldErrors };
  }
  const { OrderFormID, FormHistoryID, version } = envelope.ids;
  return { ok: true, edit: { OrderFormID, FormHistoryID, version, TrucksRequested: requested, fields } };
}

function parseTrucksRequested(value: unknown): number | null {
  if (typeof value === "number") return Number.isInteger(value) ? value : null;
  if (typeof value === "string" && /^\d{1,4}$/.test(value.trim())) return Number(value.trim());
  return null;
}

/**
 * A form's fields as the payload (the same validation then runs on both): a checkbox sends
 * SecondKeyCount only when ticked.
 */
export function onRentEditPayloadFromForm(form: Iterable<[string, FormDataEntryValue]>): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const [name, value] of form) if (typeof value === "string" && !(name in payload)) payload[name] = value;
  payload.SecondKeyCount = payload.SecondKeyCount === "true";
  return payload;
}

// ---------------------------------------------------------------------------------------------
// Trucks.

/**
 * The counts after an edit against the trucks that already have a carrier: trucks remaining is the new
 * total less those; below zero the edit is refused with the spec's message.
 */
export function trucksAfterEdit(
  requested: number,
  carrierAssigned: number,
): { ok: true; remaining: number } | { ok: false; message: string } {
  const remaining = requested - carrierAssigned;
  return remaining < 0 ? { ok: false, message: removeAssignedTrucksMessage(carrierAssigned) } : { ok: true, remaining };
}

// ---------------------------------------------------------------------------------------------
// Audit texts.

/** How a field's value reads in the history: dates as YYYY-MM-DD, the waiver by name, Yes/No, blank as ''. */
export function auditText(name: string, value: EditFieldValue | undefined): string {
  return fieldAuditText(onRentEditField(name), value);
}

/** auditText for a field of any editor's table (the trade's on-rent half shares these texts). */
export function fieldAuditText(entry: EditField | undefined, value: EditFieldValue | undefined): string {
  if (value === null || value === undefined) return "";
  if (entry?.kind === "waiver") return damageWaiverLabel(typeof value === "number" ? value : Number(value));
  if (entry?.kind === "yesNo") return value === true || value === "true" ? "Yes" : "No";
  return String(value);
}

export const TRUCKS_REQUESTED_LABEL = "Trucks Requested";
export const TRUCKS_REMAINING_LABEL = "Trucks Remaining";

export function stageText(stage: number): string {
  return onboardingStageLabel(stage) ?? String(stage);
}

// ---------------------------------------------------------------------------------------------
// What the dialog shows (app/modules/orders/on-rent-edit.server.ts loads it).

export interface OnRentEditDialogData {
  formHistoryId: number;
  orderFormId: number;
  /** The version the dialog's edit is made from. */
  version: number;
  companyName: string;
  values: OnRentEditFormValues;
  trucksRequested: number;
  trucksRemaining: number;
  /** Delivery jobs with a carrier: the least the total may become. */
  carrierAssigned: number;
  stage: string;
  cancelled: boolean;
  /** The signed-in user may save (mayEditOnRentOrder). */
  canEdit: boolean;
  /** The request's audit history, newest first. */
  history: (ChangeSince & { action: string })[];
}

export type { VersionConflict };

/** The editOnboarding dialog: the edit operation checks who may edit and which fields. */
export const ON_RENT_EDIT_DIALOG = defineBoardDialog<OnRentEditDialogData>()({
  name: "editOnboarding",
  feature: null,
  intents: { [ON_RENT_EDIT_INTENT]: postedFields },
});
