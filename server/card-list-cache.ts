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
import type { CardListName, CardListPayload } from "../app/rules/boards.ts";
import { encodeCardList } from "../app/rules/card-wire.ts";

export const CARD_LIST_MAX_AGE_MS = 30_000;

export interface CardListCache {
  /** The list: kept if fresh, else computed (once, however many ask at the same time). */
  get(list: CardListName): Promise<CardListPayload>;
  /** The list in the wire format as JSON text (what GET /api/cards/{list} answers), kept alongside. */
  getWireJson(list: CardListName): Promise<string>;
  /** Computes the list afresh (the refresher after a change) and keeps it unless a change overtook it. */
  refresh(list: CardListName): Promise<CardListPayload>;
  /** Forgets the lists a change touched. */
  invalidate(lists: readonly CardListName[]): void;
}

interface Entry {
  payload: CardListPayload;
  keptAt: number;
  wireJson?: string;
}

export interface CardListCacheOptions {
  load: (list: CardListName) => Promise<CardListPayload>;
  maxAgeMs?: number;
  clock?: () => number;
}

export function createCardListCache(options: CardListCacheOptions): CardListCache {
  const { load, maxAgeMs = CARD_LIST_MAX_AGE_MS, clock = () => Date.now() } = options;
  const kept = new Map<CardListName, Entry>();
  /** Bumped by every change of the list: a computation keeps its result only if none came meanwhile. */
  const generations = new Map<CardListName, number>();
  const running = new Map<CardListName, { generation: number; promise: Promise<Entry> }>();

  const generationOf = (list: CardListName) => generations.get(list) ?? 0;

  function compute(list: CardListName): Promise<Entry> {
    const generation = generationOf(list);
    const promise = load(list).then(
      (payload) => {
        const entry: Entry = { payload, keptAt: clock() };
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
    if (entry && clock() - entry.keptAt < maxAgeMs) return Promise.resolve(entry);
    const inFlight = running.get(list);
    // Join a computation only if no change came after it started.
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
      return (await compute(list)).payload;
    },
    invalidate(lists) {
      for (const list of lists) {
        generations.set(list, generationOf(list) + 1);
        kept.delete(list);
      }
    },
  };
}
