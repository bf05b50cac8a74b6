// Working the queue over JSON (ADR 011): PUT /api/queue/approve, /api/queue/assign-carrier,
// /api/queue/complete-transport and /api/queue/unit-status. Thin: the domain decides (400 with field
// messages, 403, 404, 409); a success answers { ok: true } and reports the changed card lists.
import express from "express";
import {
  approveOrder,
  assignCarrier,
  completeTransport,
  moveUnitStatus,
} from "../../app/modules/queue/index.server.ts";
import type { AppServices } from "../../app/modules/platform/services.server.ts";
import { type DomainOperation, operationEndpoint } from "./operation-endpoint.ts";

export const QUEUE_ENDPOINTS: Readonly<Record<string, DomainOperation>> = {
  "/api/queue/approve": approveOrder,
  "/api/queue/assign-carrier": assignCarrier,
  "/api/queue/complete-transport": completeTransport,
  "/api/queue/unit-status": moveUnitStatus,
};

export function createQueueRouter(services: AppServices): express.Router {
  const router = express.Router();
  for (const [path, operation] of Object.entries(QUEUE_ENDPOINTS))
    router.put(path, ...operationEndpoint(services, operation));
  return router;
}
