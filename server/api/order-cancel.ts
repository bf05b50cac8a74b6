// PUT /api/order/cancel (ADR 013): cancel a request with a note. Thin: the domain operation
// (app/modules/orders/order-cancel.server.ts) decides — 400 with field messages, 401, 403, 404, 409 —
// and a success answers { ok: true } after reporting the boards the request left.
import express from "express";
import { cancelOrder } from "../../app/modules/orders/order-cancel.server.ts";
import { ORDER_CANCEL_API_PATH } from "../../app/rules/orders/order-cancel.ts";
import type { AppServices } from "../../app/modules/platform/services.server.ts";
import { operationEndpoint } from "./operation-endpoint.ts";

export function createOrderCancelRouter(services: AppServices): express.Router {
  const router = express.Router();
  router.put(ORDER_CANCEL_API_PATH, ...operationEndpoint(services, cancelOrder));
  return router;
}
