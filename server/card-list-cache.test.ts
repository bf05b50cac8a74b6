import { describe, expect, it } from "vitest";
import type { CardListName, CardListPayload } from "../app/rules/boards.ts";
import { decodeCardList } from "../app/rules/card-wire.ts";
import { createCardListCache } from "./card-list-cache.ts";

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
    const cache = createCardListCache({ load: loader.load, maxAgeMs: 30_000, clock: () => now });
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
});
