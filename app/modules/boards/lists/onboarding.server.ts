// The onboarding board (docs/boards.md): active on-rent orders and the new halves of trades that are
// not yet delivered, by onboarding stage. Three queries for the whole list: the requests, then for
// their ids (in parallel) their units (reserved or on a delivery job) with carrier, and their notes.
import type { Db } from "~/modules/platform/services.server.ts";
import { Prisma } from "../../../generated/prisma/client.ts";
import { type BoardCard, withSearchText } from "../../../rules/boards/boards.ts";
import { ONBOARDING_STAGE, ONBOARDING_STAGES, ONBOARDING_STATUS_LABEL } from "../../../rules/orders/order-stages.ts";
import { truckTypeLabel } from "../../../rules/fleet/truck-types.ts";
import {
  badges,
  cardDate,
  cardUnit,
  dayKey,
  daysUntil,
  facts,
  formActions,
  groupRows,
  idsSubquery,
  LATE_BADGE,
  loadNoteSummariesOf,
  NO_NOTES,
  noteSummariesSql,
  onlyRequests,
  PREPAY_BADGE,
  priorityBadge,
  priorityOf,
  sortKeyOf,
  stageStartedAt,
  typeBreakdown,
  wholeDaysSince,
} from "../card-mapping.server.ts";

/** A submitted request waiting longer than this for approval is late. */
export const ONBOARDING_SUBMITTED_LATE_DAYS = 2;
/** An approved request with no unit on its way after this many days is late. */
export const ONBOARDING_APPROVED_LATE_DAYS = 5;

interface RequestRow {
  id: number;
  kind: "ORDER" | "TRADE";
  submittedAt: Date;
  approvedAt: Date | null;
  priorityReason: string | null;
  priorityDeadline: Date | null;
  confirmedPrepay: boolean;
  splitNumber: number | null;
  companyName: string;
  companyCode: string;
  stage: number;
  stageChangedAt: Date | null;
  half: number;
  threeQuarter: number;
  flat: number;
  service: number;
  requested: number;
  remaining: number;
  returning: number | null;
  dateNeeded: Date;
  city: string;
  state: string;
  poNumber: string | null;
}

interface UnitRow {
  formHistoryId: number;
  unitNumber: string;
  statusName: string;
  statusChangedAt: Date;
  overrideLate: boolean;
  carrier: string | null;
  delivered: boolean;
}

/**
 * The board's statements (also the boards benchmark's raw-SQL baseline, which runs exactly these):
 * orders and trade new halves in stages 0–2 (a delivered request leaves the board at once: the
 * client-relations board follows it up), not cancelled; then, for exactly those ids, their units and
 * their note summaries. `only` narrows the requests to some ids (their cards computed again).
 */
export const ONBOARDING_SQL = {
  requests: (only?: readonly number[]) => Prisma.sql`
    SELECT f.id, f.kind::text AS kind, f."submittedAt", f."approvedAt", f."priorityReason", f."priorityDeadline",
           f."confirmedPrepay", f."splitNumber", c.name AS "companyName", c.code AS "companyCode",
           COALESCE(o."onboardingStatus", t."onboardingStatus") AS stage,
           (SELECT max(a."changedAt") FROM "AuditLog" a
             WHERE a."formHistoryId" = f.id AND a."changedData" -> ${ONBOARDING_STATUS_LABEL}::text IS NOT NULL) AS "stageChangedAt",
           COALESCE(o."halfTonCount", t."halfTonCountTrade") AS half,
           COALESCE(o."threeQuarterTonCount", t."threeQuarterTonCountTrade") AS "threeQuarter",
           COALESCE(o."oneTonFlatCount", t."oneTonFlatCountTrade") AS flat,
           COALESCE(o."oneTonServiceCount", t."oneTonServiceCountTrade") AS service,
           COALESCE(o."trucksRequested",
                    t."halfTonCountTrade" + t."threeQuarterTonCountTrade" + t."oneTonFlatCountTrade" + t."oneTonServiceCountTrade") AS requested,
           COALESCE(o."trucksRemaining", t."newTrucksRemaining") AS remaining,
           t."numTrucksReturning" AS returning,
           COALESCE(o."dateNeeded", t."pickupDate") AS "dateNeeded",
           COALESCE(o."useCity", t."useCity") AS city, COALESCE(o."useState", t."useState") AS state,
           COALESCE(o."poNumber", t."poNumber") AS "poNumber"
      FROM "FormHistory" f
      JOIN "Company" c ON c.id = f."companyId"
      LEFT JOIN "OrderForm" o ON o."formHistoryId" = f.id AND f.kind = 'ORDER'
      LEFT JOIN "TradeForm" t ON t."formHistoryId" = f.id AND f.kind = 'TRADE'
     WHERE f.kind IN ('ORDER', 'TRADE') AND f."cancelledAt" IS NULL
       AND COALESCE(o."onboardingStatus", t."onboardingStatus") < ${ONBOARDING_STAGE.delivered}${onlyRequests(only)}`,
  // Reserved units and units on a delivery job (assigned, rolling or delivered), each once, with the
  // carrier of its latest delivery job. The units are looked up one by one (LATERAL): a few hundred
  // index lookups, where a join would read all of a large fleet.
  units: (ids: readonly number[]) => Prisma.sql`
      SELECT x."formHistoryId", u."unitNumber", s.name AS "statusName", u."statusChangedAt", u."overrideLate",
             j.carrier, COALESCE(j.delivered, false) AS delivered
        FROM (SELECT "formHistoryId", "unitId" FROM "Reservation" WHERE "formHistoryId" = ANY(${[...ids]}::int[])
              UNION
              SELECT "formHistoryId", "unitId" FROM "TransportJob"
               WHERE kind = 'DELIVERY' AND "unitId" IS NOT NULL AND "formHistoryId" = ANY(${[...ids]}::int[])) x
        CROSS JOIN LATERAL (
          SELECT u."unitNumber", u."statusId", u."statusChangedAt", u."overrideLate" FROM "Unit" u
           WHERE u.id = x."unitId" OFFSET 0) u
        JOIN "UnitStatus" s ON s.id = u."statusId"
        LEFT JOIN LATERAL (
          SELECT v.name AS carrier, tj."completedAt" IS NOT NULL AS delivered
            FROM "TransportJob" tj LEFT JOIN "Vendor" v ON v.id = tj."vendorId"
           WHERE tj."formHistoryId" = x."formHistoryId" AND tj."unitId" = x."unitId" AND tj.kind = 'DELIVERY'
           ORDER BY tj."createdAt" DESC, tj.id DESC LIMIT 1) j ON true
       ORDER BY x."formHistoryId", u."unitNumber"`,
  notes: (ids: readonly number[]) => noteSummariesSql(idsSubquery(ids)),
};

/** The whole list, or the cards of the `only` requests that are on it. */
export async function loadCards(db: Db, now: Date, only?: readonly number[]): Promise<BoardCard[]> {
  const requests = await db.$queryRaw<RequestRow[]>(ONBOARDING_SQL.requests(only));
  if (requests.length === 0) return [];
  const ids = requests.map((request) => request.id);
  const [unitRows, notes] = await Promise.all([
    db.$queryRaw<UnitRow[]>(ONBOARDING_SQL.units(ids)),
    loadNoteSummariesOf(db, idsSubquery(ids)),
  ]);
  const unitsByForm = groupRows(unitRows, (row) => row.formHistoryId);

  return requests.map((request) => {
    const stage = ONBOARDING_STAGES[request.stage] ?? ONBOARDING_STAGES[0];
    const daysInStage = wholeDaysSince(stageStartedAt(request), now);
    const neededIn = daysUntil(request.dateNeeded, now);
    const late =
      (request.stage === ONBOARDING_STAGE.submitted && daysInStage > ONBOARDING_SUBMITTED_LATE_DAYS) ||
      (request.stage === ONBOARDING_STAGE.approved && daysInStage > ONBOARDING_APPROVED_LATE_DAYS) ||
      (request.stage >= ONBOARDING_STAGE.approved && neededIn < 0 && request.remaining > 0);
    const units = (unitsByForm.get(request.id) ?? []).map((row) => cardUnit(row, row.carrier, now));
    const isTrade = request.kind === "TRADE";
    const types = typeBreakdown([
      [truckTypeLabel("HALF_TON"), request.half],
      [truckTypeLabel("THREE_QUARTER_TON"), request.threeQuarter],
      [truckTypeLabel("ONE_TON_FLATBED"), request.flat],
      [truckTypeLabel("ONE_TON_SERVICE_BODY"), request.service],
    ]);
    const withCarrier = (unitsByForm.get(request.id) ?? []).filter((row) => row.carrier !== null).length;
    const card: BoardCard = withSearchText(
      {
        key: `form-${request.id}`,
        list: "onboarding",
        stage: { id: String(stage.id), label: stage.label, order: stage.id },
        title: request.companyName,
        subtitle: `${request.companyCode} · ${isTrade ? "Trade" : "Order"} #${request.id}${request.splitNumber ? ` (split ${request.splitNumber})` : ""}`,
        formHistoryId: request.id,
        unitNumber: null,
        badges: badges(
          isTrade && { label: "Trade", tone: "blue" },
          priorityBadge(request.priorityReason, request.priorityDeadline, now),
          request.confirmedPrepay && PREPAY_BADGE,
          late && LATE_BADGE,
        ),
        facts: facts(
          ["Requested", request.requested],
          [isTrade ? "New trucks remaining" : "Remaining", request.remaining],
          isTrade && ["Returning", request.returning],
          ["Types", types],
          ["Reserved", units.length],
          ["Carrier assigned", withCarrier],
          [isTrade ? "Pickup / swap" : "Needed", cardDate(request.dateNeeded)],
          ["Deliver to", `${request.city}, ${request.state}`],
          ["PO", request.poNumber],
          ["Submitted", cardDate(request.submittedAt)],
        ),
        units,
        daysInStage,
        late,
        priority: priorityOf(request.priorityReason, request.priorityDeadline),
        notes: notes.get(request.id) ?? NO_NOTES,
        actions: formActions(request.id, [
          ["notes", "Notes", "notesGeneral"],
          ["edit", "Edit", isTrade ? "editOnTrade" : "editOnboarding"],
          ["cancel", "Cancel", "noteOnboarding"],
          ["split", "Split", isTrade ? "splitTradeModal" : "splitOrderModal"],
          ["priority", "Priority", "setPriorityOrder"],
          // The On Rent team takes a confirmed prepay back.
          ...(request.confirmedPrepay ? [["prepay", "Remove Prepay", "removePrepayOrder"] as const] : []),
        ]),
        // Priority first, then late, then the day needed, then the oldest request.
        sortKey: sortKeyOf(
          request.priorityReason ? "0" : "1",
          late ? "0" : "1",
          dayKey(request.dateNeeded),
          request.id,
        ),
      },
      [request.poNumber],
    );
    return card;
  });
}
