// Applying credit memos to invoices (ADR 040), shared by POST /api/credit-memo/apply-new and the
// creditMemoApply dialog, and the company search both run. The application locks the memos it uses (in
// id order, so two applications never wait on each other), re-reads their available credit from the
// database under that lock, then locks and checks each invoice (404, 406 unless overridden), and writes the
// applications, each with what its invoice absorbed, and an audit row per memo in one transaction. The
// triggers of the migrations credit_memo_balance and money_integrity hold the same rules for any other writer
// and derive the invoices' balances (ADR 054).
import type { Db } from "~/modules/platform/services.server.ts";
import {
  type CompanyCredits,
  CREDIT_MEMO_APPLY_MESSAGES as M,
  creditRefusal,
  creditsText,
  appliedLineKey,
  planInvoiceTakes,
  validateApply,
} from "../../rules/credit-memos/credit-memo-apply.ts";
import { mayCreateCreditMemos } from "../../rules/credit-memos/credit-memo-access.ts";
import { type Cents, centsToDecimal, decimalToCents } from "../../rules/credit-memos/money.ts";
import { auditActorOf, describeChange, recordAudit } from "../audit/audit-log.server.ts";
import {
  OperationConflict,
  type OperationActor,
  type OperationResult,
  refuse,
  settle,
} from "../operations/operation.server.ts";
import { CREDIT_MEMO_ENTITY } from "./credit-memo-create.server.ts";
import { foundInvoices, lockInvoices } from "./invoice-locks.server.ts";

export const CREDIT_MEMO_APPLY_ACTION = "apply";

/** A company's approved memos with credit left, or null when there are none (or no such company). */
export async function findCompanyCredits(db: Db, companyCode: string): Promise<CompanyCredits | null> {
  const code = /^\d{1,5}$/.test(companyCode.trim()) ? companyCode.trim().padStart(5, "0") : null;
  if (code === null) return null;
  const company = await db.company.findUnique({ where: { code } });
  if (!company) return null;
  const rows = await db.$queryRaw<{ id: number; invoiceClaim: string; available: string }[]>`
    SELECT id, "invoiceClaim", credit_memo_available(id)::text AS available
    FROM "CreditMemo" WHERE "companyId" = ${company.id} AND status = 'APPROVED' AND credit_memo_available(id) > 0
    ORDER BY id`;
  if (rows.length === 0) return null;
  const credits = rows.map((row) => ({
    CMID: row.id,
    cents: decimalToCents(row.available) ?? 0,
    claim: row.invoiceClaim,
  }));
  const total = credits.reduce((sum, credit) => sum + credit.cents, 0);
  return {
    CompanyName: company.name,
    CompanyContact: company.contactName,
    CompanyStreet: company.street,
    CompanyCity: company.city,
    CompanyState: company.state,
    CompanyZip: company.zip,
    AvailableCredit: centsToDecimal(total),
    Invoices: creditsText(credits),
    CMList: credits.map((credit) => ({
      CMID: credit.CMID,
      AvailableCredit: centsToDecimal(credit.cents),
      InvoiceClaim: credit.claim,
    })),
  };
}

/** A refusal inside the transaction: rolls it back, answered as is. */
const stop = (status: 400 | 404 | 406 | 409 | 417, message: string, fieldErrors?: Record<string, string[]>): never => {
  throw new OperationConflict({ ok: false, status, message, ...(fieldErrors ? { fieldErrors } : {}) });
};

/**
 * POST /api/credit-memo/apply-new: applies each line's amount of its CM to its invoice. Answers 400 for a
 * bad body, 404 for an invoice that does not exist and 406 for one of another company or already paid
 * (each unless its line has InvoiceOverride 1), 417 when a CM is no longer approved or no longer has the
 * credit (someone applied or voided it meanwhile).
 */
export async function applyCreditMemos(
  db: Db,
  actor: OperationActor,
  body: unknown,
  now: Date = new Date(),
): Promise<OperationResult> {
  if (!mayCreateCreditMemos(actor.permissions)) return refuse(403, M.forbidden);
  const validation = validateApply(body, now.toISOString().slice(0, 10));
  if (!validation.ok)
    return { ok: false, status: 400, message: validation.message, fieldErrors: validation.fieldErrors };
  const { companyCode, lines } = validation.apply;
  const company = await db.company.findUnique({ where: { code: companyCode }, select: { id: true } });
  if (!company) return { ok: false, status: 400, message: M.noCredits, fieldErrors: { CompanyCode: [M.noCredits] } };
  const memoIds = [...new Set(lines.map((line) => line.creditMemoId))].sort((a, b) => a - b);
  return settle(() =>
    db.$transaction(async (tx) => {
      // Lock first, then read: a statement that waited for a lock still sees the data of its own start,
      // so the credit is read by the next statement, after the other applications have committed.
      await tx.$queryRaw`SELECT id FROM "CreditMemo" WHERE id = ANY(${memoIds}::int[]) ORDER BY id FOR UPDATE`;
      const memos = await tx.$queryRaw<{ id: number; companyId: number; status: string; available: string }[]>`
        SELECT id, "companyId", status::text AS status, credit_memo_available(id)::text AS available
        FROM "CreditMemo" WHERE id = ANY(${memoIds}::int[])`;
      const available = new Map<number, Cents>();
      for (const id of memoIds) {
        const memo = memos.find((row) => row.id === id);
        const keys = lines.flatMap((line, index) => (line.creditMemoId === id ? [appliedLineKey(index, "CMID")] : []));
        if (!memo || memo.companyId !== company.id) {
          stop(400, M.notThisCompany(id), Object.fromEntries(keys.map((key) => [key, [M.notThisCompany(id)]])));
        }
        const cents = memo!.status === "APPROVED" ? (decimalToCents(memo!.available) ?? 0) : 0;
        if (cents <= 0) stop(417, M.noLongerAvailable(id, 0));
        available.set(id, cents);
      }
      const short = creditRefusal(lines, available);
      if (short) stop(417, short.message, short.fieldErrors);

      // The invoices are locked too (after the memos, in id order, as every money operation does) and read
      // after the lock: what each line may take is its invoice's open balance now (ADR 054).
      const numbers = [...new Set(lines.map((line) => line.invoice))];
      const invoices = await lockInvoices(tx, numbers);
      const plan = planInvoiceTakes(lines, foundInvoices(invoices), companyCode);
      if (!plan.ok) stop(plan.status, plan.message, { [appliedLineKey(plan.index, "Invoice")]: [plan.message] });
      const takes = plan.ok ? plan.takes : [];

      const changes = new Map<number, Record<string, string>>();
      for (const [index, line] of lines.entries()) {
        // The invoice's balance follows from what the application took (the trigger of ADR 054).
        await tx.creditMemoApplication.create({
          data: {
            creditMemoId: line.creditMemoId,
            invoiceNumber: line.invoice,
            invoiceId: invoices.get(line.invoice)?.id ?? null,
            appliedDate: new Date(`${line.appliedDate}T00:00:00Z`),
            appliedAmount: centsToDecimal(line.amountCents),
            invoiceAmount: centsToDecimal(takes[index]!),
            appliedNote: line.note,
            invoiceOverride: line.override,
            appliedById: actor.user.id,
          },
        });
        const label = `Applied to ${line.invoice}${line.override ? " (override)" : ""}`;
        const entry = changes.get(line.creditMemoId) ?? {};
        entry[label] = describeChange(
          label,
          "",
          `${centsToDecimal(line.amountCents)} on ${line.appliedDate}: ${line.note}`,
        );
        changes.set(line.creditMemoId, entry);
      }
      for (const [creditMemoId, changedData] of changes) {
        const updated = await tx.creditMemo.update({
          where: { id: creditMemoId },
          data: { version: { increment: 1 } },
          select: { version: true },
        });
        await recordAudit(tx, {
          entityType: CREDIT_MEMO_ENTITY,
          entityId: creditMemoId,
          action: CREDIT_MEMO_APPLY_ACTION,
          changedData,
          actor: auditActorOf(actor),
          version: updated.version,
        });
      }
      return { ok: true as const, lists: ["credit-memos" as const], message: M.applied };
    }),
  ).catch((error: unknown) => {
    // The triggers' refusals (ADR 040, 054), should any writer get past the locks above.
    if (/Code: `FM00[12]`/.test(String(error))) return refuse(417, M.noLongerAvailable(memoIds[0]!, 0));
    if (/Code: `FM00[34]`|ArInvoice_balance/.test(String(error))) return refuse(409, M.invoiceChanged);
    throw error;
  });
}
