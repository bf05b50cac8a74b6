// PUT /api/order/cancel (spec 1 §7; ADR 013): cancel a request with a note. Thin: the domain operation
// (app/modules/orders/cancel-order.server.ts) decides — 400 with field messages, 401, 403, 404, 409 —
// and a success answers { ok: true } after reporting the boards the request left.
import express from "express";
import { cancelOrder } from "../../app/modules/orders/cancel-order.server.ts";
import { CANCEL_ORDER_API_PATH } from "../../app/rules/order-cancel.ts";
import type { AppServices } from "../../app/modules/platform/services.server.ts";
import { operationEndpoint } from "./operation-endpoint.ts";

export function createOrderCancelRouter(services: AppServices): express.Router {
  const router = express.Router();
  router.put(CANCEL_ORDER_API_PATH, ...operationEndpoint(services, cancelOrder));
  return router;
}
