// The public damage form (ADR 050): its fields, limits, messages and the zod schema the
// server validates with. Shared by the page (labels, the browser's checks before sending) and the domain
// operation, so a message exists once. Photos are checked by content on the server; the browser
// only pre-checks count, size and declared type to tell the customer early.
import { z } from "zod";
import { isValidPhone, maskPhone, maskUnitNumber, UNIT_NUMBER_LENGTH } from "../masks.ts";
import { DAMAGE_FORM_UPLOAD_LIMIT } from "../public-forms/public-form-guard.ts";
import { publicFormReference, REFERENCE_PREFIXES } from "../public-forms/public-form-reference.ts";

/** The form's field names (also the JSON-free multipart names the page posts). */
export const DAMAGE_FORM_FIELDS = {
  unitNumber: "unitNumber",
  damageDate: "damageDate",
  location: "location",
  description: "description",
  companyName: "companyName",
  contactName: "contactName",
  contactEmail: "contactEmail",
  contactPhone: "contactPhone",
  photos: "photos",
} as const;

/** Each field's label, as the form and its list of errors name it. */
const DAMAGE_FORM_LABELS: Readonly<Record<string, string>> = {
  [DAMAGE_FORM_FIELDS.unitNumber]: "Unit number",
  [DAMAGE_FORM_FIELDS.damageDate]: "Date of the damage",
  [DAMAGE_FORM_FIELDS.location]: "Where it happened",
  [DAMAGE_FORM_FIELDS.description]: "What is damaged",
  [DAMAGE_FORM_FIELDS.companyName]: "Company",
  [DAMAGE_FORM_FIELDS.contactName]: "Your name",
  [DAMAGE_FORM_FIELDS.contactPhone]: "Phone",
  [DAMAGE_FORM_FIELDS.contactEmail]: "E-mail",
  [DAMAGE_FORM_FIELDS.photos]: "Photos",
};

/** A field's label; a name the form does not have is shown as it is. */
export function damageFormLabel(name: string): string {
  return DAMAGE_FORM_LABELS[name] ?? name;
}

export const DAMAGE_FORM_LIMITS = {
  maxPhotos: 10,
  /**
   * The parts of one multipart submission: the form sends 20 at most (8 text fields, the ticket and the
   * honeypot, 10 photos, or one empty file part when none was chosen); 12 more for what a browser may add.
   * More is refused with 413 as soon as it is seen, the rest of the body unread.
   */
  maxParts: 32,
  /** One photo's bytes (the photo reader's own limit). */
  maxPhotoBytes: 10 * 1024 * 1024,
  /** The whole submission (photos and text): larger bodies are refused unread by the public forms' layer. */
  maxBodyBytes: DAMAGE_FORM_UPLOAD_LIMIT,
  locationMax: 200,
  descriptionMax: 4000,
  nameMax: 120,
  emailMax: 254,
  /** How far back a damage date may go. */
  maxAgeDays: 365,
} as const;

export const DAMAGE_FORM_MESSAGES = {
  unitNumber: "Enter the unit number (up to 8 letters and digits, as on the truck).",
  damageDate: "Enter the date the damage happened (not in the future, within the last year).",
  location: `Enter where it happened (at most ${DAMAGE_FORM_LIMITS.locationMax} characters).`,
  description: `Describe the damage (at most ${DAMAGE_FORM_LIMITS.descriptionMax} characters).`,
  companyName: `Enter your company's name (at most ${DAMAGE_FORM_LIMITS.nameMax} characters).`,
  contactName: `Enter your name (at most ${DAMAGE_FORM_LIMITS.nameMax} characters).`,
  contactEmail: "Enter a valid e-mail address, or leave it empty.",
  contactPhone: "Enter a valid phone number, or leave it empty.",
  contactMissing: "Give a phone number or an e-mail address so we can reach you.",
  tooManyPhotos: `Attach at most ${DAMAGE_FORM_LIMITS.maxPhotos} photos.`,
  photoTooLarge: `The photo is larger than ${DAMAGE_FORM_LIMITS.maxPhotoBytes / (1024 * 1024)} MB.`,
  photoNotImage: "The file is not a photo (JPEG, PNG, WebP or HEIC).",
  tooManyParts: "This form was sent with more fields or files than it has. Please send it again from its page.",
  bodyTooLarge: `The photos together are larger than ${DAMAGE_FORM_UPLOAD_LIMIT / (1024 * 1024)} MB. Send fewer or smaller photos.`,
  unreadable: "The form could not be read. Please try again.",
  summary: "Please correct the fields marked below.",
  received: "Thank you. Your damage report was received.",
} as const;

/** A report's reference number as the customer and staff see it: DMG-000123 (the public forms' numbering). */
export function damageReportReference(id: number): string {
  return publicFormReference("damage", id);
}

const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A YYYY-MM-DD day that exists, is not after `today` (UTC, plus one day for time zones ahead) and is within a year. */
export function isDamageDate(value: string, today: Date): boolean {
  const match = ISO_DAY.exec(value);
  if (!match) return false;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (day.toISOString().slice(0, 10) !== value) return false;
  const todayUtc = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return day.getTime() <= todayUtc + DAY_MS && day.getTime() >= todayUtc - DAMAGE_FORM_LIMITS.maxAgeDays * DAY_MS;
}

const text = (max: number, message: string, required: boolean) =>
  z
    .string({ error: message })
    .transform((value) => value.trim())
    .pipe(required ? z.string().min(1, message).max(max, message) : z.string().max(max, message));

/** The text fields of the form, as the server reads them (each value a string; absent fields are ""). */
export function damageFormSchema(today: Date) {
  const m = DAMAGE_FORM_MESSAGES;
  const L = DAMAGE_FORM_LIMITS;
  return z
    .object({
      unitNumber: z
        .string({ error: m.unitNumber })
        .transform((value) => maskUnitNumber(value))
        .pipe(z.string().regex(new RegExp(`^[A-Z0-9-]{1,${UNIT_NUMBER_LENGTH}}$`), m.unitNumber)),
      damageDate: z
        .string({ error: m.damageDate })
        .transform((value) => value.trim())
        .refine((value) => isDamageDate(value, today), m.damageDate),
      location: text(L.locationMax, m.location, true),
      description: text(L.descriptionMax, m.description, true),
      companyName: text(L.nameMax, m.companyName, true),
      contactName: text(L.nameMax, m.contactName, true),
      contactEmail: z
        .string({ error: m.contactEmail })
        .transform((value) => value.trim())
        .pipe(
          z.union([z.literal(""), z.email(m.contactEmail).max(L.emailMax, m.contactEmail)], { error: m.contactEmail }),
        ),
      contactPhone: z
        .string({ error: m.contactPhone })
        .transform((value) => value.trim())
        .refine((value) => value === "" || isValidPhone(value), m.contactPhone)
        .transform((value) => (value === "" ? "" : maskPhone(value))),
    })
    .superRefine((value, context) => {
      if (value.contactEmail === "" && value.contactPhone === "") {
        context.addIssue({ code: "custom", path: ["contactPhone"], message: m.contactMissing });
      }
    });
}

export type DamageFormInput = z.infer<ReturnType<typeof damageFormSchema>>;

/** The text fields' names, in the order the form shows them. */
export const DAMAGE_FORM_TEXT_FIELDS = [
  DAMAGE_FORM_FIELDS.unitNumber,
  DAMAGE_FORM_FIELDS.damageDate,
  DAMAGE_FORM_FIELDS.location,
  DAMAGE_FORM_FIELDS.description,
  DAMAGE_FORM_FIELDS.companyName,
  DAMAGE_FORM_FIELDS.contactName,
  DAMAGE_FORM_FIELDS.contactPhone,
  DAMAGE_FORM_FIELDS.contactEmail,
] as const;

/** A posted text value is kept up to this length when the form is drawn again (the schema refuses it anyway). */
const POSTED_TEXT_MAX = 5000;

/** The text fields as posted, for validation and to draw the form again: absent or file values read as "". */
export function damageFormTextValues(form: Pick<FormData, "get">): Record<string, string> {
  return Object.fromEntries(
    DAMAGE_FORM_TEXT_FIELDS.map((name) => {
      const value = form.get(name);
      return [name, typeof value === "string" ? value.slice(0, POSTED_TEXT_MAX) : ""];
    }),
  );
}

/**
 * The page's answer to a refused submission: a message, a message list per field, the text as sent, and the
 * ticket the form is sent with next (the same one, or a fresh one when it cannot be used again).
 */
export interface DamageFormAnswer {
  message: string;
  fieldErrors: Record<string, string[]>;
  values: Record<string, string>;
  ticket?: string;
}

const REFERENCE_PARAM = "reference";
const RECEIPT_PARAM = "receipt";
const REFERENCE_SHAPE = new RegExp(`^${REFERENCE_PREFIXES.damage}-\\d{6,10}$`);

/** Where a stored report redirects (303): the form's own path with its reference and whether a receipt went out. */
export function damageFormConfirmationHref(pathname: string, reference: string, receiptSent: boolean): string {
  const params = new URLSearchParams({ [REFERENCE_PARAM]: reference, [RECEIPT_PARAM]: receiptSent ? "1" : "0" });
  return `${pathname}?${params.toString()}`;
}

/**
 * The confirmation the redirect's URL carries, or null for the form. It only repeats a number of the damage
 * form's shape, so it reveals nothing a visitor could not type and never echoes other text.
 */
export function readDamageFormConfirmation(
  search: URLSearchParams,
): { reference: string; receiptSent: boolean } | null {
  const reference = search.get(REFERENCE_PARAM);
  if (reference === null || !REFERENCE_SHAPE.test(reference)) return null;
  return { reference, receiptSent: search.get(RECEIPT_PARAM) === "1" };
}

/** What the browser can tell about a chosen file before sending it (by its declared type and size only). */
export function photoPrecheck(file: { size: number; type: string }): string | null {
  if (file.size === 0) return DAMAGE_FORM_MESSAGES.photoNotImage;
  if (file.size > DAMAGE_FORM_LIMITS.maxPhotoBytes) return DAMAGE_FORM_MESSAGES.photoTooLarge;
  if (file.type !== "" && !file.type.startsWith("image/")) return DAMAGE_FORM_MESSAGES.photoNotImage;
  return null;
}
