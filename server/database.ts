// The process's one connection pool and Prisma client (driver adapter @prisma/adapter-pg).
// Pool errors (the database restarting, a dropped connection) are logged, never fatal: the app keeps
// serving, /healthz reports the database down, and new connections succeed once it is back.
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "../app/generated/prisma/client.ts";
import type { Database, Logger } from "../app/modules/platform/services.server.ts";

/** The longest any one statement of the app may run. */
export const STATEMENT_TIMEOUT_MS = 30_000;

export function createDatabase(connectionString: string, logger: Logger, poolSize = 10): Database {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    // A request waits at most this long for a connection: in an outage it fails fast (503), never hangs.
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    // No statement holds a pooled connection longer than this (a runaway query would starve the pool).
    statement_timeout: STATEMENT_TIMEOUT_MS,
  });
  pool.on("error", (error) => logger.warn({ err: error }, "idle database connection failed"));
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  let closed = false;

  return {
    prisma,
    pool,
    url: connectionString,
    async isUp(timeoutMs = 2_000) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      const probe = pool.query("SELECT 1").then(
        () => true,
        () => false,
      );
      try {
        return await Promise.race([probe, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await prisma.$disconnect();
      await pool.end().catch(() => undefined);
    },
  };
}
