// The off-rent edit's payloads as zod schemas (ADR 015): the body of PUT /api/off-rent/edit, which the
// dialog's form is turned into before the same operation runs, one returning unit row of it, and the body
// of POST /api/truck/vin-test. Each field answers with the message texts of messages.ts.
import { z } from "zod";
import { hasControlCharacters } from "../../edit-fields.ts";
import { COMPANY_CODE_LENGTH, maskPhone, ODOMETER_MAX_DIGITS } from "../../masks.ts";
import { isCompletePhone, isIsoDate, isUnitNumber, MAX_RETURNING_LINES, normalizeUnitNumber } from "./fields.ts";
import { OFF_RENT_EDIT_MESSAGES } from "./messages.ts";
import { idSchema } from "../../id-schema.ts";

const ODOMETER_PATTERN = new RegExp(`^\\d{1,${ODOMETER_MAX_DIGITS}}$`);
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ZIP_PATTERN = /^\d{5}$/;

/** Text a PostgreSQL column can hold: no NUL or other control character (a public form's fuzz sent one: 500). */
const storable = (value: string) => !hasControlCharacters(value);

/** Required text the form sends: a string (or a number from a JSON client), trimmed; blank answers `required`. */
const requiredText = (required: string, max: number) =>
  z
    .union([z.string(), z.number()], { error: required })
    .transform((value) => String(value).trim())
    .pipe(z.string().max(max, { error: `Must be at most ${max} characters.` }))
    .pipe(z.string().min(1, { error: required, abort: true }))
    .refine(storable, { error: OFF_RENT_EDIT_MESSAGES.badCharacters });

/** Optional text: absent, null or blank all mean "none" (stored as null). */
const optionalText = (max: number) =>
  z
    .union([z.string(), z.number(), z.null()], { error: `Must be at most ${max} characters.` })
    .optional()
    .transform((value) => (value === null || value === undefined ? "" : String(value).trim()))
    .pipe(z.string().max(max, { error: `Must be at most ${max} characters.` }))
    .refine(storable, { error: OFF_RENT_EDIT_MESSAGES.badCharacters });

const optionalPhone = optionalText(25)
  .refine((value) => value === "" || isCompletePhone(value), { error: OFF_RENT_EDIT_MESSAGES.phone })
  .transform((value) => (value === "" ? "" : maskPhone(value)));

/** A database id from JSON (number) or a form (digits). */
export const recordId = idSchema;

/** The company code: required, at most 5 digits, padded to 5. */
const companyCode = z
  .union([z.string(), z.number()], { error: OFF_RENT_EDIT_MESSAGES.companyCodeRequired })
  .transform((value) => String(value).trim())
  .pipe(z.string().min(1, { error: OFF_RENT_EDIT_MESSAGES.companyCodeRequired, abort: true }))
  .refine((value) => /^\d{1,5}$/.test(value), { error: OFF_RENT_EDIT_MESSAGES.companyCodeDigits })
  .transform((value) => value.padStart(COMPANY_CODE_LENGTH, "0"));

/** A returning unit line's unit number: trimmed, upper-case; empty is left to the required rule. */
const unitNumberField = z
  .string({ error: OFF_RENT_EDIT_MESSAGES.unitNumber })
  .max(32, { error: OFF_RENT_EDIT_MESSAGES.unitNumber })
  .transform(normalizeUnitNumber)
  .refine((value) => value === "" || isUnitNumber(value), { error: OFF_RENT_EDIT_MESSAGES.unitNumber });

/** Odometer digits (a JSON client may send a number); empty is left to the required rule. */
const odometerField = z
  .union([z.string().max(32), z.number().int().min(0).max(999_999_999)], { error: OFF_RENT_EDIT_MESSAGES.odometer })
  .transform((value) => String(value).trim())
  .refine((value) => value === "" || ODOMETER_PATTERN.test(value), { error: OFF_RENT_EDIT_MESSAGES.odometer });

/**
 * One returning unit: vin, odometer, assignedStatus, statusID, originalInfo. originalInfo names
 * the stored line (`id`) a row stands for, null for a row added in this edit. assignedStatus and statusID
 * are what the client showed; the server reads both from the database and never trusts them.
 */
export const returningVinSchema = z.object({
  vin: unitNumberField,
  odometer: odometerField,
  assignedStatus: z.enum(["assigned", "unassigned"]).optional(),
  statusID: z.number().int().optional(),
  originalInfo: z
    .object({
      id: recordId(OFF_RENT_EDIT_MESSAGES.unitsMismatch),
      vin: z.string().max(32).optional(),
      odometer: z.union([z.string().max(32), z.number()]).optional(),
    })
    .nullable()
    .optional()
    .transform((value) => value ?? null),
});
export type ReturningVinInput = z.input<typeof returningVinSchema>;
export type ReturningVin = z.output<typeof returningVinSchema>;
/** What the list rules read of a row (the dialog builds these from its own state). */
export type ReturningVinRow = Pick<ReturningVin, "vin" | "odometer"> & { originalInfo: { id: number } | null };

/** The refusal of a body that is not a JSON object. */
export const BODY_MESSAGE = "Send the order's fields as a JSON object.";

const returningRows = z
  .array(returningVinSchema, { error: OFF_RENT_EDIT_MESSAGES.unitsMismatch })
  .max(MAX_RETURNING_LINES, { error: OFF_RENT_EDIT_MESSAGES.tooManyVins });

/**
 * The fields of an edit of a return half, shared by the off-rent edit (below) and the edit of a trade's
 * return half (trade-off-edit.ts), each payload naming its fields as its clients send them. A blank
 * required field answers `required`: the two dialogs word that message differently. The pickup zip is
 * required on an off-rent and optional on a trade, so both versions are here.
 */
export function returnHalfFields(required: string) {
  const text = (max: number) => requiredText(required, max);
  const pickupZip = text(5).refine((value) => ZIP_PATTERN.test(value), { error: OFF_RENT_EDIT_MESSAGES.zip });
  const optionalPickupZip = optionalText(5).refine((value) => value === "" || ZIP_PATTERN.test(value), {
    error: OFF_RENT_EDIT_MESSAGES.zip,
  });
  return {
    compCode: companyCode,
    companyName: text(120),
    /** Submitted by, the pickup date and the pickup contact and address, but the zip. */
    pickup: {
      submittedBy: text(120),
      pickupDate: text(10).refine(isIsoDate, { error: OFF_RENT_EDIT_MESSAGES.pickupDate }),
      pickupName: text(120),
      pickupEmail: text(254).refine((value) => EMAIL_PATTERN.test(value), {
        error: OFF_RENT_EDIT_MESSAGES.email,
      }),
      pickupPhone: text(25)
        .refine(isCompletePhone, { error: OFF_RENT_EDIT_MESSAGES.phone })
        .transform((value) => maskPhone(value)),
      pickupPhoneAlt: optionalPhone,
      pickupStreetAddress: text(120),
      pickupStreetAddress2: optionalText(120),
      pickupCity: text(80),
      pickupState: text(2)
        .transform((value) => value.toUpperCase())
        .refine((value) => /^[A-Z]{2}$/.test(value), { error: OFF_RENT_EDIT_MESSAGES.state }),
    },
    pickupZip,
    optionalPickupZip,
    /** The units list, the client's change texts (ignored) and the request's ids. */
    units: {
      returningVins: returningRows,
      deletedVins: returningRows.optional().transform((value) => value ?? []),
      changedData: z.record(z.string().max(200), z.string().max(2000)).optional(),
      FormHistoryID: recordId(OFF_RENT_EDIT_MESSAGES.formHistoryId),
      OffRentFormID: recordId(OFF_RENT_EDIT_MESSAGES.offRentFormId),
    },
    version: recordId(OFF_RENT_EDIT_MESSAGES.version),
  };
}

const OFF_RENT_FIELDS = returnHalfFields(OFF_RENT_EDIT_MESSAGES.allFieldsRequired);

/**
 * The off-rent edit payload plus `version`, the OffRentForm version the edit started from.
 * compCode comes first so that a missing code answers with its own message, not the general one.
 * changedData is accepted for the spec's clients but ignored: the server records what really changed.
 */
export const offRentEditSchema = z.object(
  {
    compCode: OFF_RENT_FIELDS.compCode,
    compName: OFF_RENT_FIELDS.companyName,
    ...OFF_RENT_FIELDS.pickup,
    pickupZip: OFF_RENT_FIELDS.pickupZip,
    ...OFF_RENT_FIELDS.units,
    TradeFormID: z
      .union([z.literal(""), z.literal(0), z.null(), recordId(OFF_RENT_EDIT_MESSAGES.tradeFormId)], {
        error: OFF_RENT_EDIT_MESSAGES.tradeFormId,
      })
      .optional()
      .transform((value) => (typeof value === "number" && value > 0 ? value : null)),
    version: OFF_RENT_FIELDS.version,
  },
  { error: BODY_MESSAGE },
);
export type OffRentEditInput = z.input<typeof offRentEditSchema>;
export type OffRentEdit = z.output<typeof offRentEditSchema>;
/** What the operation saving a return half reads of an edit, an off-rent's or a trade's. */
export type ReturnHalfEdit = Omit<OffRentEdit, "TradeFormID">;

/**
 * POST /api/truck/vin-test {vins, FormHistoryID}. compCode is optional: a client sends it when
 * the company code was edited, so a unit is tested against the customer the order will belong to (the
 * dialog's test intent always sends the form's code).
 */
export const vinTestSchema = z.object(
  {
    vins: z
      .array(
        z.string({ error: OFF_RENT_EDIT_MESSAGES.unitNumber }).max(32, { error: OFF_RENT_EDIT_MESSAGES.unitNumber }),
        {
          error: OFF_RENT_EDIT_MESSAGES.vinsRequired,
        },
      )
      .min(1, { error: OFF_RENT_EDIT_MESSAGES.vinsRequired })
      .max(MAX_RETURNING_LINES, { error: OFF_RENT_EDIT_MESSAGES.tooManyVins }),
    FormHistoryID: recordId(OFF_RENT_EDIT_MESSAGES.formHistoryId),
    compCode: companyCode.optional(),
  },
  { error: BODY_MESSAGE },
);
export type VinTestInput = z.input<typeof vinTestSchema>;
