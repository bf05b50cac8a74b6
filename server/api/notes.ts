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
import type { Db } from "../../app/modules/platform/services.server.ts";
import type { AppServices } from "../../app/modules/platform/services.server.ts";
import { requireSession } from "./authenticate.ts";
import { operationEndpoint } from "./operation-endpoint.ts";

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
  router.post("/api/orders/note/new", ...operationEndpoint(services, addNote));
  router.put("/api/orders/note/cancel", ...operationEndpoint(services, cancelNote));
  router.get("/api/orders/:form/notes/:unit", ...notesList(services, listRequestNotes));
  router.get("/api/all-unit-notes/:unit", ...notesList(services, listUnitNotes));
  return router;
}
