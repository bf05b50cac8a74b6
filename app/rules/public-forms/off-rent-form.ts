// The public off-rent form (/off-rent-form, ADR 047): company, the units being returned with their
// odometers, the pickup date and the pickup contact. The fields are checked by the off-rent editor's own
// schema pieces (returnHalfFields: the same masks, limits and messages) and the units by its row rules,
// in off-rent-form-schema.ts (the server's; ADR 028); the table below says how each field is drawn. Pure.
import type { EditFieldKind } from "../edit-fields.ts";
import { COMPANY_CODE_HINT, RECEIPT_EMAIL_FIELD } from "./order-form.ts";
import { ownField, type PublicFieldSpec } from "./public-form-fields.ts";

export const OFF_RENT_FORM_SECTIONS = [
  { id: "company", title: "Your company" },
  { id: "contact", title: "Your details" },
  { id: "units", title: "Trucks you are returning" },
  { id: "pickup", title: "Pickup" },
] as const;
export type OffRentFormSection = (typeof OFF_RENT_FORM_SECTIONS)[number]["id"];

/** How a field of the off-rent editor's payload is drawn here (its rules are the schema's, below). */
const drawn = (
  name: string,
  section: OffRentFormSection,
  label: string,
  kind: EditFieldKind,
  required: boolean,
  extra: { maxLength?: number; hint?: string; autoComplete?: string } = {},
): PublicFieldSpec<OffRentFormSection> => ({
  entry: { name, label, section, kind, required, ...(extra.maxLength ? { maxLength: extra.maxLength } : {}) },
  section,
  ...(extra.hint ? { hint: extra.hint } : {}),
  ...(extra.autoComplete ? { autoComplete: extra.autoComplete } : {}),
});

export const OFF_RENT_FORM_FIELDS: readonly PublicFieldSpec<OffRentFormSection>[] = [
  drawn("compName", "company", "Company name", "text", true, { maxLength: 120, autoComplete: "organization" }),
  drawn("compCode", "company", "Company code", "companyCode", false, { hint: COMPANY_CODE_HINT }),
  drawn("submittedBy", "contact", "Your name", "text", true, { maxLength: 120, autoComplete: "name" }),
  ownField<OffRentFormSection>(RECEIPT_EMAIL_FIELD, "contact", {
    autoComplete: "email",
    hint: "Optional. We send your reference number there.",
  }),
  drawn("pickupDate", "pickup", "Pickup date", "date", true),
  drawn("pickupName", "pickup", "Pickup contact name", "text", true, { maxLength: 120 }),
  drawn("pickupPhone", "pickup", "Pickup contact phone", "phone", true),
  drawn("pickupPhoneAlt", "pickup", "Pickup contact other phone", "phone", false),
  drawn("pickupEmail", "pickup", "Pickup contact e-mail", "email", true, { maxLength: 254 }),
  drawn("pickupStreetAddress", "pickup", "Street address", "text", true, { maxLength: 120 }),
  drawn("pickupStreetAddress2", "pickup", "Street address line 2", "text", false, { maxLength: 120 }),
  drawn("pickupCity", "pickup", "City", "text", true, { maxLength: 80 }),
  drawn("pickupState", "pickup", "State", "state", true, { hint: "Two letters, e.g. TX" }),
  drawn("pickupZip", "pickup", "Zip", "zip", true),
];

export const OFF_RENT_FORM_NAMES = OFF_RENT_FORM_FIELDS.map((field) => field.entry.name);
const LABELS = new Map(OFF_RENT_FORM_FIELDS.map((field) => [field.entry.name, field.entry.label]));

/** The off-rent editor's required message worded for one field (the summary names the field). */
export const OFF_RENT_FORM_REQUIRED = "This field is required.";
export const OFF_RENT_FORM_MESSAGES = {
  required: OFF_RENT_FORM_REQUIRED,
  pastDate: "The pickup date cannot be in the past.",
} as const;

/** The label a message of a field is shown with ("Pickup date: …"): the message alone names no field. */
export function offRentFieldLabel(name: string): string | undefined {
  return LABELS.get(name);
}
