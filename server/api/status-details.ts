// Status details over JSON (ADR 044): GET /api/getStatusDetails/{status}/{item}/{availability}/{model}
// (the specification's call; the client's defaults are ALL, all, all, all), one page of the slice with
// `page` and `perPage` in the query, and POST /api/setRentalUse. Thin: app/modules/fleet decides.
import express from "express";
import { z } from "zod";
import { setRentalUse } from "../../app/modules/fleet/rental-use.server.ts";
import { statusDetailsPage } from "../../app/modules/fleet/status-details.server.ts";
import type { AppServices } from "../../app/modules/platform/services.server.ts";
import {
  AVAILABILITIES,
  parsePaging,
  parseStatusSlice,
  PER_PAGE_OPTIONS,
  RENTAL_USE_CHANGE_FROM,
  RENTAL_USE_CHANGE_TYPE_ID,
  STATUS_DETAILS_MESSAGES,
  STATUS_DETAILS_SORTS,
} from "../../app/rules/fleet/status-details.ts";
import { TRUCK_TYPE_VALUES } from "../../app/rules/fleet/truck-types.ts";
import { unlocksRoute } from "../../app/rules/access/permissions.ts";
import { FORBIDDEN_MESSAGE, requireSession } from "./authenticate.ts";
import { defineEndpoint, route } from "./endpoint.ts";
import { operationEndpoint } from "./operation-endpoint.ts";
import { doneSchema, operationResponses, REFUSALS } from "./schemas.ts";

const rowSchema = z
  .object({
    UnitNumber: z.string(),
    Description: z.string(),
    TruckStatusDescription: z.string(),
    SubStatus: z.string().nullable(),
    TruckNotes: z.string().nullable(),
    ChangeDate: z.string().meta({ description: "ISO 8601: when the status last changed." }),
    OverrideLate: z.boolean(),
    OverrideReason: z.string().nullable(),
    TruckYear: z.int(),
    TruckMake: z.string(),
    TruckModel: z.string(),
    TruckColor: z.string(),
    Reserved: z.boolean(),
    ReservedFor: z.string().nullable(),
    ReservedOn: z.string().nullable(),
    RentalUse: z.enum(["Rental", "Trade"]).nullable(),
    Late: z.boolean().meta({ description: "Past the status's threshold and not overridden." }),
  })
  .meta({ id: "StatusDetailRow" });

const ROW_EXAMPLE = {
  UnitNumber: "T40512",
  Description: "1/2 Ton",
  TruckStatusDescription: "NEW",
  SubStatus: null,
  TruckNotes: "Spare key in lockbox",
  ChangeDate: "2026-10-30T14:05:00.000Z",
  OverrideLate: false,
  OverrideReason: null,
  TruckYear: 2026,
  TruckMake: "Ford",
  TruckModel: "F-150",
  TruckColor: "Oxford White",
  Reserved: true,
  ReservedFor: "Prairie Line Builders",
  ReservedOn: "2026-11-20T09:12:00.000Z",
  RentalUse: "Rental",
  Late: true,
};

const READERS = "the status count page's readers (monthsinfleet, or all access).";

export const STATUS_DETAILS_ENDPOINTS = {
  details: defineEndpoint({
    method: "get",
    path: "/api/getStatusDetails/{status}/{item}/{availability}/{model}",
    tag: "Status details",
    summary: "One page of the units in a status",
    description:
      "The units of a status (`ALL` for every status), filtered by truck type, availability and model (`all` for " +
      "any), sorted and paged on the server: `perPage` 25 (default), 50, 100 or all. Rows are the specification's " +
      "status rows, with `Late`. An unknown status is a 404.",
    access: "session",
    permission: READERS,
    params: z.object({
      status: z
        .string()
        .meta({ description: "A unit status as written (NEW, RE-RENT, In Maintenance…) or ALL.", example: "NEW" }),
      item: z.enum(["all", ...TRUCK_TYPE_VALUES]).meta({ example: "all" }),
      availability: z.enum(AVAILABILITIES).meta({ example: "all" }),
      model: z.string().meta({ description: "A model (F-150…) or all.", example: "all" }),
    }),
    query: z.object({
      page: z.string().optional().meta({ description: "1 or more; default 1." }),
      perPage: z.enum(PER_PAGE_OPTIONS).optional(),
      sort: z.enum(STATUS_DETAILS_SORTS).optional().meta({ description: "Default changeDate (oldest first)." }),
      dir: z.enum(["asc", "desc"]).optional(),
      subStatus: z.string().optional().meta({ description: "Only this sub-status; empty for units without one." }),
    }),
    responses: {
      200: {
        description: "The page and the slice's size.",
        schema: z
          .object({ rows: z.array(rowSchema), total: z.int(), page: z.int(), pageCount: z.int() })
          .meta({ id: "StatusDetailsPage" }),
        example: { rows: [ROW_EXAMPLE], total: 1, page: 1, pageCount: 1 },
      },
      400: REFUSALS[400],
      401: REFUSALS[401],
      403: REFUSALS[403],
      404: REFUSALS[404],
    },
  }),
  setRentalUse: defineEndpoint({
    method: "post",
    path: "/api/setRentalUse",
    tag: "Status details",
    summary: "Set or undo a unit's Rental Use",
    description:
      "Rental or Trade, or empty (null) to undo, on a unit in NEW or RE-RENT status. Needs set-rental-use and the " +
      "caller's id in the software variable 'Rental Use Override Permissions'. Writes unit history (Rental Use) " +
      "and announces `rentalUseSet`; open status lists read again 30 s later.",
    access: "session",
    permission: "set-rental-use, listed in 'Rental Use Override Permissions'.",
    body: {
      schema: z.object({
        UnitNumber: z.string().meta({ description: "1 to 8 capitals, digits or hyphens." }),
        NewValue: z.enum(["Rental", "Trade", ""]).nullable(),
        ChangeTypeID: z.literal(RENTAL_USE_CHANGE_TYPE_ID),
        ChangeFrom: z.literal(RENTAL_USE_CHANGE_FROM),
      }),
      example: { UnitNumber: "T40512", NewValue: "Trade", ChangeTypeID: 6, ChangeFrom: "Status Count" },
    },
    responses: operationResponses({
      description: "Saved.",
      schema: doneSchema,
      example: { ok: true, message: STATUS_DETAILS_MESSAGES.rentalUseSaved },
    }),
  }),
} as const;

export function createStatusDetailsRouter(services: AppServices): express.Router {
  const router = express.Router();
  const db = services.database.prisma;
  route(
    router,
    STATUS_DETAILS_ENDPOINTS.details,
    requireSession(services),
    // The status count page's own permission, from the route table, so the page and its API agree.
    (_req, res, next) => {
      if (unlocksRoute(res.locals.session!.permissions, "statuscount")) return next();
      res.status(403).json({ error: FORBIDDEN_MESSAGE });
    },
    async (req, res) => {
      const param = (name: string) => {
        const value: unknown = req.params[name];
        return typeof value === "string" ? value : null;
      };
      const slice = parseStatusSlice({
        status: param("status"),
        item: param("item"),
        availability: param("availability"),
        model: param("model"),
        subStatus: typeof req.query.subStatus === "string" ? req.query.subStatus : null,
      });
      const search = new URLSearchParams();
      for (const name of ["page", "perPage", "sort", "dir"]) {
        const value = req.query[name];
        if (value === undefined) continue;
        if (typeof value !== "string") {
          res.status(400).json({ error: STATUS_DETAILS_MESSAGES.badPage });
          return;
        }
        search.set(name, value);
      }
      const paging = parsePaging(search);
      if (!slice.ok || !paging.ok) {
        const refusal = !slice.ok ? slice : (paging as Extract<typeof paging, { ok: false }>);
        res.status(refusal.status).json({ error: refusal.message });
        return;
      }
      const page = await statusDetailsPage(db, { ...slice.value, ...paging.value }, new Date());
      res.set("Cache-Control", "private, no-store").json(page);
    },
  );
  route(router, STATUS_DETAILS_ENDPOINTS.setRentalUse, ...operationEndpoint(services, setRentalUse));
  return router;
}
