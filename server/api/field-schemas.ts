// The documented schemas of the order editors' fields (ADR 031): the on-rent and the trade on-rent edits
// validate with a field table (app/rules/orders/on-rent-edit.ts `EditField`), not with zod, so their
// bodies and reads are described by schemas built from that same table — one field, one rule, in the
// words of the message the edit refuses with.
import { z } from "zod";
import { MAX_ID } from "../../app/modules/operations/operation.server.ts";
import { COMPANY_CODE_LENGTH, TRUCK_COUNT_MAX_DIGITS, ZIP_DIGITS } from "../../app/rules/masks.ts";
import { DAMAGE_WAIVERS } from "../../app/rules/orders/damage-waivers.ts";
import { type EditField, fieldMessages } from "../../app/rules/edit-fields.ts";

/** The columns' width of a phone (the validation masks it; the digits decide). */
const PHONE_MAX_LENGTH = 25;
const WAIVER_IDS = DAMAGE_WAIVERS.map((waiver) => waiver.id);
const WAIVERS_TEXT = DAMAGE_WAIVERS.map((waiver) => `${waiver.id} ${waiver.label}`).join(", ");

/** What the edit accepts for one field, in the words of the message it refuses with. */
export function fieldRule(entry: EditField): string {
  switch (entry.kind) {
    case "companyCode":
      return `${fieldMessages.companyCode(entry.label)} It is padded to ${COMPANY_CODE_LENGTH} (\`1234\` is \`01234\`).`;
    case "count":
      return fieldMessages.count(entry.label);
    case "waiver":
      return fieldMessages.waiver();
    case "yesNo":
      return `${entry.label}: true for yes.`;
    case "date":
      return fieldMessages.date(entry.label);
    case "phone":
      return `${fieldMessages.phone(entry.label)} Stored as \`(212) 456-7890\`.`;
    case "email":
      return fieldMessages.email(entry.label);
    case "state":
      return `${fieldMessages.state(entry.label)} Stored upper-case.`;
    case "zip":
      return fieldMessages.zip(entry.label);
    case "text":
      return entry.maxLength === undefined ? entry.label : fieldMessages.tooLong(entry.label, entry.maxLength);
  }
}

const OPTIONAL = "Optional: null (or empty) for none.";

/**
 * One field of an edit's body: its JSON type, length, pattern or format, and whether it is required
 * (`presence` says so in words; by default from `required`).
 */
export function editFieldSchema(entry: EditField, presence = entry.required ? "Required." : OPTIONAL): z.ZodType {
  const schema = (() => {
    switch (entry.kind) {
      case "companyCode":
        return z.string().regex(new RegExp(`^\\d{1,${COMPANY_CODE_LENGTH}}$`));
      case "count":
        return z
          .int()
          .min(0)
          .max(10 ** TRUCK_COUNT_MAX_DIGITS - 1);
      case "waiver":
        return z.literal(WAIVER_IDS);
      case "yesNo":
        return z.boolean();
      case "date":
        return z.iso.date();
      case "phone":
        return z.string().max(PHONE_MAX_LENGTH);
      case "email":
        return z
          .string()
          .max(entry.maxLength ?? 254)
          .meta({ format: "email" });
      case "state":
        return z.string().regex(/^[A-Za-z]{2}$/);
      case "zip":
        return z.string().regex(new RegExp(`^\\d{${ZIP_DIGITS}}$`));
      case "text":
        return entry.maxLength === undefined ? z.string() : z.string().max(entry.maxLength);
    }
  })();
  const description = `${fieldRule(entry)} ${presence}`;
  return entry.required ? schema.meta({ description }) : schema.nullable().optional().meta({ description });
}

/** One field of a read: the stored value in the type the edit takes back (null where none may be stored). */
export function readFieldSchema(entry: EditField, nullable = !entry.required): z.ZodType {
  const schema = (() => {
    switch (entry.kind) {
      case "count":
        return z.int().min(0);
      case "waiver":
        return z.int().meta({ description: `The damage waiver: ${WAIVERS_TEXT}.` });
      case "yesNo":
        return z.boolean();
      case "date":
        return z.iso.date();
      case "companyCode":
        return z.string().regex(new RegExp(`^\\d{${COMPANY_CODE_LENGTH}}$`));
      case "phone":
      case "email":
      case "state":
      case "zip":
      case "text":
        return z.string();
    }
  })();
  return nullable ? schema.nullable() : schema;
}

/** A database id in a body or a path: 1 to the id column's maximum. */
export const recordId = (description: string, example?: number) =>
  z
    .int()
    .min(1)
    .max(MAX_ID)
    .meta({ description, ...(example !== undefined && { example }) });
