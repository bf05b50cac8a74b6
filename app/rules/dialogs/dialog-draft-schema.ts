// Reading a dialog's draft (dialog-draft.ts, ADR 030) from a posted form or from the cookie that
// carried it: validated, within the limits, or nothing.
import { z } from "zod";
import { DIALOG_DRAFT_LIMITS, type DialogDraft } from "./dialog-draft.ts";

/** Fields never carried: credentials, and the dialog kit's own intent (kept apart). */
function carried(name: string): boolean {
  return name !== "intent" && !/password/i.test(name);
}

const draftSchema = z.object({
  to: z.string().startsWith("/").max(2_000),
  intent: z.string().min(1).max(DIALOG_DRAFT_LIMITS.nameLength),
  fields: z
    .array(
      z.tuple([z.string().min(1).max(DIALOG_DRAFT_LIMITS.nameLength), z.string().max(DIALOG_DRAFT_LIMITS.valueLength)]),
    )
    .max(DIALOG_DRAFT_LIMITS.fields),
});

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
