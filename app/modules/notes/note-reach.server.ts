// Which card lists show a note (ADR 012): read what the rule in app/rules/notes.ts decides from (the
// request's halves, transport jobs, completed deliveries and returned lines; the unit's status and open
// claims), so an added, cancelled or restored note refreshes every board that counts it.
import type { Db } from "~/modules/platform/services.server.ts";
import type { CardListName } from "../../rules/boards/boards.ts";
import { listsShowingNote, type NoteReach } from "../../rules/notes.ts";
import { PICKED_UP_UNIT_STATUS_IDS } from "../../rules/orders/order-stages.ts";
import { RECON_STATUSES, SALES_STATUSES, TITLES_STATUSES } from "../boards/unit-cards.server.ts";

const UNIT_BOARDS = { recon: RECON_STATUSES, sales: SALES_STATUSES, titles: TITLES_STATUSES };

/** The lists whose note counts a note on this request and/or unit changes. */
export async function listsShowingNoteOn(
  db: Db,
  target: { formHistoryId: number | null; unitNumber: string | null },
): Promise<CardListName[]> {
  const [request, unit] = await Promise.all([
    target.formHistoryId === null
      ? null
      : db.formHistory.findUnique({
          where: { id: target.formHistoryId },
          select: {
            orderForm: { select: { id: true } },
            tradeForm: { select: { id: true } },
            offRentForm: { select: { id: true } },
            _count: {
              select: {
                transportJobs: true,
                returningUnits: { where: { statusId: { in: [...PICKED_UP_UNIT_STATUS_IDS] } } },
              },
            },
            transportJobs: { where: { kind: "DELIVERY", completedAt: { not: null } }, select: { id: true }, take: 1 },
          },
        }),
    target.unitNumber === null
      ? null
      : db.unit.findUnique({
          where: { unitNumber: target.unitNumber },
          select: {
            status: { select: { name: true } },
            claims: { where: { status: { in: ["OPEN", "BILLED"] } }, select: { id: true }, take: 1 },
          },
        }),
  ]);
  const reach: NoteReach = {
    request: request
      ? {
          onRentHalf: request.orderForm !== null || request.tradeForm !== null,
          offRentHalf: request.offRentForm !== null,
          transportJobs: request._count.transportJobs > 0,
          completedDelivery: request.transportJobs.length > 0,
          returnedLine: request._count.returningUnits > 0,
        }
      : null,
    unit: unit ? { statusName: unit.status.name, openClaim: unit.claims.length > 0 } : null,
  };
  return listsShowingNote(reach, UNIT_BOARDS);
}

/**
 * The request whose cards a note changes: a request's cards count only the notes written on
 * it, so a note on a request names it; a note on a unit alone changes no request's card.
 */
export function noteRequests(formHistoryId: number | null): { requests?: number[] } {
  return formHistoryId === null ? {} : { requests: [formHistoryId] };
}
