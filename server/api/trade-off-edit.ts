// PUT /api/trade/off/edit: the trade off-rent payload plus the return half's version (in the body
// or as If-Match), GET /api/trades/{FormHistoryID}/off (that payload as the return half stands, its version
// as ETag) and GET /api/trade-form/completed-truck-list/{TradeFormID} (the trade's completed
// returning units). Thin: the domain (app/modules/orders/trade-off-edit.server.ts, the off-rent edit's steps
// of ADR 015) answers 400 with field messages, 403, 404, or 409 (412 for a stale If-Match) with `conflict`.
import express from "express";
import { z } from "zod";
import {
  editTradeOffOrder,
  listCompletedTradeUnits,
  readTradeOffOrder,
} from "../../app/modules/orders/trade-off-edit.server.ts";
import type { AppServices } from "../../app/modules/platform/services.server.ts";
import { COMPANY_CODE_LENGTH } from "../../app/rules/masks.ts";
import { RETURNING_UNIT_STATUS } from "../../app/rules/orders/order-stages.ts";
import {
  TRADE_OFF_EDIT_MESSAGES,
  tradeOffEditSchema,
  usedOrCompletedMessage,
} from "../../app/rules/orders/trade-off-edit.ts";
import { defineEndpoint, route } from "./endpoint.ts";
import { PICKUP_EXAMPLE, returningVinsExample } from "./off-rent-edit.ts";
import { recordId } from "./field-schemas.ts";
import {
  ifMatchHeaders,
  operationEndpoint,
  recordReadEndpoint,
  recordReadResponses,
  versionedEditResponses,
  pathReadEndpoint,
} from "./operation-endpoint.ts";
import { REFUSALS } from "./schemas.ts";

/** A returning unit row as the read answers it (inline: the read's properties are compared with the edit's). */
const returningUnitReadSchema = z
  .object({
    vin: z.string(),
    odometer: z.string().regex(/^\d+$/),
    assignedStatus: z.enum(["assigned", "unassigned"]).meta({ description: "Whether a carrier holds its pickup." }),
    statusID: z.int().meta({ description: "0 New, 5 Awaiting Pickup, 6 Picked Up, 7 Received (6 and 7: completed)." }),
    originalInfo: z
      .object({ id: z.int(), vin: z.string(), odometer: z.string() })
      .meta({ description: "The stored line this row stands for: keep it, so the edit knows the row." }),
  })
  .meta({ description: "A returning unit line as the edit takes it back unchanged." });

// Typed against the edit's schema: a property the edit takes and the read lacks (or the reverse) does not compile.
const tradeOffShape = {
  TradeFormID: z.int(),
  FormHistoryID: z.int(),
  OffRentFormID: z.int().meta({ description: "The trade's return half." }),
  compNameTrade: z.string(),
  compCode: z.string().regex(new RegExp(`^\\d{${COMPANY_CODE_LENGTH}}$`)),
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
  pickupZip: z.string().nullable(),
  returningVins: z
    .array(returningUnitReadSchema)
    .meta({ description: "Every returning unit, completed ones included." }),
  deletedVins: z.array(returningUnitReadSchema).max(0).meta({ description: "Empty: nothing is removed yet." }),
  changedData: z.record(z.string(), z.string()).meta({ description: "Empty: nothing is changed yet." }),
  version: z.int().meta({ description: "The return half's version now (also the ETag)." }),
} satisfies Record<keyof typeof tradeOffEditSchema.shape, z.ZodType>;

// No component id for either top-level schema: the read's properties and the edit's are compared as JSON
// Schema gives them, without following references.
export const tradeOffSchema = z
  .object(tradeOffShape)
  .meta({ description: "A trade's return half as `PUT /api/trade/off/edit` takes it back." });

const completedTrucksSchema = z
  .array(z.object({ UnitNumber: z.string() }))
  .meta({ description: "The trade's returning units already picked up or received, each once." });

/** A real trade's return half as read: the edit's example too, since a read sent back (with a change) is an edit. */
const TRADE_OFF_EXAMPLE = {
  TradeFormID: 214,
  FormHistoryID: 4402,
  OffRentFormID: 391,
  compNameTrade: "Acme Paving LLC",
  compCode: "01234",
  submittedBy: "Pat Jones",
  pickupDate: "2026-12-01",
  ...PICKUP_EXAMPLE,
  returningVins: returningVinsExample(RETURNING_UNIT_STATUS.pickedUp),
  deletedVins: [],
  changedData: {},
  version: 3,
};

export const TRADE_OFF_EDIT_ENDPOINTS = {
  edit: defineEndpoint({
    method: "put",
    path: "/api/trade/off/edit",
    tag: "Orders",
    summary: "Edit a trade's return half and its returning units",
    description:
      "The off-rent edit's rules on a trade's return half: writes the fields and unit lines that changed, with " +
      "one history entry, moves the counts and the stage with the list, and copies the company, Submitted By, " +
      "the pickup and the returning counts to the trade (TradeForm, whose version moves too). Send the body " +
      "`GET /api/trades/{FormHistoryID}/off` answers, with your changes: every stored line once, in " +
      "`returningVins` (kept) or `deletedVins` (removed), except that completed lines (statusID 6 or 7) may be " +
      "left out and then stay as they are; a new row has `originalInfo: null`. Added or renamed units are " +
      "tested as `POST /api/truck/vin-test` does. Every field is required but `pickupStreetAddress2`, " +
      `\`pickupPhoneAlt\` and \`pickupZip\` (\`${TRADE_OFF_EDIT_MESSAGES.allFieldsRequired}\`); the units' ` +
      "numbers and odometers are required only while no unit has a carrier or is completed. A unit used twice, " +
      `or one already completed on the trade, answers \`${usedOrCompletedMessage("{unit}")}\`.`,
    access: "session",
    permission: "the Off Rent (Offboarding) permission.",
    headers: ifMatchHeaders,
    body: { schema: tradeOffEditSchema, example: { ...TRADE_OFF_EXAMPLE, pickupCity: "Burnet" } },
    responses: versionedEditResponses(),
  }),
  read: defineEndpoint({
    method: "get",
    path: "/api/trades/{FormHistoryID}/off",
    tag: "Orders",
    summary: "Read a trade's return half as its edit takes it",
    description:
      "Every field `PUT /api/trade/off/edit` takes, with the returning units as its rows, the ids and the " +
      "return half's version (also the ETag). A FormHistoryID of a request that is not a trade answers 404.",
    access: "session",
    permission: "whoever may open a board that shows trades' returns: Off Rent (Offboarding) or Transport.",
    params: z.object({ FormHistoryID: recordId("The trade's request id: digits only.", 4402) }),
    responses: recordReadResponses({
      description: "The trade's return half.",
      schema: tradeOffSchema,
      example: TRADE_OFF_EXAMPLE,
    }),
    readFor: "PUT /api/trade/off/edit",
  }),
  completedTrucks: defineEndpoint({
    method: "get",
    path: "/api/trade-form/completed-truck-list/{TradeFormID}",
    tag: "Orders",
    summary: "List a trade's completed returning units",
    description:
      "The returning units a carrier already picked up (statusID 6 Picked Up or 7 Received): the trade's swap " +
      "of each is done, so none may be entered on the trade again. Writes nothing.",
    access: "session",
    permission:
      "whoever may read either half of a trade: Off Rent (Offboarding), On Rent (Onboarding), Transport, or " +
      "Transport Edit and Alternate VINs.",
    params: z.object({ TradeFormID: recordId("The trade's TradeFormID: digits only.", 214) }),
    responses: {
      200: {
        description: "The completed units, in line order.",
        schema: completedTrucksSchema,
        example: [{ UnitNumber: "T10517" }],
      },
      401: REFUSALS[401],
      403: REFUSALS[403],
      404: REFUSALS[404],
    },
  }),
} as const;

export function createTradeOffEditRouter(services: AppServices): express.Router {
  const router = express.Router();
  route(router, TRADE_OFF_EDIT_ENDPOINTS.edit, ...operationEndpoint(services, editTradeOffOrder));
  route(router, TRADE_OFF_EDIT_ENDPOINTS.read, ...recordReadEndpoint(services, "FormHistoryID", readTradeOffOrder));
  route(
    router,
    TRADE_OFF_EDIT_ENDPOINTS.completedTrucks,
    ...pathReadEndpoint(services, "TradeFormID", listCompletedTradeUnits, (found) => found.units),
  );
  return router;
}
