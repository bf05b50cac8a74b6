// Cancelling and restoring a note (ADR 012; PUT /api/orders/note/cancel {cancelValue, noteId}):
// 1 cancels it (struck through, no longer counted on cards), 0 restores it. Its author or a holder of
// restricted (1) may, never a read-only reader. The update is conditional on the state read,
// so a note changed meanwhile answers 409 and nothing is written.
import type { Db } from "~/modules/platform/services.server.ts";
import { changeNoteRefusal, mayReadNotes, NOTE_MESSAGES } from "../../rules/notes.ts";
import { cancelNoteInput } from "../../rules/notes-schema.ts";
import { canAddNotes } from "../../rules/access/permissions.ts";
import { auditActorOf, describeChange, recordAudit } from "../audit/audit-log.server.ts";
import {
  OperationConflict,
  parseInput,
  refuse,
  settle,
  type OperationActor,
  type OperationResult,
} from "../operations/operation.server.ts";
import { listsShowingNoteOn, noteRequests } from "./note-reach.server.ts";

export const CANCEL_NOTE_ACTION = "cancel-note";
export const RESTORE_NOTE_ACTION = "restore-note";
const LABEL = "Note Cancelled";

export async function cancelNote(
  db: Db,
  actor: OperationActor,
  input: unknown,
  now: Date = new Date(),
): Promise<OperationResult> {
  const parsed = parseInput(cancelNoteInput, input);
  if (!parsed.ok) return parsed.refusal;
  const { cancelValue, noteId } = parsed.data;
  const cancel = cancelValue === 1;
  if (!mayReadNotes(actor.permissions)) return refuse(403, NOTE_MESSAGES.forbidden);
  if (!canAddNotes(actor.permissions)) return refuse(403, NOTE_MESSAGES.readOnly);

  const note = await db.note.findUnique({
    where: { id: noteId },
    select: { id: true, authorId: true, cancelled: true, formHistoryId: true, unitNumber: true },
  });
  if (!note) return refuse(404, NOTE_MESSAGES.noteNotFound);
  const refusal = changeNoteRefusal({ userId: actor.user.id, permissionIds: actor.permissions }, note);
  if (refusal) return refuse(403, refusal);
  if (note.cancelled === cancel)
    return refuse(409, cancel ? NOTE_MESSAGES.alreadyCancelled : NOTE_MESSAGES.notCancelled);

  const settled = await settle(() =>
    db.$transaction(async (tx) => {
      const changed = await tx.note.updateMany({
        where: { id: note.id, cancelled: !cancel },
        data: cancel
          ? { cancelled: true, cancelledAt: now, cancelledById: actor.user.id }
          : { cancelled: false, cancelledAt: null, cancelledById: null },
      });
      if (changed.count !== 1) {
        throw new OperationConflict(refuse(409, cancel ? NOTE_MESSAGES.alreadyCancelled : NOTE_MESSAGES.notCancelled));
      }
      await recordAudit(tx, {
        entityType: "Note",
        entityId: note.id,
        formHistoryId: note.formHistoryId,
        action: cancel ? CANCEL_NOTE_ACTION : RESTORE_NOTE_ACTION,
        changedData: { [LABEL]: describeChange(LABEL, cancel ? "No" : "Yes", cancel ? "Yes" : "No") },
        actor: auditActorOf(actor),
      });
      return { ok: true as const, lists: [] };
    }),
  );
  if (!settled.ok) return settled;
  const lists = await listsShowingNoteOn(db, { formHistoryId: note.formHistoryId, unitNumber: note.unitNumber });
  return { ok: true, lists, ...noteRequests(note.formHistoryId) };
}
