// What a board dialog's form held when its no-JavaScript save met an ended session: kept across
// signing in again, so the dialog comes back with what was typed, unsaved (ADR 030). The shape and
// its limits are rules; the encoding and the cookie that carry it are server code
// (app/modules/session/dialog-draft.server.ts).
import { z } from "zod";
import { type DialogActionData, submittedValues } from "./operation-result.ts";

/** Said in the dialog when it comes back: nothing was saved yet. */
export const DIALOG_DRAFT_KEPT_MESSAGE = "You are signed in again. What you typed was kept but not saved: check it and save.";

/** Said in the sign-in dialog when the entry is too large to keep across signing in. */
export const DIALOG_DRAFT_TOO_LARGE_MESSAGE =
  "What you typed is too long to keep while you sign in again: copy it before signing in.";

export const DIALOG_DRAFT_LIMITS = {
  /** Fields of one dialog form (the off-rent editor posts a few per unit). */
  fields: 400,
  /** Characters of one field name. */
  nameLength: 100,
  /** Characters of one value (the longest text field, a note, holds 2,000). */
  valueLength: 4_000,
  /** Bytes of the encoded draft: it travels in a cookie, and a browser keeps about 4 KB per cookie. */
  encodedBytes: 3_600,
} as const;

/** Fields never carried: credentials, and the dialog kit's own intent (kept apart). */
function carried(name: string): boolean {
  return name !== "intent" && !/password/i.test(name);
}

const draftSchema = z.object({
  /** The page (path and query, the dialog open) the form posted to; the draft comes back only there. */
  to: z.string().startsWith("/").max(2_000),
  intent: z.string().min(1).max(DIALOG_DRAFT_LIMITS.nameLength),
  fields: z
    .array(z.tuple([z.string().min(1).max(DIALOG_DRAFT_LIMITS.nameLength), z.string().max(DIALOG_DRAFT_LIMITS.valueLength)]))
    .max(DIALOG_DRAFT_LIMITS.fields),
});

export type DialogDraft = z.infer<typeof draftSchema>;

/**
 * The draft of a posted dialog form, or null when it is no dialog's form (no intent) or breaks a limit
 * (then nothing is kept rather than part of it).
 */
export function dialogDraftOf(to: string, form: Iterable<[string, FormDataEntryValue]>): DialogDraft | null {
  let intent: string | null = null;
  const fields: [string, string][] = [];
  for (const [name, value] of form) {
    if (typeof value !== "string") return null;
    if (name === "intent") intent = value;
    else if (carried(name)) fields.push([name, value]);
  }
  return parseDialogDraft({ to, intent, fields });
}

/** A draft read back (from the cookie): validated, or null. */
export function parseDialogDraft(value: unknown): DialogDraft | null {
  const parsed = draftSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * The dialog's answer that shows the draft again, as a re-render's kept values are shown (the board
 * says DIALOG_DRAFT_KEPT_MESSAGE above the dialog).
 */
export function draftActionData(draft: DialogDraft): DialogActionData {
  return { intent: draft.intent, ok: true, message: null, values: submittedValues(draft.fields) };
}
