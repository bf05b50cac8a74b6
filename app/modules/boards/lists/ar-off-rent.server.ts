// AR off rent: returned units whose billing AR must close — returning lines picked up (6) or
// received (7) on a live off-rent or trade whose unit is still billed (an OPEN contract) or has no
// contract closed for this return yet. One card per request with its units; one query.
import type { Db } from "~/modules/platform/services.server.ts";
import { type BoardCard, withSearchText } from "../../../rules/boards/boards.ts";
import { formatDisplayDate } from "../../../rules/format.ts";
import { PICKED_UP_UNIT_STATUS_IDS, RETURNING_UNIT_STATUS } from "../../../rules/orders/order-stages.ts";
import { daysInStatus, isUnitLate } from "../../../rules/fleet/unit-statuses.ts";
import { formNotesAction, money, notesOf, pad, stageOf, sumMoney } from "../unit-cards.server.ts";

/** Billing left open this many days after a pickup or return is late. */
export const AR_OFF_RENT_LATE_DAYS = 7;

const STAGES = {
  received: stageOf("Received — close billing", 1),
  pickedUp: stageOf("Picked up — in transit", 2),
} as const;

interface LineRow {
  formHistoryId: number;
  kind: string;
  companyCode: string;
  companyName: string;
  unitNumber: string;
  lineStatus: number;
  since: Date;
  unitStatus: string;
  unitChangedAt: Date;
  unitOverrideLate: boolean;
  contractNumber: string | null;
  monthlyRate: number | null;
  billedThrough: string | null;
  carrier: string | null;
  noteCount: number;
  noteSubject: string | null;
  noteAt: Date | null;
  noteAuthor: string | null;
}

export async function loadCards(db: Db, now: Date): Promise<BoardCard[]> {
  const rows = await db.$queryRaw<LineRow[]>`
    SELECT fh.id AS "formHistoryId", fh.kind::text AS kind, co.code AS "companyCode", co.name AS "companyName",
      rl."unitNumber", rl."statusId" AS "lineStatus",
      COALESCE(rl."returnedAt", j."completedAt", j."scheduledDate"::timestamp, u."statusChangedAt") AS since,
      s.name AS "unitStatus", u."statusChangedAt" AS "unitChangedAt", u."overrideLate" AS "unitOverrideLate",
      oc."contractNumber", oc."monthlyRate"::float8 AS "monthlyRate", oc."billedThrough"::text AS "billedThrough",
      j.carrier,
      COALESCE(nc.n, 0)::int AS "noteCount", nl.subject AS "noteSubject", nl."createdAt" AS "noteAt", nl.author AS "noteAuthor"
    FROM "ReturningUnit" rl
    JOIN "FormHistory" fh ON fh.id = rl."formHistoryId"
    JOIN "Company" co ON co.id = fh."companyId"
    JOIN "Unit" u ON u.id = rl."unitId"
    JOIN "UnitStatus" s ON s.id = u."statusId"
    LEFT JOIN LATERAL (
      SELECT c."contractNumber", c."monthlyRate", c."billedThrough" FROM "OpenContract" c
      WHERE c."unitId" = u.id AND c.status = 'OPEN' ORDER BY c."startDate" DESC LIMIT 1) oc ON true
    LEFT JOIN LATERAL (
      SELECT t."completedAt", t."scheduledDate", v.name AS carrier FROM "TransportJob" t
      LEFT JOIN "Vendor" v ON v.id = t."vendorId"
      WHERE t."formHistoryId" = fh.id AND t."unitId" = u.id AND t.kind = 'PICKUP'
      ORDER BY t."createdAt" DESC, t.id DESC LIMIT 1) j ON true
    LEFT JOIN LATERAL (
      SELECT count(*)::int AS n FROM "Note" n WHERE n."formHistoryId" = fh.id AND NOT n.cancelled) nc ON true
    LEFT JOIN LATERAL (
      SELECT n.subject, n."createdAt", (au."firstName" || ' ' || au."lastName") AS author
      FROM "Note" n JOIN "User" au ON au.id = n."authorId"
      WHERE n."formHistoryId" = fh.id AND NOT n.cancelled
      ORDER BY n."createdAt" DESC, n.id DESC LIMIT 1) nl ON true
    WHERE rl."statusId" = ANY(${[...PICKED_UP_UNIT_STATUS_IDS]}::int[]) AND fh."cancelledAt" IS NULL
      AND (oc."contractNumber" IS NOT NULL OR NOT EXISTS (
        SELECT 1 FROM "OpenContract" cc
        WHERE cc."unitId" = u.id AND cc."companyId" = fh."companyId" AND cc.status = 'CLOSED'
          AND cc."endDate" >= fh."submittedAt"::date))
    ORDER BY fh.id, rl."unitNumber"`;

  const byForm = new Map<number, LineRow[]>();
  for (const row of rows) {
    const lines = byForm.get(row.formHistoryId) ?? [];
    lines.push(row);
    byForm.set(row.formHistoryId, lines);
  }

  return [...byForm.entries()].map(([formHistoryId, lines]) => {
    const first = lines[0]!;
    const received = lines.filter((line) => line.lineStatus === RETURNING_UNIT_STATUS.received).length;
    const pickedUp = lines.length - received;
    const stage = received > 0 ? STAGES.received : STAGES.pickedUp;
    const earliest = lines.reduce((min, line) => (line.since < min ? line.since : min), first.since);
    const daysInStage = daysInStatus(earliest, now);
    const late = daysInStage > AR_OFF_RENT_LATE_DAYS;
    const stillBilled = lines.filter((line) => line.contractNumber !== null);
    const billedThrough =
      stillBilled
        .map((line) => line.billedThrough)
        .filter((d): d is string => d !== null)
        .sort()[0] ?? null;
    const badges: BoardCard["badges"] = [];
    if (late) badges.push({ label: "Late", tone: "red" });
    if (stillBilled.length > 0) badges.push({ label: `${stillBilled.length} still billed`, tone: "orange" });
    if (first.kind === "TRADE") badges.push({ label: "Trade", tone: "pink" });
    const facts: BoardCard["facts"] = [
      { label: "Request", value: String(formHistoryId) },
      { label: "Units to close", value: String(lines.length) },
      { label: "Received", value: String(received) },
      { label: "Picked up", value: String(pickedUp) },
      { label: "Back since", value: formatDisplayDate(earliest) },
      { label: "Open contracts", value: String(stillBilled.length) },
    ];
    if (stillBilled.length > 0) {
      facts.push(
        { label: "Monthly still billed", value: money(sumMoney(stillBilled.map((line) => line.monthlyRate))) },
        { label: "Billed through (oldest)", value: billedThrough ? formatDisplayDate(billedThrough) : "Not billed" },
      );
    }
    return withSearchText(
      {
        key: `form-${formHistoryId}`,
        list: "ar-off-rent",
        stage,
        title: first.companyName,
        subtitle: `${first.companyCode} · ${first.kind === "TRADE" ? "Trade" : "Off rent"} #${formHistoryId}`,
        formHistoryId,
        unitNumber: null,
        badges,
        facts,
        units: lines.map((line) => ({
          unitNumber: line.unitNumber,
          status: line.unitStatus,
          carrier: line.carrier,
          late: isUnitLate(
            { statusName: line.unitStatus, changeDate: line.unitChangedAt, overrideLate: line.unitOverrideLate },
            now,
          ),
        })),
        daysInStage,
        late,
        priority: null,
        notes: notesOf(first.noteCount, { subject: first.noteSubject, at: first.noteAt, author: first.noteAuthor }),
        actions: [formNotesAction(formHistoryId)],
        // Longest unclosed first.
        sortKey: `${late ? "0" : "1"}-${pad(daysInStage, true, 5)}-${pad(formHistoryId)}`,
      },
      lines.map((line) => line.contractNumber),
    ) satisfies BoardCard;
  });
}
