// PUT /api/trade/on/edit: the trade on-rent payload plus the version it was made from (in the
// body or as If-Match), and GET /api/trades/{FormHistoryID}/on: that payload as the trade stands, with its
// version as ETag (ADR 031). Thin: the domain (app/modules/orders/trade-on-edit.server.ts) answers 400 with
// field messages, 403, 404, or 409 (412 for a stale If-Match) with the changes made since. Both bodies are
// documented by schemas built from the field table the edit validates with (TRADE_ON_EDIT_FIELDS), so the
// document cannot name a field the edit lacks; the unit rows are the off-rent edit's row schema.
import { returningVinsExample } from "./off-rent-edit.ts";
import express from "express";
import { z } from "zod";
import { editTradeOnOrder, readTradeOnOrder } from "../../app/modules/orders/trade-on-edit.server.ts";
import type { AppServices } from "../../app/modules/platform/services.server.ts";
import { MAX_RETURNING_LINES } from "../../app/rules/orders/off-rent-edit/fields.ts";
import { returningVinSchema } from "../../app/rules/orders/off-rent-edit/schema.ts";
import {
  TRADE_ON_EDIT_FIELDS,
  TRADE_ON_EDIT_MESSAGES,
  TRADE_ORDER_PAGES,
  type TradeOnEditField,
} from "../../app/rules/orders/trade-on-edit.ts";
import { defineEndpoint, route } from "./endpoint.ts";
import { editFieldSchema, readFieldSchema, recordId } from "./field-schemas.ts";
import {
  ifMatchHeaders,
  operationEndpoint,
  recordReadEndpoint,
  recordReadResponses,
  versionedEditResponses,
} from "./operation-endpoint.ts";

/** Whether a field must be sent, in words. */
function presenceOf(entry: TradeOnEditField): string {
  if (entry.required) return "Required.";
  if (entry.requiredWithDelivery) return "Required with a separate delivery address; null (or empty) for none.";
  if (entry.fallback !== undefined) return `Optional: ${JSON.stringify(entry.fallback)} when none is sent.`;
  return "Optional: null (or empty) for none.";
}

/** A returning unit row as the read answers it (inline: the read's properties are compared with the edit's). */
const readRowSchema = z
  .object({
    vin: z.string(),
    odometer: z.string().regex(/^\d+$/),
    assignedStatus: z.enum(["assigned", "unassigned"]).meta({ description: "Whether a carrier holds its pickup." }),
    statusID: z.int(),
    originalInfo: z
      .object({ id: z.int(), vin: z.string(), odometer: z.string() })
      .meta({ description: "The stored line this row stands for: keep it, so the edit knows the row." }),
  })
  .meta({ description: "A returning unit line as the edit takes it back unchanged." });

/** The parts of the body beside the fields; the read answers each of them too, so one can be sent back. */
type EnvelopeName =
  | "TradeFormID"
  | "FormHistoryID"
  | "version"
  | "orderPage"
  | "returningVins"
  | "deletedVins"
  | "ReturnTrucksRemaining"
  | "NewTrucksRemaining"
  | "changedData";

// Inline in the document (no component id): a read's properties and its edit's are compared as JSON
// Schema gives them, without following references.
function tradeSchema(envelope: Record<EnvelopeName, z.ZodType>, field: (entry: TradeOnEditField) => z.ZodType) {
  return z.object({
    ...envelope,
    ...Object.fromEntries(TRADE_ON_EDIT_FIELDS.map((entry) => [entry.name, field(entry)])),
  });
}

const editRows = z.array(returningVinSchema).max(MAX_RETURNING_LINES);

export const tradeOnEditBodySchema = tradeSchema(
  {
    TradeFormID: recordId("The trade's TradeFormID, as its read answers it."),
    FormHistoryID: recordId("The request's FormHistoryID."),
    // Required as the document says it, although a request may move it into If-Match (operation-endpoint.ts).
    version: z
      .int()
      .min(1)
      .meta({
        description:
          "The TradeForm version the edit was made from (the read's `version`, also its ETag), or send it as " +
          "`If-Match` instead; when both are sent they must agree. An older one is refused with 409 and what " +
          "changed since.",
      }),
    orderPage: z
      .enum(TRADE_ORDER_PAGES)
      .nullable()
      .optional()
      .meta({
        description:
          "The page the edit comes from, `onboarding` when none is sent. On `onboarding` every stored line is " +
          "sent, in `returningVins` or `deletedVins`. `transport` lists only the units still to be swapped: the " +
          "lines already picked up (statusID 6 or 7) may be left out, stay as they are and count as the page's " +
          "unit offset.",
      }),
    returningVins: editRows.meta({
      description:
        "The returning units kept or added. Each stored line once (its `originalInfo.id`); a new row has " +
        "`originalInfo: null` (the dialog's Add: `UPDATE`, odometer `000000`). Added and renamed units are " +
        "tested as `POST /api/truck/vin-test` does; carrier-assigned lines may not change.",
    }),
    deletedVins: editRows.nullable().optional().meta({
      description: "Stored lines removed: only awaiting pickup (statusID 5), without a carrier, and not the last unit.",
    }),
    ReturnTrucksRemaining: z
      .int()
      .optional()
      .meta({ description: "Ignored: the server counts the returning units still without a carrier." }),
    NewTrucksRemaining: z
      .int()
      .optional()
      .meta({ description: "Ignored: the server counts the new trucks still without a carrier." }),
    changedData: z
      .record(z.string(), z.string())
      .optional()
      .meta({ description: "Ignored: the server records what really changed." }),
  },
  (entry) => editFieldSchema(entry, presenceOf(entry)),
).meta({
  description:
    "A trade's on-rent half: its fields, its returning units, the trade's ids and the version the edit was made from.",
});

export const tradeOnReadSchema = tradeSchema(
  {
    TradeFormID: z.int(),
    FormHistoryID: z.int(),
    version: z.int().meta({ description: "The trade's version now (also the ETag)." }),
    orderPage: z.literal("onboarding").meta({ description: "The page whose body lists every unit." }),
    returningVins: z.array(readRowSchema),
    deletedVins: z.array(readRowSchema).max(0).meta({ description: "Empty: nothing is removed yet." }),
    ReturnTrucksRemaining: z.int().meta({ description: "Returning units still without a carrier." }),
    NewTrucksRemaining: z.int().meta({ description: "New trucks still without a carrier." }),
    changedData: z.record(z.string(), z.string()).meta({ description: "Empty: nothing is changed yet." }),
  },
  // Optional fields, the delivery block and the fields with a fallback read as stored: the waiver and
  // yes/no fields always hold a value, the others may be null.
  (entry) => readFieldSchema(entry, !entry.required && entry.fallback === undefined),
).meta({ description: "A trade's on-rent half as `PUT /api/trade/on/edit` takes it back." });

/** A real trade's read: the edit's example too, since a read sent back (with a change) is an edit. */
const TRADE_EXAMPLE = {
  TradeFormID: 214,
  FormHistoryID: 4402,
  version: 2,
  orderPage: "onboarding",
  CorporateNameTrade: "Acme Paving LLC",
  CompanyCode: "01234",
  PONumber: "PO-7781",
  HalfTonCountTrade: 1,
  ThreeQuarterTonCountTrade: 1,
  OneTonFlatCountTrade: 0,
  OneTonServiceCountTrade: 0,
  DamageWaiverID: 2,
  SecondKeyTrade: true,
  ConfirmReturnReady: false,
  pickupDate: "2026-12-01",
  dateReadyForPickup: null,
  submitteeName: "Pat Jones",
  submitDate: "2026-11-20",
  insuranceType: null,
  specialInstructions: "Call the yard before arriving.",
  pickupName: "Pat Jones",
  pickupEmail: "pat@acmepaving.com",
  pickupPhone: "(512) 456-7890",
  pickupAltPhone: null,
  pickupStreetAddress: "4100 FM 1431",
  pickupStreetAddress2: null,
  pickupCity: "Marble Falls",
  pickupState: "TX",
  pickupZip: "78654",
  deliveryName: null,
  deliveryEmail: null,
  deliveryPhone: null,
  deliveryAltPhone: null,
  deliveryStreetAddress: null,
  deliveryStreetAddress2: null,
  deliveryCity: null,
  deliveryState: null,
  deliveryZip: null,
  useStreetAddress: "4100 FM 1431",
  useStreetAddress2: null,
  useCity: "Marble Falls",
  useState: "TX",
  useZip: "78654",
  raName: "Pat Jones",
  raPhone: "(512) 456-7890",
  raEmail: "pat@acmepaving.com",
  raFax: null,
  returningVins: returningVinsExample(),
  deletedVins: [],
  ReturnTrucksRemaining: 1,
  NewTrucksRemaining: 2,
  changedData: {},
};

export const TRADE_ON_EDIT_ENDPOINTS = {
  edit: defineEndpoint({
    method: "put",
    path: "/api/trade/on/edit",
    tag: "Orders",
    summary: "Edit a trade's on-rent half and its returning units",
    description:
      "Writes the fields and unit lines that changed, with one history entry per record changed, keeps both " +
      "halves' counts, and copies the company, Submitted By and pickup fields to the return half. Send the body " +
      "`GET /api/trades/{FormHistoryID}/on` answers, with your changes. Any required field left blank answers " +
      `\`${TRADE_ON_EDIT_MESSAGES.allFieldsRequired}\`. The four counts must sum to the returning units ` +
      `(\`${TRADE_ON_EDIT_MESSAGES.totalMismatch}\`). A separate delivery address is used when any delivery ` +
      "field is filled in: then its name, e-mail, phone, street, city, state and zip are required; with every " +
      "delivery field blank the trucks go to the pickup address.",
    access: "session",
    permission: "the On Rent (Onboarding) permission, or Transport Edit and Alternate VINs (from the transport board).",
    headers: ifMatchHeaders,
    body: { schema: tradeOnEditBodySchema, example: { ...TRADE_EXAMPLE, PONumber: "PO-7790" } },
    responses: versionedEditResponses(),
  }),
  read: defineEndpoint({
    method: "get",
    path: "/api/trades/{FormHistoryID}/on",
    tag: "Orders",
    summary: "Read a trade's on-rent half as its edit takes it",
    description:
      "Every field `PUT /api/trade/on/edit` takes, in the types it takes them, with the returning units as its " +
      "rows, the ids, the counts and the version (also the ETag). A FormHistoryID of another kind of request " +
      "answers 404.",
    access: "session",
    permission:
      "whoever may open a board that shows trades' new trucks (On Rent (Onboarding) or Transport), or may edit " +
      "them (Transport Edit and Alternate VINs).",
    params: z.object({ FormHistoryID: recordId("The request's id: digits only.", 4402) }),
    responses: recordReadResponses({ description: "The trade.", schema: tradeOnReadSchema, example: TRADE_EXAMPLE }),
    readFor: "PUT /api/trade/on/edit",
  }),
} as const;

export function createTradeOnEditRouter(services: AppServices): express.Router {
  const router = express.Router();
  route(router, TRADE_ON_EDIT_ENDPOINTS.edit, ...operationEndpoint(services, editTradeOnOrder));
  route(router, TRADE_ON_EDIT_ENDPOINTS.read, ...recordReadEndpoint(services, "FormHistoryID", readTradeOnOrder));
  return router;
}
