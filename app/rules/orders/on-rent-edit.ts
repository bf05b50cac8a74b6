// Editing an on-rent order (issue 5 point 3; ADR 014): the
// payload's fields with their labels and sections, the one validation the dialog, the form action and
// PUT /api/order/edit share, the truck arithmetic, the audit texts and who may edit. Pure.
import { z } from "zod";
import { DAMAGE_WAIVERS, damageWaiverLabel, isDamageWaiverId } from "./damage-waivers.ts";
import {
  isCompanyCode,
  isValidPhone,
  maskPhone,
  padCompanyCode,
  TRUCK_COUNT_MAX_DIGITS,
  ZIP_DIGITS,
} from "../masks.ts";
import type { ChangeSince, VersionConflict } from "../dialogs/operation-result.ts";
import { onboardingStageLabel } from "./order-stages.ts";
import { hasFeature, unlocksRoute } from "../access/permissions.ts";
import { truckTypeLabel } from "../fleet/truck-types.ts";
import { defineBoardDialog } from "../dialogs/board-dialog.ts";
import { postedFields } from "../dialogs/posted-fields.ts";

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

/** The total would leave fewer trucks than already have a carrier (ADR 014). */
export function removeAssignedTrucksMessage(assigned: number): string {
  return `*You cannot remove more trucks than have already been assigned a carrier (${assigned} assigned)...`;
}

/** Edit messages clear after 6 s when scripts run (ADR 014: 4 s is the cancellation's, 5 s the password's). */
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
 * the transport board; 1 passes both. See ADR 014.
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

/** What a field holds, which decides how it is read and normalised (normaliseField). */
export type EditFieldKind =
  "text" | "companyCode" | "count" | "waiver" | "yesNo" | "date" | "phone" | "email" | "state" | "zip";
export type OnRentFieldKind = EditFieldKind;

/**
 * One field of an order editor's payload. The on-rent editor's table is ON_RENT_EDIT_FIELDS; the trade's
 * on-rent half (trade-on-edit.ts) describes its payload with the same shape, so both are read alike.
 */
export interface EditField<Section extends string = string> {
  /** The payload's name (PUT /api/order/edit), also the form field's name. */
  name: string;
  /** The label in the dialog and in the audit history ('label: old!label: new'). */
  label: string;
  section: Section;
  kind: EditFieldKind;
  required: boolean;
  maxLength?: number;
  /** What a blank optional field stands for (the trade's damage waiver is 1 when none is sent); null without it. */
  fallback?: string | number | boolean;
}
export type OnRentEditField = EditField<OnRentEditSectionId>;

/** A field's value once normalised: text, a count or waiver id, a yes/no, or null for a blank optional field. */
export type EditFieldValue = string | number | boolean | null;

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

/** Field messages. */
export const fieldMessages = {
  required: (label: string) => `${label} is required.`,
  notText: (label: string) => `${label} must be text.`,
  tooLong: (label: string, max: number) => `${label} may be at most ${max} characters.`,
  badCharacters: (label: string) => `${label} contains characters that are not allowed.`,
  phone: (label: string) => `${label} must be a valid phone number.`,
  email: (label: string) => `${label} must be a valid e-mail address.`,
  state: (label: string) => `${label} must be a two-letter state code.`,
  zip: (label: string) => `${label} must be ${ZIP_DIGITS} digits.`,
  count: (label: string) => `${label} must be a whole number from 0 to 999.`,
  date: (label: string) => `${label} must be a date (YYYY-MM-DD).`,
  companyCode: (label = "Company Number") => `${label} must be up to 5 digits.`,
  waiver: () => `Choose a damage waiver: ${DAMAGE_WAIVERS.map((waiver) => `${waiver.id} ${waiver.label}`).join(", ")}.`,
  yesNo: (label = "Second Key") => `${label} must be yes or no.`,
};

/** Missing, null or only spaces: what the required check calls blank. */
export const isBlankValue = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");
const isBlank = isBlankValue;

// NUL and other control characters cannot be stored in a PostgreSQL text column or mean nothing here.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD, in the years the business can mean (1900–2999). */
export function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  if (year < 1900 || year > 2999) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A count of 0–999 from a number or from text of up to 3 digits; null otherwise. */
export function parseTruckCount(value: unknown): number | null {
  if (typeof value === "number") return Number.isInteger(value) && value >= 0 && value <= 999 ? value : null;
  if (typeof value === "string" && new RegExp(`^\\d{1,${TRUCK_COUNT_MAX_DIGITS}}$`).test(value.trim()))
    return Number(value.trim());
  return null;
}

/** The text of a value, trimmed; non-text is refused (null). */
function textOf(value: unknown): string | null {
  if (typeof value === "string") return value.trim();
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return null;
}

/**
 * The normalised value of one field, or its message. Blank optional fields become their fallback or null;
 * blank required fields are left to the '*All fields must be filled...' check.
 */
export function normaliseField(
  entry: EditField,
  raw: unknown,
): { ok: true; value: EditFieldValue } | { ok: false; message: string } {
  const { label } = entry;
  const fail = (message: string) => ({ ok: false as const, message });
  if (isBlank(raw))
    return entry.required ? fail(fieldMessages.required(label)) : { ok: true, value: entry.fallback ?? null };
  switch (entry.kind) {
    case "count": {
      const count = parseTruckCount(raw);
      return count === null ? fail(fieldMessages.count(label)) : { ok: true, value: count };
    }
    case "waiver": {
      const id = typeof raw === "string" && /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : raw;
      return isDamageWaiverId(id) ? { ok: true, value: id as number } : fail(fieldMessages.waiver());
    }
    case "yesNo": {
      // A boolean in the payload; the 1/0 some clients send for one, and a form's text, read the same.
      if (raw === true || raw === 1 || raw === "true" || raw === "1") return { ok: true, value: true };
      if (raw === false || raw === 0 || raw === "false" || raw === "0") return { ok: true, value: false };
      return fail(fieldMessages.yesNo(label));
    }
    default:
      break;
  }
  const text = textOf(raw);
  if (text === null) return fail(invalidMessage(entry));
  if (CONTROL_CHARACTERS.test(text)) return fail(fieldMessages.badCharacters(label));
  switch (entry.kind) {
    case "companyCode": {
      if (!/^\d{1,5}$/.test(text)) return fail(fieldMessages.companyCode(label));
      const code = padCompanyCode(text);
      return isCompanyCode(code) ? { ok: true, value: code } : fail(fieldMessages.companyCode(label));
    }
    case "date":
      return isCalendarDate(text) ? { ok: true, value: text } : fail(fieldMessages.date(label));
    case "phone": {
      // The stored form is the mask's; the digits typed must all survive it (nothing silently cut off).
      const masked = maskPhone(text);
      const sameDigits = masked.replace(/\D/g, "") === text.replace(/\D/g, "");
      return sameDigits && isValidPhone(masked) ? { ok: true, value: masked } : fail(fieldMessages.phone(label));
    }
    case "email":
      if (text.length > (entry.maxLength ?? 254)) return fail(fieldMessages.tooLong(label, entry.maxLength ?? 254));
      return EMAIL.test(text) ? { ok: true, value: text } : fail(fieldMessages.email(label));
    case "state": {
      const state = text.toUpperCase();
      return /^[A-Z]{2}$/.test(state) ? { ok: true, value: state } : fail(fieldMessages.state(label));
    }
    case "zip":
      return new RegExp(`^\\d{${ZIP_DIGITS}}$`).test(text) ? { ok: true, value: text } : fail(fieldMessages.zip(label));
    default:
      if (entry.maxLength !== undefined && text.length > entry.maxLength)
        return fail(fieldMessages.tooLong(label, entry.maxLength));
      return { ok: true, value: text };
  }
}

function invalidMessage(entry: EditField): string {
  switch (entry.kind) {
    case "companyCode":
      return fieldMessages.companyCode(entry.label);
    case "date":
      return fieldMessages.date(entry.label);
    case "phone":
      return fieldMessages.phone(entry.label);
    case "email":
      return fieldMessages.email(entry.label);
    case "state":
      return fieldMessages.state(entry.label);
    case "zip":
      return fieldMessages.zip(entry.label);
    default:
      return fieldMessages.notText(entry.label);
  }
}

/**
 * Every field of a table read from a body: the normalised values, each field's messages, and whether a
 * required field was blank (the editors then answer '*All fields must be filled...').
 */
export function normaliseFields(
  table: readonly EditField[],
  body: Readonly<Record<string, unknown>>,
): { fields: Record<string, EditFieldValue>; fieldErrors: Record<string, string[]>; missing: boolean } {
  const fieldErrors: Record<string, string[]> = {};
  const fields: Record<string, EditFieldValue> = {};
  let missing = false;
  for (const entry of table) {
    const raw = body[entry.name];
    if (entry.required && isBlank(raw)) {
      missing = true;
      (fieldErrors[entry.name] ??= []).push(fieldMessages.required(entry.label));
      continue;
    }
    const result = normaliseField(entry, raw);
    if (result.ok) fields[entry.name] = result.value;
    else (fieldErrors[entry.name] ??= []).push(result.message);
  }
  return { fields, fieldErrors, missing };
}

const idMessage = ON_RENT_EDIT_MESSAGES.chooseOrder;
/** A record id of a payload: a positive 32-bit integer, from JSON or from a form's digits. */
export const positiveId = (message: string) =>
  z.preprocess(
    (value) => (typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value.trim()) : value),
    z
      .number({ error: message })
      .int({ error: message })
      .min(1, { error: message })
      .max(2_147_483_647, { error: message }),
  );

/** The parts of the payload that are not edited fields: which order, from which version, and what the client computed. */
const envelopeSchema = z.object({
  OrderFormID: positiveId(idMessage),
  FormHistoryID: positiveId(idMessage),
  version: positiveId(ON_RENT_EDIT_MESSAGES.version),
  /** The client's sum; when sent, it must be the sum of the counts. */
  TrucksRequested: z.unknown().optional(),
  /** Sent by the client; the server recomputes it from the carrier-assigned jobs. */
  TrucksRemaining: z.unknown().optional(),
  /** Sent by the client; the server writes the changes it finds itself. */
  changedData: z.unknown().optional(),
});

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

  const envelope = envelopeSchema.safeParse(body);
  if (!envelope.success) for (const issue of envelope.error.issues) add(String(issue.path[0] ?? ""), issue.message);

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
  if (names.length > 0 || !envelope.success) {
    const first = names[0] ?? "";
    const message = missing
      ? ON_RENT_EDIT_MESSAGES.allFieldsRequired
      : (fieldErrors[first]?.[0] ?? ON_RENT_EDIT_MESSAGES.allFieldsRequired);
    return { ok: false, message, fieldErrors };
  }
  const { OrderFormID, FormHistoryID, version } = envelope.data;
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

/** The editOnboarding dialog (ADR 026): the edit operation checks who may edit and which fields. */
export const ON_RENT_EDIT_DIALOG = defineBoardDialog<OnRentEditDialogData>()({
  name: "editOnboarding",
  feature: null,
  intents: { [ON_RENT_EDIT_INTENT]: postedFields },
});
