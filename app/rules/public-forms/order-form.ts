// The public order form (/order-form, ADR 047): its sections and fields, each the on-rent editor's field
// (ON_RENT_EDIT_FIELDS: the same masks and limits) under a customer's label, and the checks of a whole
// order. Pure; storePublicOrder (app/modules/public-forms/public-requests.server.ts) stores what passes.
import type { EditField, EditFieldValue } from "../edit-fields.ts";
import { DEFAULT_COMPANY_CODE } from "../masks.ts";
import { TRUCK_TYPES } from "../fleet/truck-types.ts";
import { ON_RENT_EDIT_FIELDS, ON_RENT_EDIT_MESSAGES } from "../orders/on-rent-edit.ts";
import { TRADE_ON_EDIT_FIELDS } from "../orders/trade-on-edit.ts";
import {
  ownField,
  type PostedValues,
  publicField,
  type PublicFieldErrors,
  type PublicFieldSpec,
  readPublicFields,
} from "./public-form-fields.ts";

export const ORDER_FORM_SECTIONS = [
  { id: "company", title: "Your company" },
  { id: "contact", title: "Your details" },
  { id: "trucks", title: "Trucks" },
  { id: "delivery", title: "Delivery" },
  { id: "use", title: "Where the trucks will be used" },
  { id: "billing", title: "Billing" },
  { id: "ra", title: "Rental agreement contact" },
  { id: "notes", title: "Anything else" },
] as const;
export type OrderFormSection = (typeof ORDER_FORM_SECTIONS)[number]["id"];

/** The customer's own name (FormHistory's submitted-by) and the address a receipt goes to (not stored). */
export const SUBMITTEE_FIELD: EditField = {
  name: "SubmitteeName",
  label: "Your name",
  section: "contact",
  kind: "text",
  required: true,
  maxLength: 120,
};
export const RECEIPT_EMAIL_FIELD: EditField = {
  name: "ReceiptEmail",
  label: "Your e-mail for a receipt",
  section: "contact",
  kind: "email",
  required: false,
  maxLength: 254,
};

export const COMPANY_CODE_HINT = "The 5-digit code on your invoices. Leave it empty if you do not have one yet.";

const onRent = (name: string, section: OrderFormSection, label: string, extra?: Parameters<typeof publicField>[4]) =>
  publicField(ON_RENT_EDIT_FIELDS, name, section, label, extra);

/** A contact block of the on-rent editor (Del, Bill) under the customer's words; alternate phones optional. */
function contactBlock(
  prefix: "Del" | "Bill",
  section: OrderFormSection,
  who: string,
): PublicFieldSpec<OrderFormSection>[] {
  return [
    onRent(`${prefix}Name`, section, `${who} name`, { autoComplete: "name" }),
    onRent(`${prefix}Phone`, section, `${who} phone`, { autoComplete: "tel" }),
    onRent(`${prefix}AltPhone`, section, `${who} other phone`, { required: false }),
    onRent(`${prefix}Email`, section, `${who} e-mail`, { autoComplete: "email" }),
    onRent(`${prefix}StreetAddress`, section, "Street address", { autoComplete: "address-line1" }),
    onRent(`${prefix}StreetAddress2`, section, "Street address line 2", { autoComplete: "address-line2" }),
    onRent(`${prefix}City`, section, "City", { autoComplete: "address-level2" }),
    onRent(`${prefix}State`, section, "State", { hint: "Two letters, e.g. TX", autoComplete: "address-level1" }),
    onRent(`${prefix}Zip`, section, "Zip", { autoComplete: "postal-code" }),
  ];
}

/** The form's fields in page order. The four counts may stay empty (none of that type). */
export const ORDER_FORM_FIELDS: readonly PublicFieldSpec<OrderFormSection>[] = [
  onRent("CorporateName", "company", "Company name", { autoComplete: "organization" }),
  onRent("CompanyNumber", "company", "Company code", {
    required: false,
    fallback: DEFAULT_COMPANY_CODE,
    hint: COMPANY_CODE_HINT,
  }),
  ownField<OrderFormSection>(SUBMITTEE_FIELD, "contact", { autoComplete: "name" }),
  ownField<OrderFormSection>(RECEIPT_EMAIL_FIELD, "contact", {
    autoComplete: "email",
    hint: "Optional. We send your reference number there.",
  }),
  ...TRUCK_TYPES.map((type) =>
    onRent(type.orderCountField, "trucks", type.splitLabel, { required: false, fallback: 0 }),
  ),
  onRent("DateNeeded", "trucks", "Date you need the trucks"),
  onRent("ExpectedRentalLength", "trucks", "Expected rental length", { hint: "For example: 6 months" }),
  onRent("DamageWaiverID", "trucks", "Damage waiver", { required: false, fallback: 1 }),
  onRent("SecondKeyCount", "trucks", "Second key for each truck", { required: false, fallback: false }),
  onRent("PONumber", "trucks", "PO number"),
  ...contactBlock("Del", "delivery", "Delivery contact"),
  onRent("UseStreetAddress", "use", "Street address"),
  onRent("UseStreetAddress2", "use", "Street address line 2"),
  onRent("UseCity", "use", "City"),
  onRent("UseState", "use", "State", { hint: "Two letters, e.g. TX" }),
  onRent("UseZip", "use", "Zip"),
  ...contactBlock("Bill", "billing", "Billing contact"),
  onRent("RAName", "ra", "Name"),
  onRent("RAPhone", "ra", "Phone"),
  onRent("RAEmail", "ra", "E-mail"),
  onRent("RAFax", "ra", "Fax"),
  publicField(TRADE_ON_EDIT_FIELDS, "specialInstructions", "notes", "Special instructions"),
];

export const ORDER_FORM_NAMES = ORDER_FORM_FIELDS.map((field) => field.entry.name);

export const ORDER_FORM_MESSAGES = {
  noTrucks: ON_RENT_EDIT_MESSAGES.noTrucks,
  pastDate: "The date you need the trucks cannot be in the past.",
} as const;

/** An order as accepted: every field normalised (counts as numbers, phones masked, code padded). */
export interface PublicOrder {
  fields: Record<string, EditFieldValue>;
  trucksRequested: number;
}

export type PublicFormValidation<T> = { ok: true; value: T } | { ok: false; errors: PublicFieldErrors };

/** Checks a posted order. `today` (YYYY-MM-DD, UTC) is the earliest date the trucks may be needed. */
export function validateOrderForm(values: PostedValues, today: string): PublicFormValidation<PublicOrder> {
  const { values: fields, errors } = readPublicFields(ORDER_FORM_FIELDS, values);
  const counts = TRUCK_TYPES.map((type) => fields[type.orderCountField]);
  const trucksRequested = counts.reduce<number>((sum, count) => sum + (typeof count === "number" ? count : 0), 0);
  const countsRead = TRUCK_TYPES.every((type) => errors[type.orderCountField] === undefined);
  if (countsRead && trucksRequested === 0) errors[TRUCK_TYPES[0]!.orderCountField] = ORDER_FORM_MESSAGES.noTrucks;
  if (typeof fields.DateNeeded === "string" && fields.DateNeeded < today)
    errors.DateNeeded = ORDER_FORM_MESSAGES.pastDate;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { fields, trucksRequested } };
}
