// POST /api/trade/on/convert and POST /api/trade/off/convert (ADR 032): turn a trade into a plain on-rent
// order from either half's editor. Thin: the domain operation (app/modules/orders/trade-convert.server.ts)
// decides (400 'Failed to convert trade...' with field messages, 401, 403, 404, 409, 412 for a stale
// If-Match) and a success answers { ok: true, message } after reporting the boards that changed.
import express from "express";
import { convertTradeFromOffRent, convertTradeFromOnRent } from "../../app/modules/orders/trade-convert.server.ts";
import type { AppServices } from "../../app/modules/platform/services.server.ts";
import {
  TRADE_CONVERT_API_PATHS,
  TRADE_CONVERT_MESSAGES,
  tradeOffConvertSchema,
  tradeOnConvertSchema,
} from "../../app/rules/orders/trade-convert.ts";
import { defineEndpoint, route } from "./endpoint.ts";
import { ifMatchHeaders, operationEndpoint, versionedEditResponses } from "./operation-endpoint.ts";
import { doneSchema } from "./schemas.ts";

/** A one-unit trade converted from the on-rent editor: the customer keeps U1234 instead of a new truck. */
const ON_EXAMPLE = {
  FormHistoryID: 5120,
  TradeFormID: 611,
  version: 3,
  HalfTonCountTrade: 0,
  ThreeQuarterTonCountTrade: 0,
  OneTonFlatCountTrade: 0,
  OneTonServiceCountTrade: 0,
  raName: "Pat Jones",
  raPhone: "(512) 456-7890",
  raEmail: "pat@acmepaving.com",
  raFax: null,
  PONumber: "PO-7781",
  specialInstructions: "Customer keeps the truck on its current contract.",
  insuranceType: "Damage Waiver",
  convertVin: "U1234",
  NewTrucksRemaining: 0,
  ReturnTrucksRemaining: 1,
};

/** The same trade converted from the off-rent editor: its one new truck still goes out, U1234 stays. */
const OFF_EXAMPLE = {
  ...ON_EXAMPLE,
  OffRentFormID: 902,
  HalfTonCountTrade: 1,
  NewTrucksRemaining: 1,
};

const DONE = {
  description: "Converted: the request is now an on-rent order (read it at `GET /api/orders/{FormHistoryID}`).",
  schema: doneSchema,
  example: { ok: true, message: TRADE_CONVERT_MESSAGES.converted },
};

const SHARED =
  "The request keeps its FormHistoryID, notes, jobs and history; its reservations and audit rows follow the new " +
  "OrderForm; the return half (OffRentForm, returning lines, pickups without a carrier) is removed; the unit " +
  "`convertVin` stays on rent to the customer. `version` is the TradeForm's (or send `If-Match`). A refused body " +
  `answers '${TRADE_CONVERT_MESSAGES.failed}' with each field's message.`;

export const TRADE_CONVERT_ENDPOINTS = {
  on: defineEndpoint({
    method: "post",
    path: TRADE_CONVERT_API_PATHS.on,
    tag: "Trades",
    summary: "Convert a trade into an order, from its on-rent editor",
    description:
      "The four counts are the order's new trucks: they must total one less than the trade's returning units " +
      "(the unit kept on rent takes one new truck's place), else 409. " +
      SHARED,
    access: "session",
    permission: "onboarding (the On Rent page).",
    headers: ifMatchHeaders,
    body: { schema: tradeOnConvertSchema, example: ON_EXAMPLE },
    responses: versionedEditResponses(DONE),
  }),
  off: defineEndpoint({
    method: "post",
    path: TRADE_CONVERT_API_PATHS.off,
    tag: "Trades",
    summary: "Convert a trade into an order, from its off-rent editor",
    description:
      "The trade's new trucks are converted as they are: the counts must be the trade's (400 otherwise), and " +
      "`OffRentFormID` must be the trade's return half. " +
      SHARED,
    access: "session",
    permission: "offboarding (the Off Rent page).",
    headers: ifMatchHeaders,
    body: { schema: tradeOffConvertSchema, example: OFF_EXAMPLE },
    responses: versionedEditResponses(DONE),
  }),
} as const;

export function createTradeConvertRouter(services: AppServices): express.Router {
  const router = express.Router();
  route(router, TRADE_CONVERT_ENDPOINTS.on, ...operationEndpoint(services, convertTradeFromOnRent));
  route(router, TRADE_CONVERT_ENDPOINTS.off, ...operationEndpoint(services, convertTradeFromOffRent));
  return router;
}
