// The notes calls (ADR 012): POST /api/orders/note/new, PUT /api/orders/note/cancel (both
// through operationEndpoint: 400/401/403/404/409 with a message, or { ok: true } after reporting the
// card lists whose note counts changed), GET /api/orders/{form}/notes/{unit} and GET
// /api/all-unit-notes/{unit} (the notes list in the spec's Note shape, newest first). Thin: the domain
// (app/modules/notes) decides.
import express, { type RequestHandler } from "express";
import { addNote } from "../../app/modules/notes/note-add.server.ts";
import { cancelNote } from "../../app/modules/notes/note-cancel.server.ts";
import { listRequestNotes, listUnitNotes, type NotesRead } from "../../app/modules/notes/note-list.server.ts";
import type { OperationActor } from "../../app/modules/operations/operation.server.ts";
import { refusalBody } from "../../app/rules/dialogs/operation-result.ts";
import { IGNORE_UNIT, NOTE_DEPARTMENT_VALUES } from "../../app/rules/notes.ts";
import { addNoteInput, cancelNoteInput, requestNotesParams, unitNotesParams } from "../../app/rules/notes-schema.ts";
import { z } from "zod";
import type { Db } from "../../app/modules/platform/services.server.ts";
import type { AppServices } from "../../app/modules/platform/services.server.ts";
import { requireSession } from "./authenticate.ts";
import { defineEndpoint, route } from "./endpoint.ts";
import { operationEndpoint } from "./operation-endpoint.ts";
import { operationResponses, REFUSALS } from "./schemas.ts";

const noteSchema = z
  .object({
    NoteID: z.number().int(),
    NoteType: z
      .enum(NOTE_DEPARTMENT_VALUES)
      .meta({ description: "The board (lower-case route name) it was written on." }),
    FirstName: z.string(),
    LastName: z.string(),
    NoteUnitNumber: z.string().meta({ description: "Blank for an order note." }),
    CreatedOn: z.iso.datetime().meta({ description: "An ISO instant." }),
    NoteSubject: z.string(),
    NoteCancelled: z.union([z.literal(0), z.literal(1)]),
  })
  .meta({ id: "Note" });

const notesAnswer = {
  200: {
    description: "The notes, newest first.",
    schema: z.array(noteSchema),
    example: [
      {
        NoteID: 812,
        NoteType: "onboarding",
        FirstName: "Dana",
        LastName: "Reyes",
        NoteUnitNumber: "",
        CreatedOn: "2026-11-24T14:05:00.000Z",
        NoteSubject: "Customer asked to deliver before noon.",
        NoteCancelled: 0,
      },
    ],
  },
  400: REFUSALS[400],
  401: REFUSALS[401],
  403: REFUSALS[403],
  404: REFUSALS[404],
} as const;

const MAY_READ = "whoever may open a board that keeps notes.";

export const NOTES_ENDPOINTS = {
  add: defineEndpoint({
    method: "post",
    path: "/api/orders/note/new",
    tag: "Notes",
    summary: "Add a note to an order or a unit",
    access: "session",
    permission: "the permission of the board it is written on (not ar-read-only).",
    body: {
      schema: addNoteInput,
      example: { note: "Customer asked to deliver before noon.", FormHistoryID: 1234, department: "onboarding" },
    },
    responses: operationResponses(),
  }),
  cancel: defineEndpoint({
    method: "put",
    path: "/api/orders/note/cancel",
    tag: "Notes",
    summary: "Cancel (1) or restore (0) a note",
    access: "session",
    permission: "its author, or all access.",
    body: { schema: cancelNoteInput, example: { cancelValue: 1, noteId: 812 } },
    responses: operationResponses(),
  }),
  requestNotes: defineEndpoint({
    method: "get",
    path: "/api/orders/{form}/notes/{unit}",
    tag: "Notes",
    summary: "The notes of an order (and of one of its units)",
    description: `\`unit\` is \`${IGNORE_UNIT}\` for the order's own notes only.`,
    access: "session",
    permission: MAY_READ,
    params: requestNotesParams,
    responses: notesAnswer,
  }),
  unitNotes: defineEndpoint({
    method: "get",
    path: "/api/all-unit-notes/{unit}",
    tag: "Notes",
    summary: "Every note about a unit",
    access: "session",
    permission: MAY_READ,
    params: unitNotesParams,
    responses: notesAnswer,
  }),
} as const;

function notesList(
  services: AppServices,
  read: (db: Db, actor: OperationActor, params: unknown) => Promise<NotesRead>,
): RequestHandler[] {
  return [
    requireSession(services),
    async (req, res) => {
      res.set("Cache-Control", "no-store");
      const result = await read(services.database.prisma, res.locals.session!, req.params);
      if (!result.ok) {
        res.status(result.status).json(refusalBody(result));
        return;
      }
      res.json(result.notes.map((note) => note.record));
    },
  ];
}

export function createNotesRouter(services: AppServices): express.Router {
  const router = express.Router();
  route(router, NOTES_ENDPOINTS.add, ...operationEndpoint(services, addNote));
  route(router, NOTES_ENDPOINTS.cancel, ...operationEndpoint(services, cancelNote));
  route(router, NOTES_ENDPOINTS.requestNotes, ...notesList(services, listRequestNotes));
  route(router, NOTES_ENDPOINTS.unitNotes, ...notesList(services, listUnitNotes));
  return router;
}
