// Working the queue over JSON (ADR 011): PUT /api/queue/approve, /api/queue/assign-carrier,
// /api/queue/complete-transport and /api/queue/unit-status. Thin: the domain decides (400 with field
// messages, 403, 404, 409); a success answers { ok: true } and reports the changed card lists.
import express from "express";
import {
  approveOrder,
  assignCarrier,
  completeTransport,
  moveUnitStatus,
  type QueueActor,
  type QueueResult,
} from "../../app/modules/queue/index.server.ts";
import type { Db } from "../database.ts";
import type { AppServices } from "../services.ts";
import { requireSession } from "./authenticate.ts";

const parseJson = express.json({ limit: "16kb" });

type QueueOperation = (db: Db, actor: QueueActor, input: unknown) => Promise<QueueResult>;

export const QUEUE_ENDPOINTS: Readonly<Record<string, QueueOperation>> = {
  "/api/queue/approve": approveOrder,
  "/api/queue/assign-carrier": assignCarrier,
  "/api/queue/complete-transport": completeTransport,
  "/api/queue/unit-status": moveUnitStatus,
};

export function createQueueRouter(services: AppServices): express.Router {
  const router = express.Router();
  for (const [path, operation] of Object.entries(QUEUE_ENDPOINTS)) {
    router.put(path, parseJson, requireSession(services), async (req, res) => {
      res.set("Cache-Control", "no-store");
      const result = await operation(services.database.prisma, res.locals.session!, req.body ?? {});
      if (!result.ok) {
        res
          .status(result.status)
          .json(result.fieldErrors ? { error: result.message, errors: result.fieldErrors } : { error: result.message });
        return;
      }
      services.boardChanges.listsChanged(result.lists);
      res.json({ ok: true });
    });
  }
  return router;
}
