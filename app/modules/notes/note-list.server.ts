// Reading notes (ADR 012): GET /api/orders/{form}/notes/{unit} — a request's notes, all of them with
// the unit `IgnoreUnit`, else those naming that unit — and GET /api/all-unit-notes/{unit} — every note
// naming a unit, on any request and board. Newest first, in the spec's Note shape; the notes dialog
// reads through the same functions. Reading needs a board that keeps notes.
import type { Db } from "~/modules/platform/services.server.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import { IGNORE_UNIT, mayReadNotes, NOTE_MESSAGES, type NoteRecord } from "../../rules/notes.ts";
import { requestNotesParams, unitNotesParams } from "../../rules/notes-schema.ts";
import { parseInput, refuse, type OperationActor, type OperationRefusal } from "../operations/operation.server.ts";

/** A note as read: the spec's record, and what the dialog needs beyond it (who may change it). */
export interface StoredNote {
  record: NoteRecord;
  authorId: number;
  formHistoryId: number | null;
}

export type NotesRead = { ok: true; notes: StoredNote[] } | OperationRefusal;

const NOTE_SELECT = {
  id: true,
  noteType: true,
  unitNumber: true,
  createdAt: true,
  subject: true,
  cancelled: true,
  authorId: true,
  formHistoryId: true,
  author: { select: { firstName: true, lastName: true } },
} as const satisfies Prisma.NoteSelect;

type NoteRow = Prisma.NoteGetPayload<{ select: typeof NOTE_SELECT }>;

export function toNoteRecord(row: NoteRow): NoteRecord {
  return {
    NoteID: row.id,
    NoteType: row.noteType,
    FirstName: row.author.firstName,
    LastName: row.author.lastName,
    NoteUnitNumber: row.unitNumber ?? "",
    CreatedOn: row.createdAt.toISOString(),
    NoteSubject: row.subject,
    NoteCancelled: row.cancelled ? 1 : 0,
  };
}

async function readNotes(db: Db, where: Prisma.NoteWhereInput): Promise<StoredNote[]> {
  const rows = await db.note.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: NOTE_SELECT });
  return rows.map((row) => ({ record: toNoteRecord(row), authorId: row.authorId, formHistoryId: row.formHistoryId }));
}

/** A request's notes: all of them (`unit` = IgnoreUnit), or those naming the unit. */
export async function listRequestNotes(db: Db, actor: OperationActor, params: unknown): Promise<NotesRead> {
  // Permission first: a caller without it learns nothing from the answer, not even what is malformed.
  if (!mayReadNotes(actor.permissions)) return refuse(403, NOTE_MESSAGES.forbidden);
  const parsed = parseInput(requestNotesParams, params);
  if (!parsed.ok) return parsed.refusal;
  const { form, unit } = parsed.data;
  const found = await db.formHistory.findUnique({ where: { id: form }, select: { id: true } });
  if (!found) return refuse(404, NOTE_MESSAGES.orderNotFound);
  const where: Prisma.NoteWhereInput =
    unit === IGNORE_UNIT ? { formHistoryId: form } : { formHistoryId: form, unitNumber: unit };
  return { ok: true, notes: await readNotes(db, where) };
}

/** Every note naming the unit. A number neither the fleet nor any note knows is a 404. */
export async function listUnitNotes(db: Db, actor: OperationActor, params: unknown): Promise<NotesRead> {
  // Permission first: a caller without it learns nothing from the answer, not even what is malformed.
  if (!mayReadNotes(actor.permissions)) return refuse(403, NOTE_MESSAGES.forbidden);
  const parsed = parseInput(unitNotesParams, params);
  if (!parsed.ok) return parsed.refusal;
  const { unit } = parsed.data;
  const notes = await readNotes(db, { unitNumber: unit });
  if (notes.length === 0 && !(await db.unit.findUnique({ where: { unitNumber: unit }, select: { id: true } }))) {
    return refuse(404, NOTE_MESSAGES.unitNotFound);
  }
  return { ok: true, notes };
}
