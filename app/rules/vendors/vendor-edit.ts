// Creating and editing a vendor (ADR 035): the fields with their labels and limits, the one
// validation the dialog, the form action and the JSON API share, the messages, the insurance expiry
// warning and who may edit. Pure and free of zod (the dialog runs it in the browser).
import { mayEditVendors } from "./vendor-access.ts";
import {
  DEFAULT_VENDOR_TYPE,
  VENDOR_ENTITY_TYPES,
  VENDOR_TYPES,
  type VendorEntityType,
  type VendorTypeValue,
} from "./vendor-kinds.ts";
import { defineBoardDialog } from "../dialogs/board-dialog.ts";
import { postedFields } from "../dialogs/posted-fields.ts";
import { type EditField, type EditFieldValue, fieldMessages, isBlankValue, normaliseFields } from "../edit-fields.ts";
import { normalizeVendorName, type VendorNameMatchRow } from "./vendor-name.ts";

export const VENDOR_MESSAGES = {
  required: "Please fill out all required fields.",
  email: "Please make sure the Email field is a valid email.",
  cargoIns: "Cargo Insurance must be a whole number of dollars, 0 or more.",
  entityType: "Entity Type must be one of LLC, P, S, SP, T/E, C.",
  vendorType: "Vendor Type must be one of Transporter, Body Shop, Mechanic, Auction, Other.",
  chooseVendor: "Choose a vendor.",
  notFound: "That vendor does not exist.",
  forbidden: "You do not have permission to create or edit vendors.",
  nameWithoutWords: "Name needs letters or digits besides LLC or Inc.",
  failed: "Error, the vendor could not be saved.",
  created: "Vendor created.",
  saved: "Vendor saved.",
} as const;

/** The required-fields message resets after 6 s, a save's error after 5 s. */
export const VENDOR_REQUIRED_MESSAGE_MS = 6_000;
export const VENDOR_ERROR_MESSAGE_MS = 5_000;

export { mayEditVendors };
export * from "./vendor-kinds.ts";

const field = (name: string, label: string, kind: EditField["kind"], required: boolean, maxLength?: number) =>
  ({ name, label, section: "vendor", kind, required, ...(maxLength ? { maxLength } : {}) }) satisfies EditField;

/** The text fields, read like every editor's (edit-fields.ts); the lengths are the columns'. */
export const VENDOR_TEXT_FIELDS: readonly EditField[] = [
  field("Name", "Name", "text", true, 120),
  field("Address", "Address", "text", true, 120),
  field("Address2", "Address 2", "text", false, 120),
  field("City", "City", "text", true, 80),
  field("State", "State", "state", true),
  field("ZipCode", "Zip Code", "zip", true),
  field("Phone", "Phone", "phone", false),
  field("Mobile", "Mobile", "phone", false),
  field("Email", "Email", "email", true, 254),
  field("Website", "Website", "text", false, 200),
  field("InsExp", "Insurance Expires", "date", false),
  field("FederalId", "Federal ID", "text", false, 20),
  field("Contact", "Contact", "text", false, 120),
];

/** Every field the form and the API send, in the dialog's order. */
export const VENDOR_FIELD_NAMES = [
  "Name",
  "Contact",
  "Address",
  "Address2",
  "City",
  "State",
  "ZipCode",
  "Phone",
  "Mobile",
  "Email",
  "Website",
  "VendorType",
  "EntityType",
  "FederalId",
  "CargoIns",
  "InsExp",
] as const;
export type VendorFieldName = (typeof VENDOR_FIELD_NAMES)[number];

export const VENDOR_FIELD_LABELS: Record<VendorFieldName, string> = {
  ...(Object.fromEntries(VENDOR_TEXT_FIELDS.map((entry) => [entry.name, entry.label])) as Record<string, string>),
  CargoIns: "Cargo Insurance ($)",
  EntityType: "Entity Type",
  VendorType: "Vendor Type",
} as Record<VendorFieldName, string>;

export const VENDOR_REQUIRED_FIELDS: readonly VendorFieldName[] = VENDOR_TEXT_FIELDS.filter(
  (entry) => entry.required,
).map((entry) => entry.name as VendorFieldName);

/** A vendor as validated: blanks are null, phones masked, the state upper-cased. */
export interface VendorInput {
  Name: string;
  Address: string;
  Address2: string | null;
  City: string;
  State: string;
  ZipCode: string;
  Phone: string | null;
  Mobile: string | null;
  Email: string;
  Website: string | null;
  CargoIns: number | null;
  /** YYYY-MM-DD */
  InsExp: string | null;
  FederalId: string | null;
  EntityType: VendorEntityType | null;
  VendorType: VendorTypeValue;
  Contact: string | null;
}

export type VendorValidation =
  { ok: true; vendor: VendorInput } | { ok: false; message: string; fieldErrors: Record<string, string[]> };

const MAX_CARGO_INSURANCE = 2_147_483_647;

function readCargoIns(raw: unknown): { ok: true; value: number | null } | { ok: false } {
  if (isBlankValue(raw)) return { ok: true, value: null };
  const text = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw.trim().replace(/[$,]/g, "") : "";
  if (!/^\d{1,10}$/.test(text) || Number(text) > MAX_CARGO_INSURANCE) return { ok: false };
  return { ok: true, value: Number(text) };
}

function readChoice<T extends string>(
  raw: unknown,
  allowed: readonly T[],
): { ok: true; value: T | null } | { ok: false } {
  if (isBlankValue(raw)) return { ok: true, value: null };
  const text = typeof raw === "string" ? raw.trim().toUpperCase() : null;
  const found = allowed.find((value) => value === text);
  return found ? { ok: true, value: found } : { ok: false };
}

const textOrNull = (value: EditFieldValue | undefined) => (typeof value === "string" ? value : null);

/**
 * Reads a vendor from a body (the API's JSON or a posted form). Blank required fields answer the
 * specification's 'Please fill out all required fields.'; a bad e-mail its own message; any other bad
 * field its field's message.
 */
export function validateVendor(body: Readonly<Record<string, unknown>>): VendorValidation {
  const { fields, fieldErrors, missing } = normaliseFields(VENDOR_TEXT_FIELDS, body);
  const errors: Record<string, string[]> = { ...fieldErrors };
  // A name that normalises to nothing ("LLC") could match no vendor and every vendor at once.
  if (typeof fields.Name === "string" && normalizeVendorName(fields.Name) === "") {
    errors.Name = [VENDOR_MESSAGES.nameWithoutWords];
  }
  if (errors.Email && !isBlankValue(body.Email)) errors.Email = [VENDOR_MESSAGES.email];
  const cargoIns = readCargoIns(body.CargoIns);
  if (!cargoIns.ok) errors.CargoIns = [VENDOR_MESSAGES.cargoIns];
  const entityType = readChoice(body.EntityType, VENDOR_ENTITY_TYPES);
  if (!entityType.ok) errors.EntityType = [VENDOR_MESSAGES.entityType];
  const vendorType = readChoice(
    body.VendorType,
    VENDOR_TYPES.map((type) => type.value),
  );
  if (!vendorType.ok) errors.VendorType = [VENDOR_MESSAGES.vendorType];
  if (missing) return { ok: false, message: VENDOR_MESSAGES.required, fieldErrors: errors };
  if (errors.Email) return { ok: false, message: VENDOR_MESSAGES.email, fieldErrors: errors };
  const first = Object.values(errors)[0]?.[0];
  if (first || !cargoIns.ok || !entityType.ok || !vendorType.ok) {
    return { ok: false, message: first ?? fieldMessages.notText("A field"), fieldErrors: errors };
  }
  return {
    ok: true,
    vendor: {
      Name: fields.Name as string,
      Address: fields.Address as string,
      Address2: textOrNull(fields.Address2),
      City: fields.City as string,
      State: fields.State as string,
      ZipCode: fields.ZipCode as string,
      Phone: textOrNull(fields.Phone),
      Mobile: textOrNull(fields.Mobile),
      Email: fields.Email as string,
      Website: textOrNull(fields.Website),
      CargoIns: cargoIns.value,
      InsExp: textOrNull(fields.InsExp),
      FederalId: textOrNull(fields.FederalId),
      EntityType: entityType.value,
      VendorType: vendorType.value ?? DEFAULT_VENDOR_TYPE,
      Contact: textOrNull(fields.Contact),
    },
  };
}

/** A vendor's fields as a form shows them (the edit dialog's starting values). */
export type VendorFormValues = Record<VendorFieldName, string>;

export function vendorFormValues(vendor: VendorInput | null): VendorFormValues {
  const values = Object.fromEntries(VENDOR_FIELD_NAMES.map((name) => [name, ""])) as VendorFormValues;
  if (!vendor) return { ...values, VendorType: DEFAULT_VENDOR_TYPE };
  for (const name of VENDOR_FIELD_NAMES) {
    const value = vendor[name];
    values[name] = value === null ? "" : String(value);
  }
  return values;
}

// ---------------------------------------------------------------------------------------------
// The dialog

/** The intents the dialog posts: save, or (without JavaScript) check the name first. */
export const VENDOR_SAVE_INTENT = "save-vendor";
export const VENDOR_CHECK_INTENT = "check-vendor-name";
/** The form field a similar name's Confirm sets. */
export const CONFIRM_SIMILAR_FIELD = "ConfirmSimilar";

/** The JSON calls (API clients; the dialog's name check with JavaScript). */
export const VENDOR_CREATE_API_PATH = "/api/create-vendor";
export const VENDOR_EDIT_API_PATH = "/api/edit-vendor";
export const VENDOR_NAME_CHECK_API_PATH = "/api/vendors/name-check";

export interface VendorDialogData {
  /** null: a new vendor. */
  vendorId: number | null;
  values: VendorFormValues;
  /** Vendors whose names match the one on file (an edit), or the one just checked (no JavaScript). */
  matches: VendorNameMatchRow[];
}

export const VENDOR_EDIT_DIALOG = defineBoardDialog<VendorDialogData>()({
  name: "vendorModal",
  feature: "transport-edit",
  intents: { [VENDOR_SAVE_INTENT]: postedFields, [VENDOR_CHECK_INTENT]: postedFields },
});
