// The memos behind /credit-memos (ADR 042): one page of credit memos, searched by invoice/claim number or
// company, filtered by status and company, sorted by date, invoice/claim, company or status, each with its
// lines' total, what has been applied and the credit still available, in exact cents (ADR 040).
import { z } from "zod";
import type { Db } from "~/modules/platform/services.server.ts";
import type { Prisma } from "../../generated/prisma/client";
import {
  CREDIT_MEMO_SORTS,
  type CreditMemoRow,
  type CreditMemoSort,
} from "../../rules/credit-memos/credit-memos-page.ts";
import { availableCredit, type CreditMemoStatusName, decimalToCents } from "../../rules/credit-memos/money.ts";

export const CREDIT_MEMOS_PER_PAGE = 25;
export const CREDIT_MEMO_SEARCH_MAX = 100;
export const CREDIT_MEMO_COMPANY_MAX = 20;

/** Query-string input (`Object.fromEntries(url.searchParams)`): junk falls back to the defaults. */
export const creditMemoDirectoryQuery = z.object({
  search: z.string().trim().max(CREDIT_MEMO_SEARCH_MAX).catch("").default(""),
  status: z.enum(["all", "PENDING", "APPROVED", "VOID"]).catch("all").default("all"),
  company: z.string().trim().max(CREDIT_MEMO_COMPANY_MAX).catch("").default(""),
  sort: z.enum(CREDIT_MEMO_SORTS).catch("date").default("date"),
  dir: z.enum(["asc", "desc"]).catch("desc").default("desc"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
export type CreditMemoDirectoryQuery = z.output<typeof creditMemoDirectoryQuery>;

export interface CreditMemoPage {
  memos: CreditMemoRow[];
  page: number;
  pageCount: number;
  total: number;
  query: CreditMemoDirectoryQuery;
  /** The companies that have memos, for the company filter. */
  companies: { code: string; name: string }[];
}

/** Every word must appear in the invoice/claim number, or the company's code or name (any case). */
function searchFilter(search: string): Prisma.CreditMemoWhereInput[] {
  return search
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 5)
    .map((word) => ({
      OR: [
        { invoiceClaim: { contains: word, mode: "insensitive" } },
        { company: { name: { contains: word, mode: "insensitive" } } },
        { company: { code: { contains: word, mode: "insensitive" } } },
      ],
    }));
}

function orderBy(sort: CreditMemoSort, dir: "asc" | "desc"): Prisma.CreditMemoOrderByWithRelationInput[] {
  switch (sort) {
    case "invoice":
      return [{ invoiceClaim: dir }];
    case "company":
      return [{ company: { name: dir } }, { memoDate: "desc" }, { id: "desc" }];
    case "status":
      return [{ status: dir }, { memoDate: "desc" }, { id: "desc" }];
    case "date":
      return [{ memoDate: dir }, { id: dir }];
  }
}

const memoWhere = (query: CreditMemoDirectoryQuery): Prisma.CreditMemoWhereInput => ({
  AND: [
    ...searchFilter(query.search),
    ...(query.status === "all" ? [] : [{ status: query.status }]),
    ...(query.company ? [{ company: { code: query.company } }] : []),
  ],
});

/** The memos the view selects, in its order, with their amounts: one page of them, or every one. */
async function readCreditMemos(
  db: Db,
  query: CreditMemoDirectoryQuery,
  where: Prisma.CreditMemoWhereInput,
  window?: { skip: number; take: number },
): Promise<CreditMemoRow[]> {
  const rows = await db.creditMemo.findMany({
    where,
    orderBy: orderBy(query.sort, query.dir),
    ...window,
    include: { company: { select: { code: true, name: true } } },
  });
  const ids = rows.map((row) => row.id);
  const [lines, applied] = await Promise.all([
    db.creditMemoLine.groupBy({ by: ["creditMemoId"], where: { creditMemoId: { in: ids } }, _sum: { amount: true } }),
    db.creditMemoApplication.groupBy({
      by: ["creditMemoId"],
      where: { creditMemoId: { in: ids } },
      _sum: { appliedAmount: true },
    }),
  ]);
  // Sums arrive as decimals; they become cents through their text, never through a float (ADR 040).
  const cents = (value: { toString(): string } | null | undefined) =>
    value ? (decimalToCents(value.toString()) ?? 0) : 0;
  const lineCents = new Map(lines.map((row) => [row.creditMemoId, cents(row._sum.amount)]));
  const appliedCents = new Map(applied.map((row) => [row.creditMemoId, cents(row._sum.appliedAmount)]));
  return rows.map((row) => {
    const status = row.status as CreditMemoStatusName;
    const totalCents = lineCents.get(row.id) ?? 0;
    const appliedTotal = appliedCents.get(row.id) ?? 0;
    return {
      id: row.id,
      invoiceClaim: row.invoiceClaim,
      memoDate: row.memoDate.toISOString().slice(0, 10),
      memoType: row.memoType,
      source: row.source,
      status,
      companyCode: row.company.code,
      companyName: row.company.name,
      totalCents,
      appliedCents: appliedTotal,
      availableCents: availableCredit(status, totalCents, appliedTotal),
    };
  });
}

export async function listCreditMemos(db: Db, input: unknown = {}): Promise<CreditMemoPage> {
  const query = creditMemoDirectoryQuery.parse(input ?? {});
  const where = memoWhere(query);
  const [total, companies] = await Promise.all([
    db.creditMemo.count({ where }),
    db.company.findMany({
      where: { creditMemos: { some: {} } },
      orderBy: [{ name: "asc" }, { code: "asc" }],
      select: { code: true, name: true },
    }),
  ]);
  const pageCount = Math.max(1, Math.ceil(total / CREDIT_MEMOS_PER_PAGE));
  const page = Math.min(query.page, pageCount);
  const memos = await readCreditMemos(db, query, where, {
    skip: (page - 1) * CREDIT_MEMOS_PER_PAGE,
    take: CREDIT_MEMOS_PER_PAGE,
  });
  return { memos, page, pageCount, total, query: { ...query, page }, companies };
}

/** Every memo the view selects, in the page's order (its download); the view's page is not read. */
export function listAllCreditMemos(db: Db, query: CreditMemoDirectoryQuery): Promise<CreditMemoRow[]> {
  return readCreditMemos(db, query, memoWhere(query));
}
