// The coalescing refresher on its own: a fake socket.io server records what is
// emitted, a loader resolves when the test says so, and fake timers stand in for the 50 ms window.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Server as SocketServer } from "socket.io";
import {
  LIST_EVENTS,
  NOTIFICATIONS_EVENT,
  type CardListName,
  type CardListPayload,
} from "../../app/rules/boards/boards.ts";
import { decodeCardList, type CardListWire } from "../../app/rules/boards/card-wire.ts";
import type { Db } from "../../app/modules/platform/services.server.ts";
import type { Logger } from "../../app/modules/platform/services.server.ts";
import { createBoardRefresher } from "./refresh.ts";

const WINDOW_MS = 50;

interface Emitted {
  room: string | string[];
  except: string | null;
  event: string;
  payload: unknown;
  /** Arguments after the payload (creditMemosRefresh's `user`). */
  more: unknown[];
}

function fakeIo() {
  const emitted: Emitted[] = [];
  const operator = (room: string | string[], except: string | null) => ({
    except: (other: string) => operator(room, other),
    emit: (event: string, payload: unknown, ...more: unknown[]) => emitted.push({ room, except, event, payload, more }),
  });
  const io = { to: (room: string | string[]) => operator(room, null) };
  /** The versions (generatedAt) of `list` emitted to its room, in order. */
  const versions = (list: CardListName) =>
    emitted
      .filter((entry) => entry.event === LIST_EVENTS[list])
      .map((entry) => decodeCardList(entry.payload as CardListWire).generatedAt);
  return { io: io as unknown as SocketServer, emitted, versions };
}

/** Each call is a new version of the list (v1, v2, …) that resolves when the test releases it. */
function controlledLoader() {
  const pending: { list: CardListName; release: () => void }[] = [];
  let version = 0;
  const loadList = (_db: Db, list: CardListName) =>
    new Promise<CardListPayload>((resolve) => {
      const mine = ++version;
      pending.push({ list, release: () => resolve({ list, generatedAt: `v${mine}`, cards: [] }) });
    });
  const releaseAll = () => pending.splice(0).forEach((call) => call.release());
  return { loadList, pending, releaseAll, calls: () => version };
}

const silentLogger = { error: vi.fn() } as unknown as Logger;

/** Lets setImmediate callbacks and resolved promises run without moving the clock much. */
async function settle(): Promise<void> {
  await vi.advanceTimersByTimeAsync(0);
  await vi.advanceTimersByTimeAsync(0);
}

describe("the board refresher", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setup() {
    const socket = fakeIo();
    const loader = controlledLoader();
    const refresher = createBoardRefresher({
      io: socket.io,
      db: {} as Db,
      logger: silentLogger,
      loadList: loader.loadList,
      coalesceMs: WINDOW_MS,
    });
    return { ...socket, loader, refresher };
  }

  it("emits a lone change as soon as its list is computed, before the window closes", async () => {
    const { refresher, loader, versions, emitted } = setup();
    refresher.listsChanged(["onboarding"]);
    await settle();
    expect(loader.calls()).toBe(1);
    await vi.advanceTimersByTimeAsync(10);
    expect(versions("onboarding")).toEqual([]);
    loader.releaseAll();
    await settle();
    expect(versions("onboarding")).toEqual(["v1"]);
    // The count goes to those who may read the list but are not on its board (which holds the list).
    expect(emitted.map(({ room, except, event }) => ({ room, except, event }))).toEqual([
      { room: "onboarding", except: null, event: LIST_EVENTS.onboarding },
      { room: "notifications:onboarding", except: "onboarding", event: NOTIFICATIONS_EVENT },
    ]);
    expect(emitted[1]!.payload).toEqual({ generatedAt: "v1", counts: { onboarding: 0 } });
    // The window's end has nothing more to send.
    await vi.advanceTimersByTimeAsync(WINDOW_MS);
    expect(versions("onboarding")).toEqual(["v1"]);
    expect(loader.calls()).toBe(1);
  });

  it("computes and emits a list once for a burst made in one go", async () => {
    const { refresher, loader, versions } = setup();
    for (let i = 0; i < 20; i += 1) refresher.listsChanged(i % 2 ? ["onboarding", "transport"] : ["onboarding"]);
    await settle();
    loader.releaseAll();
    await vi.advanceTimersByTimeAsync(WINDOW_MS * 2);
    expect(loader.calls()).toBe(2);
    expect(versions("onboarding")).toHaveLength(1);
    expect(versions("transport")).toHaveLength(1);
  });

  it("does not emit a computation overtaken by a change; the window's end emits the latest list once", async () => {
    const { refresher, loader, versions } = setup();
    refresher.listsChanged(["sales"]);
    await settle();
    await vi.advanceTimersByTimeAsync(10);
    refresher.listsChanged(["sales"]); // while v1 is being computed
    loader.releaseAll();
    await settle();
    expect(versions("sales")).toEqual([]);
    await vi.advanceTimersByTimeAsync(WINDOW_MS);
    expect(loader.calls()).toBe(2);
    loader.releaseAll();
    await settle();
    expect(versions("sales")).toEqual(["v2"]);
  });

  it("a change after the early emission goes out again at the window's end", async () => {
    const { refresher, loader, versions } = setup();
    refresher.listsChanged(["recon"]);
    await settle();
    loader.releaseAll();
    await settle();
    expect(versions("recon")).toEqual(["v1"]);
    await vi.advanceTimersByTimeAsync(20);
    refresher.listsChanged(["recon"]);
    await settle();
    expect(loader.calls()).toBe(1); // waits for the window's end
    await vi.advanceTimersByTimeAsync(WINDOW_MS);
    loader.releaseAll();
    await settle();
    expect(versions("recon")).toEqual(["v1", "v2"]);
  });

  it("a computation slower than the window is emitted at its end, even if a change comes meanwhile, then the latest follows", async () => {
    const { refresher, loader, versions } = setup();
    refresher.listsChanged(["titles"]);
    await settle();
    await vi.advanceTimersByTimeAsync(WINDOW_MS + 10); // the window closed while v1 computes
    refresher.listsChanged(["titles"]);
    loader.releaseAll();
    await settle();
    expect(versions("titles")).toEqual(["v1"]);
    await vi.advanceTimersByTimeAsync(WINDOW_MS);
    loader.releaseAll();
    await settle();
    expect(versions("titles")).toEqual(["v1", "v2"]);
  });

  it("flush emits what is pending at once, and close stops further refreshes", async () => {
    const { refresher, loader, versions } = setup();
    refresher.listsChanged(["overview"]);
    const flushed = refresher.flush();
    for (let i = 0; i < 5 && loader.pending.length === 0; i += 1) await Promise.resolve();
    expect(loader.pending).toHaveLength(1);
    loader.releaseAll();
    await flushed;
    expect(versions("overview")).toEqual(["v1"]);
    await refresher.close();
    refresher.listsChanged(["overview"]);
    await vi.advanceTimersByTimeAsync(WINDOW_MS * 2);
    expect(loader.calls()).toBe(1);
  });

  it("sends the memo list to the AR room and /credit-memos' readers, naming who saved last (ADR 048)", async () => {
    const { refresher, loader, emitted } = setup();
    refresher.listsChanged(["credit-memos"], undefined, { UserID: 7, Name: "Dana Ruiz" });
    refresher.listsChanged(["credit-memos"], undefined, { UserID: 9, Name: "Lee Park" });
    await settle();
    loader.releaseAll();
    await vi.advanceTimersByTimeAsync(WINDOW_MS + 1);
    loader.releaseAll();
    await settle();
    const memoPushes = emitted.filter((entry) => entry.event === LIST_EVENTS["credit-memos"]);
    expect(memoPushes.length).toBeGreaterThan(0);
    for (const push of memoPushes) {
      expect(push.room).toEqual(["ar", "announcements:credit-memos"]);
      expect(push.more).toEqual([{ UserID: 9, Name: "Lee Park" }]);
    }
    // A client's hint names nobody; other lists carry no second argument and go to their room alone.
    refresher.listsChanged(["credit-memos", "titles"]);
    await settle();
    loader.releaseAll();
    await vi.advanceTimersByTimeAsync(WINDOW_MS + 1);
    loader.releaseAll();
    await settle();
    expect(emitted.filter((entry) => entry.event === LIST_EVENTS["credit-memos"]).at(-1)!.more).toEqual([null]);
    const titles = emitted.filter((entry) => entry.event === LIST_EVENTS.titles).at(-1)!;
    expect(titles.room).toBe("titles");
    expect(titles.more).toEqual([]);
  });
});
