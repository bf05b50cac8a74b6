// The BoardChanges of a process with socket.io: mutations mark lists dirty; one timer per burst
// (~50 ms) then computes each dirty list ONCE and emits it, full (in the wire format of ADR 017), to the list's room, followed by a
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
import { encodeCardList } from "../../app/rules/card-wire.ts";
import type { BoardChanges } from "../board-changes.ts";
import type { Db } from "../database.ts";
import type { Logger } from "../logger.ts";

/** How a list is computed; the real one is loadCardList (tests may inject another). */
export type ListLoader = (db: Db, list: CardListName) => Promise<CardListPayload>;

export const DEFAULT_COALESCE_MS = 50;

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
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closed = false;

  function schedule(): void {
    if (timer || running || closed || dirty.size === 0) return;
    timer = setTimeout(() => {
      timer = undefined;
      void run();
    }, coalesceMs);
  }

  async function refreshOne(list: CardListName): Promise<void> {
    let payload: CardListPayload;
    try {
      payload = await loadList(db, list);
    } catch (error) {
      logger.error({ err: error, list }, "card list refresh failed; the list's boards keep their data");
      return;
    }
    const room = roomOfList(list);
    io.to(room).emit(LIST_EVENTS[list], encodeCardList(payload));
    const notification: NotificationsPayload = { generatedAt: payload.generatedAt, counts: { [list]: payload.cards.length } };
    io.to(notificationsRoomOf(room)).emit(NOTIFICATIONS_EVENT, notification);
  }

  function run(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    const lists = CARD_LISTS.filter((list) => dirty.has(list));
    dirty.clear();
    running = Promise.all(lists.map(refreshOne)).then(
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
    if (dirty.size > 0) await run();
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
