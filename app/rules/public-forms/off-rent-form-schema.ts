// The public off-rent form's check (/off-rent-form, ADR 047): the off-rent editor's zod pieces for the
// fields, its row rules for the units. Run by the page's action only, so the page loads no zod (ADR 028).
import { z } from "zod";
import { DEFAULT_COMPANY_CODE } from "../masks.ts";
import { returnHalfFields } from "../orders/off-rent-edit/schema.ts";
import {
  OFF_RENT_FORM_FIELDS,
  OFF_RENT_FORM_MESSAGES,
  OFF_RENT_FORM_NAMES,
  OFF_RENT_FORM_REQUIRED,
} from "./off-rent-form.ts";
import { type PublicFormValidation, RECEIPT_EMAIL_FIELD } from "./order-form.ts";
import {
  type PostedValues,
  postedText,
  postedUnitRows,
  type PublicFieldErrors,
  readPublicFields,
  readUnitRows,
} from "./public-form-fields.ts";

const RETURN_HALF = returnHalfFields(OFF_RENT_FORM_REQUIRED);
const offRentFormSchema = z.object({
  compCode: RETURN_HALF.compCode,
  compName: RETURN_HALF.companyName,
  ...RETURN_HALF.pickup,
  pickupZip: RETURN_HALF.pickupZip,
});
export type PublicOffRentFields = z.output<typeof offRentFormSchema>;

export interface PublicOffRent {
  fields: PublicOffRentFields;
  receiptEmail: string | null;
  units: { unitNumber: string; odometer: number }[];
}

export function validateOffRentForm(values: PostedValues, today: string): PublicFormValidation<PublicOffRent> {
  const body: Record<string, string> = {};
  for (const name of OFF_RENT_FORM_NAMES) body[name] = postedText(values, name);
  // An empty code is accepted for review, as on the other public forms (the default code, ADR 047).
  if (body.compCode!.trim() === "") body.compCode = DEFAULT_COMPANY_CODE;
  const errors: PublicFieldErrors = {};
  const parsed = offRentFormSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? "");
      errors[name] ??= issue.message;
    }
  }
  const receipt = readPublicFields(
    OFF_RENT_FORM_FIELDS.filter((field) => field.entry.name === RECEIPT_EMAIL_FIELD.name),
    values,
  );
  Object.assign(errors, receipt.errors);
  const rows = readUnitRows(postedUnitRows(values));
  Object.assign(errors, rows.errors);
  if (parsed.success && parsed.data.pickupDate < today) errors.pickupDate = OFF_RENT_FORM_MESSAGES.pastDate;
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  const receiptEmail = receipt.values[RECEIPT_EMAIL_FIELD.name];
  return {
    ok: true,
    value: {
      fields: parsed.data,
      receiptEmail: typeof receiptEmail === "string" ? receiptEmail : null,
      units: rows.units,
    },
  };
}
