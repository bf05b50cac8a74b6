// Shared pieces for building BoardCards (docs/boards.md): note summaries read in one query for a whole
// list, whole days in a stage, badges, dates as the cards show them, actions, search text and sort keys.
// Every list module may import these; the signatures are kept stable.
import type { Db } from "~/modules/platform/services.server.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import type { BoardCard, CardTone } from "../../rules/boards/boards.ts";
import { formatDateForApi, formatUtcDay } from "../../rules/format.ts";
import { SUBMITTED_STAGE } from "../../rules/orders/order-stages.ts";
import { isUnitLate } from "../../rules/fleet/unit-statuses.ts";

export type CardNotes = BoardCard["notes"];
export type CardBadge = BoardCard["badges"][number];
export type CardAction = BoardCard["actions"][number];
export type CardUnit = BoardCard["units"][number];
export type CardFact = BoardCard["facts"][number];

export const NO_NOTES: CardNotes = Object.freeze({ count: 0, latest: null }) as CardNotes;

const MS_PER_DAY = 86_400_000;

/** The longest latest-note subject a card carries (the notes dialog shows the whole text). */
export const NOTE_SUBJECT_MAX = 160;

interface NoteSummaryRow {
  formHistoryId: number;
  count: number;
  subject: string;
  createdAt: Date;
  firstName: string;
  lastName: string;
}

/**
 * Count of non-cancelled notes and the latest one for each request, in one query (no N+1). Requests
 * without notes are absent from the map: use `notes.get(id) ?? NO_NOTES`.
 */
export async function loadNoteSummaries(db: Db, formHistoryIds: readonly number[]): Promise<Map<number, CardNotes>> {
  if (formHistoryIds.length === 0) return new Map();
  return loadNoteSummariesOf(db, idsSubquery(formHistoryIds));
}

/** The note summaries' statement (exported for the boards benchmark's raw-SQL baseline). */
export function noteSummariesSql(formHistoryIdsQuery: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`
    SELECT DISTINCT ON (n."formHistoryId")
           n."formHistoryId" AS "formHistoryId",
           (count(*) OVER (PARTITION BY n."formHistoryId"))::int AS "count",
           n.subject, n."createdAt", u."firstName", u."lastName"
      FROM "Note" n
      JOIN "User" u ON u.id = n."authorId"
     WHERE n."formHistoryId" IN (${formHistoryIdsQuery}) AND NOT n.cancelled
     ORDER BY n."formHistoryId", n."createdAt" DESC, n.id DESC`;
}

/** A subquery of the given FormHistory ids, for loadNoteSummariesOf and friends. */
export function idsSubquery(formHistoryIds: readonly number[]): Prisma.Sql {
  return Prisma.sql`SELECT unnest(${[...formHistoryIds]}::int[])`;
}

/**
 * `AND f.id = ANY(ids)` when a list computes only some requests' cards, nothing for the whole
 * list. The requests' table must be aliased `f`.
 */
export function onlyRequests(ids: readonly number[] | undefined): Prisma.Sql {
  return ids === undefined ? Prisma.empty : Prisma.sql` AND f.id = ANY(${[...ids]}::int[])`;
}

/**
 * The same for the requests a subquery selects (one column of FormHistory ids), so a list can read its
 * notes in parallel with its requests instead of after them.
 */
export async function loadNoteSummariesOf(db: Db, formHistoryIdsQuery: Prisma.Sql): Promise<Map<number, CardNotes>> {
  const result = new Map<number, CardNotes>();
  const rows = await db.$queryRaw<NoteSummaryRow[]>(noteSummariesSql(formHistoryIdsQuery));
  for (const row of rows) {
    result.set(row.formHistoryId, {
      count: row.count,
      latest: {
        author: `${row.firstName} ${row.lastName}`.trim(),
        createdAt: row.createdAt.toISOString(),
        subject: truncate(row.subject, NOTE_SUBJECT_MAX),
      },
    });
  }
  return result;
}

/** Several requests' notes as one summary (a card that stands for many requests): total count, newest note. */
export function mergeNotes(summaries: readonly (CardNotes | undefined)[]): CardNotes {
  let count = 0;
  let latest: CardNotes["latest"] = null;
  for (const summary of summaries) {
    if (!summary) continue;
    count += summary.count;
    if (summary.latest && (latest === null || summary.latest.createdAt > latest.createdAt)) latest = summary.latest;
  }
  return count === 0 ? NO_NOTES : { count, latest };
}

export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** Whole days from `since` to `now` (never negative; 0 for a missing date). */
export function wholeDaysSince(since: Date | null | undefined, now: Date): number {
  if (!since) return 0;
  const days = Math.floor((now.getTime() - since.getTime()) / MS_PER_DAY);
  return Number.isFinite(days) && days > 0 ? days : 0;
}

/**
 * When a request entered its current stage: the last audited stage change, else its approval (for
 * stages after Submitted), else its submission.
 */
export function stageStartedAt(request: {
  stage: number;
  stageChangedAt: Date | null;
  submittedAt: Date;
  approvedAt: Date | null;
}): Date {
  if (request.stageChangedAt) return request.stageChangedAt;
  return request.stage === SUBMITTED_STAGE ? request.submittedAt : (request.approvedAt ?? request.submittedAt);
}

/** The UTC calendar day of an instant, YYYY-MM-DD: how date-only columns and "today" compare. */
export function dayKey(value: Date | null | undefined): string {
  return value ? formatDateForApi(value) : "";
}

/**
 * A date as the cards show it, MM/dd/yyyy. Date-only columns come back as UTC midnight, so the UTC
 * calendar day is shown (never the day before west of Greenwich).
 */
export function cardDate(value: Date | null | undefined): string {
  return formatUtcDay(value);
}

/** Whole calendar days from today to the day (negative = in the past), both as UTC days. */
export function daysUntil(day: Date, now: Date): number {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const target = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
  return Math.round((target - today) / MS_PER_DAY);
}

export function badge(label: string, tone: CardTone): CardBadge {
  return { label, tone };
}

/** 'Priority: Hard Deadline (due 11/24/2026)'; red once the deadline is today or past. */
export function priorityBadge(reason: string | null, deadline: Date | null, now: Date): CardBadge | null {
  if (!reason) return null;
  const due = deadline ? ` (due ${cardDate(deadline)})` : "";
  const tone: CardTone = deadline && daysUntil(deadline, now) <= 0 ? "red" : "pink";
  return { label: `Priority: ${reason}${due}`, tone };
}

export function priorityOf(reason: string | null, deadline: Date | null): BoardCard["priority"] {
  return reason ? { reason, deadline: deadline ? cardDate(deadline) : null } : null;
}

export const PREPAY_BADGE: CardBadge = Object.freeze({ label: "Prepay", tone: "green" }) as CardBadge;
export const LATE_BADGE: CardBadge = Object.freeze({ label: "Late", tone: "red" }) as CardBadge;

/** Drops the nulls: `badges(priorityBadge(...), late && LATE_BADGE)`. */
export function badges(...items: (CardBadge | null | false | undefined)[]): CardBadge[] {
  return items.filter((item): item is CardBadge => Boolean(item));
}

/** Facts without empty values. */
export function facts(...items: (readonly [string, string | number | null | undefined] | null | false)[]): CardFact[] {
  const result: CardFact[] = [];
  for (const item of items) {
    if (!item) continue;
    const [label, value] = item;
    if (value === null || value === undefined || value === "") continue;
    result.push({ label, value: String(value) });
  }
  return result;
}

/** The card's dialogs, each addressed by ?modal=<modal>&formHistoryId=<id>. */
export function formActions(
  formHistoryId: number,
  actions: readonly (readonly [id: string, label: string, modal: string])[],
): CardAction[] {
  const params = { formHistoryId: String(formHistoryId) };
  return actions.map(([id, label, modal]) => ({ id, label, modal, params: { ...params } }));
}

/** Zero-padded number so that text order is numeric order (sort keys). */
export function pad(value: number, width = 9): string {
  return String(Math.max(0, Math.trunc(value))).padStart(width, "0");
}

/** A sort key from parts compared in order; '~' sorts a missing date last. */
export function sortKeyOf(...parts: (string | number | null | undefined)[]): string {
  return parts
    .map((part) =>
      part === null || part === undefined || part === "" ? "~" : typeof part === "number" ? pad(part) : part,
    )
    .join("|");
}

/** A unit on a card, late when it sat in its status longer than the status catalogue allows (isUnitLate). */
export function cardUnit(
  unit: { unitNumber: string; statusName: string; statusChangedAt: Date; overrideLate: boolean },
  carrier: string | null,
  now: Date,
): CardUnit {
  return {
    unitNumber: unit.unitNumber,
    status: unit.statusName,
    carrier,
    late: isUnitLate(
      { statusName: unit.statusName, changeDate: unit.statusChangedAt, overrideLate: unit.overrideLate },
      now,
    ),
  };
}

/** Groups rows by a numeric key (one pass). */
export function groupRows<T>(rows: readonly T[], keyOf: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

/** Truck counts as 'N × label' joined, skipping zero counts ('2 × 1/2 Ton, 1 × 3/4 Ton'). */
export function typeBreakdown(counts: readonly (readonly [label: string, count: number])[]): string {
  return counts
    .filter(([, count]) => count > 0)
    .map(([label, count]) => `${count} × ${label}`)
    .join(", ");
}
