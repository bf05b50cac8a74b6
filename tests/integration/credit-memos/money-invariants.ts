// The money invariants of ADR 054, computed here from the rows themselves (not from the columns the triggers
// keep), so a test that checks them does not trust what it tests. Each violation is one line naming the row.
import { expect } from "vitest";
import type { PrismaClient } from "~/generated/prisma/client";

export async function moneyViolations(db: PrismaClient): Promise<string[]> {
  const rows = await db.$queryRaw<{ violation: string }[]>`
    WITH taken AS (
      SELECT "invoiceId", sum("invoiceAmount") AS credited FROM "CreditMemoApplication"
      WHERE "invoiceId" IS NOT NULL GROUP BY "invoiceId")
    SELECT 'invoice ' || i."invoiceNumber" || ': balance ' || i.balance || ' of ' || i.amount || ', paid '
      || i."paidAmount" || ', credited ' || COALESCE(t.credited, 0) || ', ' || i.status AS violation
    FROM "ArInvoice" i LEFT JOIN taken t ON t."invoiceId" = i.id
    WHERE CASE WHEN i.status = 'VOID' THEN i.balance <> 0 OR COALESCE(t.credited, 0) <> 0
      ELSE i.balance <> i.amount - i."paidAmount" - COALESCE(t.credited, 0) OR i.balance < 0 OR i.balance > i.amount
        OR (i.status = 'PAID') <> (i.balance = 0) END
    UNION ALL
    SELECT 'application ' || a.id || ' took ' || a."invoiceAmount" || ' of ' || a."appliedAmount"
      || CASE WHEN i."companyId" IS DISTINCT FROM m."companyId" THEN ' from another company''s invoice' ELSE '' END
    FROM "CreditMemoApplication" a JOIN "CreditMemo" m ON m.id = a."creditMemoId"
    LEFT JOIN "ArInvoice" i ON i.id = a."invoiceId"
    WHERE a."invoiceAmount" < 0 OR a."invoiceAmount" > a."appliedAmount"
      OR (a."invoiceAmount" > 0 AND i."companyId" IS DISTINCT FROM m."companyId")
    UNION ALL
    SELECT 'memo ' || m.id || ' (' || m.status || '): lines ' || COALESCE(l.total, 0) || ', applied ' || a.total
    FROM "CreditMemo" m
    JOIN (SELECT "creditMemoId", sum("appliedAmount") AS total FROM "CreditMemoApplication" GROUP BY 1) a
      ON a."creditMemoId" = m.id
    LEFT JOIN (SELECT "creditMemoId", sum(amount) AS total FROM "CreditMemoLine" GROUP BY 1) l ON l."creditMemoId" = m.id
    WHERE m.status <> 'APPROVED' OR a.total > COALESCE(l.total, 0)`;
  return rows.map((row) => row.violation);
}

export async function expectMoneyInvariants(db: PrismaClient): Promise<void> {
  expect(await moneyViolations(db)).toEqual([]);
}
