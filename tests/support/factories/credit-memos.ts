// Credit memos for the integration tests: a memo of a company in a given state, with lines of the
// given amounts (in cents), written directly; and the JSON body of a valid create.
import type { PrismaClient } from "~/generated/prisma/client";
import { centsToDecimal } from "~/rules/credit-memos/money.ts";
import { company } from "./companies.ts";
import { unique } from "./unique.ts";

export async function creditMemo(
  db: PrismaClient,
  options: { status?: "PENDING" | "APPROVED" | "VOID"; lines?: number[]; companyId?: number } = {},
) {
  const companyId = options.companyId ?? (await company(db)).id;
  const status = options.status ?? "PENDING";
  return db.creditMemo.create({
    data: {
      companyId,
      invoiceClaim: unique("CLM"),
      memoDate: new Date("2026-11-20T00:00:00Z"),
      source: "Billing Error",
      description: "Rent billed twice",
      status,
      ...(status === "APPROVED" ? { approvedAt: new Date() } : {}),
      lines: {
        create: (options.lines ?? [10_000]).map((cents, index) => ({
          relatedInvoice: `INV-${index + 1}`,
          unitNumber: `T${index + 1}`,
          amount: centsToDecimal(cents),
          note: "Line",
        })),
      },
    },
    include: { company: true },
  });
}

/** A create body that passes every check, for a company code (its number no memo uses yet). */
export function creditMemoBody(companyCode: string, extra: Record<string, unknown> = {}) {
  const lines: Record<string, string | number | null>[] = [
    { relatedInvoice: "INV-118204", unitNumber: "t4421", amount: "1,250.10", po: "PO-88120", note: "Duplicate" },
    { relatedInvoice: "INV-118205", unitNumber: "T4422", amount: 0.2, po: null, note: "Second unit" },
  ];
  return {
    companyCode,
    invoiceClaim: unique("CLM"),
    creditMemoDate: "2026-11-24",
    creditMemoType: "OP",
    creditMemoSource: "Billing Error",
    creditMemoDescription: "Rent billed twice for October",
    creditMemoNotes: "",
    lines,
    ...extra,
  };
}

/** An AR invoice of a company (1,000.00 or its balance if more), open with the given balance (cents) unless said otherwise; the rest was paid. */
export async function arInvoice(
  db: PrismaClient,
  companyId: number,
  options: { balance?: number; status?: "OPEN" | "PAID" } = {},
) {
  const balance = options.balance ?? 100_000;
  const amount = Math.max(balance, 100_000);
  // The balance follows from the amount and what was paid (the database's trigger): a PAID invoice was paid whole.
  const paid = options.status === "PAID" ? amount : amount - balance;
  return db.arInvoice.create({
    data: {
      invoiceNumber: unique("INV").slice(0, 20),
      companyId,
      invoiceDate: new Date("2026-11-01T00:00:00Z"),
      dueDate: new Date("2026-12-01T00:00:00Z"),
      amount: centsToDecimal(amount),
      paidAmount: centsToDecimal(paid),
      balance: centsToDecimal(amount - paid),
      status: options.status ?? "OPEN",
    },
    include: { company: true },
  });
}
