// The invoices a credit operation touches, locked for the rest of its transaction (ADR 054): after the memos,
// in id order, so two operations never wait on each other; read by a statement after the lock, so each sees
// what committed while it waited. What an application may take is decided on these rows.
import type { Prisma } from "../../generated/prisma/client";
import type { FoundInvoice } from "../../rules/credit-memos/credit-memo-apply.ts";
import { type Cents, decimalToCents } from "../../rules/credit-memos/money.ts";

export interface LockedInvoice {
  id: number;
  invoiceNumber: string;
  companyId: number;
  companyCode: string;
  balanceCents: Cents;
  status: string;
}

/** The invoices of these numbers, locked, by number (a number no invoice has is absent). */
export async function lockInvoices(
  tx: Prisma.TransactionClient,
  numbers: readonly string[],
): Promise<Map<string, LockedInvoice>> {
  if (numbers.length === 0) return new Map();
  const list = [...numbers];
  await tx.$queryRaw`SELECT id FROM "ArInvoice" WHERE "invoiceNumber" = ANY(${list}::text[]) ORDER BY id FOR UPDATE`;
  const rows = await tx.$queryRaw<
    { id: number; invoiceNumber: string; companyId: number; companyCode: string; balance: string; status: string }[]
  >`
    SELECT i.id, i."invoiceNumber", i."companyId", c.code AS "companyCode", i.balance::text AS balance,
      i.status::text AS status
    FROM "ArInvoice" i JOIN "Company" c ON c.id = i."companyId"
    WHERE i."invoiceNumber" = ANY(${list}::text[])`;
  return new Map(
    rows.map((row) => [
      row.invoiceNumber,
      {
        id: row.id,
        invoiceNumber: row.invoiceNumber,
        companyId: row.companyId,
        companyCode: row.companyCode,
        balanceCents: decimalToCents(row.balance) ?? 0,
        status: row.status,
      },
    ]),
  );
}

/**
 * The locked invoices as the rules check them; `givenBack` (cents by invoice id) is what applications about to
 * be replaced took from each, open again once they are gone (a PAID invoice opens again by that much).
 */
export function foundInvoices(
  invoices: ReadonlyMap<string, LockedInvoice>,
  givenBack: ReadonlyMap<number, Cents> = new Map(),
): Map<string, FoundInvoice> {
  return new Map(
    [...invoices].map(([number, invoice]) => {
      const back = givenBack.get(invoice.id) ?? 0;
      const balanceCents = invoice.balanceCents + back;
      const status = invoice.status === "PAID" && balanceCents > 0 ? "OPEN" : invoice.status;
      return [number, { companyCode: invoice.companyCode, balanceCents, status }];
    }),
  );
}
