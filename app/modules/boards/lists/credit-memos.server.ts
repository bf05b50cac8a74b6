// Credit memos (docs/boards.md): memos PENDING approval and APPROVED memos with their
// credit, one card per memo — company, invoice/claim, total of lines, applied, available credit
// (lines − applied, the database's credit_memo_available, exact to the cent). VOID memos are never
// shown. One query with grouped sub-selects.
import type { Db } from "~/modules/platform/services.server.ts";
import { type BoardCard, withSearchText } from "../../../rules/boards/boards.ts";
import { formatDisplayDate } from "../../../rules/format.ts";
import { daysInStatus } from "../../../rules/fleet/unit-statuses.ts";
import { decimalToCents, formatCents } from "../../../rules/credit-memos/money.ts";
import { NO_NOTES, pad, stageOf } from "../unit-cards.server.ts";

/** A memo waiting for approval longer than this is late. */
export const MEMO_APPROVAL_LATE_DAYS = 7;
/** Approved credit left unapplied longer than this is late. */
export const MEMO_APPLY_LATE_DAYS = 30;

const STAGES = {
  pending: stageOf("Pending approval", 1),
  toApply: stageOf("Approved — credit to apply", 2),
  applied: stageOf("Fully applied", 3),
} as const;

interface MemoRow {
  id: number;
  invoiceClaim: string;
  memoDate: string;
  memoType: string;
  source: string;
  description: string;
  notes: string | null;
  status: "PENDING" | "APPROVED";
  createdAt: Date;
  approvedAt: Date | null;
  createdBy: string | null;
  approvedBy: string | null;
  companyCode: string;
  companyName: string;
  lineCount: number;
  lineTotal: string;
  lineInvoices: string | null;
  lineUnits: string[] | null;
  appliedCount: number;
  appliedTotal: string;
  available: string;
  appliedInvoices: string | null;
  lastAppliedAt: Date | null;
}

export async function loadCards(db: Db, now: Date): Promise<BoardCard[]> {
  const rows = await db.$queryRaw<MemoRow[]>`
    SELECT m.id, m."invoiceClaim", m."memoDate"::text AS "memoDate", m."memoType", m.source, m.description, m.notes,
      m.status::text AS status, m."createdAt", m."approvedAt",
      (cu."firstName" || ' ' || cu."lastName") AS "createdBy", (apu."firstName" || ' ' || apu."lastName") AS "approvedBy",
      co.code AS "companyCode", co.name AS "companyName",
      COALESCE(l.n, 0)::int AS "lineCount", COALESCE(l.total, 0)::text AS "lineTotal", l.invoices AS "lineInvoices",
      l.units AS "lineUnits",
      COALESCE(a.n, 0)::int AS "appliedCount", COALESCE(a.total, 0)::text AS "appliedTotal",
      credit_memo_available(m.id)::text AS available, a.invoices AS "appliedInvoices",
      a.last AS "lastAppliedAt"
    FROM "CreditMemo" m
    JOIN "Company" co ON co.id = m."companyId"
    LEFT JOIN "User" cu ON cu.id = m."createdById"
    LEFT JOIN "User" apu ON apu.id = m."approvedById"
    LEFT JOIN (
      SELECT "creditMemoId", count(*) AS n, sum(amount) AS total, string_agg(DISTINCT "relatedInvoice", ' ') AS invoices,
        array_agg(DISTINCT "unitNumber") AS units
      FROM "CreditMemoLine" GROUP BY "creditMemoId") l ON l."creditMemoId" = m.id
    LEFT JOIN (
      SELECT "creditMemoId", count(*) AS n, sum("appliedAmount") AS total, string_agg(DISTINCT "invoiceNumber", ' ') AS invoices,
        max("createdAt") AS last
      FROM "CreditMemoApplication" GROUP BY "creditMemoId") a ON a."creditMemoId" = m.id
    WHERE m.status IN ('PENDING', 'APPROVED')`;

  return rows.map((row) => {
    const lineCents = decimalToCents(row.lineTotal) ?? 0;
    const appliedCents = decimalToCents(row.appliedTotal) ?? 0;
    // Nothing is available before approval.
    const available = decimalToCents(row.available) ?? 0;
    let stage: BoardCard["stage"];
    let since: Date;
    let late: boolean;
    if (row.status === "PENDING") {
      stage = STAGES.pending;
      since = row.createdAt;
      late = daysInStatus(since, now) > MEMO_APPROVAL_LATE_DAYS;
    } else if (available > 0) {
      stage = STAGES.toApply;
      since = row.lastAppliedAt ?? row.approvedAt ?? row.createdAt;
      late = daysInStatus(since, now) > MEMO_APPLY_LATE_DAYS;
    } else {
      stage = STAGES.applied;
      since = row.lastAppliedAt ?? row.approvedAt ?? row.createdAt;
      late = false;
    }
    const daysInStage = daysInStatus(since, now);
    const badges: BoardCard["badges"] = [
      { label: row.status === "PENDING" ? "Pending" : "Approved", tone: row.status === "PENDING" ? "orange" : "green" },
    ];
    if (late) badges.push({ label: "Late", tone: "red" });
    const facts: BoardCard["facts"] = [
      { label: "Invoice / claim", value: row.invoiceClaim },
      { label: "Memo date", value: formatDisplayDate(row.memoDate) },
      { label: "Type", value: row.memoType },
      { label: "Source", value: row.source },
      { label: "Lines", value: String(row.lineCount) },
      { label: "Total", value: formatCents(lineCents) },
      { label: "Applied", value: formatCents(appliedCents) },
      { label: "Available credit", value: formatCents(available) },
    ];
    if (row.createdBy) facts.push({ label: "Created by", value: row.createdBy });
    if (row.approvedAt)
      facts.push({
        label: "Approved",
        value: `${formatDisplayDate(row.approvedAt)}${row.approvedBy ? ` by ${row.approvedBy}` : ""}`,
      });
    if (row.notes) facts.push({ label: "Memo notes", value: row.notes });
    const params = { creditMemoId: String(row.id) };
    // The memo dialog: the memo read-only, with Approve and Void for those who may.
    const actions: BoardCard["actions"] = [
      { id: "edit", label: row.status === "PENDING" ? "Review" : "Details", modal: "creditMemoEdit", params },
    ];
    if (row.status === "APPROVED" && available > 0)
      actions.push({ id: "apply", label: "Apply", modal: "creditMemoApply", params });
    const units = [...new Set(row.lineUnits ?? [])].sort();
    return withSearchText(
      {
        key: `credit-memo-${row.id}`,
        list: "credit-memos",
        stage,
        title: row.companyName,
        subtitle: `${row.companyCode} · CM ${row.id} · ${row.invoiceClaim}`,
        formHistoryId: null,
        unitNumber: units.length === 1 ? units[0]! : null,
        badges,
        facts,
        units: units.map((unitNumber) => ({ unitNumber, status: "", carrier: null, late: false })),
        daysInStage,
        late,
        priority: null,
        notes: NO_NOTES,
        actions,
        // Late first, then the oldest, then the largest credit left.
        sortKey: `${late ? "0" : "1"}-${pad(daysInStage, true, 5)}-${pad(available / 100, true, 10)}-${pad(row.id)}`,
      },
      [row.lineInvoices, row.appliedInvoices, row.description],
    ) satisfies BoardCard;
  });
}
