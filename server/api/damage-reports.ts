// Damage reports over JSON (ADR 050): the list and one report as /damageInspection shows
// them, the staff actions (review, dismiss, claim) through the same domain operations as the page's forms,
// and the photos, served only to a session that may inspect damage (private, cached for ever).
// Thin: app/modules/damage-reports decides.
import express from "express";
import { z } from "zod";
import {
  claimDamageReport,
  damagePhotoKey,
  dismissDamageReport,
  listDamageReports,
  readDamageReport,
  reviewDamageReport,
} from "../../app/modules/damage-reports/damage-inspection.server.ts";
import { fileStorageFor } from "../../app/modules/files/file-storage.server.ts";
import { idFromPath } from "../../app/modules/operations/operation.server.ts";
import type { AppServices } from "../../app/modules/platform/services.server.ts";
import {
  DAMAGE_INSPECTION_MESSAGES,
  DAMAGE_PHOTO_SIZES,
  DAMAGE_REPORT_STATUSES,
  type DamagePhotoSize,
  mayInspectDamage,
  readPageNumber,
  readStatusFilter,
} from "../../app/rules/damage-reports/damage-inspection.ts";
import { FORBIDDEN_MESSAGE } from "../../app/rules/dialogs/operation-result.ts";
import { requireSession } from "./authenticate.ts";
import { defineEndpoint, route } from "./endpoint.ts";
import { recordId } from "./field-schemas.ts";
import { ifMatchHeaders, operationEndpoint, versionedEditResponses } from "./operation-endpoint.ts";
import { doneSchema, REFUSALS } from "./schemas.ts";
import { sendStoredFile } from "../storage/send-stored-file.ts";
import type { RequestHandler } from "express";

const WHO = "damageInspection's holders (the route table: all access).";
const reportParams = z.object({ reportId: recordId("The damage report's id: digits only.", 412) });
const statusSchema = z.enum(DAMAGE_REPORT_STATUSES);

const rowSchema = z
  .object({
    id: z.int(),
    reference: z.string().meta({ description: "What the customer was given: DMG-000412." }),
    status: statusSchema,
    unitNumber: z.string(),
    companyName: z.string(),
    contactName: z.string(),
    location: z.string(),
    occurredOn: z.string().nullable(),
    submittedAt: z.string(),
    photoCount: z.int(),
  })
  .meta({ id: "DamageReportRow" });

const reportSchema = z
  .object({
    id: z.int(),
    reference: z.string(),
    status: statusSchema,
    version: z.int().meta({ description: "Send it back as `version` (or `If-Match`) with an action." }),
    unitNumber: z.string(),
    unitKnown: z.boolean(),
    companyName: z.string(),
    companyCode: z.string().nullable(),
    contactName: z.string(),
    contactEmail: z.string().nullable(),
    contactPhone: z.string().nullable(),
    location: z.string(),
    occurredOn: z.string().nullable(),
    description: z.string(),
    submittedAt: z.string(),
    photos: z.array(z.object({ id: z.int(), position: z.int(), width: z.int(), height: z.int() })),
    claim: z
      .object({
        claimNumber: z.string(),
        amount: z.string(),
        status: z.string(),
        description: z.string(),
        settled: z.boolean(),
      })
      .nullable(),
  })
  .meta({ id: "DamageReport" });

const REPORT_EXAMPLE = {
  id: 412,
  reference: "DMG-000412",
  status: "NEW",
  version: 1,
  unitNumber: "T10482",
  unitKnown: true,
  companyName: "Harbor Build Co",
  companyCode: "00042",
  contactName: "Sam Ortiz",
  contactEmail: "sam@harborbuild.example",
  contactPhone: "(312) 555-0199",
  location: "Job site, 400 W Lake St, Chicago",
  occurredOn: "2026-11-20",
  description: "Rear bumper bent after backing into a post.",
  submittedAt: "2026-11-20T15:04:00.000Z",
  photos: [{ id: 9001, position: 1, width: 1200, height: 800 }],
  claim: null,
};

const versionBody = z.object({ version: z.int().meta({ description: "The report's version as read." }) });
const actedSchema = doneSchema
  .extend({ DamageReportID: z.int(), version: z.int(), ClaimID: z.int().optional() })
  .meta({ id: "DamageReportActed" });

const action = (name: "review" | "dismiss" | "claim", summary: string, description: string) =>
  defineEndpoint({
    method: "post",
    path: `/api/damage-reports/{reportId}/${name}`,
    tag: "Damage reports",
    summary,
    description,
    access: "session",
    permission: WHO,
    params: reportParams,
    headers: ifMatchHeaders,
    body:
      name === "claim"
        ? {
            schema: versionBody.extend({
              amount: z.string().meta({ description: "Dollars and cents, more than 0 (1250.00)." }),
              description: z.string().max(2000).meta({ description: "Required, at most 2000 characters." }),
            }),
            example: { version: 2, amount: "1250.00", description: "Rear bumper replaced" },
          }
        : { schema: versionBody, example: { version: 1 } },
    responses: versionedEditResponses({
      description: "Done; the AR claims list refreshes.",
      schema: actedSchema,
      example: { ok: true, DamageReportID: 412, version: 2, message: DAMAGE_INSPECTION_MESSAGES.reviewed },
    }),
  });

export const DAMAGE_REPORTS_ENDPOINTS = {
  list: defineEndpoint({
    method: "get",
    path: "/api/damage-reports",
    tag: "Damage reports",
    summary: "One page of damage reports",
    description: "Newest first, 25 a page, filtered by status (NEW unless told; `all` for every report).",
    access: "session",
    permission: WHO,
    query: z.object({
      status: z.string().optional().meta({ description: "NEW, REVIEWED, CLAIMED, DISMISSED or all." }),
      page: z.string().optional(),
    }),
    responses: {
      200: {
        description: "The page and each status's count.",
        schema: z.object({
          reports: z.array(rowSchema),
          counts: z.record(z.string(), z.int()),
          status: z.string(),
          page: z.int(),
          pageCount: z.int(),
          total: z.int(),
        }),
        example: {
          reports: [{ ...REPORT_EXAMPLE, photoCount: 1 }].map(
            ({ id, reference, status, unitNumber, companyName, contactName, location, occurredOn, submittedAt }) => ({
              id,
              reference,
              status,
              unitNumber,
              companyName,
              contactName,
              location,
              occurredOn,
              submittedAt,
              photoCount: 1,
            }),
          ),
          counts: { NEW: 1, REVIEWED: 0, CLAIMED: 0, DISMISSED: 0 },
          status: "NEW",
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
    path: "/api/damage-reports/{reportId}",
    tag: "Damage reports",
    summary: "A damage report",
    description: "Its fields, photos (see the photo endpoint), claim and version (also the ETag).",
    access: "session",
    permission: WHO,
    params: reportParams,
    responses: {
      200: {
        description: "The report.",
        schema: reportSchema,
        example: REPORT_EXAMPLE,
        headers: { ETag: "The version." },
      },
      401: REFUSALS[401],
      403: REFUSALS[403],
      404: REFUSALS[404],
    },
  }),
  photo: defineEndpoint({
    method: "get",
    path: "/api/damage-reports/{reportId}/photos/{photoId}/{size}",
    tag: "Damage reports",
    summary: "A damage report's photo",
    description:
      "JPEG without metadata (ADR 043), `large` (at most 1600 px) or `small` (320 px). Cache-Control " +
      "`private, max-age=31536000, immutable` with an ETag: a photo's bytes never change.",
    access: "session",
    permission: WHO,
    params: z.object({
      reportId: recordId("The damage report's id.", 412),
      photoId: recordId("The photo's id.", 9001),
      size: z.enum(DAMAGE_PHOTO_SIZES),
    }),
    responses: {
      200: { description: "The photo.", contentType: "image/jpeg" },
      304: { description: "Not modified (If-None-Match)." },
      401: REFUSALS[401],
      403: REFUSALS[403],
      404: REFUSALS[404],
    },
  }),
  review: action("review", "Mark a damage report reviewed", "NEW → REVIEWED. Another status answers 409."),
  dismiss: action("dismiss", "Dismiss a damage report", "NEW or REVIEWED → DISMISSED. Another status answers 409."),
  claim: action(
    "claim",
    "Turn a damage report into a claim",
    "NEW or REVIEWED → CLAIMED, and an OPEN claim (CLM-…) against the unit's customer on the AR claims list. " +
      "A report whose unit is not in the fleet, or not on rent to a customer, answers 409.",
  ),
} as const;

/** 403 unless the session may inspect damage (after requireSession). */
/** A path parameter as text (Express types a wildcard's as a list). */
const param = (value: string | string[] | undefined) => (typeof value === "string" ? value : null);

const inspectors = (): RequestHandler => (_req, res, next) => {
  if (mayInspectDamage(res.locals.session!.permissions)) return next();
  res.status(403).json({ error: FORBIDDEN_MESSAGE });
};

export function createDamageReportsRouter(services: AppServices): express.Router {
  const router = express.Router();
  const db = services.database.prisma;
  const storage = fileStorageFor(services.config);
  const byReport = { pathParams: ["reportId"] } as const;
  route(router, DAMAGE_REPORTS_ENDPOINTS.list, requireSession(services), inspectors(), async (req, res) => {
    const status = typeof req.query.status === "string" ? req.query.status : null;
    const page = typeof req.query.page === "string" ? req.query.page : null;
    const list = await listDamageReports(db, { status: readStatusFilter(status), page: readPageNumber(page) });
    res.set("Cache-Control", "private, no-store").json(list);
  });
  route(router, DAMAGE_REPORTS_ENDPOINTS.read, requireSession(services), inspectors(), async (req, res) => {
    const id = idFromPath(param(req.params.reportId));
    const report = id === null ? null : await readDamageReport(db, id);
    if (!report) {
      res.status(404).json({ error: DAMAGE_INSPECTION_MESSAGES.notFound });
      return;
    }
    const { history: _history, ...body } = report;
    res.set({ "Cache-Control": "private, no-store", ETag: `"${report.version}"` }).json(body);
  });
  route(router, DAMAGE_REPORTS_ENDPOINTS.photo, requireSession(services), inspectors(), async (req, res) => {
    const reportId = idFromPath(param(req.params.reportId));
    const photoId = idFromPath(param(req.params.photoId));
    const size = param(req.params.size);
    const key =
      reportId === null || photoId === null || !(DAMAGE_PHOTO_SIZES as readonly string[]).includes(size ?? "")
        ? null
        : await damagePhotoKey(db, reportId, photoId, size as DamagePhotoSize);
    if (!key) {
      res.status(404).json({ error: DAMAGE_INSPECTION_MESSAGES.photoNotFound });
      return;
    }
    await sendStoredFile(req, res, storage, key);
  });
  route(router, DAMAGE_REPORTS_ENDPOINTS.review, ...operationEndpoint(services, reviewDamageReport, byReport));
  route(router, DAMAGE_REPORTS_ENDPOINTS.dismiss, ...operationEndpoint(services, dismissDamageReport, byReport));
  route(router, DAMAGE_REPORTS_ENDPOINTS.claim, ...operationEndpoint(services, claimDamageReport, byReport));
  return router;
}
