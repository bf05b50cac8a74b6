// Adding a note (ADR 012; POST /api/orders/note/new {note, FormHistoryID, department, unitNumber}):
// on a request, on a unit, or on a request's unit. Needs the department's page permission and is
// refused to holders of ar-read-only without restricted. One transaction writes the note and its audit
// entry; the lists that count the note are reported so their cards' note counts update live.
import type { Db } from "~/modules/platform/services.server.ts";
import { mayAddNoteOn, NOTE_MESSAGES } from "../../rules/notes.ts";
import { addNoteInput } from "../../rules/notes-schema.ts";
import { unlocksRoute } from "../../rules/access/permissions.ts";
import { auditActorOf, describeChange, recordAudit } from "../audit/audit-log.server.ts";
import { parseInput, refuse, type OperationActor, type OperationResult } from "../operations/operation.server.ts";
import { listsShowingNoteOn, noteRequests } from "./note-reach.server.ts";

export const ADD_NOTE_ACTION = "add-note";

export async function addNote(
  db: Db,
  actor: OperationActor,
  input: unknown,
  now: Date = new Date(),
): Promise<OperationResult> {
  const parsed = parseInput(addNoteInput, input);
  if (!parsed.ok) return parsed.refusal;
  const { note, FormHistoryID: formHistoryId = null, department, unitNumber = null } = parsed.data;
  if (!unlocksRoute(actor.permissions, department)) return refuse(403, NOTE_MESSAGES.forbidden);
  if (!mayAddNoteOn(actor.permissions, department)) return refuse(403, NOTE_MESSAGES.readOnly);

  const [request, unit] = await Promise.all([
    formHistoryId === null ? null : db.formHistory.findUnique({ where: { id: formHistoryId }, select: { id: true } }),
    unitNumber === null ? null : db.unit.findUnique({ where: { unitNumber }, select: { id: true } }),
  ]);
  if (formHistoryId !== null && !request) return refuse(404, NOTE_MESSAGES.orderNotFound);
  if (unitNumber !== null && !unit) return refuse(404, NOTE_MESSAGES.unitNotFound);

  await db.$transaction(async (tx) => {
    const created = await tx.note.create({
      data: {
        formHistoryId,
        unitId: unit?.id ?? null,
        unitNumber,
        noteType: department,
        subject: note,
        authorId: actor.user.id,
        createdAt: now,
      },
      select: { id: true },
    });
    await recordAudit(tx, {
      entityType: "Note",
      entityId: created.id,
      formHistoryId,
      action: ADD_NOTE_ACTION,
      changedData: {
        Note: describeChange("Note", "", note),
        ...(unitNumber ? { Unit: describeChange("Unit", "", unitNumber) } : {}),
      },
      actor: auditActorOf(actor),
    });
  });
  const lists = await listsShowingNoteOn(db, { formHistoryId, unitNumber });
  return { ok: true, lists, ...noteRequests(formHistoryId) };
}
