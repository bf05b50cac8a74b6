// The shipping list (docs/boards.md): every truck a carrier moves from overdue through the next week,
// one card per job, grouped by day in date order — the dispatcher's run sheet. Two queries: the jobs
// (shared with the transport board) and the requests' notes.
import type { Db } from "~/modules/platform/services.server.ts";
import { type BoardCard, withSearchText } from "../../../rules/boards/boards.ts";
import {
  badges,
  cardDate,
  cardUnit,
  dayKey,
  daysUntil,
  facts,
  formActions,
  LATE_BADGE,
  loadNoteSummaries,
  NO_NOTES,
  priorityBadge,
  priorityOf,
  sortKeyOf,
  wholeDaysSince,
} from "../card-mapping.server.ts";
import { jobRoute, loadOpenTransportJobs } from "./transport.server.ts";

/** How many days ahead the shipping list reaches (today + 7). */
export const SHIPPING_DAYS_AHEAD = 7;

function dayStage(offset: number, day: Date): { id: string; label: string; order: number } {
  if (offset < 0) return { id: "overdue", label: "Overdue", order: -1 };
  const label = offset === 0 ? "Today" : offset === 1 ? "Tomorrow" : cardDate(day);
  return { id: dayKey(day), label, order: offset };
}

export async function loadCards(db: Db, now: Date): Promise<BoardCard[]> {
  const jobs = (await loadOpenTransportJobs(db, now, { assignedOnly: true })).filter(
    (job) =>
      job.completedAt === null &&
      job.scheduledDate !== null &&
      daysUntil(job.scheduledDate, now) <= SHIPPING_DAYS_AHEAD,
  );
  if (jobs.length === 0) return [];
  const notes = await loadNoteSummaries(db, [...new Set(jobs.map((job) => job.formHistoryId))]);

  return jobs.map((job) => {
    const scheduled = job.scheduledDate!;
    const offset = daysUntil(scheduled, now);
    const late = offset < 0;
    const isDelivery = job.kind === "DELIVERY";
    const units =
      job.unitNumber === null
        ? []
        : [
            cardUnit(
              {
                unitNumber: job.unitNumber,
                statusName: job.statusName ?? "",
                statusChangedAt: job.statusChangedAt ?? now,
                overrideLate: job.overrideLate ?? false,
              },
              job.carrier,
              now,
            ),
          ];
    const editModal =
      job.formKind === "TRADE" ? "editOnTrade" : job.formKind === "OFF_RENT" ? "editOffboarding" : "editOnboarding";
    const card: BoardCard = withSearchText(
      {
        key: `job-${job.id}`,
        list: "shipping",
        stage: dayStage(offset, scheduled),
        title: job.companyName,
        subtitle: `${job.companyCode} · ${isDelivery ? "Delivery" : "Pickup"} · #${job.formHistoryId}`,
        formHistoryId: job.formHistoryId,
        unitNumber: job.unitNumber,
        badges: badges(
          { label: isDelivery ? "Delivery" : "Pickup", tone: isDelivery ? "blue" : "gray" },
          priorityBadge(job.priorityReason, job.priorityDeadline, now),
          late && LATE_BADGE,
        ),
        facts: facts(
          ["Unit", job.unitNumber],
          ["Carrier", job.carrier],
          ["Scheduled", cardDate(scheduled)],
          ["Route", jobRoute(job)],
          [isDelivery ? "Needed" : "Pickup", cardDate(job.wantedDate)],
        ),
        units,
        // Days since the carrier was booked.
        daysInStage: wholeDaysSince(job.assignedAt, now),
        late,
        priority: priorityOf(job.priorityReason, job.priorityDeadline),
        notes: notes.get(job.formHistoryId) ?? NO_NOTES,
        actions: formActions(job.formHistoryId, [
          ["notes", "Notes", "notesGeneral"],
          ["edit", "Edit", editModal],
        ]),
        // Within a day: by carrier (one call per carrier), then the unit.
        sortKey: sortKeyOf(dayKey(scheduled), (job.carrier ?? "").toLowerCase(), job.unitNumber, job.id),
      },
      [job.carrier],
    );
    return card;
  });
}
