// Open sockets follow what their sessions depend on (ADR 022). Triggers in the
// database notify `fleetops_session_changes` with the ids of the users whose row (active,
// tokensValidAfter, department), direct grants or department grants changed; every app process holds
// one dedicated connection that LISTENs there, gathers what arrives together, and resolves again the
// sessions of its own sockets of those users (or impersonated by them): an unusable one is ended, a
// usable one gets its new permissions and rooms. After the connection is (re)established every socket
// is re-checked, since notifications sent while it was down are lost.
import pg from "pg";
import type { Server as SocketServer, Socket } from "socket.io";
import { z } from "zod";
import type { Logger } from "../../app/modules/platform/services.server.ts";
import type { AppServices } from "../../app/modules/platform/services.server.ts";
import { checkToken, type SessionCheck, type SocketData } from "./auth.ts";
import { recheckSession } from "./events.ts";

/** The channel the migration's triggers notify (prisma/migrations/*_session_change_notifications). */
export const SESSION_CHANGES_CHANNEL = "fleetops_session_changes";

/** A trigger sends at most 500 ids per notification; more is not ours. */
const sessionChangeSchema = z.object({
  users: z
    .array(
      z
        .number()
        .int()
        .positive()
        .max(2 ** 31 - 1),
    )
    .min(1)
    .max(500),
});

/** The user ids a notification names, or null when it is not one of ours (then it is ignored). */
export function readSessionChange(payload: string | undefined): number[] | null {
  if (!payload) return null;
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  const parsed = sessionChangeSchema.safeParse(value);
  return parsed.success ? [...new Set(parsed.data.users)] : null;
}

export interface ListenerOptions {
  connectionString: string;
  logger: Logger;
  /** The users a well-formed notification names. */
  onChange(users: number[]): void;
  /** The connection LISTENs (again): whatever was notified while it did not is unknown. */
  onListening(): void;
  /** First wait before reconnecting (default 250 ms), doubled up to `maxRetryMs` (default 10 s). */
  minRetryMs?: number;
  maxRetryMs?: number;
}

export interface SessionChangeListener {
  /** Resolves when the connection first LISTENs. */
  readonly listening: Promise<void>;
  /** Ends the connection and stops reconnecting. */
  close(): Promise<void>;
}

/**
 * One pg connection, outside the pool, that LISTENs on the channel. Errors are logged and the
 * connection is made again after a growing pause; nothing here can end the process.
 */
export function listenForSessionChanges(options: ListenerOptions): SessionChangeListener {
  const { connectionString, logger, minRetryMs = 250, maxRetryMs = 10_000 } = options;
  let client: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let failures = 0;
  let closed = false;
  let markListening: () => void = () => undefined;
  const listening = new Promise<void>((resolve) => (markListening = resolve));

  function drop(which: pg.Client, error?: unknown): void {
    if (client !== which) return;
    client = undefined;
    void which.end().catch(() => undefined);
    if (closed) return;
    const wait = Math.min(maxRetryMs, minRetryMs * 2 ** failures);
    failures += 1;
    logger.warn({ err: error, retryInMs: wait }, "session change listener lost its database connection");
    retryTimer = setTimeout(() => void connect(), wait);
    retryTimer.unref();
  }

  async function connect(): Promise<void> {
    retryTimer = undefined;
    if (closed) return;
    const next = new pg.Client({
      connectionString,
      keepAlive: true,
      connectionTimeoutMillis: 5_000,
      application_name: "fleetops-session-changes",
    });
    client = next;
    // An 'error' without a listener would end the process.
    next.on("error", (error) => drop(next, error));
    next.on("end", () => drop(next));
    next.on("notification", ({ channel, payload }) => {
      if (channel !== SESSION_CHANGES_CHANNEL) return;
      const users = readSessionChange(payload);
      if (!users) {
        logger.warn({ payload: payload?.slice(0, 200) }, "malformed session change notification ignored");
        return;
      }
      options.onChange(users);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${SESSION_CHANGES_CHANNEL}`);
    } catch (error) {
      drop(next, error);
      return;
    }
    if (client !== next) return;
    failures = 0;
    logger.info({ channel: SESSION_CHANGES_CHANNEL }, "listening for session changes");
    markListening();
    options.onListening();
  }

  void connect();
  return {
    listening,
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}

/** How long notifications are gathered before the sockets are re-checked (a department's many users). */
export const SESSION_CHANGE_BATCH_MS = 20;

export interface SessionChangeFollower {
  /** Re-checks the sockets of these users (or impersonated by them) after the batch window. */
  usersChanged(users: readonly number[]): void;
  /** Re-checks every socket of this process after the batch window. */
  recheckAll(): void;
  /** Waits for the re-checks under way; later calls do nothing. */
  close(): Promise<void>;
}

/** Gathers changed users and re-checks the concerned sockets of `io` once per batch. */
export function createSessionChangeFollower(io: SocketServer, services: AppServices): SessionChangeFollower {
  const { logger } = services;
  const users = new Set<number>();
  let everyone = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let closed = false;

  function concerned(socket: Socket, all: boolean, changed: ReadonlySet<number>): boolean {
    const { session } = socket.data as Partial<SocketData>;
    if (!session) return false;
    return (
      all || changed.has(session.userId) || (session.impersonatorId !== null && changed.has(session.impersonatorId))
    );
  }

  async function run(): Promise<void> {
    timer = undefined;
    const changed = new Set(users);
    const all = everyone;
    users.clear();
    everyone = false;
    const sockets = [...io.of("/").sockets.values()].filter((socket) => concerned(socket, all, changed));
    if (sockets.length === 0) return;
    // Sockets of one sign-in share their token: resolve each token once per batch.
    const answers = new Map<string, Promise<SessionCheck>>();
    const check = (token: string) => {
      let answer = answers.get(token);
      if (!answer) answers.set(token, (answer = checkToken(services, token)));
      return answer;
    };
    const results = await Promise.allSettled(sockets.map((socket) => recheckSession(socket, services, { check })));
    const failed = results.filter((result) => result.status === "rejected");
    if (failed.length > 0) {
      // The database did not answer: the sockets keep their sessions until the next change or join.
      logger.error({ err: failed[0]!.reason, sockets: failed.length }, "socket session re-check failed");
    }
    logger.debug({ users: [...changed], all, sockets: sockets.length }, "sockets re-checked after a session change");
  }

  function schedule(): void {
    if (closed || timer) return;
    timer = setTimeout(() => {
      running = running
        .then(run)
        .catch((error: unknown) => logger.error({ err: error }, "session change handling failed"));
    }, SESSION_CHANGE_BATCH_MS);
  }

  return {
    usersChanged(ids) {
      for (const id of ids) users.add(id);
      schedule();
    },
    recheckAll() {
      everyone = true;
      schedule();
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
