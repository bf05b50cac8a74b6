import { describe, expect, it } from "vitest";
import type { BoardCard, CardListName, CardListPayload } from "../app/rules/boards/boards.ts";
import { decodeCardList } from "../app/rules/boards/card-wire.ts";
import { createCardListCache, MAX_STALE_REQUESTS } from "./card-list-cache.ts";

/** A loader whose calls resolve when the test says so, each a new version of the list. */
function controlledLoader() {
  const calls: { list: CardListName; resolve: () => void }[] = [];
  let version = 0;
  const load = (list: CardListName) =>
    new Promise<CardListPayload>((resolve) => {
      const mine = ++version;
      calls.push({ list, resolve: () => resolve({ list, generatedAt: `v${mine}`, cards: [] }) });
    });
  return { load, calls };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the card list cache", () => {
  it("computes a list once for concurrent readers and keeps it until it changes", async () => {
    const loader = controlledLoader();
    const cache = createCardListCache({ load: loader.load });
    const first = cache.get("onboarding");
    const second = cache.get("onboarding");
    expect(loader.calls).toHaveLength(1);
    loader.calls[0]!.resolve();
    expect((await first).generatedAt).toBe("v1");
    expect((await second).generatedAt).toBe("v1");
    expect((await cache.get("onboarding")).generatedAt).toBe("v1");
    expect(loader.calls).toHaveLength(1);

    cache.invalidate(["onboarding"]);
    const third = cache.get("onboarding");
    expect(loader.calls).toHaveLength(2);
    loader.calls[1]!.resolve();
    expect((await third).generatedAt).toBe("v2");
  });

  it("does not keep a list computed before a change that came while it ran, nor let new readers join it", async () => {
    const loader = controlledLoader();
    const cache = createCardListCache({ load: loader.load });
    const early = cache.get("transport");
    cache.invalidate(["transport"]);
    const late = cache.get("transport");
    expect(loader.calls).toHaveLength(2);
    loader.calls[0]!.resolve();
    expect((await early).generatedAt).toBe("v1");
    loader.calls[1]!.resolve();
    expect((await late).generatedAt).toBe("v2");
    expect((await cache.get("transport")).generatedAt).toBe("v2");
    expect(loader.calls).toHaveLength(2);
  });

  it("keeps what refresh computed, and forgets lists older than the maximum age", async () => {
    let now = 1_000;
    const loader = controlledLoader();
    const cache = createCardListCache({ load: loader.load, maxAgeMs: 30_000, refreshAheadMs: 0, clock: () => now });
    const refreshed = cache.refresh("recon");
    loader.calls[0]!.resolve();
    expect((await refreshed).generatedAt).toBe("v1");
    now += 29_999;
    expect((await cache.get("recon")).generatedAt).toBe("v1");
    now += 1;
    const expired = cache.get("recon");
    await tick();
    expect(loader.calls).toHaveLength(2);
    loader.calls[1]!.resolve();
    expect((await expired).generatedAt).toBe("v2");
  });

  it("computes a list read near its maximum age again in the background, answering the kept one meanwhile", async () => {
    let now = 0;
    const loader = controlledLoader();
    const cache = createCardListCache({
      load: loader.load,
      maxAgeMs: 30_000,
      refreshAheadMs: 10_000,
      clock: () => now,
    });
    const first = cache.get("overview");
    loader.calls[0]!.resolve();
    await first;
    now = 19_999;
    expect((await cache.get("overview")).generatedAt).toBe("v1");
    expect(loader.calls).toHaveLength(1);
    now = 20_000;
    expect((await cache.get("overview")).generatedAt).toBe("v1");
    expect((await cache.get("overview")).generatedAt).toBe("v1");
    // One computation ahead, however many read meanwhile.
    expect(loader.calls).toHaveLength(2);
    loader.calls[1]!.resolve();
    await tick();
    now = 39_999;
    // Kept from 20 s on: fresh at 40 s, where the first computation would have expired.
    expect((await cache.get("overview")).generatedAt).toBe("v2");
    expect(loader.calls).toHaveLength(2);
  });

  it("answers the wire JSON of the kept list, encoded once", async () => {
    const loader = controlledLoader();
    const cache = createCardListCache({ load: loader.load });
    const json = cache.getWireJson("titles");
    loader.calls[0]!.resolve();
    const text = await json;
    expect(decodeCardList(JSON.parse(text))).toEqual({ list: "titles", generatedAt: "v1", cards: [] });
    expect(await cache.getWireJson("titles")).toBe(text);
  });

  it("lets a failed computation fail its readers and be tried again", async () => {
    let fail = true;
    const cache = createCardListCache({
      load: async (list) => {
        if (fail) throw new Error("database down");
        return { list, generatedAt: "ok", cards: [] };
      },
    });
    await expect(cache.get("sales")).rejects.toThrow("database down");
    fail = false;
    expect((await cache.get("sales")).generatedAt).toBe("ok");
  });

  describe("a list kept per request (ADR 021)", () => {
    /** A card of request `id` at `version` (its title tells which computation made it). */
    const cardOf = (id: number, version: string) =>
      ({ key: `form-${id}`, formHistoryId: id, title: version }) as BoardCard;
    const titles = (payload: CardListPayload) =>
      Object.fromEntries(payload.cards.map((card) => [card.formHistoryId, card.title]));

    /** Whole lists of requests 1–3 and parts of the asked requests, each resolved when the test says so. */
    function perRequestLoaders(options: { maxAgeMs?: number; refreshAheadMs?: number; clock?: () => number } = {}) {
      const whole: (() => void)[] = [];
      const parts: { ids: readonly number[]; resolve: (present?: readonly number[]) => void }[] = [];
      let version = 0;
      const cache = createCardListCache({
        ...options,
        keptPerRequest: (list) => list === "onboarding",
        load: (list) =>
          new Promise((resolve) => {
            const mine = `whole${++version}`;
            whole.push(() => resolve({ list, generatedAt: mine, cards: [1, 2, 3].map((id) => cardOf(id, mine)) }));
          }),
        loadRequests: (list, ids) =>
          new Promise((resolve) => {
            const mine = `part${++version}`;
            parts.push({
              ids,
              resolve: (present = ids) =>
                resolve({ list, generatedAt: mine, cards: present.map((id) => cardOf(id, mine)) }),
            });
          }),
      });
      return { cache, whole, parts };
    }

    it("computes only the named requests' cards and merges them into the kept list", async () => {
      const { cache, whole, parts } = perRequestLoaders();
      const first = cache.get("onboarding");
      whole[0]!();
      await first;
      cache.invalidate(["onboarding"], [2]);
      const second = cache.get("onboarding");
      expect(whole).toHaveLength(1);
      expect(parts.map((part) => part.ids)).toEqual([[2]]);
      parts[0]!.resolve();
      expect(titles(await second)).toEqual({ 1: "whole1", 2: "part2", 3: "whole1" });
      // Kept: read again without computing.
      expect(titles(await cache.get("onboarding"))).toEqual({ 1: "whole1", 2: "part2", 3: "whole1" });
      expect(parts).toHaveLength(1);
      expect(whole).toHaveLength(1);
    });

    it("drops a request's card when it left the list, and adds one that joined it", async () => {
      const { cache, whole, parts } = perRequestLoaders();
      const first = cache.get("onboarding");
      whole[0]!();
      await first;
      cache.invalidate(["onboarding"], [3, 7]);
      const next = cache.refresh("onboarding");
      parts[0]!.resolve([7]);
      expect(titles(await next)).toEqual({ 1: "whole1", 2: "whole1", 7: "part2" });
    });

    it("gathers the requests of several changes, and does not keep a part overtaken by a change", async () => {
      const { cache, whole, parts } = perRequestLoaders();
      const first = cache.get("onboarding");
      whole[0]!();
      await first;
      cache.invalidate(["onboarding"], [1]);
      const early = cache.get("onboarding");
      cache.invalidate(["onboarding"], [2]);
      const late = cache.get("onboarding");
      expect(parts.map((part) => part.ids)).toEqual([[1], [1, 2]]);
      parts[0]!.resolve();
      expect(titles(await early)).toEqual({ 1: "part2", 2: "whole1", 3: "whole1" });
      parts[1]!.resolve();
      expect(titles(await late)).toEqual({ 1: "part3", 2: "part3", 3: "whole1" });
      expect(titles(await cache.get("onboarding"))).toEqual({ 1: "part3", 2: "part3", 3: "whole1" });
      expect(parts).toHaveLength(2);
    });

    it("computes the whole list for a change that names no requests, on lists not kept per request, past the maximum age, and past MAX_STALE_REQUESTS", async () => {
      let now = 0;
      const { cache, whole, parts } = perRequestLoaders({ maxAgeMs: 30_000, refreshAheadMs: 0, clock: () => now });
      const read = async () => {
        const payload = cache.get("onboarding");
        await tick();
        whole.at(-1)!();
        return payload;
      };
      await read();
      cache.invalidate(["onboarding"]);
      await read();
      expect(whole).toHaveLength(2);

      cache.invalidate(
        ["onboarding"],
        Array.from({ length: MAX_STALE_REQUESTS + 1 }, (_, index) => index + 1),
      );
      await read();
      expect(whole).toHaveLength(3);

      now += 20_000;
      cache.invalidate(["onboarding"], [1]);
      const part = cache.get("onboarding");
      parts[0]!.resolve();
      // The merged list keeps the age of the whole list it came from.
      expect(titles(await part)[1]).toBe(`part${whole.length + 1}`);
      now += 10_000;
      await read();
      expect(whole).toHaveLength(4);
      cache.invalidate(["onboarding"], [1]);
      now += 30_000;
      await read();
      expect(whole).toHaveLength(5);
      expect(parts).toHaveLength(1);

      const other = cache.get("transport");
      cache.invalidate(["transport"], [1]);
      expect(parts).toHaveLength(1);
      whole.at(-1)!();
      await other;
    });
  });
});
