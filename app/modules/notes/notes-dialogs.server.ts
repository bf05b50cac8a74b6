// The board dialog notesGeneral (the notes of a request or unit; ADR 012): its loader reads the notes the
// card's link names (`formHistoryId` for request cards, `unitNumber` on the unit boards, both for a
// request's unit) through the same functions as the GET calls, and its two form intents run the same
// operations as POST /api/orders/note/new and PUT /api/orders/note/cancel. The department is the board.
import type { Db } from "~/modules/platform/services.server.ts";
import type { ModalTitleContext } from "../../rules/dialogs/modals.ts";
import {
  IGNORE_UNIT,
  mayAddNoteOn,
  mayChangeNote,
  NOTE_INTENTS,
  NOTE_MESSAGES,
  noteDepartmentOf,
  type NoteDepartment,
  type NotesDialogData,
  takesUnitNumber,
} from "../../rules/notes.ts";
import { NOTES_DIALOG, noteIdSchema, unitNumberSchema } from "../../rules/notes-schema.ts";
import { unlocksRoute } from "../../rules/access/permissions.ts";
import { type BoardDialogContext, type LoadedDialog, serveBoardDialog } from "../dialogs/board-dialog-kit.server.ts";
import { refuse, type OperationRefusal } from "../operations/operation.server.ts";
import { addNote } from "./note-add.server.ts";
import { cancelNote } from "./note-cancel.server.ts";
import { listRequestNotes, listUnitNotes } from "./note-list.server.ts";

/** The request and unit the dialog's URL names; refusals for parameters that name neither. */
function dialogTarget(
  search: URLSearchParams,
): { formHistoryId: number | null; unitNumber: string | null } | OperationRefusal {
  const rawForm = search.get("formHistoryId") ?? "";
  const rawUnit = search.get("unitNumber") ?? "";
  const form = rawForm === "" ? null : noteIdSchema(NOTE_MESSAGES.chooseOrder).safeParse(rawForm);
  if (form && !form.success) return refuse(400, NOTE_MESSAGES.chooseOrder);
  const unit = rawUnit === "" ? null : unitNumberSchema.safeParse(rawUnit);
  if (unit && !unit.success) return refuse(400, NOTE_MESSAGES.unitNumber);
  if (!form && !unit) return refuse(400, NOTE_MESSAGES.chooseOrderOrUnit);
  return { formHistoryId: form ? form.data : null, unitNumber: unit ? unit.data : null };
}

/** The company the title names: the request's, else the unit's open claim's (AR), else its customer's. */
async function titleCompany(
  db: Db,
  target: { formHistoryId: number | null; unitNumber: string | null },
): Promise<string | null> {
  if (target.formHistoryId !== null) {
    const request = await db.formHistory.findUnique({
      where: { id: target.formHistoryId },
      select: { company: { select: { name: true } } },
    });
    return request?.company.name ?? null;
  }
  if (target.unitNumber === null) return null;
  const unit = await db.unit.findUnique({
    where: { unitNumber: target.unitNumber },
    select: {
      company: { select: { name: true } },
      claims: {
        where: { status: { in: ["OPEN", "BILLED"] } },
        orderBy: [{ openedAt: "desc" }, { id: "desc" }],
        take: 1,
        select: { company: { select: { name: true } } },
      },
    },
  });
  return unit?.claims[0]?.company.name ?? unit?.company?.name ?? null;
}

async function loadNotesDialog(context: BoardDialogContext): Promise<LoadedDialog<NotesDialogData> | OperationRefusal> {
  const department = noteDepartmentOf(context.route);
  if (!department) return refuse(404, NOTE_MESSAGES.noNotesHere);
  const target = dialogTarget(context.search);
  if ("ok" in target) return target;
  const { actor, db } = context;
  const read =
    target.formHistoryId !== null
      ? await listRequestNotes(db, actor, { form: target.formHistoryId, unit: target.unitNumber ?? IGNORE_UNIT })
      : await listUnitNotes(db, actor, { unit: target.unitNumber });
  if (!read.ok) return read;
  const reader = { userId: actor.user.id, permissionIds: actor.permissions };
  const mayAdd = mayAddNoteOn(actor.permissions, department);
  const data: NotesDialogData = {
    department,
    formHistoryId: target.formHistoryId,
    unitNumber: target.unitNumber,
    notes: read.notes.map((note) => ({ ...note.record, mayChange: mayChangeNote(reader, note) })),
    mayAdd,
    addBlockedReason: mayAdd
      ? null
      : unlocksRoute(actor.permissions, department)
        ? NOTE_MESSAGES.readOnly
        : NOTE_MESSAGES.forbidden,
  };
  const titleContext: ModalTitleContext = {
    companyName: await titleCompany(db, target),
    unitNumber: target.unitNumber,
  };
  return { titleContext, data };
}

/** The add call's body from the dialog's form and URL: the board is the department. */
function addInputOf(department: NoteDepartment, search: URLSearchParams, note: string) {
  const unitNumber = search.get("unitNumber");
  return {
    note,
    FormHistoryID: search.get("formHistoryId") ?? undefined,
    department,
    unitNumber: takesUnitNumber(department) && unitNumber ? unitNumber : undefined,
  };
}

export const NOTES_DIALOG_SERVER = serveBoardDialog(NOTES_DIALOG, {
  load: loadNotesDialog,
  intents: {
    async [NOTE_INTENTS.add](context, input) {
      const department = noteDepartmentOf(context.route);
      if (!department) return refuse(404, NOTE_MESSAGES.noNotesHere);
      const outcome = await addNote(
        context.db,
        context.actor,
        addInputOf(department, context.search, input.note),
        context.now,
      );
      return outcome.ok ? { ...outcome, stayOpen: true } : outcome;
    },
    async [NOTE_INTENTS.cancel](context, input) {
      const outcome = await cancelNote(context.db, context.actor, input, context.now);
      return outcome.ok ? { ...outcome, stayOpen: true } : outcome;
    },
  },
});
