// The transport board (docs/boards.md): open delivery and pickup jobs, one card per request, direction
// and stage — Needs carrier, Carrier assigned, Done today. Two queries for the whole list: the jobs with
// their request, unit and carrier, and the requests' notes.
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

/** A job without a carrier for longer than this is late even before its date. */
export const TRANSPORT_UNASSIGNED_LATE_DAYS = 2;

export const TRANSPORT_STAGES = [
  { id: "unassigned", label: "Needs Carrier", order: 0 },
  { id: "assigned", label: "Carrier Assigned", order: 1 },
  { id: "done-today", label: "Done Today", order: 2 },
] as const;
type TransportStage = (typeof TRANSPORT_STAGES)[number];

export interface TransportJobRow {
  id: number;
  formHistoryId: number;
  kind: "DELIVERY" | "PICKUP";
  formKind: "ORDER" | "OFF_RENT" | "TRADE";
  vendorId: number | null;
  carrier: string | null;
  assignedAt: Date | null;
  scheduledDate: Date | null;
  completedAt: Date | null;
  createdAt: Date;
  fromCity: string | null;
  fromState: string | null;
  toCity: string | null;
  toState: string | null;
  unitNumber: string | null;
  statusName: string | null;
  statusChangedAt: Date | null;
  overrideLate: boolean | null;
  companyName: string;
  companyCode: string;
  priorityReason: string | null;
  priorityDeadline: Date | null;
  /** Date needed (orders, trades) or pickup date (off-rents). */
  wantedDate: Date | null;
}

/** Open jobs (and those completed since today's UTC midnight) of requests that are not cancelled. */
export async function loadOpenTransportJobs(
  db: Db,
  now: Date,
  options: { assignedOnly?: boolean } = {},
): Promise<TransportJobRow[]> {
  const startOfToday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const assignedOnly = options.assignedOnly ?? false;
  return db.$queryRaw<TransportJobRow[]>`
    SELECT j.id, j."formHistoryId", j.kind::text AS kind, f.kind::text AS "formKind", j."vendorId", v.name AS carrier,
           j."assignedAt", j."scheduledDate", j."completedAt", j."createdAt",
           j."fromCity", j."fromState", j."toCity", j."toState",
           u."unitNumber", s.name AS "statusName", u."statusChangedAt", u."overrideLate",
           c.name AS "companyName", c.code AS "companyCode", f."priorityReason", f."priorityDeadline",
           CASE WHEN j.kind = 'PICKUP' THEN r."pickupDate" ELSE COALESCE(o."dateNeeded", t."pickupDate") END AS "wantedDate"
      FROM "TransportJob" j
      JOIN "FormHistory" f ON f.id = j."formHistoryId"
      JOIN "Company" c ON c.id = f."companyId"
      LEFT JOIN "Vendor" v ON v.id = j."vendorId"
      LEFT JOIN "Unit" u ON u.id = j."unitId"
      LEFT JOIN "UnitStatus" s ON s.id = u."statusId"
      LEFT JOIN "OrderForm" o ON o."formHistoryId" = f.id
      LEFT JOIN "TradeForm" t ON t."formHistoryId" = f.id
      LEFT JOIN "OffRentForm" r ON r."formHistoryId" = f.id
     WHERE f."cancelledAt" IS NULL
       AND (j."completedAt" IS NULL OR j."completedAt" >= ${startOfToday})
       AND (${!assignedOnly} OR j."vendorId" IS NOT NULL)
     ORDER BY j."scheduledDate" NULLS LAST, j.id`;
}

function stageOf(job: TransportJobRow): TransportStage {
  if (job.completedAt !== null) return TRANSPORT_STAGES[2];
  return job.vendorId === null ? TRANSPORT_STAGES[0] : TRANSPORT_STAGES[1];
}

/** The route of a job, 'Dallas, TX → Austin, TX'. */
export function jobRoute(job: Pick<TransportJobRow, "fromCity" | "fromState" | "toCity" | "toState">): string {
  const place = (city: string | null, state: string | null) => [city, state].filter(Boolean).join(", ") || "?";
  return `${place(job.fromCity, job.fromState)} → ${place(job.toCity, job.toState)}`;
}

/** Is the job itself late: unassigned and due (or waiting too long), or assigned and past its date. */
export function isJobLate(job: TransportJobRow, now: Date): boolean {
  if (job.completedAt !== null) return false;
  if (job.vendorId === null) {
    const due = job.scheduledDate ?? job.wantedDate;
    return (
      (due !== null && daysUntil(due, now) <= 0) || wholeDaysSince(job.createdAt, now) > TRANSPORT_UNASSIGNED_LATE_DAYS
    );
  }
  return job.scheduledDate !== null && daysUntil(job.scheduledDate, now) < 0;
}

export async function loadCards(db: Db, now: Date): Promise<BoardCard[]> {
  const jobs = await loadOpenTransportJobs(db, now);
  if (jobs.length === 0) return [];
  const groups = new Map<string, TransportJobRow[]>();
  for (const job of jobs) {
    const key = `jobs-${job.formHistoryId}-${job.kind.toLowerCase()}-${stageOf(job).id}`;
    const group = groups.get(key);
    if (group) group.push(job);
    else groups.set(key, [job]);
  }
  const notes = await loadNoteSummaries(db, [...new Set(jobs.map((job) => job.formHistoryId))]);

  const cards: BoardCard[] = [];
  for (const [key, group] of groups) {
    const first = group[0]!;
    const stage = stageOf(first);
    const isDelivery = first.kind === "DELIVERY";
    const lateJobs = group.filter((job) => isJobLate(job, now));
    const late = lateJobs.length > 0;
    const since =
      stage.id === "unassigned"
        ? minDate(group.map((job) => job.createdAt))
        : stage.id === "assigned"
          ? minDate(group.map((job) => job.assignedAt ?? job.createdAt))
          : maxDate(group.map((job) => job.completedAt));
    const scheduled = minDate(group.map((job) => job.scheduledDate));
    const carriers = [...new Set(group.map((job) => job.carrier).filter((name): name is string => name !== null))];
    const routes = [...new Set(group.map(jobRoute))];
    const units = group
      .filter((job) => job.unitNumber !== null)
      .map((job) => {
        const unit = cardUnit(
          {
            unitNumber: job.unitNumber!,
            statusName: job.statusName ?? "",
            statusChangedAt: job.statusChangedAt ?? now,
            overrideLate: job.overrideLate ?? false,
          },
          job.carrier,
          now,
        );
        return { ...unit, late: unit.late || isJobLate(job, now) };
      });
    const formKind = first.formKind;
    const editModal =
      formKind === "TRADE" ? "editOnTrade" : formKind === "OFF_RENT" ? "editOffboarding" : "editOnboarding";
    cards.push(
      withSearchText(
        {
          key,
          list: "transport",
          stage: { id: stage.id, label: stage.label, order: stage.order },
          title: first.companyName,
          subtitle: `${first.companyCode} · ${isDelivery ? "Delivery" : "Pickup"} · ${formKind === "TRADE" ? "Trade" : formKind === "OFF_RENT" ? "Off-rent" : "Order"} #${first.formHistoryId}`,
          formHistoryId: first.formHistoryId,
          unitNumber: group.length === 1 ? first.unitNumber : null,
          badges: badges(
            { label: isDelivery ? "Delivery" : "Pickup", tone: isDelivery ? "blue" : "gray" },
            priorityBadge(first.priorityReason, first.priorityDeadline, now),
            late && LATE_BADGE,
          ),
          facts: facts(
            ["Jobs", group.length],
            ["Route", routes.length === 1 ? routes[0] : `${routes[0]} (+${routes.length - 1} more)`],
            ["Scheduled", cardDate(scheduled)],
            [isDelivery ? "Needed" : "Pickup", cardDate(first.wantedDate)],
            ["Carrier", carriers.join(", ")],
            ["Late jobs", lateJobs.length || null],
          ),
          units,
          daysInStage: wholeDaysSince(since, now),
          late,
          priority: priorityOf(first.priorityReason, first.priorityDeadline),
          notes: notes.get(first.formHistoryId) ?? NO_NOTES,
          actions: formActions(first.formHistoryId, [
            ["notes", "Notes", "notesGeneral"],
            ["edit", "Edit", editModal],
            // Who has the jobs, and (transport-edit) giving them to carriers.
            ["carriers", "Carriers", "assignCarrier"],
          ]),
          // Late first, then priority, then the earliest date (scheduled, else wanted), then the request.
          sortKey: sortKeyOf(
            late ? "0" : "1",
            first.priorityReason ? "0" : "1",
            dayKey(scheduled ?? first.wantedDate),
            first.formHistoryId,
            first.kind,
          ),
        },
        carriers,
      ),
    );
  }
  return cards;
}

function minDate(dates: readonly (Date | null)[]): Date | null {
  let result: Date | null = null;
  for (const date of dates) if (date && (result === null || date < result)) result = date;
  return result;
}

function maxDate(dates: readonly (Date | null)[]): Date | null {
  let result: Date | null = null;
  for (const date of dates) if (date && (result === null || date > result)) result = date;
  return result;
}
