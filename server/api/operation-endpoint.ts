// One JSON endpoint for one domain operation (issues 4 and 5): parse the JSON body (a malformed body is a
// 400, never a 500), require a session, run the operation, answer its refusal as
// `{ error, errors?, conflict? }` with its status, or `{ ok: true }` after reporting the card lists it
// changed, so every open board refreshes (server/realtime).
import express, { type RequestHandler } from "express";
import type { OperationActor, OperationResult } from "../../app/modules/operations/operation.server.ts";
import { refusalBody } from "../../app/rules/dialogs/operation-result.ts";
import type { Db } from "../../app/modules/platform/services.server.ts";
import type { AppServices } from "../../app/modules/platform/services.server.ts";
import { requireSession } from "./authenticate.ts";

export type DomainOperation = (db: Db, actor: OperationActor, input: unknown) => Promise<OperationResult>;

const parseJson = express.json({ limit: "64kb" });

export function operationEndpoint(services: AppServices, operation: DomainOperation): RequestHandler[] {
  return [
    parseJson,
    requireSession(services),
    async (req, res) => {
      res.set("Cache-Control", "no-store");
      const result = await operation(services.database.prisma, res.locals.session!, req.body ?? {});
      if (!result.ok) {
        res.status(result.status).json(refusalBody(result));
        return;
      }
      services.boardChanges.listsChanged(result.lists, result.requests);
      res.json(result.message ? { ok: true, message: result.message } : { ok: true });
    },
  ];
}
