// Credit memos over JSON (ADR 040): POST /api/credit-memo/create-new and the invoice/claim check
// (the specification's calls), and approving and voiding a memo. Thin: the domain modules
// (app/modules/credit-memos) decide; each answers 400 with field messages, 403, 404 and 409 as they do.
import express from "express";
import { z } from "zod";
import { findInvoiceClaim, createCreditMemo } from "../../app/modules/credit-memos/credit-memo-create.server.ts";
import { applyCreditMemos, findCompanyCredits } from "../../app/modules/credit-memos/credit-memo-apply.server.ts";
import { approveCreditMemo, voidCreditMemo } from "../../app/modules/credit-memos/credit-memo-review.server.ts";
import {
  editAppliedCreditMemo,
  editCreditMemo,
  readAppliedForEdit,
  readCreditMemoForEdit,
} from "../../app/modules/credit-memos/credit-memo-edit.server.ts";
import {
  CREDIT_MEMO_EDIT_API_PATH,
  CREDIT_MEMO_EDIT_APPLIED_API_PATH,
  CREDIT_MEMO_EDIT_MESSAGES,
} from "../../app/rules/credit-memos/credit-memo-edit.ts";
import {
  CREDIT_MEMO_APPLY_API_PATH,
  CREDIT_MEMO_APPLY_MESSAGES,
  CREDIT_MEMO_FIND_CREDITS_API_PATH,
} from "../../app/rules/credit-memos/credit-memo-apply.ts";
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
import {
  ifMatchHeaders,
  operationEndpoint,
  recordReadEndpoint,
  recordReadResponses,
  versionedEditResponses,
} from "./operation-endpoint.ts";
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

const appliedLineSchema = z
  .object({
    CMID: z.union([z.int(), z.string()]).meta({ description: "Required: the memo's id." }),
    Invoice: z.string().max(40).meta({ description: "Required: the invoice number." }),
    AppliedDate: z.string().optional().meta({ description: "YYYY-MM-DD, at most 45 days ago; today when left out." }),
    AppliedAmount: amount,
    AppliedNote: z.string().max(500).meta({ description: "Required." }),
    InvoiceOverride: z
      .union([z.literal(0), z.literal(1)])
      .optional()
      .meta({ description: "1: apply although the invoice answered 404 or 406 (Apply Anyway)." }),
  })
  .meta({ id: "AppliedCreditLine" });

const companyCreditsSchema = z
  .object({
    CompanyName: z.string(),
    CompanyContact: z.string().nullable(),
    CompanyStreet: z.string().nullable(),
    CompanyCity: z.string().nullable(),
    CompanyState: z.string().nullable(),
    CompanyZip: z.string().nullable(),
    AvailableCredit: z.string().meta({ description: "The total, exact: `1234.50`." }),
    Invoices: z.string().meta({ description: "'CM # id - $balance', comma-separated." }),
    CMList: z.array(z.object({ CMID: z.int(), AvailableCredit: z.string(), InvoiceClaim: z.string() })),
  })
  .meta({ id: "CompanyCredits" });

const EDITORS = "credit-memo-edit-void, or all access.";
const version = z.int().min(1).meta({ description: "The version read (also the read's ETag); or send If-Match." });
const creditMemoID = z.int().min(1).meta({ description: "The memo's id." });

const editSchema = createSchema
  .extend({ creditMemoID, version })
  .meta({ id: "CreditMemoEdit", description: "What the memo's read answers, with your changes." });

const appliedEditLineSchema = z
  .object({
    originalInvoice: z.string().max(40).meta({ description: "The invoice whose applications this line replaces." }),
    Invoice: z
      .string()
      .max(40)
      .meta({ description: "Required: the invoice (changed: checked as the apply checks it)." }),
    AppliedDate: z.string().nullable().optional().meta({
      description: "YYYY-MM-DD; a changed date at most 45 days ago. Left out: appliedDate, else the original.",
    }),
    AppliedAmount: amount,
    AppliedNote: z.string().max(500).meta({ description: "Required." }),
    InvoiceOverride: z
      .union([z.literal(0), z.literal(1)])
      .optional()
      .meta({ description: "1: a changed invoice that answered 404 or 406 is applied anyway." }),
  })
  .meta({ id: "AppliedCreditEditLine" });

const appliedEditSchema = z
  .object({
    creditMemoID,
    version,
    appliedDate: z.string().nullable().optional().meta({ description: "The lines' applied date when they give none." }),
    removedInvoices: z
      .array(z.string().max(40))
      .max(50)
      .meta({ description: "Invoices whose applications are removed." }),
    lines: z.array(appliedEditLineSchema).max(50),
  })
  .meta({ id: "AppliedCreditEdit" });

const EDIT_EXAMPLE = { ...CREATE_EXAMPLE, creditMemoID: 118, version: 2 };
const APPLIED_EDIT_EXAMPLE = {
  creditMemoID: 118,
  version: 3,
  appliedDate: null,
  removedInvoices: ["INV-118207"],
  lines: [
    {
      originalInvoice: "INV-118300",
      Invoice: "INV-118300",
      AppliedDate: "2026-11-20",
      AppliedAmount: "200.00",
      AppliedNote: "Offset",
      InvoiceOverride: 0,
    },
  ],
};

const refusal = (description: string, error: string) => ({ ...REFUSALS[409], description, example: { error } });

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
    description:
      "Its lines' total becomes available credit. A memo that is not pending answers 409; its creator, or an " +
      "administrator impersonating someone to approve their own memo, 403 (four eyes).",
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
  findCredits: defineEndpoint({
    method: "get",
    path: `${CREDIT_MEMO_FIND_CREDITS_API_PATH}/{companyCode}`,
    tag: "Credit memos",
    summary: "A company's approved credits",
    description:
      "The company's summary and each approved memo with credit left, exact. None: 404 with the specification's message.",
    access: "session",
    permission: CREATORS,
    params: z.object({ companyCode: z.string().meta({ example: "00042" }) }),
    responses: {
      200: {
        description: "One item: the company and its credits.",
        schema: z.array(companyCreditsSchema),
        example: [
          {
            CompanyName: "Acme Logistics",
            CompanyContact: "Dana Ruiz",
            CompanyStreet: "1 Main St",
            CompanyCity: "Austin",
            CompanyState: "TX",
            CompanyZip: "78701",
            AvailableCredit: "1270.30",
            Invoices: "CM # 118 - $1,250.30, CM # 121 - $20.00",
            CMList: [
              { CMID: 118, AvailableCredit: "1250.30", InvoiceClaim: "CLM-20931" },
              { CMID: 121, AvailableCredit: "20.00", InvoiceClaim: "INV-118207" },
            ],
          },
        ],
      },
      401: REFUSALS[401],
      403: REFUSALS[403],
      404: { ...REFUSALS[404], example: { error: CREDIT_MEMO_APPLY_MESSAGES.noCredits } },
    },
  }),
  apply: defineEndpoint({
    method: "post",
    path: CREDIT_MEMO_APPLY_API_PATH,
    tag: "Credit memos",
    summary: "Apply credit memos to invoices",
    description:
      "All lines or none. 404: an invoice does not exist; 406: it is another company's, already paid, or owes less " +
      "than the amount (send the line again with `InvoiceOverride: 1` to apply anyway: the memo gives the amount, the " +
      "invoice takes at most what it owes, another company's invoice nothing); 417: a memo is no longer approved or no " +
      "longer has the credit (someone applied or voided it meanwhile; not overridable); 409: an invoice changed " +
      "meanwhile. Applied dates may not be in the future. Amounts are exact; neither a memo nor an invoice ever " +
      "goes below zero.",
    access: "session",
    permission: CREATORS,
    body: {
      schema: z.object({ CompanyCode: z.string(), lines: z.array(appliedLineSchema).min(1).max(50) }),
      example: {
        CompanyCode: "00042",
        lines: [
          {
            CMID: 118,
            Invoice: "INV-118300",
            AppliedDate: "2026-11-24",
            AppliedAmount: "250.00",
            AppliedNote: "Offset",
            InvoiceOverride: 0,
          },
        ],
      },
    },
    responses: {
      ...operationResponses({
        description: "Applied.",
        schema: doneSchema,
        example: { ok: true, message: CREDIT_MEMO_APPLY_MESSAGES.applied },
      }),
      404: { ...REFUSALS[404], example: { error: CREDIT_MEMO_APPLY_MESSAGES.invoiceNotFound("INV-1") } },
      406: refusal(
        "An invoice is another company's, already paid, or owes less than the amount.",
        CREDIT_MEMO_APPLY_MESSAGES.invoiceOverBalance("INV-1", 48_908),
      ),
      417: refusal("A memo no longer has the credit.", CREDIT_MEMO_APPLY_MESSAGES.noLongerAvailable(118, 0)),
    },
  }),
  edit: defineEndpoint({
    method: "put",
    path: CREDIT_MEMO_EDIT_API_PATH,
    tag: "Credit memos",
    summary: "Edit a credit memo (action Create)",
    description:
      "Its fields and lines, replaced by the body's. The create's rules and messages apply; an edit's failure answers " +
      "'Error, please verify you have filled out all required fields and try again.' with the field's reason. The " +
      "lines' total may not go below the credit applied, nor, once approved, above the approved total (409). A void " +
      "memo answers 409, and so does a new company while credit of the memo is applied; a stale version 409 (412 " +
      "with If-Match) with the changes made since. Lines are at most 999,999.99, a memo at most 9,999,999.99.",
    access: "session",
    permission: EDITORS,
    headers: ifMatchHeaders,
    body: { schema: editSchema, example: EDIT_EXAMPLE },
    responses: versionedEditResponses({
      description: "Edited.",
      schema: createdSchema,
      example: { ok: true, CreditMemoID: 118, message: CREDIT_MEMO_EDIT_MESSAGES.edited },
    }),
  }),
  read: defineEndpoint({
    method: "get",
    path: "/api/credit-memo/{creditMemoId}",
    tag: "Credit memos",
    summary: "Read a credit memo as its edit takes it",
    description: "Every field `PUT /api/credit-memo/edit-memo` takes, with the version (also the ETag).",
    access: "session",
    permission: CREATORS,
    params: memoParams,
    responses: recordReadResponses({ description: "The memo.", schema: editSchema, example: EDIT_EXAMPLE }),
    readFor: `PUT ${CREDIT_MEMO_EDIT_API_PATH}`,
  }),
  editApplied: defineEndpoint({
    method: "put",
    path: CREDIT_MEMO_EDIT_APPLIED_API_PATH,
    tag: "Credit memos",
    summary: "Edit a credit memo's applications (action Apply)",
    description:
      "The applications of each line's `originalInvoice` are replaced by the line, those of each removed invoice " +
      "deleted, the others kept; each invoice gets back exactly what a removed application took from it, and a line " +
      "is checked as the apply checks it (406 unless overridden). The new total may not exceed the replaced applications' " +
      "sum plus the memo's available credit (409). A blank field or an invoice named twice answers 400 'Error, please " +
      "verify you have filled out all required fields and there are no duplicates and try again.'; a stale version " +
      "409 (412 with If-Match).",
    access: "session",
    permission: EDITORS,
    headers: ifMatchHeaders,
    body: { schema: appliedEditSchema, example: APPLIED_EDIT_EXAMPLE },
    responses: {
      ...versionedEditResponses({
        description: "Edited.",
        schema: createdSchema,
        example: { ok: true, CreditMemoID: 118, message: CREDIT_MEMO_EDIT_MESSAGES.edited },
      }),
      406: refusal(
        "An invoice is another company's, already paid, or owes less than the line's amount.",
        CREDIT_MEMO_APPLY_MESSAGES.invoicePaid("INV-1"),
      ),
    },
  }),
  readApplied: defineEndpoint({
    method: "get",
    path: "/api/credit-memo/{creditMemoId}/applied",
    tag: "Credit memos",
    summary: "Read a credit memo's applications as their edit takes them",
    description:
      "Every field `PUT /api/credit-memo/edit-applied-memo` takes: one line per invoice (several applications to one " +
      "invoice as their sum), with the version (also the ETag).",
    access: "session",
    permission: CREATORS,
    params: memoParams,
    responses: recordReadResponses({
      description: "The memo's applications.",
      schema: appliedEditSchema,
      example: APPLIED_EDIT_EXAMPLE,
    }),
    readFor: `PUT ${CREDIT_MEMO_EDIT_APPLIED_API_PATH}`,
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
  route(router, CREDIT_MEMOS_ENDPOINTS.findCredits, requireSession(services), async (req, res) => {
    if (!mayCreateCreditMemos(res.locals.session!.permissions)) {
      res.status(403).json({ error: CREDIT_MEMO_CREATE_MESSAGES.forbidden });
      return;
    }
    const credits = await findCompanyCredits(db, String(req.params.companyCode ?? ""));
    res.set("Cache-Control", "private, no-store");
    if (!credits) res.status(404).json({ error: CREDIT_MEMO_APPLY_MESSAGES.noCredits });
    else res.json([credits]);
  });
  route(
    router,
    CREDIT_MEMOS_ENDPOINTS.apply,
    ...operationEndpoint(services, (db, actor, body) => applyCreditMemos(db, actor, body)),
  );
  route(router, CREDIT_MEMOS_ENDPOINTS.approve, ...operationEndpoint(services, approveCreditMemo, byMemoId));
  route(router, CREDIT_MEMOS_ENDPOINTS.void, ...operationEndpoint(services, voidCreditMemo, byMemoId));
  route(router, CREDIT_MEMOS_ENDPOINTS.edit, ...operationEndpoint(services, editCreditMemo));
  route(
    router,
    CREDIT_MEMOS_ENDPOINTS.editApplied,
    ...operationEndpoint(services, (db, actor, body) => editAppliedCreditMemo(db, actor, body)),
  );
  route(router, CREDIT_MEMOS_ENDPOINTS.read, ...recordReadEndpoint(services, "creditMemoId", readCreditMemoForEdit));
  route(
    router,
    CREDIT_MEMOS_ENDPOINTS.readApplied,
    ...recordReadEndpoint(services, "creditMemoId", readAppliedForEdit),
  );
  return router;
}
