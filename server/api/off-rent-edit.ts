// PUT /api/off-rent/edit (the off-rent edit payload plus `version`, in the body or as If-Match), GET
// /api/off-rents/{FormHistoryID} (that payload as the off-rent stands, with its version as ETag) and POST
// /api/truck/vin-test {vins, FormHistoryID} (ADR 015). Thin: the domain decides (400 with field messages,
// 403, 404, 409 with `conflict`, 412 for a stale If-Match); an edit answers { ok: true } and reports the
// changed card lists; a unit test answers the map unit number → valid.
import express from "express";
import { z } from "zod";
import { MAX_ID } from "../../app/modules/operations/operation.server.ts";
import { editOffRentOrder } from "../../app/modules/orders/off-rent-edit.server.ts";
import { readOffRent } from "../../app/modules/orders/off-rent-edit-load.server.ts";
import { testReturningUnits } from "../../app/modules/orders/vin-test.server.ts";
import { refusalBody } from "../../app/rules/dialogs/operation-result.ts";
import { COMPANY_CODE_LENGTH } from "../../app/rules/masks.ts";
import { offRentEditSchema, vinTestSchema } from "../../app/rules/orders/off-rent-edit/schema.ts";
import { RETURNING_UNIT_STATUS } from "../../app/rules/orders/order-stages.ts";
import type { AppServices } from "../../app/modules/platform/services.server.ts";
import { requireSession } from "./authenticate.ts";
import { defineEndpoint, route } from "./endpoint.ts";
import {
  ifMatchHeaders,
  operationEndpoint,
  recordReadEndpoint,
  recordReadResponses,
  versionedEditResponses,
} from "./operation-endpoint.ts";
import { REFUSALS } from "./schemas.ts";

const returningUnitSchema = z
  .object({
    vin: z.string(),
    odometer: z.string().regex(/^\d+$/),
    assignedStatus: z.enum(["assigned", "unassigned"]).meta({ description: "Whether a carrier holds its pickup." }),
    statusID: z.int(),
    originalInfo: z
      .object({ id: z.int(), vin: z.string(), odometer: z.string() })
      .meta({ description: "The stored line this row stands for: keep it, so the edit knows the row." }),
  })
  .meta({ id: "ReturningUnit", description: "A returning unit line as the edit takes it back unchanged." });

// Typed against the edit's schema: a property the edit takes and the read lacks (or the reverse) does not compile.
const offRentShape = {
  compCode: z.string().regex(new RegExp(`^\\d{${COMPANY_CODE_LENGTH}}$`)),
  compName: z.string(),
  submittedBy: z.string(),
  pickupDate: z.iso.date(),
  pickupName: z.string(),
  pickupEmail: z.string(),
  pickupPhone: z.string(),
  pickupPhoneAlt: z.string().nullable(),
  pickupStreetAddress: z.string(),
  pickupStreetAddress2: z.string().nullable(),
  pickupCity: z.string(),
  pickupState: z.string(),
  pickupZip: z.string(),
  returningVins: z.array(returningUnitSchema),
  deletedVins: z.array(returningUnitSchema).max(0).meta({ description: "Empty: nothing is removed yet." }),
  changedData: z.record(z.string(), z.string()).meta({ description: "Empty: nothing is changed yet." }),
  FormHistoryID: z.int(),
  OffRentFormID: z.int(),
  TradeFormID: z.null().meta({ description: "Null: a trade's return half is edited with the trade." }),
  version: z.int().meta({ description: "The off-rent's version now (also the ETag)." }),
} satisfies Record<keyof typeof offRentEditSchema.shape, z.ZodType>;

export const offRentSchema = z
  .object(offRentShape)
  .meta({ description: "An off-rent order as `PUT /api/off-rent/edit` takes it back." });

const unitTestResultsSchema = z.record(z.string(), z.boolean()).meta({
  id: "UnitTestResults",
  description: "Each unit number (upper-case) → whether it may be returned on the order.",
});

/** The pickup fields of the examples (an off-rent's, a trade's return half's). */
/**
 * The returning units of the examples: one awaiting pickup, one a carrier holds (`second`: its status, for
 * a trade whose carrier already picked it up).
 */
export function returningVinsExample(second: number = RETURNING_UNIT_STATUS.awaitingPickup) {
  return [
    {
      vin: "T10482",
      odometer: "48211",
      assignedStatus: "unassigned",
      statusID: RETURNING_UNIT_STATUS.awaitingPickup,
      originalInfo: { id: 9051, vin: "T10482", odometer: "48211" },
    },
    {
      vin: "T10517",
      odometer: "39870",
      assignedStatus: "assigned",
      statusID: second,
      originalInfo: { id: 9052, vin: "T10517", odometer: "39870" },
    },
  ];
}

export const PICKUP_EXAMPLE = {
  pickupName: "Pat Jones",
  pickupEmail: "pat@acmepaving.com",
  pickupPhone: "(512) 456-7890",
  pickupPhoneAlt: null,
  pickupStreetAddress: "4100 FM 1431",
  pickupStreetAddress2: null,
  pickupCity: "Marble Falls",
  pickupState: "TX",
  pickupZip: "78654",
};

/** A real off-rent's read: the edit's example too, since a read sent back (with a change) is an edit. */
const OFF_RENT_EXAMPLE = {
  compCode: "01234",
  compName: "Acme Paving LLC",
  submittedBy: "Pat Jones",
  pickupDate: "2026-12-01",
  ...PICKUP_EXAMPLE,
  returningVins: returningVinsExample(),
  deletedVins: [],
  changedData: {},
  FormHistoryID: 4388,
  OffRentFormID: 377,
  TradeFormID: null,
  version: 2,
};

export const OFF_RENT_EDIT_ENDPOINTS = {
  edit: defineEndpoint({
    method: "put",
    path: "/api/off-rent/edit",
    tag: "Orders",
    summary: "Edit an off-rent order and its returning units",
    description:
      "Writes the fields and unit lines that changed, with one history entry, and moves the counts and the " +
      "stage with the list. Send the body `GET /api/off-rents/{FormHistoryID}` answers, with your changes: " +
      "every stored line once, in `returningVins` (kept) or `deletedVins` (removed); a new row has " +
      "`originalInfo: null`. Added or renamed units are tested as `POST /api/truck/vin-test` does.",
    access: "session",
    permission: "the Off Rent (Offboarding) permission.",
    headers: ifMatchHeaders,
    body: { schema: offRentEditSchema, example: { ...OFF_RENT_EXAMPLE, pickupDate: "2026-12-03" } },
    responses: versionedEditResponses(),
  }),
  read: defineEndpoint({
    method: "get",
    path: "/api/off-rents/{FormHistoryID}",
    tag: "Orders",
    summary: "Read an off-rent order as its edit takes it",
    description:
      "Every field `PUT /api/off-rent/edit` takes, with the returning units as its rows, the ids and the version " +
      "(also the ETag). A FormHistoryID of an order or a trade answers 404.",
    access: "session",
    permission: "whoever may open a board that shows off-rents: Off Rent (Offboarding) or Transport.",
    params: z.object({
      FormHistoryID: z.int().min(1).max(MAX_ID).meta({ description: "The request's id: digits only.", example: 4388 }),
    }),
    responses: recordReadResponses({ description: "The off-rent.", schema: offRentSchema, example: OFF_RENT_EXAMPLE }),
    readFor: "PUT /api/off-rent/edit",
  }),
  vinTest: defineEndpoint({
    method: "post",
    path: "/api/truck/vin-test",
    tag: "Orders",
    summary: "Test returning unit numbers",
    description:
      "Whether each unit number names a fleet unit that may be returned on this off-rent: on rent to its " +
      "customer (or the one `compCode` names) and not returning on another order (an off-rent or a trade's " +
      "returning units). Writes nothing.",
    access: "session",
    permission:
      "the Off Rent (Offboarding) permission; for a trade also the trade's on-rent editors (On Rent, Transport Edit).",
    body: { schema: vinTestSchema, example: { vins: ["T10482", "T10517"], FormHistoryID: 4388, compCode: "01234" } },
    responses: {
      200: {
        description: "Each unit number → valid.",
        schema: unitTestResultsSchema,
        example: { T10482: true, T10517: false },
      },
      400: REFUSALS[400],
      401: REFUSALS[401],
      403: REFUSALS[403],
      404: REFUSALS[404],
    },
  }),
} as const;

export function createOffRentEditRouter(services: AppServices): express.Router {
  const router = express.Router();
  route(router, OFF_RENT_EDIT_ENDPOINTS.edit, ...operationEndpoint(services, editOffRentOrder));
  route(router, OFF_RENT_EDIT_ENDPOINTS.read, ...recordReadEndpoint(services, "FormHistoryID", readOffRent));
  route(
    router,
    OFF_RENT_EDIT_ENDPOINTS.vinTest,
    express.json({ limit: "64kb" }),
    requireSession(services),
    async (req, res) => {
      res.set("Cache-Control", "no-store");
      const result = await testReturningUnits(services.database.prisma, res.locals.session!, req.body ?? {});
      if (!result.ok) {
        res.status(result.status).json(refusalBody(result));
        return;
      }
      res.json(result.results);
    },
  );
  return router;
}
