// The live card counts the server pushes with NOTIFICATIONS_EVENT (server/realtime/refresh.ts: a list's
// card count, to the sockets that may read the list but are not on its board), merged per list and
// summed per page for the badges on the navigation bar's board links. Pure.
import { CARD_LISTS, type CardListName, LIST_ROUTE } from "./boards.ts";
import type { RouteName } from "../access/routes.ts";

export interface ListCount {
  count: number;
  generatedAt: string;
}

export type NotificationCounts = Readonly<Partial<Record<CardListName, ListCount>>>;

const isList = (value: string): value is CardListName => (CARD_LISTS as readonly string[]).includes(value);

/**
 * Merges a pushed payload `{ generatedAt, counts: { list: n } }` into what is known, keeping the newer
 * count of each list. Anything malformed changes nothing (a socket event is outside input).
 */
export function mergeNotificationCounts(known: NotificationCounts, payload: unknown): NotificationCounts {
  if (typeof payload !== "object" || payload === null) return known;
  const { generatedAt, counts } = payload as { generatedAt?: unknown; counts?: unknown };
  if (typeof generatedAt !== "string" || Number.isNaN(Date.parse(generatedAt))) return known;
  if (typeof counts !== "object" || counts === null) return known;
  let merged: Partial<Record<CardListName, ListCount>> | null = null;
  for (const [list, count] of Object.entries(counts)) {
    if (!isList(list) || !Number.isSafeInteger(count) || (count as number) < 0) continue;
    const before = (merged ?? known)[list];
    if (before && Date.parse(before.generatedAt) > Date.parse(generatedAt)) continue;
    merged ??= { ...known };
    merged[list] = { count: count as number, generatedAt };
  }
  return merged ?? known;
}

/** The badge of a page's link: the cards of its lists whose count is known, or null when none is. */
export function pageNotificationCount(route: RouteName, known: NotificationCounts): number | null {
  let total: number | null = null;
  for (const list of CARD_LISTS) {
    const entry = known[list];
    if (LIST_ROUTE[list] === route && entry) total = (total ?? 0) + entry.count;
  }
  return total;
}
