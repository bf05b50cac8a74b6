// The notes calls' input schemas and the Notes dialog's definition (ADR 012): zod lives here, apart
// from app/rules/notes.ts, which the dialog's component imports, so the browser never loads it.
import { z } from "zod";
import { defineBoardDialog } from "./dialogs/board-dialog.ts";
import { idSchema } from "./id-schema.ts";
import {
  IGNORE_UNIT,
  NOTE_DEPARTMENT_VALUES,
  NOTE_INTENTS,
  NOTE_MAX_LENGTH,
  NOTE_MESSAGES,
  noteDepartmentOf,
  type NotesDialogData,
  takesUnitNumber,
} from "./notes.ts";

/** A positive database id, as a JSON number or a form's digits; nothing else. */
export const noteIdSchema = idSchema;

const blankToUndefined = (value: unknown) =>
  value === "" || value === null || value === undefined ? undefined : value;

/** A unit number as typed: trimmed, upper case, 1–8 letters, digits or dashes (the fleet's check). */
export const unitNumberSchema = z
  .string({ error: NOTE_MESSAGES.unitNumber })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9-]{1,8}$/, { error: NOTE_MESSAGES.unitNumber });

/** The note text: trimmed, not blank, at most NOTE_MAX_LENGTH, no NUL (PostgreSQL text cannot hold it). */
export const noteTextSchema = z
  .string({ error: NOTE_MESSAGES.noteRequired })
  .trim()
  .min(1, { error: NOTE_MESSAGES.noteRequired })
  .max(NOTE_MAX_LENGTH, { error: NOTE_MESSAGES.noteTooLong })
  .refine((text) => !text.includes("\u0000"), { error: NOTE_MESSAGES.noteUnsavable });

/**
 * POST /api/orders/note/new {note, FormHistoryID, department, unitNumber}, and the dialog's
 * Add form. FormHistoryID may be left out for a note on a unit alone (the unit boards); unitNumber only
 * on the departments that take one. Blank optional fields count as absent.
 */
export const addNoteInput = z
  .object({
    note: noteTextSchema,
    FormHistoryID: z.preprocess(blankToUndefined, noteIdSchema(NOTE_MESSAGES.chooseOrder).optional()),
    department: z
      .enum(NOTE_DEPARTMENT_VALUES, { error: NOTE_MESSAGES.department })
      .transform((value) => noteDepartmentOf(value)!),
    unitNumber: z.preprocess(blankToUndefined, unitNumberSchema.optional()),
  })
  .superRefine((value, context) => {
    if (value.unitNumber !== undefined && !takesUnitNumber(value.department)) {
      context.addIssue({ code: "custom", message: NOTE_MESSAGES.unitNotTaken, path: ["unitNumber"] });
    }
    if (value.FormHistoryID === undefined && value.unitNumber === undefined) {
      context.addIssue({ code: "custom", message: NOTE_MESSAGES.chooseOrderOrUnit, path: ["FormHistoryID"] });
    }
  });
export type AddNoteInput = z.input<typeof addNoteInput>;

/** PUT /api/orders/note/cancel {cancelValue, noteId}: 1 cancels, 0 restores. */
export const cancelNoteInput = z.object({
  cancelValue: z
    .union([z.literal(0), z.literal(1), z.literal("0"), z.literal("1")], { error: NOTE_MESSAGES.cancelValue })
    .transform(Number),
  noteId: noteIdSchema(NOTE_MESSAGES.chooseNote),
});
export type CancelNoteInput = z.input<typeof cancelNoteInput>;

/** The `{form}` and `{unit}` of GET /api/orders/{form}/notes/{unit}. */
export const requestNotesParams = z.object({
  form: noteIdSchema(NOTE_MESSAGES.chooseOrder),
  unit: z.union([z.literal(IGNORE_UNIT), unitNumberSchema], { error: NOTE_MESSAGES.unitNumber }),
});

/** The `{unit}` of GET /api/all-unit-notes/{unit}. */
export const unitNotesParams = z.object({ unit: unitNumberSchema });

/** The notesGeneral dialog: the board's readers open it; adding and cancelling check their own rules. */
export const NOTES_DIALOG = defineBoardDialog<NotesDialogData>()({
  name: "notesGeneral",
  feature: null,
  intents: {
    [NOTE_INTENTS.add]: z.object({ note: z.string().default("") }),
    [NOTE_INTENTS.cancel]: z.object({ noteId: z.string().default(""), cancelValue: z.string().default("") }),
  },
});
