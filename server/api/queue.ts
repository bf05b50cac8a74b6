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
import { approveInput } from "../../app/modules/queue/order-approval.server.ts";
import { assignCarrierInput, completeTransportInput } from "../../app/modules/queue/transport.server.ts";
import { unitStatusInput } from "../../app/modules/queue/unit-status.server.ts";
import type { AppServices } from "../../app/modules/platform/services.server.ts";
import { type ApiEndpoint, defineEndpoint, route } from "./endpoint.ts";
import { type DomainOperation, operationEndpoint } from "./operation-endpoint.ts";
import { operationResponses } from "./schemas.ts";

const queueMove = (path: string, summary: string, permission: string, schema: ApiEndpoint["body"]) =>
  defineEndpoint({
    method: "put",
    path,
    tag: "Queue",
    summary,
    access: "session",
    permission,
    body: schema,
    responses: operationResponses(),
  });

export const QUEUE_ENDPOINTS = {
  approve: queueMove(
    "/api/queue/approve",
    "Approve a request (its on-rent or off-rent half)",
    "onboarding or offboarding, for the half.",
    {
      schema: approveInput,
      example: { FormHistoryID: 1234, half: "on" },
    },
  ),
  assignCarrier: queueMove(
    "/api/queue/assign-carrier",
    "Give a transport job to a carrier, or take it back (`VendorID: null`)",
    "transport.",
    { schema: assignCarrierInput, example: { TransportJobID: 88, VendorID: 5 } },
  ),
  completeTransport: queueMove("/api/queue/complete-transport", "Mark a transport job done", "transport.", {
    schema: completeTransportInput,
    example: { TransportJobID: 88 },
  }),
  unitStatus: queueMove(
    "/api/queue/unit-status",
    "Move a unit to its next status (or a chosen one)",
    "the permission of the board it is moved from.",
    { schema: unitStatusInput, example: { UnitNumber: "T1042", NewStatus: "FOR SALE", ChangedFrom: "Recon Board" } },
  ),
} as const;

const OPERATIONS: Readonly<Record<keyof typeof QUEUE_ENDPOINTS, DomainOperation>> = {
  approve: approveOrder,
  assignCarrier,
  completeTransport,
  unitStatus: moveUnitStatus,
};

export function createQueueRouter(services: AppServices): express.Router {
  const router = express.Router();
  for (const name of Object.keys(QUEUE_ENDPOINTS) as (keyof typeof QUEUE_ENDPOINTS)[])
    route(router, QUEUE_ENDPOINTS[name], ...operationEndpoint(services, OPERATIONS[name]));
  return router;
}
