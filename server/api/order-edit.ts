// PUT /api/order/edit (spec 1 §7): the on-rent edit payload plus the version it was made from. Thin: the
// operation (app/modules/orders/edit-on-rent.server.ts) answers 400 with field messages, 403, 404, or 409
// with the changes made since; a save answers { ok: true } and reports the card lists that show the order.
import express from "express";
import { editOnRentOrder } from "../../app/modules/orders/edit-on-rent.server.ts";
import type { AppServices } from "../../app/modules/platform/services.server.ts";
import { operationEndpoint } from "./operation-endpoint.ts";

export const ORDER_EDIT_PATH = "/api/order/edit";

export function createOrderEditRouter(services: AppServices): express.Router {
  const router = express.Router();
  router.put(ORDER_EDIT_PATH, ...operationEndpoint(services, (db, actor, input) => editOnRentOrder(db, actor, input)));
  return router;
}
