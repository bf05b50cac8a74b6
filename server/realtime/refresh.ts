// The BoardChanges of a process with socket.io: mutations mark lists dirty; one ~50 ms window per
// burst. The lists changed in the window's first tick are computed at once and emitted as soon as they
// are ready unless changed meanwhile (ADR 018); at the window's end every list changed since goes
// out once more. Each emission is the full list (in the compact wire format) to the list's
// room, followed by a notifications refresh carrying the list's card count to the sockets that may
// read the list but are not in its room. Only the process that handled the mutation computes: with
// the Redis adapter `io.to(room).emit` reaches the room's sockets on every process, so nothing is
// recomputed elsewhere. Windows never overlap, so a list's refreshes arrive in order.
import type { Server as SocketServer } from "socket.io";
import { loadCardList } from "../../app/modules/boards/card-lists.server.ts";
import {
  CARD_LISTS,
  LIST_EVENTS,
  NOTIFICATIONS_EVENT,
  roomOfList,
  type CardListName,
  type CardListPayload,
} from "../../app/rules/boards/boards.ts";
import { type CardListWire, encodeCardList } from "../../app/rules/boards/card-wire.ts";
import type { BoardChanges } from "../../app/modules/platform/services.server.ts";
import { LISTS_NAMING_SAVER, listAnnouncementRooms, type SavedBy } from "../../app/rules/boards/announcements.ts";
import type { Db } from "../../app/modules/platform/services.server.ts";
import type { Logger } from "../../app/modules/platform/services.server.ts";

/** How a list is computed; the real one is loadCardList (tests may inject another). */
export type ListLoader = (db: Db, list: CardListName) => Promise<CardListPayload>;

export const DEFAULT_COALESCE_MS = 50;

interface ComputedList {
  payload: CardListPayload;
  wire: CardListWire;
}

/** What NOTIFICATIONS_EVENT carries: the card count of each list refreshed (merge into the badges). */
export interface NotificationsPayload {
  generatedAt: string;
  counts: Partial<Record<CardListName, number>>;
}

/** The socket room of a list's notifications: sockets that may read the list join it on connect. */
export function notificationsRoomOf(boardRoom: string): string {
  return `notifications:${boardRoom}`;
}

export interface BoardRefresher extends Pick<BoardChanges, "listsChanged"> {
  /** Computes and emits what is dirty now (tests, shutdown). */
  flush(): Promise<void>;
  /** Stops the timer after emitting what is still dirty. */
  close(): Promise<void>;
}

export interface BoardRefresherOptions {
  io: SocketServer;
  db: Db;
  logger: Logger;
  loadList?: ListLoader;
  coalesceMs?: number;
}

export function createBoardRefresher(options: BoardRefresherOptions): BoardRefresher {
  const { io, db, logger, coalesceMs = DEFAULT_COALESCE_MS } = options;
  const loadList = options.loadList ?? ((database, list) => loadCardList(database, list));
  const dirty = new Set<CardListName>();
  /** How many changes each list has had: a computation knows whether its list changed while it ran. */
  const changes = new Map<CardListName, number>();
  /** Lists computed (and encoded) ahead while the window is open. */
  let early = new Map<CardListName, Promise<ComputedList | null>>();
  /** Lists of this window already emitted by their early computation. */
  let emittedEarly = new Set<CardListName>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closed = false;

  const changesOf = (list: CardListName) => changes.get(list) ?? 0;
  /** Who saved each list's latest change, when the save named one. */
  const savers = new Map<CardListName, SavedBy | null>();

  /**
   * The list and its wire form, or null when it could not be computed (logged; the boards keep what
   * they have). Encoded here, so an early computation is ready to emit when it ends.
   */
  function load(list: CardListName): Promise<ComputedList | null> {
    return loadList(db, list)
      .then((payload) => ({ payload, wire: encodeCardList(payload) }))
      .catch((error: unknown) => {
        logger.error({ err: error, list }, "card list refresh failed; the list's boards keep their data");
        return null;
      });
  }

  function emit(list: CardListName, { payload, wire }: ComputedList): void {
    const room = roomOfList(list);
    // The list's room and the pages that hear it too; socket.io sends once per socket.
    const also = listAnnouncementRooms(list);
    const to = io.to(also.length > 0 ? [room, ...also] : room);
    if (LISTS_NAMING_SAVER.includes(list)) to.emit(LIST_EVENTS[list], wire, savers.get(list) ?? null);
    else to.emit(LIST_EVENTS[list], wire);
    const notification: NotificationsPayload = {
      generatedAt: payload.generatedAt,
      counts: { [list]: payload.cards.length },
    };
    // A socket in the list's room has just received the list, whose length is the count.
    io.to(notificationsRoomOf(room)).except(room).emit(NOTIFICATIONS_EVENT, notification);
  }

  /**
   * Starts computing a list early and emits it the moment it is ready, while the window is
   * still open, provided no change of the list came while it ran. Otherwise the window's end
   * emits it: computed again if it changed.
   */
  function computeEarly(list: CardListName): void {
    const seen = changesOf(list);
    const computed = load(list);
    const thisWindow = early;
    thisWindow.set(list, computed);
    void computed.then((ready) => {
      // Once the window has closed, its end awaits this computation and emits it.
      if (!ready || early !== thisWindow || !timer || changesOf(list) !== seen) return;
      emit(list, ready);
      emittedEarly.add(list);
    });
  }

  /**
   * Opens a coalescing window at the first change of a burst. What is dirty at the end of the current
   * tick (a burst made in one go) starts computing at once and goes out as soon as it is ready; at the
   * window's end every list changed since is emitted once more, computed afresh if it changed after its
   * early computation started.
   */
  function schedule(): void {
    if (timer || running || closed || dirty.size === 0) return;
    timer = setTimeout(() => {
      timer = undefined;
      void run();
    }, coalesceMs);
    setImmediate(() => {
      if (!timer) return;
      for (const list of dirty) computeEarly(list);
      dirty.clear();
    });
  }

  async function refreshOne(list: CardListName, computed: Promise<ComputedList | null> | undefined): Promise<void> {
    const ready = await (computed ?? load(list));
    if (ready) emit(list, ready);
  }

  function run(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    const ahead = early;
    const done = emittedEarly;
    early = new Map();
    emittedEarly = new Set();
    const lists = CARD_LISTS.filter((list) => dirty.has(list) || (ahead.has(list) && !done.has(list)));
    // A list changed again after its early computation started is computed now, from the latest data;
    // one still computing early is awaited and emitted, so a steady stream of changes cannot starve it.
    const refreshes = lists.map((list) => refreshOne(list, dirty.has(list) ? undefined : ahead.get(list)));
    dirty.clear();
    running = Promise.all(refreshes).then(
      () => undefined,
      (error: unknown) => logger.error({ err: error }, "card list refresh failed"),
    );
    return running.finally(() => {
      running = undefined;
      schedule();
    });
  }

  async function flush(): Promise<void> {
    await running;
    if (dirty.size > 0 || early.size > 0) await run();
  }

  return {
    listsChanged(lists, _requests, savedBy) {
      if (closed) return;
      for (const list of lists) {
        if (!(CARD_LISTS as readonly string[]).includes(list)) continue;
        savers.set(list, savedBy ?? null);
        dirty.add(list);
        changes.set(list, changesOf(list) + 1);
      }
      schedule();
    },
    flush,
    async close() {
      closed = true;
      await flush();
      clearTimeout(timer);
    },
  };
}
