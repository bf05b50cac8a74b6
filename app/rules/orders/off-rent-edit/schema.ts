// The off-rent edit's payloads as zod schemas (ADR 015): the body of PUT /api/off-rent/edit, which the
// dialog's form is turned into before the same operation runs, one returning unit row of it, and the body
// of POST /api/truck/vin-test. Each field answers with the message texts of messages.ts.
import { z } from "zod";
import { COMPANY_CODE_LENGTH, maskPhone, ODOMETER_MAX_DIGITS } from "../../masks.ts";
import { isCompletePhone, isIsoDate, isUnitNumber, MAX_RETURNING_LINES, normalizeUnitNumber } from "./fields.ts";
import { OFF_RENT_EDIT_MESSAGES } from "./messages.ts";

const ODOMETER_PATTERN = new RegExp(`^\\d{1,${ODOMETER_MAX_DIGITS}}$`);
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const { allFieldsRequired: REQUIRED } = OFF_RENT_EDIT_MESSAGES;

/** Text the form sends: a string (or a number from a JSON client), trimmed. */
const text = (max: number) =>
  z
    .union([z.string(), z.number()], { error: REQUIRED })
    .transform((value) => String(value).trim())
    .pipe(z.string().max(max, { error: `Must be at most ${max} characters.` }));

const requiredText = (max: number) => text(max).pipe(z.string().min(1, { error: REQUIRED, abort: true }));

/** Optional text: absent, null or blank all mean "none" (stored as null). */
const optionalText = (max: number) =>
  z
    .union([z.string(), z.number(), z.null()], { error: `Must be at most ${max} characters.` })
    .optional()
    .transform((value) => (value === null || value === undefined ? "" : String(value).trim()))
    .pipe(z.string().max(max, { error: `Must be at most ${max} characters.` }));

/** A phone, stored in the spec's mask. */
const phone = requiredText(25)
  .refine(isCompletePhone, { error: OFF_RENT_EDIT_MESSAGES.phone })
  .transform((value) => maskPhone(value));

const optionalPhone = optionalText(25)
  .refine((value) => value === "" || isCompletePhone(value), { error: OFF_RENT_EDIT_MESSAGES.phone })
  .transform((value) => (value === "" ? "" : maskPhone(value)));

/** A database id from JSON (number) or a form (digits). */
const id = (message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(2_147_483_647, { error: message });

/** The company code: required, at most 5 digits, padded to 5 (ADR 015). */
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
 * One returning unit: vin, odometer, assignedStatus, statusID, originalInfo (ADR 015). originalInfo names
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
      id: id(OFF_RENT_EDIT_MESSAGES.unitsMismatch),
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

/**
 * The off-rent edit payload plus `version`, the OffRentForm version the edit started from (ADR 015).
 * compCode comes first so that a missing code answers with its own message, not the general one.
 * changedData is accepted for the spec's clients but ignored: the server records what really changed.
 */
export const offRentEditSchema = z.object(
  {
    compCode: companyCode,
    compName: requiredText(120),
    submittedBy: requiredText(120),
    pickupDate: requiredText(10).refine(isIsoDate, { error: OFF_RENT_EDIT_MESSAGES.pickupDate }),
    pickupName: requiredText(120),
    pickupEmail: requiredText(254).refine((value) => EMAIL_PATTERN.test(value), {
      error: OFF_RENT_EDIT_MESSAGES.email,
    }),
    pickupPhone: phone,
    pickupPhoneAlt: optionalPhone,
    pickupStreetAddress: requiredText(120),
    pickupStreetAddress2: optionalText(120),
    pickupCity: requiredText(80),
    pickupState: requiredText(2)
      .transform((value) => value.toUpperCase())
      .refine((value) => /^[A-Z]{2}$/.test(value), { error: OFF_RENT_EDIT_MESSAGES.state }),
    pickupZip: requiredText(5).refine((value) => /^\d{5}$/.test(value), { error: OFF_RENT_EDIT_MESSAGES.zip }),
    returningVins: z
      .array(returningVinSchema, { error: OFF_RENT_EDIT_MESSAGES.unitsMismatch })
      .max(MAX_RETURNING_LINES, {
        error: OFF_RENT_EDIT_MESSAGES.tooManyVins,
      }),
    deletedVins: z
      .array(returningVinSchema, { error: OFF_RENT_EDIT_MESSAGES.unitsMismatch })
      .max(MAX_RETURNING_LINES, { error: OFF_RENT_EDIT_MESSAGES.tooManyVins })
      .optional()
      .transform((value) => value ?? []),
    changedData: z.record(z.string().max(200), z.string().max(2000)).optional(),
    FormHistoryID: id(OFF_RENT_EDIT_MESSAGES.formHistoryId),
    OffRentFormID: id(OFF_RENT_EDIT_MESSAGES.offRentFormId),
    TradeFormID: z
      .union([z.literal(""), z.literal(0), z.null(), id(OFF_RENT_EDIT_MESSAGES.tradeFormId)], {
        error: OFF_RENT_EDIT_MESSAGES.tradeFormId,
      })
      .optional()
      .transform((value) => (typeof value === "number" && value > 0 ? value : null)),
    version: id(OFF_RENT_EDIT_MESSAGES.version),
  },
  { error: BODY_MESSAGE },
);
export type OffRentEditInput = z.input<typeof offRentEditSchema>;
export type OffRentEdit = z.output<typeof offRentEditSchema>;

/**
 * POST /api/truck/vin-test {vins, FormHistoryID}. compCode is optional (ADR 015): a client sends it when
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
    FormHistoryID: id(OFF_RENT_EDIT_MESSAGES.formHistoryId),
    compCode: companyCode.optional(),
  },
  { error: BODY_MESSAGE },
);
export type VinTestInput = z.input<typeof vinTestSchema>;
