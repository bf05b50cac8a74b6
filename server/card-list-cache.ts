// The card lists this process computed, kept between changes (ADR 018). A board page, GET
// /api/cards/{list} and a reconnecting client all read the list the last change produced instead of
// computing it again: after a deploy or a network blip 500 boards refetch at once, and one computation
// serves them all. Correctness comes first:
// - a change forgets the lists it touched at once (`invalidate`, called by the board-changes notifier
//   before it schedules the refresh), on every instance (the realtime layer relays it through Redis),
//   so a read after a write never sees the list from before it;
// - a computation that was overtaken by a change while it ran is handed to its callers but not kept;
// - a list is kept at most `maxAgeMs`, because cards carry time (days in stage, late) and writes that
//   bypass the application (a script, psql) announce nothing.
// A change that names the requests it touched, on a list kept per request, marks only their cards stale:
// the next read computes those cards and merges them into the kept list. The maximum age
// still counts from the last computation of the whole list, and a list read in the last
// `refreshAheadMs` of its age is computed whole again in the background, so a list in use is not
// computed on a reader's time.
import { type CardListName, type CardListPayload, mergeRequestCards } from "../app/rules/boards/boards.ts";
import { encodeCardList } from "../app/rules/boards/card-wire.ts";
import type { CardListCache } from "../app/modules/platform/services.server.ts";

export const CARD_LIST_MAX_AGE_MS = 30_000;
/** How long before its maximum age a read list is computed again in the background. */
export const CARD_LIST_REFRESH_AHEAD_MS = 10_000;
/** A list with more requests changed than this since it was kept is computed whole again. */
export const MAX_STALE_REQUESTS = 50;

interface Entry {
  payload: CardListPayload;
  /** When the whole list was last computed (the maximum age counts from it). */
  keptAt: number;
  wireJson?: string;
  /** Requests changed since: their cards are computed again before the list is read. */
  stale?: ReadonlySet<number>;
}

export interface CardListCacheOptions {
  load: (list: CardListName) => Promise<CardListPayload>;
  /** The cards of some requests of a list kept per request (loadRequestCards). */
  loadRequests?: (list: CardListName, requestIds: readonly number[]) => Promise<CardListPayload>;
  /** The lists whose changes may name their requests (isKeptPerRequest); none without it. */
  keptPerRequest?: (list: CardListName) => boolean;
  maxAgeMs?: number;
  /** 0: no computation ahead of the maximum age. */
  refreshAheadMs?: number;
  clock?: () => number;
}

export function createCardListCache(options: CardListCacheOptions): CardListCache {
  const {
    load,
    loadRequests,
    keptPerRequest = () => false,
    maxAgeMs = CARD_LIST_MAX_AGE_MS,
    refreshAheadMs = CARD_LIST_REFRESH_AHEAD_MS,
    clock = () => Date.now(),
  } = options;
  const kept = new Map<CardListName, Entry>();
  /** Bumped by every change of the list: a computation keeps its result only if none came meanwhile. */
  const generations = new Map<CardListName, number>();
  const running = new Map<CardListName, { generation: number; promise: Promise<Entry> }>();

  const generationOf = (list: CardListName) => generations.get(list) ?? 0;

  const isFresh = (entry: Entry | undefined): entry is Entry =>
    entry !== undefined && clock() - entry.keptAt < maxAgeMs;

  /** The kept list with its stale requests' cards computed again, or the whole list computed. */
  function work(list: CardListName, whole: boolean): Promise<Entry> {
    const base = kept.get(list);
    if (!whole && loadRequests && isFresh(base) && base.stale) {
      const stale = base.stale;
      return loadRequests(list, [...stale]).then((part) => ({
        payload: mergeRequestCards(base.payload, stale, part),
        keptAt: base.keptAt,
      }));
    }
    return load(list).then((payload) => ({ payload, keptAt: clock() }));
  }

  function compute(list: CardListName, whole = false): Promise<Entry> {
    const generation = generationOf(list);
    const promise = work(list, whole).then(
      (entry) => {
        if (generationOf(list) === generation) kept.set(list, entry);
        if (running.get(list)?.promise === promise) running.delete(list);
        return entry;
      },
      (error: unknown) => {
        if (running.get(list)?.promise === promise) running.delete(list);
        throw error;
      },
    );
    running.set(list, { generation, promise });
    return promise;
  }

  function entryOf(list: CardListName): Promise<Entry> {
    const entry = kept.get(list);
    if (isFresh(entry)) {
      // Near its maximum age: computed whole in the background while readers still get this one.
      if (refreshAheadMs > 0 && clock() - entry.keptAt >= maxAgeMs - refreshAheadMs && !running.has(list)) {
        compute(list, true).catch(() => undefined);
      }
      if (!entry.stale) return Promise.resolve(entry);
    }
    // Join a computation only if no change came after it started.
    const inFlight = running.get(list);
    if (inFlight && inFlight.generation === generationOf(list)) return inFlight.promise;
    return compute(list);
  }

  return {
    async get(list) {
      return (await entryOf(list)).payload;
    },
    async getWireJson(list) {
      const entry = await entryOf(list);
      entry.wireJson ??= JSON.stringify(encodeCardList(entry.payload));
      return entry.wireJson;
    },
    async refresh(list) {
      return (await entryOf(list)).payload;
    },
    invalidate(lists, requests) {
      for (const list of lists) {
        generations.set(list, generationOf(list) + 1);
        const entry = kept.get(list);
        const stale = new Set([...(entry?.stale ?? []), ...(requests ?? [])]);
        const partly = requests !== undefined && requests.length > 0 && keptPerRequest(list) && isFresh(entry);
        if (partly && stale.size <= MAX_STALE_REQUESTS)
          kept.set(list, { payload: entry.payload, keptAt: entry.keptAt, stale });
        else kept.delete(list);
      }
    },
  };
}
