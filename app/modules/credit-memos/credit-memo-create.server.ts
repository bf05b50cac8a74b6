// Creating credit memos (ADR 040), shared by the creditMemoCreate dialog (on the AR board) and
// POST /api/credit-memo/create-new, and the invoice/claim check both run. The operation checks who may
// create, validates with the rules (app/rules/credit-memos/credit-memo-create.ts), refuses a number that is
// already a memo's, and writes the memo, its lines and the audit row in one transaction. The unique index on
// the invoice/claim number is what refuses the second of two simultaneous creates (ADR 040).
import { Prisma } from "../../generated/prisma/client";
import type { Db } from "~/modules/platform/services.server.ts";
import {
  CREDIT_MEMO_CREATE_MESSAGES,
  CREDIT_MEMO_FIELDS,
  type CreditMemoInput,
  type InvoiceClaimMatch,
  lineAmountDecimal,
  linesTotal,
  mayCreateCreditMemos,
  validateCreditMemo,
} from "../../rules/credit-memos/credit-memo-create.ts";
import { centsToDecimal } from "../../rules/credit-memos/money.ts";
import { auditActorOf, describeChange, recordAudit } from "../audit/audit-log.server.ts";
import { type OperationActor, type OperationResult, refuse } from "../operations/operation.server.ts";

export const CREDIT_MEMO_ENTITY = "CreditMemo";
export const CREDIT_MEMO_CREATE_ACTION = "create";

/** The memos filed under an invoice/claim number (trimmed; the same text, as the unique index compares). */
export async function findInvoiceClaim(db: Db, invoiceClaim: string): Promise<InvoiceClaimMatch[]> {
  const text = invoiceClaim.trim();
  if (text === "") return [];
  const rows = await db.creditMemo.findMany({
    where: { invoiceClaim: text },
    select: { id: true, invoiceClaim: true, status: true, company: { select: { code: true } } },
  });
  return rows.map((row) => ({
    CreditMemoID: row.id,
    InvoiceClaim: row.invoiceClaim,
    CompanyCode: row.company.code,
    Status: row.status,
  }));
}

/** The refusal of a number already used: the create's failure, with the check's message on the field. */
function duplicateRefusal(): OperationResult {
  return {
    ok: false,
    status: 409,
    message: CREDIT_MEMO_CREATE_MESSAGES.failed,
    fieldErrors: { invoiceClaim: [CREDIT_MEMO_CREATE_MESSAGES.duplicate] },
  };
}

const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";

/** The audit's changedData of a new memo: each field, and each line as one entry. */
function creationChanges(memo: CreditMemoInput, companyName: string): Record<string, string> {
  const labels = Object.fromEntries(CREDIT_MEMO_FIELDS.map((field) => [field.name, field.label]));
  const shown: Record<string, string> = {
    [labels.companyCode!]: `${memo.companyCode} ${companyName}`,
    [labels.invoiceClaim!]: memo.invoiceClaim,
    [labels.creditMemoDate!]: memo.memoDate,
    [labels.creditMemoType!]: memo.memoType,
    [labels.creditMemoSource!]: memo.source,
    [labels.creditMemoDescription!]: memo.description,
    ...(memo.notes ? { [labels.creditMemoNotes!]: memo.notes } : {}),
    Total: centsToDecimal(linesTotal(memo.lines)),
  };
  memo.lines.forEach((line, index) => {
    shown[`Line ${index + 1}`] =
      `${line.relatedInvoice} · ${line.unitNumber} · ${lineAmountDecimal(line)}${line.po ? ` · PO ${line.po}` : ""} · ${line.note}`;
  });
  return Object.fromEntries(Object.entries(shown).map(([label, value]) => [label, describeChange(label, "", value)]));
}

/** POST /api/credit-memo/create-new and the dialog's Create: a PENDING memo waiting for approval. */
export async function createCreditMemo(db: Db, actor: OperationActor, body: unknown): Promise<OperationResult> {
  if (!mayCreateCreditMemos(actor.permissions)) return refuse(403, CREDIT_MEMO_CREATE_MESSAGES.forbidden);
  const validation = validateCreditMemo(body);
  if (!validation.ok) {
    return { ok: false, status: 400, message: validation.message, fieldErrors: validation.fieldErrors };
  }
  const { memo } = validation;
  const company = await db.company.findUnique({ where: { code: memo.companyCode }, select: { id: true, name: true } });
  if (!company) {
    return {
      ok: false,
      status: 400,
      message: CREDIT_MEMO_CREATE_MESSAGES.companyUnknown,
      fieldErrors: { companyCode: [CREDIT_MEMO_CREATE_MESSAGES.companyUnknown] },
    };
  }
  if ((await findInvoiceClaim(db, memo.invoiceClaim)).length > 0) return duplicateRefusal();
  try {
    const created = await db.$transaction(async (tx) => {
      const row = await tx.creditMemo.create({
        data: {
          companyId: company.id,
          invoiceClaim: memo.invoiceClaim,
          memoDate: new Date(`${memo.memoDate}T00:00:00Z`),
          memoType: memo.memoType,
          source: memo.source,
          description: memo.description,
          notes: memo.notes,
          status: "PENDING",
          createdById: actor.user.id,
          lines: {
            create: memo.lines.map((line) => ({
              relatedInvoice: line.relatedInvoice,
              unitNumber: line.unitNumber,
              amount: lineAmountDecimal(line),
              po: line.po,
              note: line.note,
            })),
          },
        },
        select: { id: true },
      });
      await recordAudit(tx, {
        entityType: CREDIT_MEMO_ENTITY,
        entityId: row.id,
        action: CREDIT_MEMO_CREATE_ACTION,
        changedData: creationChanges(memo, company.name),
        actor: auditActorOf(actor),
      });
      return row;
    });
    return {
      ok: true,
      lists: ["credit-memos"],
      message: CREDIT_MEMO_CREATE_MESSAGES.created,
      record: { CreditMemoID: created.id },
    };
  } catch (error) {
    if (isUniqueViolation(error)) return duplicateRefusal();
    throw error;
  }
}
