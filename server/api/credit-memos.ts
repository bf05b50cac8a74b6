// Credit memos over JSON (issue 15; ADR 040): POST /api/credit-memo/create-new and the invoice/claim check
// (the specification's calls), and approving and voiding a memo. Thin: the domain modules
// (app/modules/credit-memos) decide; each answers 400 with field messages, 403, 404 and 409 as they do.
import express from "express";
import { z } from "zod";
import { findInvoiceClaim, createCreditMemo } from "../../app/modules/credit-memos/credit-memo-create.server.ts";
import { approveCreditMemo, voidCreditMemo } from "../../app/modules/credit-memos/credit-memo-review.server.ts";
import type { AppServices } from "../../app/modules/platform/services.server.ts";
import {
  CREDIT_MEMO_CHECK_API_PATH,
  CREDIT_MEMO_CREATE_API_PATH,
  CREDIT_MEMO_CREATE_MESSAGES,
  CREDIT_MEMO_TYPES,
  mayCreateCreditMemos,
} from "../../app/rules/credit-memos/credit-memo-create.ts";
import {
  CREDIT_MEMO_REVIEW_MESSAGES,
  VOID_REASON_MAX_LENGTH,
} from "../../app/rules/credit-memos/credit-memo-review.ts";
import { requireSession } from "./authenticate.ts";
import { defineEndpoint, route } from "./endpoint.ts";
import { operationEndpoint } from "./operation-endpoint.ts";
import { doneSchema, operationResponses, REFUSALS } from "./schemas.ts";

const CREATORS =
  "accounts-receivable (not ar-read-only alone), credit-memos, credit-memo-approve, credit-memo-edit-void, or all access.";

const amount = z
  .union([z.string(), z.number()])
  .meta({ description: 'Dollars with at most two decimals, from 0.01: `125.5`, `"1,250.00"`. Never rounded.' });

const lineSchema = z
  .object({
    relatedInvoice: z.string().max(40).meta({ description: "Required." }),
    unitNumber: z.string().max(8).meta({ description: "Required: up to 8 letters or digits (upper-cased)." }),
    amount,
    po: z.string().max(35).nullable().optional(),
    note: z.string().max(500).meta({ description: "Required." }),
  })
  .meta({ id: "CreditMemoLine" });

const createSchema = z
  .object({
    companyCode: z.string().meta({ description: "Required: the company number, up to 5 digits (zero-padded)." }),
    invoiceClaim: z.string().max(40).meta({ description: "Required; one memo per number." }),
    creditMemoDate: z.string().meta({ description: "Required: YYYY-MM-DD." }),
    creditMemoType: z
      .enum(CREDIT_MEMO_TYPES.map((type) => type.value) as [string, ...string[]])
      .optional()
      .meta({ description: "OP when left out." }),
    creditMemoSource: z.string().max(60).meta({ description: "Required." }),
    creditMemoDescription: z.string().max(1000).meta({ description: "Required." }),
    creditMemoNotes: z.string().max(2000).nullable().optional(),
    lines: z.array(lineSchema).min(1).max(50),
  })
  .meta({ id: "CreditMemoCreate" });

const CREATE_EXAMPLE = {
  companyCode: "00042",
  invoiceClaim: "CLM-20931",
  creditMemoDate: "2026-11-24",
  creditMemoType: "OP",
  creditMemoSource: "Billing Error",
  creditMemoDescription: "Rent billed twice for October",
  creditMemoNotes: null,
  lines: [{ relatedInvoice: "INV-118204", unitNumber: "T4421", amount: "1250.00", po: "PO-88120", note: "Duplicate" }],
};

const memoParams = z.object({
  creditMemoId: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .meta({ description: "The memo's id (digits only; anything else answers 404).", example: "118" }),
});

const createdSchema = doneSchema
  .extend({ CreditMemoID: z.int() })
  .meta({ id: "CreditMemoSaved", description: "Done; the memo's id." });

const matchSchema = z
  .object({ CreditMemoID: z.int(), InvoiceClaim: z.string(), CompanyCode: z.string(), Status: z.string() })
  .meta({ id: "InvoiceClaimMatch" });

const duplicate = {
  ...REFUSALS[409],
  example: {
    error: CREDIT_MEMO_CREATE_MESSAGES.failed,
    errors: { invoiceClaim: [CREDIT_MEMO_CREATE_MESSAGES.duplicate] },
  },
};

export const CREDIT_MEMOS_ENDPOINTS = {
  create: defineEndpoint({
    method: "post",
    path: CREDIT_MEMO_CREATE_API_PATH,
    tag: "Credit memos",
    summary: "Create a credit memo",
    description:
      "A memo with its lines, waiting for approval (it has no available credit until approved). Blank required " +
      "fields answer 400 'Error, please verify you have filled out all required fields and try again.', blank line " +
      "fields or no lines the same with 'VIN fields'. A number already used answers 409, also for the second of two " +
      "simultaneous creates.",
    access: "session",
    permission: CREATORS,
    body: { schema: createSchema, example: CREATE_EXAMPLE },
    responses: {
      ...operationResponses({
        description: "Created.",
        schema: createdSchema,
        example: { ok: true, CreditMemoID: 118, message: CREDIT_MEMO_CREATE_MESSAGES.created },
      }),
      409: duplicate,
    },
  }),
  check: defineEndpoint({
    method: "get",
    path: `${CREDIT_MEMO_CHECK_API_PATH}/{invoiceClaim}`,
    tag: "Credit memos",
    summary: "The memos filed under an invoice/claim number",
    description:
      "What the create dialog asks when the number's field is left: an empty list, or the memos (a duplicate).",
    access: "session",
    permission: CREATORS,
    params: z.object({ invoiceClaim: z.string().max(40).meta({ example: "CLM-20931" }) }),
    responses: {
      200: {
        description: "The memos with that number (none: the number is free).",
        schema: z.array(matchSchema),
        example: [{ CreditMemoID: 118, InvoiceClaim: "CLM-20931", CompanyCode: "00042", Status: "PENDING" }],
      },
      400: REFUSALS[400],
      401: REFUSALS[401],
      403: REFUSALS[403],
    },
  }),
  approve: defineEndpoint({
    method: "post",
    path: "/api/credit-memo/{creditMemoId}/approve",
    tag: "Credit memos",
    summary: "Approve a pending credit memo",
    description: "Its lines' total becomes available credit. A memo that is not pending answers 409.",
    access: "session",
    permission: "credit-memo-approve, or all access.",
    params: memoParams,
    responses: operationResponses({
      description: "Approved.",
      schema: createdSchema,
      example: { ok: true, CreditMemoID: 118, message: CREDIT_MEMO_REVIEW_MESSAGES.approved },
    }),
  }),
  void: defineEndpoint({
    method: "post",
    path: "/api/credit-memo/{creditMemoId}/void",
    tag: "Credit memos",
    summary: "Void a credit memo without applications",
    description:
      "The memo leaves the boards, the reason joins its history. A memo with applied credit, or already void, answers 409.",
    access: "session",
    permission: "credit-memo-edit-void, or all access.",
    params: memoParams,
    body: {
      schema: z.object({ reason: z.string().max(VOID_REASON_MAX_LENGTH).meta({ description: "Required." }) }),
      example: { reason: "Entered against the wrong customer" },
    },
    responses: operationResponses({
      description: "Voided.",
      schema: createdSchema,
      example: { ok: true, CreditMemoID: 118, message: CREDIT_MEMO_REVIEW_MESSAGES.voided },
    }),
  }),
} as const;

export function createCreditMemosRouter(services: AppServices): express.Router {
  const router = express.Router();
  const db = services.database.prisma;
  const byMemoId = { pathParams: ["creditMemoId"] } as const;
  route(router, CREDIT_MEMOS_ENDPOINTS.create, ...operationEndpoint(services, createCreditMemo));
  route(router, CREDIT_MEMOS_ENDPOINTS.check, requireSession(services), async (req, res) => {
    if (!mayCreateCreditMemos(res.locals.session!.permissions)) {
      res.status(403).json({ error: CREDIT_MEMO_CREATE_MESSAGES.forbidden });
      return;
    }
    const claim = req.params.invoiceClaim;
    if (typeof claim !== "string" || claim.length > 40) {
      res.status(400).json({ error: "The invoice/claim number must be text of at most 40 characters." });
      return;
    }
    res.set("Cache-Control", "private, no-store").json(await findInvoiceClaim(db, claim));
  });
  route(router, CREDIT_MEMOS_ENDPOINTS.approve, ...operationEndpoint(services, approveCreditMemo, byMemoId));
  route(router, CREDIT_MEMOS_ENDPOINTS.void, ...operationEndpoint(services, voidCreditMemo, byMemoId));
  return router;
}
