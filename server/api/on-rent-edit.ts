// PUT /api/order/edit (ADR 014): the on-rent edit payload plus the version it was made from. Thin: the
// operation (app/modules/orders/on-rent-edit.server.ts) answers 400 with field messages, 403, 404, or 409
// with the changes made since; a save answers { ok: true } and reports the card lists that show the order.
import express from "express";
import { editOnRentOrder } from "../../app/modules/orders/on-rent-edit.server.ts";
import type { AppServices } from "../../app/modules/platform/services.server.ts";
import { operationEndpoint } from "./operation-endpoint.ts";

export const ON_RENT_EDIT_PATH = "/api/order/edit";

export function createOnRentEditRouter(services: AppServices): express.Router {
  const router = express.Router();
  router.put(
    ON_RENT_EDIT_PATH,
    ...operationEndpoint(services, (db, actor, input) => editOnRentOrder(db, actor, input)),
  );
  return router;
}
