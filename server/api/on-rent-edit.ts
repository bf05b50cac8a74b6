// PUT /api/order/edit (ADR 014): the on-rent edit payload plus the version it was made from (in the body or
// as If-Match), and GET /api/orders/{FormHistoryID}: that payload as the order stands, with its version as
// ETag, so a client reads, changes a field and sends the read back. Thin: the domain
// (app/modules/orders/on-rent-edit.server.ts) answers 400 with field messages, 403, 404, or 409 (412 for a
// stale If-Match) with the changes made since. Both bodies are documented by schemas built from the field
// table the edit validates with (ON_RENT_EDIT_FIELDS), so the document cannot name a field the edit lacks.
import express from "express";
import { z } from "zod";
import { editOnRentOrder, readOnRentOrder } from "../../app/modules/orders/on-rent-edit.server.ts";
import type { AppServices } from "../../app/modules/platform/services.server.ts";
import { ON_RENT_EDIT_FIELDS, type OnRentEditField } from "../../app/rules/orders/on-rent-edit.ts";
import { defineEndpoint, route } from "./endpoint.ts";
import { editFieldSchema, readFieldSchema, recordId } from "./field-schemas.ts";
import {
  ifMatchHeaders,
  operationEndpoint,
  recordReadEndpoint,
  recordReadResponses,
  versionedEditResponses,
} from "./operation-endpoint.ts";

/** The parts of the body beside the fields; the read answers each of them too, so one can be sent back. */
type EnvelopeName = "OrderFormID" | "FormHistoryID" | "version" | "TrucksRequested" | "TrucksRemaining" | "changedData";

// Inline in the document (no component id), as the off-rent edit's body is: a read's properties and its
// edit's are compared as JSON Schema gives them, without following references.
function orderSchema(envelope: Record<EnvelopeName, z.ZodType>, field: (entry: OnRentEditField) => z.ZodType) {
  return z.object({
    ...envelope,
    ...Object.fromEntries(ON_RENT_EDIT_FIELDS.map((entry) => [entry.name, field(entry)])),
  });
}

export const onRentEditBodySchema = orderSchema(
  {
    OrderFormID: recordId("The order's OrderFormID, as its read answers it."),
    FormHistoryID: recordId("The request's FormHistoryID."),
    // Required as the document says it, although a request may move it into If-Match (operation-endpoint.ts).
    version: z
      .int()
      .min(1)
      .meta({
        description:
          "The version the edit was made from (the read's `version`, also its ETag), or send it as `If-Match` " +
          "instead; when both are sent they must agree. An older one is refused with 409 and what changed since.",
      }),
    TrucksRequested: z
      .int()
      .optional()
      .meta({ description: "The sum of the four counts: when sent it must be that sum, which the order keeps." }),
    TrucksRemaining: z
      .int()
      .optional()
      .meta({ description: "Ignored: the server counts the trucks still without a carrier." }),
    changedData: z
      .record(z.string(), z.string())
      .optional()
      .meta({ description: "Ignored: the server records what really changed." }),
  },
  (entry) => editFieldSchema(entry),
).meta({
  description: "An on-rent order's editable fields, the order's ids and the version the edit was made from.",
});

export const onRentOrderSchema = orderSchema(
  {
    OrderFormID: z.int(),
    FormHistoryID: z.int(),
    version: z.int().meta({ description: "The order's version now (also the ETag)." }),
    TrucksRequested: z.int(),
    TrucksRemaining: z.int().meta({ description: "Trucks of the order still without a carrier." }),
    changedData: z.record(z.string(), z.string()).meta({ description: "Empty: nothing is changed yet." }),
  },
  (entry) => readFieldSchema(entry),
).meta({ description: "An on-rent order as `PUT /api/order/edit` takes it back." });

/** A real order's read: the edit's example too, since a read sent back (with a change) is an edit. */
const ORDER_EXAMPLE = {
  OrderFormID: 812,
  FormHistoryID: 4321,
  version: 3,
  CorporateName: "Acme Paving LLC",
  CompanyNumber: "01234",
  HalfTonCount: 2,
  ThreeQuarterTonCount: 1,
  OneTonFlatCount: 0,
  OneTonServiceCount: 2,
  ExpectedRentalLength: "6 months",
  DamageWaiverID: 2,
  SecondKeyCount: true,
  EarliestDateAvailable: "2026-11-20",
  DateNeeded: "2026-12-01",
  PONumber: "PO-7781",
  DelName: "Pat Jones",
  DelPhone: "(512) 456-7890",
  DelAltPhone: null,
  DelEmail: "pat@acmepaving.com",
  DelStreetAddress: "1200 Congress Ave",
  DelStreetAddress2: null,
  DelCity: "Austin",
  DelState: "TX",
  DelZip: "78701",
  BillName: "Sam Lee",
  BillPhone: "(214) 456-7800",
  BillAltPhone: "(214) 456-7801",
  BillEmail: "ap@acmepaving.com",
  BillStreetAddress: "9 Ledger Rd",
  BillStreetAddress2: "Suite 400",
  BillCity: "Dallas",
  BillState: "TX",
  BillZip: "75201",
  UseStreetAddress: "4100 FM 1431",
  UseStreetAddress2: null,
  UseCity: "Marble Falls",
  UseState: "TX",
  UseZip: "78654",
  RAName: "Pat Jones",
  RAPhone: "(512) 456-7890",
  RAEmail: "pat@acmepaving.com",
  RAFax: null,
  TrucksRequested: 5,
  TrucksRemaining: 2,
  changedData: {},
};

export const ON_RENT_EDIT_ENDPOINTS = {
  edit: defineEndpoint({
    method: "put",
    path: "/api/order/edit",
    tag: "Orders",
    summary: "Edit an on-rent order",
    description:
      "Writes the fields that changed, with one history entry per change, and moves the trucks remaining and " +
      "the stage with a new total. Send the body `GET /api/orders/{FormHistoryID}` answers, with your changes. " +
      "Any required field left blank answers `*All fields must be filled...`; a changed company number moves " +
      "the request to that customer (not once trucks were delivered).",
    access: "session",
    permission: "the On Rent (Onboarding) permission, or Transport Edit and Alternate VINs (from the transport board).",
    headers: ifMatchHeaders,
    body: { schema: onRentEditBodySchema, example: { ...ORDER_EXAMPLE, PONumber: "PO-7790" } },
    responses: versionedEditResponses(),
  }),
  read: defineEndpoint({
    method: "get",
    path: "/api/orders/{FormHistoryID}",
    tag: "Orders",
    summary: "Read an on-rent order as its edit takes it",
    description:
      "Every field `PUT /api/order/edit` takes, in the types it takes them, with the ids, the trucks and the " +
      "version (also the ETag). A FormHistoryID of another kind of request answers 404.",
    access: "session",
    permission:
      "whoever may open a board that shows on-rent orders (On Rent (Onboarding) or Transport), or may edit them " +
      "(Transport Edit and Alternate VINs).",
    params: z.object({ FormHistoryID: recordId("The request's id: digits only.", 4321) }),
    responses: recordReadResponses({
      description: "The order.",
      schema: onRentOrderSchema,
      example: ORDER_EXAMPLE,
    }),
    readFor: "PUT /api/order/edit",
  }),
} as const;

export function createOnRentEditRouter(services: AppServices): express.Router {
  const router = express.Router();
  route(router, ON_RENT_EDIT_ENDPOINTS.edit, ...operationEndpoint(services, editOnRentOrder));
  route(router, ON_RENT_EDIT_ENDPOINTS.read, ...recordReadEndpoint(services, "FormHistoryID", readOnRentOrder));
  return router;
}
