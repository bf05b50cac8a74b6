// The public trade form (/trade-form, ADR 047): the units a customer returns (unit number and odometer,
// several) and the new trucks wanted in their place, with pickup, delivery and use information. Each field
// is the trade editor's (TRADE_ON_EDIT_FIELDS) under a customer's label; the units follow the off-rent
// editor's rules; as in the editor, the new trucks must number the returning units. Pure.
import { TRUCK_TYPES } from "../fleet/truck-types.ts";
import { DEFAULT_COMPANY_CODE } from "../masks.ts";
import { TRADE_ON_EDIT_FIELDS, TRADE_ON_EDIT_MESSAGES, usesSeparateDelivery } from "../orders/trade-on-edit.ts";
import type { EditFieldValue } from "../edit-fields.ts";
import {
  COMPANY_CODE_HINT,
  type PublicFormValidation,
  RECEIPT_EMAIL_FIELD,
  ORDER_FORM_MESSAGES,
} from "./order-form.ts";
import {
  ownField,
  type PostedValues,
  postedText,
  postedUnitRows,
  publicField,
  type PublicFieldSpec,
  readPublicFields,
  readUnitRows,
} from "./public-form-fields.ts";

export const TRADE_FORM_SECTIONS = [
  { id: "company", title: "Your company" },
  { id: "contact", title: "Your details" },
  { id: "units", title: "Trucks you are returning" },
  { id: "trucks", title: "New trucks you want" },
  { id: "pickup", title: "Pickup" },
  { id: "delivery", title: "Delivery to another address" },
  { id: "use", title: "Where the new trucks will be used" },
  { id: "ra", title: "Rental agreement contact" },
  { id: "notes", title: "Anything else" },
] as const;
export type TradeFormSection = (typeof TRADE_FORM_SECTIONS)[number]["id"];

const trade = (name: string, section: TradeFormSection, label: string, extra?: Parameters<typeof publicField>[4]) =>
  publicField(TRADE_ON_EDIT_FIELDS, name, section, label, extra);

function contactBlock(prefix: "pickup" | "delivery", who: string): PublicFieldSpec<TradeFormSection>[] {
  const section = prefix;
  return [
    trade(`${prefix}Name`, section, `${who} name`),
    trade(`${prefix}Phone`, section, `${who} phone`),
    trade(`${prefix}AltPhone`, section, `${who} other phone`),
    trade(`${prefix}Email`, section, `${who} e-mail`),
    trade(`${prefix}StreetAddress`, section, "Street address"),
    trade(`${prefix}StreetAddress2`, section, "Street address line 2"),
    trade(`${prefix}City`, section, "City"),
    trade(`${prefix}State`, section, "State", { hint: "Two letters, e.g. TX" }),
    trade(`${prefix}Zip`, section, "Zip"),
  ];
}

/** Every field but the units rows, in page order. The delivery block is needed only when any of it is filled. */
export const TRADE_FORM_FIELDS: readonly PublicFieldSpec<TradeFormSection>[] = [
  trade("CorporateNameTrade", "company", "Company name", { autoComplete: "organization" }),
  trade("CompanyCode", "company", "Company code", {
    required: false,
    fallback: DEFAULT_COMPANY_CODE,
    hint: COMPANY_CODE_HINT,
  }),
  trade("submitteeName", "contact", "Your name", { autoComplete: "name" }),
  ownField<TradeFormSection>(RECEIPT_EMAIL_FIELD, "contact", {
    autoComplete: "email",
    hint: "Optional. We send your reference number there.",
  }),
  ...TRUCK_TYPES.map((type) =>
    trade(type.tradeCountField, "trucks", type.splitLabel, { required: false, fallback: 0 }),
  ),
  trade("DamageWaiverID", "trucks", "Damage waiver"),
  trade("SecondKeyTrade", "trucks", "Second key for each truck"),
  trade("PONumber", "trucks", "PO number"),
  trade("pickupDate", "pickup", "Pickup date"),
  ...contactBlock("pickup", "Pickup contact"),
  ...contactBlock("delivery", "Delivery contact"),
  trade("useStreetAddress", "use", "Street address"),
  trade("useStreetAddress2", "use", "Street address line 2"),
  trade("useCity", "use", "City"),
  trade("useState", "use", "State", { hint: "Two letters, e.g. TX" }),
  trade("useZip", "use", "Zip"),
  trade("raName", "ra", "Name"),
  trade("raPhone", "ra", "Phone"),
  trade("raEmail", "ra", "E-mail"),
  trade("raFax", "ra", "Fax"),
  trade("specialInstructions", "notes", "Special instructions"),
];

export const TRADE_FORM_NAMES = TRADE_FORM_FIELDS.map((field) => field.entry.name);

export interface PublicTrade {
  fields: Record<string, EditFieldValue>;
  units: { unitNumber: string; odometer: number }[];
  newTrucks: number;
  separateDelivery: boolean;
}

/** The table one posted trade is read with: the delivery block required once any of it is filled. */
function fieldsFor(values: PostedValues): readonly PublicFieldSpec<TradeFormSection>[] {
  const body = Object.fromEntries(TRADE_FORM_NAMES.map((name) => [name, postedText(values, name)]));
  if (!usesSeparateDelivery(body)) return TRADE_FORM_FIELDS;
  return TRADE_FORM_FIELDS.map((field) =>
    "requiredWithDelivery" in field.entry && field.entry.requiredWithDelivery
      ? { ...field, entry: { ...field.entry, required: true } }
      : field,
  );
}

export const TRADE_FORM_MESSAGES = {
  totalMismatch: TRADE_ON_EDIT_MESSAGES.totalMismatch,
  pastDate: "The pickup date cannot be in the past.",
  noTrucks: ORDER_FORM_MESSAGES.noTrucks,
} as const;

export function validateTradeForm(values: PostedValues, today: string): PublicFormValidation<PublicTrade> {
  const table = fieldsFor(values);
  const separateDelivery = table !== TRADE_FORM_FIELDS;
  const { values: fields, errors } = readPublicFields(table, values);
  const rows = readUnitRows(postedUnitRows(values));
  Object.assign(errors, rows.errors);
  const countsRead = TRUCK_TYPES.every((type) => errors[type.tradeCountField] === undefined);
  const newTrucks = TRUCK_TYPES.reduce((sum, type) => {
    const count = fields[type.tradeCountField];
    return sum + (typeof count === "number" ? count : 0);
  }, 0);
  const firstCount = TRUCK_TYPES[0]!.tradeCountField;
  if (countsRead && newTrucks === 0) errors[firstCount] = TRADE_FORM_MESSAGES.noTrucks;
  else if (countsRead && Object.keys(rows.errors).length === 0 && newTrucks !== rows.units.length)
    errors[firstCount] = TRADE_FORM_MESSAGES.totalMismatch;
  if (typeof fields.pickupDate === "string" && fields.pickupDate < today)
    errors.pickupDate = TRADE_FORM_MESSAGES.pastDate;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { fields, units: rows.units, newTrucks, separateDelivery } };
}
