// Approving and voiding credit memos (ADR 040), shared by the memo dialog (creditMemoEdit without
// an action) and POST /api/credit-memo/{creditMemoId}/approve and /void; and the memo as both read it, its
// sums computed by the database (credit_memo_available, the migration credit_memo_balance). Each change
// locks the memo's row, which an application's trigger locks too: a void never slips past an apply.
import type { Prisma } from "../../generated/prisma/client";
import type { Db } from "~/modules/platform/services.server.ts";
import {
  approvalBlock,
  CREDIT_MEMO_REVIEW_MESSAGES,
  type CreditMemoView,
  mayApproveCreditMemos,
  mayVoidCreditMemos,
  readVoidReason,
  voidBlock,
} from "../../rules/credit-memos/credit-memo-review.ts";
import { type CreditMemoStatusName, decimalToCents, formatCents } from "../../rules/credit-memos/money.ts";
import { auditActorOf, describeChange, recordAudit } from "../audit/audit-log.server.ts";
import {
  idFromPath,
  OperationConflict,
  type OperationActor,
  type OperationResult,
  refuse,
  settle,
} from "../operations/operation.server.ts";
import { CREDIT_MEMO_ENTITY } from "./credit-memo-create.server.ts";

export const CREDIT_MEMO_APPROVE_ACTION = "approve";
export const CREDIT_MEMO_VOID_ACTION = "void";

/** A memo's exact sums, as the database's numeric text. */
export interface CreditMemoBalance {
  total: string;
  applied: string;
  available: string;
  applicationCount: number;
}

/** The sums of one memo (null: no such memo): available is credit_memo_available, nothing unless approved. */
export async function readCreditMemoBalance(
  db: Db | Prisma.TransactionClient,
  creditMemoId: number,
): Promise<CreditMemoBalance | null> {
  const rows = await db.$queryRaw<CreditMemoBalance[]>`
    SELECT COALESCE((SELECT sum(amount) FROM "CreditMemoLine" WHERE "creditMemoId" = m.id), 0)::text AS total,
      COALESCE((SELECT sum("appliedAmount") FROM "CreditMemoApplication" WHERE "creditMemoId" = m.id), 0)::text AS applied,
      credit_memo_available(m.id)::text AS available,
      (SELECT count(*) FROM "CreditMemoApplication" WHERE "creditMemoId" = m.id)::int AS "applicationCount"
    FROM "CreditMemo" m WHERE m.id = ${creditMemoId}`;
  return rows[0] ?? null;
}

const money = (text: string) => formatCents(decimalToCents(text) ?? 0);
const dateText = (date: Date) => date.toISOString().slice(0, 10);
const nameOf = (user: { firstName: string; lastName: string } | null) =>
  user ? `${user.firstName} ${user.lastName}` : null;

/** A memo with its lines, applications and exact sums, as the dialog and the API show it; null for none. */
export async function readCreditMemoView(db: Db, creditMemoId: number): Promise<CreditMemoView | null> {
  const memo = await db.creditMemo.findUnique({
    where: { id: creditMemoId },
    include: {
      company: { select: { code: true, name: true } },
      createdBy: { select: { firstName: true, lastName: true } },
      approvedBy: { select: { firstName: true, lastName: true } },
      lines: { orderBy: { id: "asc" } },
      applications: { orderBy: { id: "asc" } },
    },
  });
  const balance = memo ? await readCreditMemoBalance(db, creditMemoId) : null;
  if (!memo || !balance) return null;
  return {
    id: memo.id,
    version: memo.version,
    companyCode: memo.company.code,
    companyName: memo.company.name,
    invoiceClaim: memo.invoiceClaim,
    memoDate: dateText(memo.memoDate),
    memoType: memo.memoType,
    source: memo.source,
    description: memo.description,
    notes: memo.notes,
    status: memo.status,
    createdBy: nameOf(memo.createdBy),
    createdById: memo.createdById,
    createdAt: memo.createdAt.toISOString(),
    approvedBy: nameOf(memo.approvedBy),
    approvedAt: memo.approvedAt ? memo.approvedAt.toISOString() : null,
    total: money(balance.total),
    applied: money(balance.applied),
    available: money(balance.available),
    lines: memo.lines.map((line) => ({
      relatedInvoice: line.relatedInvoice,
      unitNumber: line.unitNumber,
      amount: money(line.amount.toFixed(2)),
      po: line.po,
      note: line.note,
    })),
    applications: memo.applications.map((application) => ({
      invoiceNumber: application.invoiceNumber,
      appliedDate: dateText(application.appliedDate),
      amount: money(application.appliedAmount.toFixed(2)),
      note: application.appliedNote,
      override: application.invoiceOverride,
    })),
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The memo id of `{ creditMemoId, body }` (the path's text, or the form's field). */
function memoIdOf(input: unknown): number | null {
  if (!isObject(input)) return null;
  const raw = input.creditMemoId;
  return typeof raw === "string" ? idFromPath(raw.trim()) : null;
}

/** Locks the memo's row for the rest of the transaction; its status and applications, or a 404. */
async function lockMemo(tx: Prisma.TransactionClient, creditMemoId: number) {
  const rows = await tx.$queryRaw<{ status: CreditMemoStatusName; createdById: number | null }[]>`
    SELECT status::text AS status, "createdById" FROM "CreditMemo" m WHERE m.id = ${creditMemoId} FOR UPDATE`;
  const row = rows[0];
  if (!row) throw new OperationConflict(refuse(404, CREDIT_MEMO_REVIEW_MESSAGES.notFound));
  // Counted by a statement of its own, after the lock: a statement's snapshot is taken when it starts, so a
  // count inside the locking statement misses an application committed while it waited for the lock, and a
  // void then went through beside it (seen once in ten races under load).
  const applications = await tx.creditMemoApplication.count({ where: { creditMemoId } });
  return { ...row, applications };
}

/**
 * POST /api/credit-memo/{creditMemoId}/approve and the dialog's Approve: a PENDING memo becomes APPROVED,
 * and its lines' total becomes available credit. Input `{ creditMemoId, body }`.
 */
export async function approveCreditMemo(db: Db, actor: OperationActor, input: unknown): Promise<OperationResult> {
  if (!mayApproveCreditMemos(actor.permissions)) return refuse(403, CREDIT_MEMO_REVIEW_MESSAGES.approveForbidden);
  const creditMemoId = memoIdOf(input);
  if (creditMemoId === null) return refuse(404, CREDIT_MEMO_REVIEW_MESSAGES.notFound);
  return settle(() =>
    db.$transaction(async (tx) => {
      const memo = await lockMemo(tx, creditMemoId);
      const block = approvalBlock(memo.status, memo.createdById, auditActorOf(actor));
      if (block) throw new OperationConflict(refuse(block === CREDIT_MEMO_REVIEW_MESSAGES.ownMemo ? 403 : 409, block));
      const updated = await tx.creditMemo.update({
        where: { id: creditMemoId },
        data: { status: "APPROVED", approvedById: actor.user.id, approvedAt: new Date(), version: { increment: 1 } },
        select: { version: true },
      });
      await recordAudit(tx, {
        entityType: CREDIT_MEMO_ENTITY,
        entityId: creditMemoId,
        action: CREDIT_MEMO_APPROVE_ACTION,
        changedData: { Status: describeChange("Status", "PENDING", "APPROVED") },
        actor: auditActorOf(actor),
        version: updated.version,
      });
      return {
        ok: true as const,
        lists: ["credit-memos" as const],
        message: CREDIT_MEMO_REVIEW_MESSAGES.approved,
        record: { CreditMemoID: creditMemoId },
      };
    }),
  );
}

/**
 * POST /api/credit-memo/{creditMemoId}/void and the dialog's Void: a memo without applications becomes VOID
 * (it leaves the board), with the reason in its history. Input `{ creditMemoId, body: { reason } }`.
 */
export async function voidCreditMemo(db: Db, actor: OperationActor, input: unknown): Promise<OperationResult> {
  if (!mayVoidCreditMemos(actor.permissions)) return refuse(403, CREDIT_MEMO_REVIEW_MESSAGES.voidForbidden);
  const creditMemoId = memoIdOf(input);
  if (creditMemoId === null) return refuse(404, CREDIT_MEMO_REVIEW_MESSAGES.notFound);
  const body = isObject(input) && isObject(input.body) ? input.body : {};
  const reason = readVoidReason(body.reason);
  if (!reason.ok) return { ok: false, status: 400, message: reason.message, fieldErrors: { reason: [reason.message] } };
  return settle(() =>
    db.$transaction(async (tx) => {
      const memo = await lockMemo(tx, creditMemoId);
      const block = voidBlock(memo.status, memo.applications);
      if (block) throw new OperationConflict(refuse(409, block));
      const updated = await tx.creditMemo.update({
        where: { id: creditMemoId },
        data: { status: "VOID", version: { increment: 1 } },
        select: { version: true },
      });
      await recordAudit(tx, {
        entityType: CREDIT_MEMO_ENTITY,
        entityId: creditMemoId,
        action: CREDIT_MEMO_VOID_ACTION,
        changedData: {
          Status: describeChange("Status", memo.status, "VOID"),
          Reason: describeChange("Reason", "", reason.reason),
        },
        actor: auditActorOf(actor),
        version: updated.version,
      });
      return {
        ok: true as const,
        lists: ["credit-memos" as const],
        message: CREDIT_MEMO_REVIEW_MESSAGES.voided,
        record: { CreditMemoID: creditMemoId },
      };
    }),
  );
}
