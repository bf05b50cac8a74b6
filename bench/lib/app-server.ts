// The app server in this process (production build, dev: false) over a benchmark's database, with
// silent logs, plus a signed session for a seeded user.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { signSessionToken } from "../../app/modules/identity/session-token.server.ts";
import { SESSION_COOKIE } from "../../app/modules/identity/session-cookie.server.ts";
import { permissionIdsNamed, type PermissionName } from "../../app/rules/access/permissions.ts";
import { loadConfig } from "../../server/config.ts";
import { startServer, type RunningServer } from "../../server/index.ts";
import { createLogger } from "../../server/logger.ts";

const root = path.resolve(import.meta.dirname, "../..");

/** Runs `npm run build` when the production build is missing. */
export function ensureBuild(log: (line: string) => void = () => undefined): void {
  if (existsSync(path.join(root, "build/server/index.js"))) return;
  log("build/server/index.js is missing: running npm run build …");
  execFileSync("npm", ["run", "build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
}

export async function startBenchServer(databaseUrl: string): Promise<RunningServer> {
  // As `npm start` does (scripts/start.ts): React and Express pick their production code from the
  // environment when the build is first imported, and React's development build renders several
  // times slower. Nothing in a benchmark has loaded React before this point.
  process.env.NODE_ENV = "production";
  const config = loadConfig({
    NODE_ENV: "production",
    PORT: "0",
    JWT_SECRET: randomBytes(24).toString("hex"),
    JWT_TTL_SECONDS: "3600",
    LOG_LEVEL: "silent",
    SEED_DEMO_DATA: "false",
    DATA_SOURCE: "test",
    // Production requires the public origin; the benchmarks call the loopback address, which the
    // Host allow-list admits anyway.
    APP_URL: "http://127.0.0.1",
  });
  return startServer({
    config: { ...config, DATABASE_URL: databaseUrl },
    logger: createLogger(config),
    host: "127.0.0.1",
    dev: false,
  });
}

export interface BenchSession {
  userId: number;
  token: string;
  /** A Cookie header carrying the session (pages). */
  cookie: string;
  /** An Authorization header value (JSON API). */
  bearer: string;
}

/**
 * Signs a session token for the seeded user with this e-mail and these permissions, by catalogue name
 * (the server re-reads the user on every request).
 */
export async function signInAs(
  server: RunningServer,
  databaseUrl: string,
  email: string,
  permissions: readonly PermissionName[],
): Promise<BenchSession> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const user = await client.query<{ id: number }>(`SELECT id FROM "User" WHERE lower(email) = lower($1)`, [email]);
    const userId = user.rows[0]?.id;
    if (userId === undefined) throw new Error(`No seeded user ${email}`);
    const token = signSessionToken(server.services.config, { userId, permissions: permissionIdsNamed(permissions) });
    return { userId, token, cookie: `${SESSION_COOKIE}=${encodeURIComponent(token)}`, bearer: `Bearer ${token}` };
  } finally {
    await client.end();
  }
}
