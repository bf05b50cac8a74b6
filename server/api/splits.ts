// Splitting orders, trades and off-rents over JSON (ADR 049): the specification's
// GET /api/getOrderReservations/{FormHistoryID}, /api/getTradeReservations/{FormHistoryID} and
// PUT /api/split-order, /api/split-trade, /api/split-off-rent. Thin: app/rules/splits/split-body.ts reads the
// bodies, app/modules/splits/split.server.ts splits (the dialogs' Save runs the same operation).
import express, { type RequestHandler } from "express";
import { z } from "zod";
import type { AppServices } from "../../app/modules/platform/services.server.ts";
import { splitRequest } from "../../app/modules/splits/split.server.ts";
import { loadReservations, SPLIT_LOAD_MESSAGES } from "../../app/modules/splits/split-load.server.ts";
import type { OperationActor } from "../../app/modules/operations/operation.server.ts";
import { readSplitBody } from "../../app/rules/splits/split-body.ts";
import { maySplit } from "../../app/rules/splits/split-dialog.ts";
import type { SplitKind } from "../../app/rules/splits/splits.ts";
import { readId } from "../../app/rules/ids.ts";
import type { Db } from "../../app/modules/platform/services.server.ts";
import { requireSession } from "./authenticate.ts";
import { defineEndpoint, route } from "./endpoint.ts";
import { operationEndpoint } from "./operation-endpoint.ts";
import { operationResponses, REFUSALS } from "./schemas.ts";

const count = (description: string) => z.number().int().min(0).max(999).meta({ description });
const units = (description: string) =>
  z
    .array(z.union([z.string(), z.object({ ReservedUnit: z.string() }), z.object({ UnitNumber: z.string() })]))
    .meta({ description });

const splitFields = {
  SplitNumber: z
    .number()
    .int()
    .optional()
    .meta({ description: "1 for the part that stays the original (informative)." }),
  Remaining: count("Trucks of this part still to be delivered (an off-rent's: to be picked up)."),
  Total: count("Total on Order of this part."),
};
const typeCounts = {
  Half: count("1/2 Tons."),
  ThreeQ: count("3/4 Tons."),
  Flat: count("Flatbeds."),
  Service: count("Service Body."),
};

const orderSplit = z.object({ ...splitFields, ...typeCounts, Reservations: units("Reserved units of this part.") });
const tradeSplit = orderSplit.extend({
  Returning: count("Returns Remaining of this part: trucks it sends back."),
  OffRents: units("Returning units of this part."),
});
const offRentSplit = z.object({ ...splitFields, OffTrucks: units("Returning units of this part.") });

const og = {
  FormHistoryID: z.number().int().positive().meta({ description: "The request split.", example: 4321 }),
  Version: z.number().int().positive().optional().meta({ description: "The version split from; another answers 409." }),
};
const ogOrder = z.object({
  ...og,
  CorporateName: z.string().optional(),
  TrucksRemaining: count("As the caller saw it; another value answers 409.").optional(),
  TrucksRequested: count("As the caller saw it.").optional(),
  HalfTonCount: count("As the caller saw it.").optional(),
  ThreeQuarterTonCount: count("As the caller saw it.").optional(),
  OneTonFlatCount: count("As the caller saw it.").optional(),
  OneTonServiceCount: count("As the caller saw it.").optional(),
});
const ogTrade = z.object({
  ...og,
  CorporateNameTrade: z.string().optional(),
  NewTrucksRemaining: count("As the caller saw it; another value answers 409.").optional(),
  ReturnTrucksRemaining: count("As the caller saw it.").optional(),
  NumTrucksReturning: count("As the caller saw it.").optional(),
  HalfTonCountTrade: count("As the caller saw it.").optional(),
  ThreeQuarterTonCountTrade: count("As the caller saw it.").optional(),
  OneTonFlatCountTrade: count("As the caller saw it.").optional(),
  OneTonServiceCountTrade: count("As the caller saw it.").optional(),
  TruckTrade: z.string().optional().meta({ description: "Informative." }),
  TradeLink: z.string().nullable().optional().meta({ description: "Informative." }),
});
const ogOffRent = z.object({
  ...og,
  Trucks: z.string().optional().meta({ description: "Informative: the units, comma-separated." }),
  NumTrucksReturning: count("As the caller saw it; another value answers 409.").optional(),
  TrucksRemaining: count("As the caller saw it.").optional(),
});

const reservationSchema = z
  .object({
    ReservedUnit: z.string(),
    FormHistoryID: z.number().int(),
    OrderFormID: z.number().int().nullable().optional(),
    TradeFormID: z.number().int().nullable().optional(),
    SplitNumber: z.number().int().nullable(),
    Movable: z.boolean().meta({ description: "Whether a split may move it to another part." }),
    FixedBecause: z
      .string()
      .nullable()
      .meta({ description: "Why it stays on the first part (assigned to a carrier)." }),
  })
  .meta({ id: "Reservation" });

const requestParams = z.object({
  FormHistoryID: z.string().meta({ description: "The request's id.", example: "4321" }),
});

const RULES =
  "The specification's rules and messages (§5.10–5.12) answer 400; units that cannot move (assigned to a carrier, " +
  "picked up, not identified) stay on the first part; a request changed since (Version, an Og number, its units) " +
  "answers 409, and so does a cancelled, delivered or returned one. One transaction: every truck, reservation and " +
  "unit is on exactly one part after.";

const readEndpoint = (kind: "order" | "trade") =>
  defineEndpoint({
    method: "get",
    path: kind === "order" ? "/api/getOrderReservations/{FormHistoryID}" : "/api/getTradeReservations/{FormHistoryID}",
    tag: "Splits",
    summary: kind === "order" ? "An order's reservations" : "A trade's reservations",
    description: "The units reserved for it, oldest first, with whether a split may move each.",
    access: "session",
    permission: "On Rent.",
    params: requestParams,
    responses: {
      200: {
        description: "Its reservations, possibly none.",
        schema: z.array(reservationSchema),
        example: [
          {
            ReservedUnit: "H24-0123",
            FormHistoryID: 4321,
            ...(kind === "order" ? { OrderFormID: 118 } : { TradeFormID: 77 }),
            SplitNumber: null,
            Movable: true,
            FixedBecause: null,
          },
        ],
      },
      400: { ...REFUSALS[400], example: { error: SPLIT_LOAD_MESSAGES.notFound[kind] } },
      401: REFUSALS[401],
      403: { ...REFUSALS[403], example: { error: SPLIT_LOAD_MESSAGES.forbidden } },
      404: { ...REFUSALS[404], example: { error: SPLIT_LOAD_MESSAGES.notFound[kind] } },
    },
  });

const splitEndpoint = (kind: SplitKind, path: string, schema: z.ZodType, example: unknown) =>
  defineEndpoint({
    method: "put",
    path,
    tag: "Splits",
    summary: kind === "order" ? "Split an order" : kind === "trade" ? "Split a trade" : "Split an off-rent",
    description: RULES,
    access: "session",
    permission: kind === "off-rent" ? "Off Rent." : "On Rent.",
    body: { schema, example },
    responses: operationResponses(),
  });

export const SPLITS_ENDPOINTS = {
  orderReservations: readEndpoint("order"),
  tradeReservations: readEndpoint("trade"),
  splitOrder: splitEndpoint("order", "/api/split-order", z.object({ Splits: z.array(orderSplit), OgOrder: ogOrder }), {
    Splits: [
      {
        SplitNumber: 1,
        Remaining: 12,
        Total: 12,
        Half: 12,
        ThreeQ: 0,
        Flat: 0,
        Service: 0,
        Reservations: ["H24-0123"],
      },
      { SplitNumber: 2, Remaining: 8, Total: 8, Half: 8, ThreeQ: 0, Flat: 0, Service: 0, Reservations: [] },
    ],
    OgOrder: { FormHistoryID: 4321, TrucksRemaining: 20, TrucksRequested: 20, HalfTonCount: 20 },
  }),
  splitTrade: splitEndpoint("trade", "/api/split-trade", z.object({ Splits: z.array(tradeSplit), OgTrade: ogTrade }), {
    Splits: [
      {
        Remaining: 1,
        Total: 1,
        Half: 1,
        ThreeQ: 0,
        Flat: 0,
        Service: 0,
        Reservations: [],
        Returning: 1,
        OffRents: ["R22-0042"],
      },
      { Remaining: 1, Total: 1, Half: 1, ThreeQ: 0, Flat: 0, Service: 0, Reservations: [], Returning: 1, OffRents: [] },
    ],
    OgTrade: { FormHistoryID: 4400, NewTrucksRemaining: 2, ReturnTrucksRemaining: 2, NumTrucksReturning: 2 },
  }),
  splitOffRent: splitEndpoint(
    "off-rent",
    "/api/split-off-rent",
    z.object({ Splits: z.array(offRentSplit), OgOrder: ogOffRent }),
    {
      Splits: [
        { Remaining: 2, Total: 2, OffTrucks: ["R22-0042", "R22-0043"] },
        { Remaining: 1, Total: 1, OffTrucks: ["R22-0044"] },
      ],
      OgOrder: { FormHistoryID: 4500, NumTrucksReturning: 3, TrucksRemaining: 3 },
    },
  ),
} as const;

/** The operation of PUT /api/split-<kind>: the body read, then the split. */
const splitOperation = (kind: SplitKind) => async (db: Db, actor: OperationActor, input: unknown) => {
  // Permission before the body is read, so a caller without it learns nothing from the validation.
  if (!maySplit(kind, actor.permissions))
    return { ok: false as const, status: 403 as const, message: SPLIT_LOAD_MESSAGES.forbidden };
  const read = readSplitBody(kind, input);
  if (!read.ok)
    return {
      ok: false as const,
      status: 400 as const,
      message: read.message,
      fieldErrors: { [read.field]: [read.message] },
    };
  return splitRequest(db, actor, kind, read.body);
};

const reservationsOf =
  (services: AppServices, kind: "order" | "trade"): RequestHandler =>
  async (req, res) => {
    res.set("Cache-Control", "private, no-store");
    if (!maySplit(kind, res.locals.session!.permissions)) {
      res.status(403).json({ error: SPLIT_LOAD_MESSAGES.forbidden });
      return;
    }
    const formHistoryId = readId(req.params.FormHistoryID);
    if (formHistoryId === null) {
      res.status(400).json({ error: SPLIT_LOAD_MESSAGES.notFound[kind] });
      return;
    }
    const rows = await loadReservations(services.database.prisma, kind, formHistoryId);
    if (rows === null) {
      res.status(404).json({ error: SPLIT_LOAD_MESSAGES.notFound[kind] });
      return;
    }
    res.json(rows);
  };

export function createSplitsRouter(services: AppServices): express.Router {
  const router = express.Router();
  route(router, SPLITS_ENDPOINTS.orderReservations, requireSession(services), reservationsOf(services, "order"));
  route(router, SPLITS_ENDPOINTS.tradeReservations, requireSession(services), reservationsOf(services, "trade"));
  route(router, SPLITS_ENDPOINTS.splitOrder, ...operationEndpoint(services, splitOperation("order")));
  route(router, SPLITS_ENDPOINTS.splitTrade, ...operationEndpoint(services, splitOperation("trade")));
  route(router, SPLITS_ENDPOINTS.splitOffRent, ...operationEndpoint(services, splitOperation("off-rent")));
  return router;
}
