// What every domain operation answers, shared by its JSON endpoint, its form action and
// the dialog that shows the outcome. Pure types and tiny helpers: the browser renders these.
import type { Announcement } from "../boards/announcements.ts";
import type { CardListName } from "../boards/boards.ts";

/** What a refused permission says when the session itself is valid (a 403 on any save). */
export const FORBIDDEN_MESSAGE = "You do not have permission to do that.";

/** Field name → its messages (the JSON API's `errors`, a form's per-field messages). */
export type FieldErrors = Record<string, string[]>;

/** One change made to a record since the version an edit started from (who, when, what). */
export interface ChangeSince {
  changedAt: string;
  by: string;
  /** changedData entries as 'label: old!label: new', split for display. */
  changes: { label: string; before: string; after: string }[];
}

/** A 409 because the record moved on: its version now and the changes made since the edit's version. */
export interface VersionConflict {
  currentVersion: number;
  since: ChangeSince[];
}

export type OperationRefusal = {
  ok: false;
  /** 406 and 417: a credit memo application's invoice and memo checks. */
  status: 400 | 403 | 404 | 406 | 409 | 417;
  message: string;
  fieldErrors?: FieldErrors;
  conflict?: VersionConflict;
};

/**
 * A done operation: the card lists it changed and, where it can name them, `requests`: the FormHistory
 * ids of every request whose cards it changed in those lists (a request it created, edited, moved or
 * removed), so the lists kept per request compute only those cards. Absent: whole lists.
 * `announce`: the records it created that their pages hear of live (vendorCreated). `record`:
 * what names the record it created or changed, which the JSON API answers beside `ok` ({ VendorID }).
 */
export type OperationResult =
  | {
      ok: true;
      lists: CardListName[];
      requests?: number[];
      message?: string;
      announce?: Announcement[];
      record?: Record<string, number>;
    }
  | OperationRefusal;

/**
 * What a dialog's form action answers when it does not redirect, with the values kept: a refusal
 * (`ok: false`, status 4xx), or the dialog drawn again by a step that failed nothing (`ok: true`, status
 * 200; a no-JavaScript "Add unit" or "Test units").
 */
export interface DialogActionData {
  intent: string;
  ok: boolean;
  message: string | null;
  fieldErrors?: FieldErrors;
  conflict?: VersionConflict;
  /** A re-render's per-field news, keyed like fieldErrors (each unit's test result). */
  fieldNotes?: FieldErrors;
  /** The submitted fields, so a server-rendered dialog (no JavaScript) shows them again. */
  values: Record<string, string | string[]>;
}

/** A form's text fields, repeated names as lists: a dialog's `values`. */
export function submittedValues(form: Iterable<[string, FormDataEntryValue]>): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const [name, value] of form) {
    if (typeof value !== "string") continue;
    const before = values[name];
    values[name] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
  }
  return values;
}

/** The JSON body of a refusal: `{ error, errors?, conflict? }`. */
export function refusalBody(refusal: OperationRefusal): {
  error: string;
  errors?: FieldErrors;
  conflict?: VersionConflict;
} {
  return {
    error: refusal.message,
    ...(refusal.fieldErrors ? { errors: refusal.fieldErrors } : {}),
    ...(refusal.conflict ? { conflict: refusal.conflict } : {}),
  };
}

/** Splits a changedData value 'label: old!label: new' into its parts (the audit history's format). */
export function splitChange(label: string, value: string): { label: string; before: string; after: string } {
  const at = value.indexOf(`!${label}: `);
  if (value.startsWith(`${label}: `) && at >= 0) {
    return { label, before: value.slice(label.length + 2, at), after: value.slice(at + label.length + 3) };
  }
  return { label, before: "", after: value };
}
