// The offboarding board (docs/boards.md): off-rent orders and the return halves of trades that are not
// fully returned, by offboarding stage. Three queries for the whole list: the requests, their returning
// unit lines with the carrier of each pickup, and their notes.
import type { Db } from "~/modules/platform/services.server.ts";
import { Prisma } from "../../../generated/prisma/client.ts";
import { type BoardCard, withSearchText } from "../../../rules/boards/boards.ts";
import {
  APPROVED_STAGE,
  isAtCustomerUnitStatus,
  OFFBOARDING_STAGE,
  OFFBOARDING_STAGES,
  OFFBOARDING_STATUS_LABEL,
  returningUnitStatusLabel,
  SUBMITTED_STAGE,
} from "../../../rules/orders/order-stages.ts";
import {
  badges,
  cardDate,
  dayKey,
  daysUntil,
  facts,
  formActions,
  groupRows,
  LATE_BADGE,
  loadNoteSummariesOf,
  NO_NOTES,
  onlyRequests,
  sortKeyOf,
  stageStartedAt,
  wholeDaysSince,
} from "../card-mapping.server.ts";

/** A submitted off-rent waiting longer than this for approval is late. */
export const OFFBOARDING_SUBMITTED_LATE_DAYS = 2;

interface RequestRow {
  id: number;
  kind: "OFF_RENT" | "TRADE";
  submittedAt: Date;
  approvedAt: Date | null;
  splitNumber: number | null;
  companyName: string;
  companyCode: string;
  stage: number;
  stageChangedAt: Date | null;
  returning: number;
  remaining: number;
  pickupDate: Date;
  city: string;
  state: string;
  submittedBy: string;
}

interface LineRow {
  formHistoryId: number;
  unitNumber: string;
  statusId: number;
  carrier: string | null;
}

/**
 * The ids of the requests on the board: off-rents and trade return halves, not cancelled, stage 0–2;
 * `only` narrows them to some ids (their cards computed again).
 */
const activeRequestIds = (only?: readonly number[]) => Prisma.sql`
  SELECT f.id FROM "OffRentForm" r JOIN "FormHistory" f ON f.id = r."formHistoryId"
   WHERE f."cancelledAt" IS NULL AND r."offboardingStatus" < ${OFFBOARDING_STAGE.returned}${onlyRequests(only)}`;

/** The whole list, or the cards of the `only` requests that are on it. */
export async function loadCards(db: Db, now: Date, only?: readonly number[]): Promise<BoardCard[]> {
  const activeIds = activeRequestIds(only);
  // Off-rents and trade return halves in stages 0–2 (returned requests leave the board), not cancelled.
  // The three queries run in parallel: lines and notes select their requests with the same predicate.
  const [requests, lineRows, notes] = await Promise.all([
    db.$queryRaw<RequestRow[]>`
    SELECT f.id, f.kind::text AS kind, f."submittedAt", f."approvedAt", f."splitNumber",
           c.name AS "companyName", c.code AS "companyCode", r."offboardingStatus" AS stage,
           (SELECT max(a."changedAt") FROM "AuditLog" a
             WHERE a."formHistoryId" = f.id
               AND a."changedData" -> ${OFFBOARDING_STATUS_LABEL}::text IS NOT NULL) AS "stageChangedAt",
           r."numTrucksReturning" AS returning, r."trucksRemaining" AS remaining, r."pickupDate",
           r."pickupCity" AS city, r."pickupState" AS state, r."submittedBy" AS "submittedBy"
      FROM "OffRentForm" r
      JOIN "FormHistory" f ON f.id = r."formHistoryId"
      JOIN "Company" c ON c.id = f."companyId"
     WHERE f."cancelledAt" IS NULL AND r."offboardingStatus" < ${OFFBOARDING_STAGE.returned}${onlyRequests(only)}`,
    db.$queryRaw<LineRow[]>`
      SELECT ru."formHistoryId", ru."unitNumber", ru."statusId", j.carrier
        FROM "ReturningUnit" ru
        LEFT JOIN LATERAL (
          SELECT v.name AS carrier
            FROM "TransportJob" tj JOIN "Vendor" v ON v.id = tj."vendorId"
           WHERE tj."formHistoryId" = ru."formHistoryId" AND tj."unitId" = ru."unitId" AND tj.kind = 'PICKUP'
           ORDER BY tj."createdAt" DESC, tj.id DESC LIMIT 1) j ON ru."unitId" IS NOT NULL
       WHERE ru."formHistoryId" IN (${activeIds})
       ORDER BY ru."formHistoryId", ru.id`,
    loadNoteSummariesOf(db, activeIds),
  ]);
  if (requests.length === 0) return [];
  const linesByForm = groupRows(lineRows, (row) => row.formHistoryId);

  return requests.map((request) => {
    const stage = OFFBOARDING_STAGES[request.stage] ?? OFFBOARDING_STAGES[0];
    const daysInStage = wholeDaysSince(stageStartedAt(request), now);
    const pickupIn = daysUntil(request.pickupDate, now);
    const lines = linesByForm.get(request.id) ?? [];
    // A line is still at the customer while it is new or awaiting pickup.
    const atCustomer = lines.filter((line) => isAtCustomerUnitStatus(line.statusId));
    const units = lines.map((line) => ({
      unitNumber: line.unitNumber,
      status: returningUnitStatusLabel(line.statusId) ?? String(line.statusId),
      carrier: line.carrier,
      // Still at the customer after the pickup date.
      late: isAtCustomerUnitStatus(line.statusId) && pickupIn < 0,
    }));
    const late =
      (request.stage === SUBMITTED_STAGE && daysInStage > OFFBOARDING_SUBMITTED_LATE_DAYS) ||
      (pickupIn < 0 && atCustomer.length > 0);
    const isTrade = request.kind === "TRADE";
    const card: BoardCard = withSearchText({
      key: `form-${request.id}`,
      list: "offboarding",
      stage: { id: String(stage.id), label: stage.label, order: stage.id },
      title: request.companyName,
      subtitle: `${request.companyCode} · ${isTrade ? "Trade return" : "Off-rent"} #${request.id}${request.splitNumber ? ` (split ${request.splitNumber})` : ""}`,
      formHistoryId: request.id,
      unitNumber: null,
      badges: badges(
        isTrade && { label: "Trade", tone: "blue" },
        request.stage >= APPROVED_STAGE &&
          lines.some((line) => line.unitNumber === "UPDATE") && { label: "Unit to confirm", tone: "orange" },
        late && LATE_BADGE,
      ),
      facts: facts(
        ["Returning", request.returning],
        ["Remaining", request.remaining],
        ["At customer", atCustomer.length],
        ["Carrier assigned", lines.filter((line) => line.carrier !== null).length],
        ["Pickup", cardDate(request.pickupDate)],
        ["Pickup at", `${request.city}, ${request.state}`],
        ["Submitted by", request.submittedBy],
        ["Submitted", cardDate(request.submittedAt)],
      ),
      units,
      daysInStage,
      late,
      priority: null,
      notes: notes.get(request.id) ?? NO_NOTES,
      actions: formActions(request.id, [
        ["notes", "Notes", "notesGeneral"],
        ["edit", "Edit", isTrade ? "editOffTrade" : "editOffboarding"],
        ["cancel", "Cancel", "noteOnboarding"],
        ["split", "Split", "splitOffModal"],
      ]),
      // Late first, then the pickup day, then the oldest request.
      sortKey: sortKeyOf(late ? "0" : "1", dayKey(request.pickupDate), request.id),
    });
    return card;
  });
}
