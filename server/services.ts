// What the process hands to the request handler (server/app.ts) and, through the router context, to
// route loaders and actions: one instance of each per process.
import type { BoardChanges } from "./board-changes.ts";
import type { CardListCache } from "./card-list-cache.ts";
import type { Config } from "./config.ts";
import type { Database } from "./database.ts";
import type { Logger } from "./logger.ts";

export interface AppServices {
  config: Config;
  database: Database;
  logger: Logger;
  /** Where mutations report the card lists they changed (server/realtime refreshes them). */
  boardChanges: BoardChanges;
  /**
   * The card lists computed since the last change (ADR 018), installed with the realtime layer that
   * keeps it current; absent (tests of a single router), lists are computed on every read.
   */
  cardLists?: CardListCache;
}
