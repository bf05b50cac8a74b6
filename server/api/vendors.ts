// Vendors over JSON (ADR 035): POST /api/create-vendor (the specification's call) and
// PUT /api/edit-vendor, the duplicate-name check the vendor dialog runs when the name field is left,
// and the vendors' reads. Thin: the domain modules (app/modules/vendors) decide.
import express from "express";
import { z } from "zod";
import { idFromPath } from "../../app/modules/operations/operation.server.ts";
import type { AppServices } from "../../app/modules/platform/services.server.ts";
import { listVendors } from "../../app/modules/vendors/vendor-directory.server.ts";
import {
  createVendor,
  editVendor,
  findVendorNameMatches,
  readVendor,
} from "../../app/modules/vendors/vendor-edit.server.ts";
import {
  VENDOR_CREATE_API_PATH,
  VENDOR_EDIT_API_PATH,
  VENDOR_ENTITY_TYPES,
  VENDOR_MESSAGES,
  VENDOR_NAME_CHECK_API_PATH,
  VENDOR_TYPES,
} from "../../app/rules/vendors/vendor-edit.ts";
import { vendorNameVerdict } from "../../app/rules/vendors/vendor-name.ts";
import { requirePermission, requireSession } from "./authenticate.ts";
import { defineEndpoint, route } from "./endpoint.ts";
import { recordId } from "./field-schemas.ts";
import { operationEndpoint } from "./operation-endpoint.ts";
import { doneSchema, operationResponses, REFUSALS } from "./schemas.ts";

const text = (description: string) => z.string().meta({ description });
const optionalText = (description: string) => z.string().nullable().optional().meta({ description });

const vendorFieldsSchema = z.object({
  Name: text("Required, at most 120 characters. Saving is refused when its normalised form is another vendor's."),
  Address: text("Required."),
  Address2: optionalText("Optional."),
  City: text("Required."),
  State: text("Required: a two-letter state code."),
  ZipCode: text("Required: 5 digits."),
  Phone: optionalText("(###) ###-####, or digits that make one."),
  Mobile: optionalText("(###) ###-####, or digits that make one."),
  Email: text("Required: an e-mail address."),
  Website: optionalText("At most 200 characters."),
  CargoIns: z
    .union([z.int().min(0), z.string()])
    .nullable()
    .optional()
    .meta({ description: "Whole dollars, 0 or more." }),
  InsExp: optionalText("The cargo insurance's expiry, YYYY-MM-DD."),
  FederalId: optionalText("At most 20 characters."),
  EntityType: z.enum(VENDOR_ENTITY_TYPES).nullable().optional(),
  VendorType: z
    .enum(VENDOR_TYPES.map((type) => type.value) as [string, ...string[]])
    .optional()
    .meta({ description: "TRANSPORTER when left out." }),
  Contact: optionalText("At most 120 characters."),
});

const VENDOR_EXAMPLE = {
  Name: "Prairie Line Carriers LLC",
  Address: "1200 Industrial Pkwy",
  Address2: "Suite 4",
  City: "Wichita",
  State: "KS",
  ZipCode: "67202",
  Phone: "(316) 555-0142",
  Mobile: null,
  Email: "dispatch@prairieline.example",
  Website: "https://www.prairieline.example",
  CargoIns: 250000,
  InsExp: "2027-06-30",
  FederalId: "48-1234567",
  EntityType: "LLC",
  VendorType: "TRANSPORTER",
  Contact: "Dana Ruiz",
};

const savedSchema = doneSchema
  .extend({ VendorID: z.int() })
  .meta({ id: "VendorSaved", description: "The vendor was saved; its id." });

const matchSchema = z
  .object({ VendorID: z.int(), Name: z.string(), match: z.enum(["exact", "similar"]) })
  .meta({ id: "VendorNameMatch" });

const vendorRowSchema = z
  .object({
    VendorID: z.int(),
    Name: z.string(),
    VendorType: z.string(),
    Contact: z.string().nullable(),
    City: z.string(),
    State: z.string(),
    Phone: z.string().nullable(),
    Email: z.string(),
    CargoIns: z.int().nullable(),
    InsExp: z.string().nullable(),
  })
  .meta({ id: "VendorRow" });

const READERS = "the vendors page's readers: Transport, or Transport Edit and Alternate VINs.";
const EDITORS = "Transport Edit and Alternate VINs (who give transport jobs to carriers).";

export const VENDORS_ENDPOINTS = {
  create: defineEndpoint({
    method: "post",
    path: VENDOR_CREATE_API_PATH,
    tag: "Vendors",
    summary: "Create a vendor",
    description:
      "A name whose normalised form (lower case; no spaces, apostrophes, periods or hyphens; no LLC or Inc; & as " +
      "and) is another vendor's is refused with 409 and a line per such vendor. Similar names are allowed: " +
      "check them first with the name check and confirm on your side. Announces `vendorCreated`.",
    access: "session",
    permission: EDITORS,
    body: { schema: vendorFieldsSchema, example: VENDOR_EXAMPLE },
    responses: operationResponses({
      description: "Created.",
      schema: savedSchema,
      example: { ok: true, VendorID: 118, message: VENDOR_MESSAGES.created },
    }),
  }),
  edit: defineEndpoint({
    method: "put",
    path: VENDOR_EDIT_API_PATH,
    tag: "Vendors",
    summary: "Edit a vendor",
    description: "Every field, as for a create, and `VendorID`. The same name rule, against the other vendors.",
    access: "session",
    permission: EDITORS,
    body: {
      schema: vendorFieldsSchema.extend({ VendorID: recordId("The vendor's id.", 118) }),
      example: { VendorID: 118, ...VENDOR_EXAMPLE },
    },
    responses: operationResponses({
      description: "Saved.",
      schema: savedSchema,
      example: { ok: true, VendorID: 118, message: VENDOR_MESSAGES.saved },
    }),
  }),
  nameCheck: defineEndpoint({
    method: "get",
    path: VENDOR_NAME_CHECK_API_PATH,
    tag: "Vendors",
    summary: "Vendors whose names match a name",
    description:
      "What the vendor dialog asks when its name field is left: `exact` matches block saving, `similar` ones need " +
      "a confirmation. `VendorID` leaves that vendor out (an edit).",
    access: "session",
    permission: READERS,
    query: z.object({
      Name: z.string().max(200).meta({ example: "Swift Haul Transport" }),
      VendorID: z.string().optional().meta({ description: "The vendor being edited, left out of the matches." }),
    }),
    responses: {
      200: {
        description: "The matches, exact ones first, and the verdict.",
        schema: z.object({ verdict: z.enum(["exact", "similar", "new"]), matches: z.array(matchSchema) }),
        example: {
          verdict: "similar",
          matches: [{ VendorID: 2, Name: "Swift-Haul Transportation Inc.", match: "similar" }],
        },
      },
      400: REFUSALS[400],
      401: REFUSALS[401],
      403: REFUSALS[403],
    },
  }),
  list: defineEndpoint({
    method: "get",
    path: "/api/vendors",
    tag: "Vendors",
    summary: "One page of vendors",
    description: "Searched by name, contact, city or e-mail; filtered by type; 25 a page.",
    access: "session",
    permission: READERS,
    query: z.object({
      search: z.string().optional(),
      type: z.string().optional().meta({ description: "all, or a vendor type (TRANSPORTER, …)." }),
      sort: z.enum(["name", "type", "city", "insurance"]).optional(),
      dir: z.enum(["asc", "desc"]).optional(),
      page: z.string().optional(),
    }),
    responses: {
      200: {
        description: "The page.",
        schema: z.object({ vendors: z.array(vendorRowSchema), page: z.int(), pageCount: z.int(), total: z.int() }),
        example: {
          vendors: [
            {
              VendorID: 118,
              Name: VENDOR_EXAMPLE.Name,
              VendorType: "TRANSPORTER",
              Contact: "Dana Ruiz",
              City: "Wichita",
              State: "KS",
              Phone: "(316) 555-0142",
              Email: VENDOR_EXAMPLE.Email,
              CargoIns: 250000,
              InsExp: "2027-06-30",
            },
          ],
          page: 1,
          pageCount: 1,
          total: 1,
        },
      },
      401: REFUSALS[401],
      403: REFUSALS[403],
    },
  }),
  read: defineEndpoint({
    method: "get",
    path: "/api/vendors/{VendorID}",
    tag: "Vendors",
    summary: "A vendor",
    description: "Every field, as an edit takes them.",
    access: "session",
    permission: READERS,
    params: z.object({ VendorID: recordId("The vendor's id: digits only.", 118) }),
    responses: {
      200: { description: "The vendor.", schema: vendorFieldsSchema, example: VENDOR_EXAMPLE },
      401: REFUSALS[401],
      403: REFUSALS[403],
      404: REFUSALS[404],
    },
  }),
} as const;

const readers = () => requirePermission("transport", "transport-edit");

export function createVendorsRouter(services: AppServices): express.Router {
  const router = express.Router();
  const db = services.database.prisma;
  route(router, VENDORS_ENDPOINTS.create, ...operationEndpoint(services, createVendor));
  route(router, VENDORS_ENDPOINTS.edit, ...operationEndpoint(services, editVendor));
  route(router, VENDORS_ENDPOINTS.nameCheck, requireSession(services), readers(), async (req, res) => {
    const name = req.query.Name;
    const except = req.query.VendorID;
    if (typeof name !== "string" || name.length > 200) {
      res.status(400).json({ error: "Name must be text of at most 200 characters." });
      return;
    }
    const exceptId = typeof except === "string" && except !== "" ? idFromPath(except) : null;
    if (typeof except === "string" && except !== "" && exceptId === null) {
      res.status(400).json({ error: VENDOR_MESSAGES.chooseVendor });
      return;
    }
    const matches = await findVendorNameMatches(db, name, exceptId);
    res.set("Cache-Control", "private, no-store").json({ verdict: vendorNameVerdict(matches), matches });
  });
  route(router, VENDORS_ENDPOINTS.list, requireSession(services), readers(), async (req, res) => {
    const page = await listVendors(db, req.query);
    res.set("Cache-Control", "private, no-store").json({
      vendors: page.vendors,
      page: page.page,
      pageCount: page.pageCount,
      total: page.total,
    });
  });
  route(router, VENDORS_ENDPOINTS.read, requireSession(services), readers(), async (req, res) => {
    const param = req.params.VendorID;
    const id = typeof param === "string" ? idFromPath(param) : null;
    const vendor = id === null ? null : await readVendor(db, id);
    if (!vendor) {
      res.status(404).json({ error: VENDOR_MESSAGES.notFound });
      return;
    }
    res.set("Cache-Control", "private, no-store").json(vendor);
  });
  return router;
}
