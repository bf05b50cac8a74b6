// The client-relations board (docs/boards.md): customers who received trucks in the last 30 days, one
// card per customer, grouped by how recent the latest delivery is, for follow-up calls. Three queries:
// the completed deliveries with unit, carrier and company, the latest client-relations note per
// customer's requests, and the requests' notes.
import type { Db } from "~/modules/platform/services.server.ts";
import { type BoardCard, withSearchText } from "../../../rules/boards/boards.ts";
import {
  badges,
  cardDate,
  cardUnit,
  facts,
  formActions,
  LATE_BADGE,
  loadNoteSummaries,
  mergeNotes,
  sortKeyOf,
  wholeDaysSince,
} from "../card-mapping.server.ts";

/** Deliveries this recent are on the board. */
export const CLIENT_RELATIONS_WINDOW_DAYS = 30;
/** A customer not called this many days after the latest delivery is late. */
export const CLIENT_RELATIONS_CALL_LATE_DAYS = 7;

export const CLIENT_RELATIONS_STAGES = [
  { id: "just-delivered", label: "Just Delivered (0–2 days)", order: 0, maxDays: 2 },
  { id: "call-now", label: "Follow-up Call Due (3–7 days)", order: 1, maxDays: CLIENT_RELATIONS_CALL_LATE_DAYS },
  { id: "earlier", label: "Earlier (8–30 days)", order: 2, maxDays: CLIENT_RELATIONS_WINDOW_DAYS },
] as const;

interface DeliveryRow {
  formHistoryId: number;
  formKind: "ORDER" | "TRADE" | "OFF_RENT";
  companyId: number;
  companyName: string;
  companyCode: string;
  contactName: string | null;
  phone: string | null;
  completedAt: Date;
  unitNumber: string | null;
  statusName: string | null;
  statusChangedAt: Date | null;
  overrideLate: boolean | null;
  carrier: string | null;
  /** The newest client-relations note on any of the company's requests delivered in the window. */
  lastCall: Date | null;
}

export async function loadCards(db: Db, now: Date): Promise<BoardCard[]> {
  const since = new Date(now.getTime() - CLIENT_RELATIONS_WINDOW_DAYS * 86_400_000);
  const rows = await db.$queryRaw<DeliveryRow[]>`
    WITH d AS (
      SELECT j."formHistoryId", f.kind::text AS "formKind", f."companyId", j."completedAt", j."unitId", j."vendorId"
        FROM "TransportJob" j
        JOIN "FormHistory" f ON f.id = j."formHistoryId"
       WHERE j.kind = 'DELIVERY' AND j."completedAt" >= ${since} AND j."completedAt" <= ${now}
    ), calls AS (
      SELECT d."companyId", max(n."createdAt") AS "lastCall"
        FROM "Note" n JOIN (SELECT DISTINCT "companyId", "formHistoryId" FROM d) d ON d."formHistoryId" = n."formHistoryId"
       WHERE n."noteType" = 'client-relations' AND NOT n.cancelled
       GROUP BY d."companyId"
    )
    SELECT d."formHistoryId", d."formKind", d."companyId", c.name AS "companyName", c.code AS "companyCode",
           c."contactName", c.phone, d."completedAt", u."unitNumber", s.name AS "statusName", u."statusChangedAt",
           u."overrideLate", v.name AS carrier, calls."lastCall"
      FROM d
      JOIN "Company" c ON c.id = d."companyId"
      LEFT JOIN "Unit" u ON u.id = d."unitId"
      LEFT JOIN "UnitStatus" s ON s.id = u."statusId"
      LEFT JOIN "Vendor" v ON v.id = d."vendorId"
      LEFT JOIN calls ON calls."companyId" = d."companyId"
     ORDER BY d."companyId", d."completedAt" DESC`;
  if (rows.length === 0) return [];
  const notes = await loadNoteSummaries(db, [...new Set(rows.map((row) => row.formHistoryId))]);

  const byCompany = new Map<number, DeliveryRow[]>();
  for (const row of rows) {
    const group = byCompany.get(row.companyId);
    if (group) group.push(row);
    else byCompany.set(row.companyId, [row]);
  }

  const cards: BoardCard[] = [];
  for (const [companyId, deliveries] of byCompany) {
    // Rows are newest first.
    const latest = deliveries[0]!;
    const daysSince = wholeDaysSince(latest.completedAt, now);
    const stage = CLIENT_RELATIONS_STAGES.find((entry) => daysSince <= entry.maxDays) ?? CLIENT_RELATIONS_STAGES[2];
    const called = latest.lastCall !== null && latest.lastCall >= latest.completedAt;
    const late = !called && daysSince > CLIENT_RELATIONS_CALL_LATE_DAYS;
    const formIds = [...new Set(deliveries.map((row) => row.formHistoryId))];
    const units = deliveries
      .filter((row) => row.unitNumber !== null)
      .map((row) =>
        cardUnit(
          {
            unitNumber: row.unitNumber!,
            statusName: row.statusName ?? "",
            statusChangedAt: row.statusChangedAt ?? now,
            overrideLate: row.overrideLate ?? false,
          },
          row.carrier,
          now,
        ),
      );
    cards.push(
      withSearchText(
        {
          key: `company-${companyId}`,
          list: "client-relations",
          stage: { id: stage.id, label: stage.label, order: stage.order },
          title: latest.companyName,
          subtitle: latest.companyCode,
          formHistoryId: latest.formHistoryId,
          unitNumber: null,
          badges: badges(called ? { label: "Called", tone: "green" } : null, late && LATE_BADGE),
          facts: facts(
            ["Trucks delivered", deliveries.length],
            ["Requests", formIds.length],
            ["Last delivery", cardDate(latest.completedAt)],
            ["First delivery", cardDate(deliveries[deliveries.length - 1]!.completedAt)],
            ["Contact", latest.contactName],
            ["Phone", latest.phone],
            ["Last call", cardDate(latest.lastCall)],
          ),
          units,
          daysInStage: daysSince,
          late,
          priority: null,
          notes: mergeNotes(formIds.map((id) => notes.get(id))),
          actions: formActions(latest.formHistoryId, [["notes", "Notes", "notesGeneral"]]),
          // Not yet called first, then the oldest delivery in the stage (the call most overdue).
          sortKey: sortKeyOf(called ? "1" : "0", latest.completedAt.toISOString(), companyId),
        },
        [latest.contactName, ...formIds],
      ),
    );
  }
  return cards;
}
