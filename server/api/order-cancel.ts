// PUT /api/order/cancel (ADR 013): cancel a request with a note. Thin: the domain operation
// (app/modules/orders/order-cancel.server.ts) decides — 400 with field messages, 401, 403, 404, 409 —
// and a success answers { ok: true } after reporting the boards the request left.
import express from "express";
import { cancelOrder } from "../../app/modules/orders/order-cancel.server.ts";
import { ORDER_CANCEL_API_PATH } from "../../app/rules/orders/order-cancel.ts";
import { orderCancelSchema } from "../../app/rules/orders/order-cancel-schema.ts";
import type { AppServices } from "../../app/modules/platform/services.server.ts";
import { defineEndpoint, route } from "./endpoint.ts";
import { operationEndpoint } from "./operation-endpoint.ts";
import { operationResponses } from "./schemas.ts";

export const ORDER_CANCEL_ENDPOINTS = {
  cancel: defineEndpoint({
    method: "put",
    path: ORDER_CANCEL_API_PATH,
    tag: "Orders",
    summary: "Cancel a request with a note",
    description:
      "Takes the request off every board. The order's view (statuses, company, trucks) is checked for its shape " +
      "only; `version`, when sent, must be the order's current one.",
    access: "session",
    permission: "the permission of the board it is cancelled from.",
    body: {
      schema: orderCancelSchema,
      example: {
        note: "Customer found trucks elsewhere.",
        FormHistoryID: 1234,
        department: "onboarding",
        offboardingStatus: 0,
        onboardingStatus: 1,
        CompanyName: "Acme Paving",
        CompanyNumber: "01234",
        Trucks: "3 x 3/4 Ton",
      },
    },
    responses: operationResponses(),
  }),
} as const;

export function createOrderCancelRouter(services: AppServices): express.Router {
  const router = express.Router();
  route(router, ORDER_CANCEL_ENDPOINTS.cancel, ...operationEndpoint(services, cancelOrder));
  return router;
}
