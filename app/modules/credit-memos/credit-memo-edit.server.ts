// Editing credit memos (ADR 048), shared by the memo dialog creditMemoEdit (action Create or
// Apply) and PUT /api/credit-memo/edit-memo and /edit-applied-memo. Each edit names the version it was made
// from (the body's `version`, or If-Match through the JSON edge); the memo's row is locked (the application
// trigger of ADR 040 takes the same lock), the version compared, and the memo, its lines or its applications,
// the invoices' balances and one audit row written in one transaction. A stale version answers 409 with the
// changes made since.
import { Prisma } from "../../generated/prisma/client";
import type { Db } from "~/modules/platform/services.server.ts";
import { CREDIT_MEMO_APPLY_MESSAGES, planInvoiceTakes } from "../../rules/credit-memos/credit-memo-apply.ts";
import { mayCreateCreditMemos, mayEditCreditMemos } from "../../rules/credit-memos/credit-memo-access.ts";
import type { CreditMemoEditValues } from "../../rules/credit-memos/credit-memo-review.ts";
import {
  CREDIT_MEMO_CREATE_MESSAGES,
  lineAmountDecimal,
  linesTotal,
} from "../../rules/credit-memos/credit-memo-create.ts";
import {
  appliedEditKey,
  appliedTotalRefusal,
  CREDIT_MEMO_EDIT_MESSAGES as M,
  memoTotalRefusal,
  validateAppliedEdit,
  validateCreditMemoEdit,
} from "../../rules/credit-memos/credit-memo-edit.ts";
import {
  type Cents,
  centsToDecimal,
  type CreditMemoStatusName,
  decimalToCents,
} from "../../rules/credit-memos/money.ts";
import type { FieldErrors } from "../../rules/dialogs/operation-result.ts";
import { auditActorOf, changesSinceVersion, describeChange, recordAudit } from "../audit/audit-log.server.ts";
import {
  idFromPath,
  OperationConflict,
  type OperationActor,
  type OperationRefusal,
  type OperationResult,
  refuse,
  settle,
} from "../operations/operation.server.ts";
import { CREDIT_MEMO_ENTITY } from "./credit-memo-create.server.ts";
import { readCreditMemoBalance } from "./credit-memo-review.server.ts";
import { foundInvoices, lockInvoices } from "./invoice-locks.server.ts";

export const CREDIT_MEMO_EDIT_ACTION = "edit";
export const CREDIT_MEMO_EDIT_APPLIED_ACTION = "edit-applied";

const stop = (status: 400 | 404 | 406 | 409, message: string, fieldErrors?: FieldErrors): never => {
  throw new OperationConflict({ ok: false, status, message, ...(fieldErrors ? { fieldErrors } : {}) });
};

const cents = (value: { toFixed(digits: number): string }) => decimalToCents(value.toFixed(2)) ?? 0;
const dateText = (date: Date) => date.toISOString().slice(0, 10);

interface LockedMemo {
  id: number;
  companyId: number;
  status: CreditMemoStatusName;
  version: number;
  available: string;
}

/**
 * Locks the memo's row, then reads it (a statement that waited for the lock still sees the data of its own
 * start, ADR 040): 404 for none, 409 with the changes since for a stale version.
 */
async function lockCurrentMemo(tx: Prisma.TransactionClient, creditMemoId: number, version: number) {
  await tx.$queryRaw`SELECT id FROM "CreditMemo" WHERE id = ${creditMemoId} FOR UPDATE`;
  const rows = await tx.$queryRaw<LockedMemo[]>`
    SELECT id, "companyId", status::text AS status, version, credit_memo_available(id)::text AS available
    FROM "CreditMemo" WHERE id = ${creditMemoId}`;
  const memo = rows[0];
  if (!memo) return stop(404, M.notFound);
  if (memo.version !== version) {
    throw new OperationConflict(
      refuse(409, M.stale, {
        currentVersion: memo.version,
        since: await changesSinceVersion(tx, CREDIT_MEMO_ENTITY, creditMemoId, version),
      }),
    );
  }
  return memo;
}

const lineText = (line: {
  relatedInvoice: string;
  unitNumber: string;
  amount: string;
  po: string | null;
  note: string;
}) => `${line.relatedInvoice} · ${line.unitNumber} · ${line.amount}${line.po ? ` · PO ${line.po}` : ""} · ${line.note}`;

/** PUT /api/credit-memo/edit-memo and the dialog's Save (action Create): the memo's fields and lines. */
export async function editCreditMemo(db: Db, actor: OperationActor, body: unknown): Promise<OperationResult> {
  if (!mayEditCreditMemos(actor.permissions)) return refuse(403, M.forbidden);
  const validation = validateCreditMemoEdit(body);
  if (!validation.ok)
    return { ok: false, status: 400, message: validation.message, fieldErrors: validation.fieldErrors };
  const { creditMemoId, version, memo } = validation.edit;
  const company = await db.company.findUnique({ where: { code: memo.companyCode }, select: { id: true, name: true } });
  if (!company) {
    const message = CREDIT_MEMO_CREATE_MESSAGES.companyUnknown;
    return { ok: false, status: 400, message, fieldErrors: { companyCode: [message] } };
  }
  // the error catalogue: an edit's failure is the required-fields error; the field says why.
  const duplicate = (): OperationRefusal => ({
    ok: false,
    status: 409,
    message: M.required,
    fieldErrors: { invoiceClaim: [CREDIT_MEMO_CREATE_MESSAGES.duplicate] },
  });
  return settle(() =>
    db.$transaction(async (tx) => {
      const locked = await lockCurrentMemo(tx, creditMemoId, version);
      if (locked.status === "VOID") stop(409, M.isVoid);
      const before = await tx.creditMemo.findUniqueOrThrow({
        where: { id: creditMemoId },
        include: {
          company: true,
          lines: { orderBy: { id: "asc" } },
          applications: { select: { appliedAmount: true } },
        },
      });
      const other = await tx.creditMemo.findFirst({
        where: { invoiceClaim: memo.invoiceClaim, id: { not: creditMemoId } },
        select: { id: true },
      });
      if (other) throw new OperationConflict(duplicate());
      // A memo's applications belong to its company's invoices: the company is fixed while it has any (ADR 054).
      if (company.id !== before.companyId && before.applications.length > 0)
        stop(409, M.companyFixed, { companyCode: [M.companyFixed] });
      const applied = before.applications.reduce((sum, application) => sum + cents(application.appliedAmount), 0);
      const currentTotal = before.lines.reduce((sum, line) => sum + cents(line.amount), 0);
      const newTotal = linesTotal(memo.lines);
      const totalRefusal = memoTotalRefusal(locked.status as "PENDING" | "APPROVED", newTotal, currentTotal, applied);
      if (totalRefusal) stop(409, totalRefusal, { lines: [totalRefusal] });

      const updated = await tx.creditMemo.update({
        where: { id: creditMemoId },
        data: {
          companyId: company.id,
          invoiceClaim: memo.invoiceClaim,
          memoDate: new Date(`${memo.memoDate}T00:00:00Z`),
          memoType: memo.memoType,
          source: memo.source,
          description: memo.description,
          notes: memo.notes,
          version: { increment: 1 },
        },
        select: { version: true },
      });
      await tx.creditMemoLine.deleteMany({ where: { creditMemoId } });
      await tx.creditMemoLine.createMany({
        data: memo.lines.map((line) => ({
          creditMemoId,
          relatedInvoice: line.relatedInvoice,
          unitNumber: line.unitNumber,
          amount: lineAmountDecimal(line),
          po: line.po,
          note: line.note,
        })),
      });

      const changes: Record<string, string> = {};
      const compare = (label: string, was: string, now: string) => {
        if (was !== now) changes[label] = describeChange(label, was, now);
      };
      compare("Company Number", `${before.company.code} ${before.company.name}`, `${memo.companyCode} ${company.name}`);
      compare("Invoice/Claim #", before.invoiceClaim, memo.invoiceClaim);
      compare("Date", dateText(before.memoDate), memo.memoDate);
      compare("Type", before.memoType, memo.memoType);
      compare("Source", before.source, memo.source);
      compare("Description", before.description, memo.description);
      compare("Notes", before.notes ?? "", memo.notes ?? "");
      compare("Total", centsToDecimal(currentTotal), centsToDecimal(newTotal));
      compare(
        "Lines",
        before.lines.map((line) => lineText({ ...line, amount: line.amount.toFixed(2) })).join(" | "),
        memo.lines.map((line) => lineText({ ...line, amount: lineAmountDecimal(line) })).join(" | "),
      );
      await recordAudit(tx, {
        entityType: CREDIT_MEMO_ENTITY,
        entityId: creditMemoId,
        action: CREDIT_MEMO_EDIT_ACTION,
        changedData: changes,
        actor: auditActorOf(actor),
        version: updated.version,
      });
      return {
        ok: true as const,
        lists: ["credit-memos" as const],
        message: M.edited,
        record: { CreditMemoID: creditMemoId },
      };
    }),
  ).catch((error: unknown) => {
    // The unique index on the number: another edit or create took it meanwhile.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") return duplicate();
    // The company trigger (ADR 054): an application arrived between the check above and the update.
    if (/FM005/.test(String(error))) return { ok: false, status: 409, message: M.companyFixed };
    throw error;
  });
}

const readMemoId = (body: unknown): number | null => {
  if (typeof body !== "object" || body === null) return null;
  const raw = (body as Record<string, unknown>).creditMemoID;
  const text = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw.trim() : "";
  return /^[1-9]\d{0,9}$/.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : null;
};

/**
 * PUT /api/credit-memo/edit-applied-memo and the dialog's Save (action Apply): the applications of each
 * `originalInvoice` named are replaced by its line, those of each removed invoice deleted, the rest kept.
 * the edit rule: the new total may not exceed the replaced applications' sum plus the available credit. An invoice
 * changed to another number is checked as the apply checks it (404, 406 unless InvoiceOverride 1).
 */
export async function editAppliedCreditMemo(
  db: Db,
  actor: OperationActor,
  body: unknown,
  now: Date = new Date(),
): Promise<OperationResult> {
  if (!mayEditCreditMemos(actor.permissions)) return refuse(403, M.forbidden);
  // The original applied dates: an unchanged one stays allowed however old (the 45-day rule is for a new date).
  const memoId = readMemoId(body);
  const originals = new Map<string, string>();
  if (memoId !== null) {
    const rows = await db.creditMemoApplication.findMany({
      where: { creditMemoId: memoId },
      select: { invoiceNumber: true, appliedDate: true },
      orderBy: { id: "asc" },
    });
    for (const row of rows) originals.set(row.invoiceNumber, dateText(row.appliedDate));
  }
  const validation = validateAppliedEdit(body, dateText(now), originals);
  if (!validation.ok)
    return { ok: false, status: 400, message: validation.message, fieldErrors: validation.fieldErrors };
  const { creditMemoId, version, lines, removedInvoices } = validation.edit;
  return settle(() =>
    db.$transaction(async (tx) => {
      const locked = await lockCurrentMemo(tx, creditMemoId, version);
      if (locked.status !== "APPROVED") stop(409, locked.status === "VOID" ? M.isVoid : M.notApproved);
      const applications = await tx.creditMemoApplication.findMany({
        where: { creditMemoId },
        orderBy: { id: "asc" },
      });
      const byInvoice = new Map<string, typeof applications>();
      for (const application of applications) {
        byInvoice.set(application.invoiceNumber, [...(byInvoice.get(application.invoiceNumber) ?? []), application]);
      }
      const unknown: FieldErrors = {};
      lines.forEach((line, index) => {
        if (!byInvoice.has(line.originalInvoice))
          unknown[appliedEditKey(index, "originalInvoice")] = [M.unknownInvoice(line.originalInvoice)];
      });
      for (const invoice of removedInvoices) {
        if (!byInvoice.has(invoice)) (unknown.removedInvoices ??= []).push(M.unknownInvoice(invoice));
      }
      const firstUnknown = Object.values(unknown)[0]?.[0];
      if (firstUnknown) stop(400, firstUnknown, unknown);

      const replaced = [...lines.map((line) => line.originalInvoice), ...removedInvoices].flatMap(
        (invoice) => byInvoice.get(invoice) ?? [],
      );
      const originalApplied = replaced.reduce((sum, application) => sum + cents(application.appliedAmount), 0);
      const available: Cents = decimalToCents(locked.available) ?? 0;
      const newTotal = lines.reduce((sum, line) => sum + line.amountCents, 0);
      const over = appliedTotalRefusal(newTotal, originalApplied, available);
      if (over) {
        const fieldErrors = Object.fromEntries(
          lines.map((_, index) => [appliedEditKey(index, "AppliedAmount"), [over]]),
        );
        stop(409, over, fieldErrors);
      }

      // The invoices of the replaced applications and of the lines, locked (ADR 054). Each line is checked as
      // the apply checks it against what its invoice will owe once the replaced applications gave back exactly
      // what they took; an unchanged invoice keeps the override it was applied with.
      const company = await tx.company.findUniqueOrThrow({ where: { id: locked.companyId }, select: { code: true } });
      const invoices = await lockInvoices(tx, [
        ...new Set([...replaced.map((application) => application.invoiceNumber), ...lines.map((line) => line.invoice)]),
      ]);
      const givenBack = new Map<number, Cents>();
      for (const application of replaced) {
        if (application.invoiceId !== null)
          givenBack.set(
            application.invoiceId,
            (givenBack.get(application.invoiceId) ?? 0) + cents(application.invoiceAmount),
          );
      }
      const overrideOf = (line: (typeof lines)[number]) =>
        line.override ||
        (line.invoice === line.originalInvoice &&
          (byInvoice.get(line.originalInvoice) ?? []).some((each) => each.invoiceOverride));
      const plan = planInvoiceTakes(
        lines.map((line) => ({ invoice: line.invoice, amountCents: line.amountCents, override: overrideOf(line) })),
        foundInvoices(invoices, givenBack),
        company.code,
      );
      if (!plan.ok) stop(plan.status, plan.message, { [appliedEditKey(plan.index, "Invoice")]: [plan.message] });
      const takes = plan.ok ? plan.takes : [];

      // Removing an application gives its invoice back exactly what it took (the trigger of ADR 054).
      const changes: Record<string, string> = {};
      await tx.creditMemoApplication.deleteMany({
        where: { id: { in: replaced.map((application) => application.id) } },
      });
      for (const invoice of removedInvoices) {
        const gone = byInvoice.get(invoice) ?? [];
        const label = `Applied to ${invoice}`;
        changes[label] = describeChange(
          label,
          gone
            .map((application) => `${application.appliedAmount.toFixed(2)} on ${dateText(application.appliedDate)}`)
            .join(", "),
          "removed",
        );
      }
      for (const [index, line] of lines.entries()) {
        const old = byInvoice.get(line.originalInvoice) ?? [];
        const appliedDate = line.appliedDate ?? dateText(old[0]!.appliedDate);
        await tx.creditMemoApplication.create({
          data: {
            creditMemoId,
            invoiceNumber: line.invoice,
            invoiceId: invoices.get(line.invoice)?.id ?? null,
            appliedDate: new Date(`${appliedDate}T00:00:00Z`),
            appliedAmount: centsToDecimal(line.amountCents),
            invoiceAmount: centsToDecimal(takes[index]!),
            appliedNote: line.note,
            invoiceOverride: overrideOf(line),
            appliedById: actor.user.id,
          },
        });
        const label = `Applied to ${line.originalInvoice}`;
        const was = old
          .map((each) => `${each.appliedAmount.toFixed(2)} on ${dateText(each.appliedDate)}: ${each.appliedNote}`)
          .join(", ");
        const next = `${line.invoice !== line.originalInvoice ? `${line.invoice} ` : ""}${centsToDecimal(line.amountCents)} on ${appliedDate}: ${line.note}`;
        if (was !== next) changes[label] = describeChange(label, was, next);
      }
      const updated = await tx.creditMemo.update({
        where: { id: creditMemoId },
        data: { version: { increment: 1 } },
        select: { version: true },
      });
      await recordAudit(tx, {
        entityType: CREDIT_MEMO_ENTITY,
        entityId: creditMemoId,
        action: CREDIT_MEMO_EDIT_APPLIED_ACTION,
        changedData: changes,
        actor: auditActorOf(actor),
        version: updated.version,
      });
      return {
        ok: true as const,
        lists: ["credit-memos" as const],
        message: M.edited,
        record: { CreditMemoID: creditMemoId },
      };
    }),
  ).catch((error: unknown) => {
    // The triggers' refusals (ADR 040, 054): the memo's credit or an invoice's balance went meanwhile.
    if (/FM00[12]/.test(String(error))) return refuse(409, M.overOriginal(0));
    if (/FM00[34]|ArInvoice_balance/.test(String(error))) return refuse(409, CREDIT_MEMO_APPLY_MESSAGES.invoiceChanged);
    throw error;
  });
}

/** What the edit forms and the edit reads start from (ADR 048): the memo's values; null for no such memo. */
export async function readEditValues(db: Db, creditMemoId: number): Promise<CreditMemoEditValues | null> {
  const memo = await db.creditMemo.findUnique({
    where: { id: creditMemoId },
    include: {
      company: { select: { code: true } },
      lines: { orderBy: { id: "asc" } },
      applications: { orderBy: { id: "asc" } },
    },
  });
  const balance = memo ? await readCreditMemoBalance(db, creditMemoId) : null;
  if (!memo || !balance) return null;
  // Several applications to one invoice are edited as one line of their sum (the edit names them by invoice).
  const applied = new Map<string, { invoice: string; appliedDate: string; cents: Cents; note: string }>();
  for (const application of memo.applications) {
    const before = applied.get(application.invoiceNumber);
    if (before) before.cents += cents(application.appliedAmount);
    else
      applied.set(application.invoiceNumber, {
        invoice: application.invoiceNumber,
        appliedDate: dateText(application.appliedDate),
        cents: cents(application.appliedAmount),
        note: application.appliedNote,
      });
  }
  return {
    version: memo.version,
    companyCode: memo.company.code,
    invoiceClaim: memo.invoiceClaim,
    creditMemoDate: dateText(memo.memoDate),
    creditMemoType: memo.memoType,
    creditMemoSource: memo.source,
    creditMemoDescription: memo.description,
    creditMemoNotes: memo.notes ?? "",
    lines: memo.lines.map((line) => ({
      relatedInvoice: line.relatedInvoice,
      unitNumber: line.unitNumber,
      amount: line.amount.toFixed(2),
      po: line.po ?? "",
      note: line.note,
    })),
    applied: [...applied.values()].map(({ cents: sum, ...rest }) => ({ ...rest, amount: centsToDecimal(sum) })),
    available: centsToDecimal(decimalToCents(balance.available) ?? 0),
  };
}

/** GET /api/credit-memo/{creditMemoId}: the body PUT /api/credit-memo/edit-memo takes, with the version. */
export async function readCreditMemoForEdit(db: Db, actor: OperationActor, id: string | undefined) {
  if (!mayCreateCreditMemos(actor.permissions)) return refuse(403, M.forbidden);
  const creditMemoId = idFromPath(id);
  const values = creditMemoId === null ? null : await readEditValues(db, creditMemoId);
  if (creditMemoId === null || !values) return refuse(404, M.notFound);
  return {
    ok: true as const,
    record: {
      creditMemoID: creditMemoId,
      version: values.version,
      companyCode: values.companyCode,
      invoiceClaim: values.invoiceClaim,
      creditMemoDate: values.creditMemoDate,
      creditMemoType: values.creditMemoType,
      creditMemoSource: values.creditMemoSource,
      creditMemoDescription: values.creditMemoDescription,
      creditMemoNotes: values.creditMemoNotes === "" ? null : values.creditMemoNotes,
      lines: values.lines.map((line) => ({ ...line, po: line.po === "" ? null : line.po })),
    },
  };
}

/** GET /api/credit-memo/{creditMemoId}/applied: the body PUT /api/credit-memo/edit-applied-memo takes. */
export async function readAppliedForEdit(db: Db, actor: OperationActor, id: string | undefined) {
  if (!mayCreateCreditMemos(actor.permissions)) return refuse(403, M.forbidden);
  const creditMemoId = idFromPath(id);
  const values = creditMemoId === null ? null : await readEditValues(db, creditMemoId);
  if (creditMemoId === null || !values) return refuse(404, M.notFound);
  return {
    ok: true as const,
    record: {
      creditMemoID: creditMemoId,
      version: values.version,
      appliedDate: null,
      removedInvoices: [] as string[],
      lines: values.applied.map((line) => ({
        originalInvoice: line.invoice,
        Invoice: line.invoice,
        AppliedDate: line.appliedDate,
        AppliedAmount: line.amount,
        AppliedNote: line.note,
        InvoiceOverride: 0 as const,
      })),
    },
  };
}
