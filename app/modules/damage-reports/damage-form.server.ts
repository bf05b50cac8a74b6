// The public damage form's operation (ADR 050): validates the text fields with the shared
// schema, checks every photo by content, and only when everything passed creates the report, stores
// its photos under damage/<reportId>/ and records them, in one transaction that first claims the submission's
// single-use ticket. A file written before the transaction failed is deleted again, so a refused or
// failed submission leaves nothing behind.
import type { Db } from "~/modules/platform/services.server.ts";
import {
  DAMAGE_FORM_FIELDS,
  DAMAGE_FORM_LIMITS,
  DAMAGE_FORM_MESSAGES,
  damageFormSchema,
  damageReportReference,
} from "../../rules/damage-reports/damage-form.ts";
import type { FieldErrors, OperationRefusal } from "../../rules/dialogs/operation-result.ts";
import { PUBLIC_FORM_MESSAGES } from "../../rules/public-forms/public-form-guard.ts";
import type { FileStorage } from "../files/file-storage.server.ts";
import { imageKeys, readImage, type StoredImage } from "../files/images.server.ts";
import { parseInput } from "../operations/operation.server.ts";
import {
  type AcceptedSubmission,
  auditPublicSubmission,
  claimPublicFormTicket,
} from "../public-forms/public-form-guard.server.ts";

export const DAMAGE_REPORT_ENTITY = "DamageReport";

/** One attached file as the page hands it over (a web File, or bytes in tests). */
export interface SubmittedPhoto {
  name: string;
  size: number;
  bytes(): Promise<Uint8Array>;
}

export interface DamageSubmission {
  /** The form's text fields (absent ones read as ""). */
  fields: Record<string, string>;
  photos: readonly SubmittedPhoto[];
}

export interface SubmittedReport {
  ok: true;
  reportId: number;
  reference: string;
  contactEmail: string | null;
  contactName: string;
  photoCount: number;
  lists: ["ar-claims"];
}

export type DamageSubmitResult = SubmittedReport | OperationRefusal;

/** Files a phone's browser sends when none was chosen: no name and no bytes. */
export function chosenPhotos<T extends { name: string; size: number }>(files: readonly T[]): T[] {
  return files.filter((file) => !(file.name === "" && file.size === 0));
}

const photoLabel = (photo: SubmittedPhoto, index: number) => (photo.name.trim() || `Photo ${index + 1}`).slice(0, 80);

/** Reads every photo; all of them or per-file messages ("name: why"). Bytes beyond the limit are never read. */
async function readPhotos(
  photos: readonly SubmittedPhoto[],
): Promise<{ ok: true; images: StoredImage[] } | { ok: false; messages: string[] }> {
  if (photos.length > DAMAGE_FORM_LIMITS.maxPhotos)
    return { ok: false, messages: [DAMAGE_FORM_MESSAGES.tooManyPhotos] };
  const images: StoredImage[] = [];
  const messages: string[] = [];
  // One at a time: decoding is the expensive part and the machine's cores are shared with every request.
  for (const [index, photo] of photos.entries()) {
    if (photo.size > DAMAGE_FORM_LIMITS.maxPhotoBytes) {
      messages.push(`${photoLabel(photo, index)}: ${DAMAGE_FORM_MESSAGES.photoTooLarge}`);
      continue;
    }
    const reading = await readImage(await photo.bytes());
    if (reading.ok) images.push(reading.image);
    else messages.push(`${photoLabel(photo, index)}: ${reading.message}`);
  }
  return messages.length > 0 ? { ok: false, messages } : { ok: true, images };
}

export interface DamageSubmitContext {
  db: Db;
  storage: FileStorage;
  now?: Date;
  /** What the public forms' safety layer let through: the origin for the audit row, the ticket to claim. */
  submission: AcceptedSubmission;
}

/**
 * Creates a damage report from the public form, or refuses it (400) with a message per field, or with
 * PUBLIC_FORM_MESSAGES.used when its ticket was used meanwhile; stores nothing then.
 */
export async function submitDamageReport(
  context: DamageSubmitContext,
  submission: DamageSubmission,
): Promise<DamageSubmitResult> {
  const now = context.now ?? new Date();
  const fields = Object.fromEntries(
    Object.values(DAMAGE_FORM_FIELDS)
      .filter((name) => name !== DAMAGE_FORM_FIELDS.photos)
      .map((name) => [name, typeof submission.fields[name] === "string" ? submission.fields[name] : ""]),
  );
  const parsed = parseInput(damageFormSchema(now), fields);
  const fieldErrors: FieldErrors = parsed.ok ? {} : { ...parsed.refusal.fieldErrors };
  // Photos are read only when the text is right: a bot's garbage costs no decoding.
  if (parsed.ok) {
    const photos = await readPhotos(chosenPhotos(submission.photos));
    if (!photos.ok) fieldErrors[DAMAGE_FORM_FIELDS.photos] = photos.messages;
    else {
      const report = await createReport(context, parsed.data, photos.images, now);
      // The same ticket was stored by another submission meanwhile (sent twice at once): this one is not.
      return report ?? { ok: false, status: 400, message: PUBLIC_FORM_MESSAGES.used };
    }
  } else if (chosenPhotos(submission.photos).length > DAMAGE_FORM_LIMITS.maxPhotos) {
    fieldErrors[DAMAGE_FORM_FIELDS.photos] = [DAMAGE_FORM_MESSAGES.tooManyPhotos];
  }
  const first = Object.values(fieldErrors)[0]?.[0] ?? DAMAGE_FORM_MESSAGES.summary;
  return { ok: false, status: 400, message: first, fieldErrors };
}

async function createReport(
  context: DamageSubmitContext,
  input: ReturnType<ReturnType<typeof damageFormSchema>["parse"]>,
  images: StoredImage[],
  now: Date,
): Promise<SubmittedReport | null> {
  const { db, storage } = context;
  // The unit and its customer are linked when the number matches; the customer is never told either way.
  const unit = await db.unit.findUnique({
    where: { unitNumber: input.unitNumber },
    select: { id: true, companyId: true },
  });
  const written: string[] = [];
  try {
    return await db.$transaction(
      async (tx) => {
        // First: a ticket sent twice at once waits here for the other transaction, and then stores nothing.
        if (!(await claimPublicFormTicket(tx, context.submission.ticketNonce, now))) return null;
        const report = await tx.damageReport.create({
          data: {
            companyId: unit?.companyId ?? null,
            companyName: input.companyName,
            contactName: input.contactName,
            contactEmail: input.contactEmail || null,
            contactPhone: input.contactPhone || null,
            unitNumber: input.unitNumber,
            unitId: unit?.id ?? null,
            occurredOn: new Date(`${input.damageDate}T00:00:00Z`),
            location: input.location,
            description: input.description,
            submittedAt: now,
          },
          select: { id: true },
        });
        const reference = damageReportReference(report.id);
        for (const [index, image] of images.entries()) {
          const keys = imageKeys(`damage/${report.id}`, image.hash);
          for (const [key, bytes] of [
            [keys.large, image.large],
            [keys.small, image.small],
          ] as const) {
            written.push(key);
            await storage.put(key, bytes);
          }
          await tx.damageReportPhoto.create({
            data: {
              damageReportId: report.id,
              position: index + 1,
              largeKey: keys.large,
              smallKey: keys.small,
              width: image.width,
              height: image.height,
            },
          });
        }
        // No user acted: the audit row names the origin (address and browser) instead.
        await auditPublicSubmission(tx, {
          form: "damage",
          reference,
          recordId: report.id,
          origin: context.submission.origin,
          entityType: DAMAGE_REPORT_ENTITY,
        });
        return {
          ok: true as const,
          reportId: report.id,
          reference,
          contactEmail: input.contactEmail || null,
          contactName: input.contactName,
          photoCount: images.length,
          lists: ["ar-claims"] as ["ar-claims"],
        };
      },
      { timeout: 30_000 },
    );
  } catch (error) {
    // The report rolled back: its files must not outlive it (the same photo twice is one key, deleted once).
    await Promise.allSettled([...new Set(written)].map((key) => storage.delete(key)));
    throw error;
  }
}
