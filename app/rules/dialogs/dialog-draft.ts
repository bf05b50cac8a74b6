// What a board dialog's form held when its no-JavaScript save met an ended session: kept across
// signing in again, so the dialog comes back with what was typed, unsaved (ADR 030). This file is what
// pages import (no zod: the sign-in dialog is on every page); reading a draft from a post or a
// cookie is dialog-draft-schema.ts, and its encoding and cookie are server code
// (app/modules/session/dialog-draft.server.ts).
import { type DialogActionData, submittedValues } from "./operation-result.ts";

/** Said in the dialog when it comes back: nothing was saved yet. */
export const DIALOG_DRAFT_KEPT_MESSAGE =
  "You are signed in again. What you typed was kept but not saved: check it and save.";

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

export interface DialogDraft {
  /** The page (path and query, the dialog open) the form posted to; the draft comes back only there. */
  to: string;
  intent: string;
  fields: [string, string][];
}

/**
 * The dialog's answer that shows the draft again, as a re-render's kept values are shown (the board
 * says DIALOG_DRAFT_KEPT_MESSAGE above the dialog).
 */
export function draftActionData(draft: DialogDraft): DialogActionData {
  return { intent: draft.intent, ok: true, message: null, values: submittedValues(draft.fields) };
}
