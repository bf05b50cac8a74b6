// The process's services as the domain, the routes and the server see them: one instance of each per
// process, created by server/index.ts and handed to loaders and actions through the router context
// (app/context.ts). Only their types live here, so app/ never imports server/ (docs/architecture.md,
// layers); the implementations stay in server/.
import type { Logger } from "pino";
import type pg from "pg";
import type { PrismaClient } from "~/generated/prisma/client.ts";
import type { Announcement, SavedBy } from "~/rules/boards/announcements.ts";
import type { CardListName, CardListPayload } from "~/rules/boards/boards.ts";
import type { Config } from "./config.server.ts";

export type { Logger };

/** What every domain operation queries and writes through. */
export type Db = PrismaClient;

export interface Database {
  prisma: PrismaClient;
  pool: pg.Pool;
  /** The connection string, for the one dedicated connection the realtime layer LISTENs on. */
  url: string;
  /** Answers within `timeoutMs` whether the database takes a query. */
  isUp(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * How a successful mutation announces which card lists it changed. Domain operations return the lists
 * they touched; the edge that ran them (page action, JSON endpoint, socket event) hands them here once,
 * and the realtime layer recomputes each list and pushes it to its room (coalesced).
 */
export interface BoardChanges {
  /**
   * Marks lists as changed; the realtime layer refreshes each once per burst. `requests` (FormHistory
   * ids), when the change names them, holds every request whose cards it changed: a list kept per
   * request then computes only their cards. `savedBy`: who saved, which the refresh of a list
   * that names its saver carries (creditMemosRefresh).
   */
  listsChanged(lists: readonly CardListName[], requests?: readonly number[], savedBy?: SavedBy): void;
  /** Tells the sessions that may open the pages concerned of records just created. */
  announce(announcements: readonly Announcement[]): void;
}

/** The card lists this process computed, kept between changes (server/card-list-cache.ts). */
export interface CardListCache {
  /** The list: kept if fresh, else computed (once, however many ask at the same time). */
  get(list: CardListName): Promise<CardListPayload>;
  /** The list in the wire format as JSON text (what GET /api/cards/{list} answers), kept alongside. */
  getWireJson(list: CardListName): Promise<string>;
  /**
   * The list as of the last change (the refresher after a change): computed afresh, or joined or kept
   * when that computation started after the change.
   */
  refresh(list: CardListName): Promise<CardListPayload>;
  /**
   * Forgets the lists a change touched; of a list kept per request, only the cards of `requests` when
   * the change names them (every card it changed belongs to one of them).
   */
  invalidate(lists: readonly CardListName[], requests?: readonly number[]): void;
}

export interface AppServices {
  config: Config;
  database: Database;
  logger: Logger;
  /** Where mutations report the card lists they changed (server/realtime refreshes them). */
  boardChanges: BoardChanges;
  /**
   * The card lists computed since the last change, installed with the realtime layer that
   * keeps it current; absent (tests of a single router), lists are computed on every read.
   */
  cardLists?: CardListCache;
  /**
   * The Redis client the realtime layer connected when REDIS_URL is set: state every instance must share
   * (the sign-in limits) is kept there.
   */
  redis?: SharedRedis;
  /** The process's shutdown: once it drains, readiness (/healthz) answers 503 (server/drain.ts). */
  shutdown?: { readonly draining: boolean };
}

/**
 * A connected node-redis client, as its users see it: they hand it to libraries made for it
 * (rate-limiter-flexible's RateLimiterRedis), which check `isReady` before each command.
 */
export interface SharedRedis {
  readonly isReady: boolean;
}
