// The realtime layer (ADR 010): handshake auth, room events and the coalescing board
// refresher on the process's socket.io server, fanned out through Redis when REDIS_URL is set, and the
// database listener that makes open sockets follow session changes. server/index.ts
// attaches it once; what the rest of the app calls is services.boardChanges.
import { createAdapter } from "@socket.io/redis-adapter";
import { createClient } from "redis";
import type { Server as SocketServer } from "socket.io";
import type { AppServices, BoardChanges, SharedRedis } from "../../app/modules/platform/services.server.ts";
import { installHandshakeAuth } from "./auth.ts";
import { handleConnection } from "./events.ts";
import { createBoardRefresher, type BoardRefresher, type ListLoader } from "./refresh.ts";
import { announcementRooms } from "../../app/rules/boards/announcements.ts";
import { createSessionChangeFollower, listenForSessionChanges } from "./session-changes.ts";
import { isKeptPerRequest, loadCardList, loadRequestCards } from "../../app/modules/boards/card-lists.server.ts";
import { type CardListName, type CardListPayload, isCardListName } from "../../app/rules/boards/boards.ts";
import type { Db } from "../../app/modules/platform/services.server.ts";
import { createCardListCache } from "../card-list-cache.ts";

export { SESSION_EXPIRED_EVENT, SIGN_IN_REQUIRED, TOKEN_EXPIRED, type SocketData, type SocketSession } from "./auth.ts";
export {
  ERROR_EVENT,
  JOINS_PER_WINDOW,
  NO_SUCH_ROOM,
  PONG_EVENT,
  ROOM_FORBIDDEN,
  TOO_MANY_JOINS_MESSAGE,
} from "./events.ts";
export { DEFAULT_COALESCE_MS, notificationsRoomOf, type ListLoader, type NotificationsPayload } from "./refresh.ts";
export { SESSION_CHANGES_CHANNEL } from "./session-changes.ts";

export interface RealtimeOptions {
  /** How a list is computed (default loadCardList); tests inject fakes. */
  loadList?: ListLoader;
  /**
   * How some requests' cards of a list kept per request are computed (default loadRequestCards, or none
   * when `loadList` is injected without it: then every change computes whole lists).
   */
  loadRequests?: (db: Db, list: CardListName, requestIds: readonly number[]) => Promise<CardListPayload>;
  /** The coalescing window (default 50 ms). */
  coalesceMs?: number;
  /** Prefix of the Redis pub/sub channels (default "socket.io"); separates deployments or test runs. */
  redisKey?: string;
  /** How long start-up waits for Redis before giving up (default 5 s). */
  redisConnectTimeoutMs?: number;
  /**
   * Follow session changes notified by the database (default true). Off, sockets learn of a revocation
   * or a permission change only when they join a room (tests of that check alone).
   */
  sessionChanges?: boolean;
}

export interface Realtime {
  boardChanges: BoardRefresher & BoardChanges;
  /**
   * Stops following session changes (closes the LISTEN connection) and emits what is still dirty
   * (call before io.close, then closeAdapter).
   */
  stop(): Promise<void>;
  /** Closes the Redis clients (after io.close). */
  closeAdapter(): Promise<void>;
}

/** What this layer needs of a Redis client (the adapter itself takes any node-redis client). */
interface Redis extends SharedRedis {
  close(): Promise<void>;
  destroy(): void;
}

async function attachRedisAdapter(
  io: SocketServer,
  services: AppServices,
  url: string,
  key: string,
  timeoutMs: number,
): Promise<Redis[]> {
  const { logger } = services;
  const pub = createClient({ url });
  const sub = pub.duplicate();
  // An unhandled 'error' event would end the process; the clients reconnect on their own.
  pub.on("error", (error: unknown) => logger.error({ err: error }, "redis (publish) error"));
  sub.on("error", (error: unknown) => logger.error({ err: error }, "redis (subscribe) error"));
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis at REDIS_URL did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([Promise.all([pub.connect(), sub.connect()]), timeout]);
    io.adapter(createAdapter(pub, sub, { key }));
  } catch (error) {
    pub.destroy();
    sub.destroy();
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return [pub, sub];
}

/**
 * Between instances (Redis): the card lists a change touched and the requests it names, so each
 * instance forgets them (`{ lists, requests? }`).
 */
export const LISTS_CHANGED_EVENT = "fleetops:listsChanged";

/** A relayed change as another instance sent it, or null when it is not one. */
export function readRelayedChange(value: unknown): { lists: CardListName[]; requests?: number[] } | null {
  if (!value || typeof value !== "object") return null;
  const { lists, requests } = value as { lists?: unknown; requests?: unknown };
  if (!Array.isArray(lists)) return null;
  const named = Array.isArray(requests) && requests.every((id) => Number.isSafeInteger(id) && id > 0);
  return { lists: lists.filter(isCardListName), ...(named ? { requests: requests as number[] } : {}) };
}

/** How long start-up waits for the session change listener before going on without it (it keeps trying). */
const LISTEN_START_TIMEOUT_MS = 5_000;

/**
 * Starts the process's LISTEN connection and re-checks the concerned sockets on each change.
 * Answers how to stop. Start-up waits for the first LISTEN (a few ms), at most 5 s: without it, sockets
 * still follow revocations when they join a room, and every socket is re-checked once it listens.
 */
async function followSessionChanges(io: SocketServer, services: AppServices): Promise<() => Promise<void>> {
  const follower = createSessionChangeFollower(io, services);
  const listener = listenForSessionChanges({
    connectionString: services.database.url,
    logger: services.logger,
    onChange: (users) => follower.usersChanged(users),
    onListening: () => follower.recheckAll(),
  });
  let timer: NodeJS.Timeout | undefined;
  const started = await Promise.race([
    listener.listening.then(() => true),
    new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), LISTEN_START_TIMEOUT_MS))),
  ]);
  clearTimeout(timer);
  if (!started) services.logger.warn("not yet listening for session changes; still trying");
  return async () => {
    await listener.close();
    await follower.close();
  };
}

/** Attaches the realtime layer to `io` and installs its BoardChanges in `services`. */
export async function attachRealtime(
  io: SocketServer,
  services: AppServices,
  options: RealtimeOptions = {},
): Promise<Realtime> {
  const { config, logger } = services;
  let redis: Redis[] | undefined;
  if (config.REDIS_URL) {
    const key = options.redisKey ?? "socket.io";
    redis = await attachRedisAdapter(io, services, config.REDIS_URL, key, options.redisConnectTimeoutMs ?? 5_000);
    logger.info({ key }, "socket.io fans out through Redis");
    // Its publishing client also keeps what every instance must share (the sign-in limits).
    services.redis = redis[0];
  }
  const load = options.loadList ?? ((db, list) => loadCardList(db, list));
  const db = services.database.prisma;
  // Reads share the lists the refresher computes; a change forgets them first, or only the
  // cards of the requests it names on the lists kept per request.
  const loadRequests = options.loadRequests ?? (options.loadList ? undefined : loadRequestCards);
  const cardLists = createCardListCache({
    load: (list) => load(db, list),
    ...(loadRequests
      ? { loadRequests: (list, ids) => loadRequests(db, list, ids), keptPerRequest: isKeptPerRequest }
      : {}),
  });
  const loadList: ListLoader = (_db, list) => cardLists.get(list);
  const refresher = createBoardRefresher({
    io,
    db,
    logger,
    loadList: (_db, list) => cardLists.refresh(list),
    coalesceMs: options.coalesceMs,
  });
  // With several instances a change made here must be forgotten there too.
  if (redis) {
    io.on(LISTS_CHANGED_EVENT, (value: unknown) => {
      const change = readRelayedChange(value);
      if (change) cardLists.invalidate(change.lists, change.requests);
    });
  }
  const boardChanges: BoardRefresher & BoardChanges = {
    ...refresher,
    listsChanged(lists, requests, savedBy) {
      cardLists.invalidate(lists, requests);
      if (redis && lists.length > 0)
        io.serverSideEmit(LISTS_CHANGED_EVENT, { lists: [...lists], ...(requests ? { requests: [...requests] } : {}) });
      refresher.listsChanged(lists, requests, savedBy);
    },
    announce(announcements) {
      // Through the adapter, so the sockets of every instance hear it.
      for (const { event, payload } of announcements) io.to(announcementRooms(event)).emit(event, payload);
    },
  };
  services.boardChanges = boardChanges;
  services.cardLists = cardLists;
  installHandshakeAuth(io, services);
  io.on("connection", (socket) => handleConnection(socket, { services, loadList }));

  const stopFollowing =
    options.sessionChanges === false ? async () => undefined : await followSessionChanges(io, services);

  return {
    boardChanges,
    async stop() {
      await stopFollowing();
      await boardChanges.close();
    },
    async closeAdapter() {
      if (!redis) return;
      await Promise.allSettled(redis.map((client) => client.close()));
    },
  };
}
