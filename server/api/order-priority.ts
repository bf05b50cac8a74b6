// PUT /api/order/set-priority, /api/order/remove-priority and /api/order/remove-prepay (ADR 041), the
// specification's calls. Thin: the domain operations (app/modules/orders/order-priority.server.ts) decide.
import express from "express";
import { z } from "zod";
import { removePrepay, removePriority, setPriority } from "../../app/modules/orders/order-priority.server.ts";
import type { AppServices } from "../../app/modules/platform/services.server.ts";
import { PRIORITY_REASON_MAX_LENGTH, PRIORITY_REASONS } from "../../app/rules/orders/order-priority.ts";
import { defineEndpoint, route } from "./endpoint.ts";
import { recordId } from "./field-schemas.ts";
import { operationEndpoint } from "./operation-endpoint.ts";
import { operationResponses } from "./schemas.ts";

const WHO = "On Rent, Off Rent or Transport.";

const priorityBody = z.object({
  PriorityReason: z
    .string()
    .max(PRIORITY_REASON_MAX_LENGTH)
    .nullable()
    .meta({ description: `One of ${PRIORITY_REASONS.slice(0, -1).join(", ")}, or Other's own text (at most 64).` }),
  PriorityDeadline: z.string().nullable().optional().meta({ description: "YYYY-MM-DD, or null." }),
  FormHistoryID: recordId("The request's id.", 4321),
  ChangedField: z.string().optional().meta({ description: "PriorityReason (informative)." }),
  OldValue: z
    .string()
    .nullable()
    .optional()
    .meta({ description: "The priority the change was made from (null: none); another one now answers 409." }),
  NewValue: z.string().nullable().optional().meta({ description: "Informative: the reason set." }),
});

export const ORDER_PRIORITY_ENDPOINTS = {
  setPriority: defineEndpoint({
    method: "put",
    path: "/api/order/set-priority",
    tag: "Orders",
    summary: "Set a request's priority",
    description: "Priority cards sort first on every board and show the reason and the deadline.",
    access: "session",
    permission: WHO,
    body: {
      schema: priorityBody,
      example: {
        PriorityReason: "Hard Deadline",
        PriorityDeadline: "2026-12-01",
        FormHistoryID: 4321,
        ChangedField: "PriorityReason",
        OldValue: null,
        NewValue: "Hard Deadline",
      },
    },
    responses: operationResponses(),
  }),
  removePriority: defineEndpoint({
    method: "put",
    path: "/api/order/remove-priority",
    tag: "Orders",
    summary: "Remove a request's priority",
    description: "The same fields, reason and deadline null. A request without a priority answers 409.",
    access: "session",
    permission: WHO,
    body: {
      schema: priorityBody,
      example: {
        PriorityReason: null,
        PriorityDeadline: null,
        FormHistoryID: 4321,
        ChangedField: "PriorityReason",
        OldValue: "Hard Deadline",
        NewValue: null,
      },
    },
    responses: operationResponses(),
  }),
  removePrepay: defineEndpoint({
    method: "put",
    path: "/api/order/remove-prepay",
    tag: "Orders",
    summary: "Remove an order's confirmed prepay",
    description: "ConfirmedPrepay goes from 1 to 0; already 0 answers 409.",
    access: "session",
    permission: "On Rent.",
    body: {
      schema: z.object({
        OrderFormID: recordId("The order's id.", 118),
        FormHistoryID: recordId("The request's id.", 4321),
        ChangedField: z.literal("ConfirmedPrepay"),
        OldValue: z.literal(1),
        NewValue: z.literal(0),
      }),
      example: { OrderFormID: 118, FormHistoryID: 4321, ChangedField: "ConfirmedPrepay", OldValue: 1, NewValue: 0 },
    },
    responses: operationResponses(),
  }),
} as const;

export function createOrderPriorityRouter(services: AppServices): express.Router {
  const router = express.Router();
  route(router, ORDER_PRIORITY_ENDPOINTS.setPriority, ...operationEndpoint(services, setPriority));
  route(router, ORDER_PRIORITY_ENDPOINTS.removePriority, ...operationEndpoint(services, removePriority));
  route(router, ORDER_PRIORITY_ENDPOINTS.removePrepay, ...operationEndpoint(services, removePrepay));
  return router;
}
