// The BoardChanges of a process with socket.io: mutations mark lists dirty; one timer per burst
// (~50 ms), during which the lists changed so far are already being computed (ADR 018), then emits
// each list ONCE, full (in the wire format of ADR 017), to the list's room, followed by a
// notifications refresh carrying the list's card count. Only the process that handled the mutation
// computes: with the Redis adapter `io.to(room).emit` reaches the room's sockets on every process, so
// nothing is recomputed elsewhere. Flushes run one at a time, so a list's refreshes arrive in order.
import type { Server as SocketServer } from "socket.io";
import { loadCardList } from "../../app/modules/boards/card-lists.server.ts";
import {
  CARD_LISTS,
  LIST_EVENTS,
  NOTIFICATIONS_EVENT,
  roomOfList,
  type CardListName,
  type CardListPayload,
} from "../../app/rules/boards.ts";
import { type CardListWire, encodeCardList } from "../../app/rules/card-wire.ts";
import type { BoardChanges } from "../board-changes.ts";
import type { Db } from "../database.ts";
import type { Logger } from "../logger.ts";

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

export interface BoardRefresher extends BoardChanges {
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
  /** Lists computed (and encoded) ahead while the window is open (ADR 018): used when nothing changed them since. */
  let early = new Map<CardListName, Promise<ComputedList | null>>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closed = false;

  /**
   * The list and its wire form, or null when it could not be computed (logged; the boards keep what
   * they have). Encoded here, so an early computation is ready to emit when the window closes.
   */
  function load(list: CardListName): Promise<ComputedList | null> {
    return loadList(db, list)
      .then((payload) => ({ payload, wire: encodeCardList(payload) }))
      .catch((error: unknown) => {
        logger.error({ err: error, list }, "card list refresh failed; the list's boards keep their data");
        return null;
      });
  }

  /**
   * Opens a coalescing window at the first change of a burst. What is dirty at the end of the current
   * tick (a burst made in one go) starts computing at once, so the window's wait and the computation
   * overlap; a list changed again inside the window is computed once more at its end. Either way each
   * list is emitted once per window.
   */
  function schedule(): void {
    if (timer || running || closed || dirty.size === 0) return;
    timer = setTimeout(() => {
      timer = undefined;
      void run();
    }, coalesceMs);
    setImmediate(() => {
      if (!timer) return;
      for (const list of dirty) early.set(list, load(list));
      dirty.clear();
    });
  }

  async function refreshOne(list: CardListName, computed: Promise<ComputedList | null> | undefined): Promise<void> {
    const ready = await (computed ?? load(list));
    if (!ready) return;
    const { payload, wire } = ready;
    const room = roomOfList(list);
    io.to(room).emit(LIST_EVENTS[list], wire);
    const notification: NotificationsPayload = { generatedAt: payload.generatedAt, counts: { [list]: payload.cards.length } };
    io.to(notificationsRoomOf(room)).emit(NOTIFICATIONS_EVENT, notification);
  }

  function run(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    const ahead = early;
    early = new Map();
    const lists = CARD_LISTS.filter((list) => dirty.has(list) || ahead.has(list));
    // A list changed again after its early computation started is computed now, from the latest data.
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
    listsChanged(lists) {
      if (closed) return;
      for (const list of lists) if ((CARD_LISTS as readonly string[]).includes(list)) dirty.add(list);
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
