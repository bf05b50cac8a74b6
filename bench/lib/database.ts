// A fresh, migrated and seeded database for a benchmark run, dropped afterwards: the server is
// DATABASE_URL (must allow CREATE DATABASE) or the project's embedded PostgreSQL under DATA_DIR/pg.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openScriptDatabase } from "../../scripts/lib/database-for-scripts.ts";
import { runMigrations } from "../../scripts/lib/run-migrations.ts";
import { seedDemoData, todayAtNoonUtc } from "../../scripts/seed/index.ts";

/** The URL of database `name` on the server that `serverUrl` points at. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.href;
}

/** VACUUM (ANALYZE) the whole database: visibility map and statistics as in steady service. */
async function vacuum(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("VACUUM (ANALYZE)");
  } finally {
    await client.end();
  }
}

/** A unique database name for one run (`fleetops_<label>_<time><random>`). */
export function benchDatabaseName(label: string): string {
  return `fleetops_${label}_${Date.now().toString(36)}${randomBytes(3).toString("hex")}`;
}

export interface BenchDatabase {
  /** URL of the fresh database. */
  url: string;
  name: string;
  /** Whether the server is the embedded PostgreSQL. */
  embedded: boolean;
  migrateMs: number;
  seedMs: number;
  totalRows: number;
}

export interface BenchDatabaseOptions {
  label: string;
  scale: "demo" | "large";
  log?: (line: string) => void;
}

/**
 * Creates a fresh database, migrates it, seeds it at `scale`, runs `body` on it and drops it (and stops
 * the embedded server if this process started it) whatever happens.
 */
export async function withSeededDatabase<T>(
  options: BenchDatabaseOptions,
  body: (database: BenchDatabase) => Promise<T>,
): Promise<T> {
  const log = options.log ?? (() => undefined);
  const server = await openScriptDatabase({
    DATABASE_URL: process.env.DATABASE_URL || undefined,
    DATA_DIR: process.env.DATA_DIR || ".data",
  });
  const name = benchDatabaseName(options.label);
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)}`);
    const url = databaseUrl(server.url, name);
    const t0 = performance.now();
    const migration = await runMigrations(url, "deploy");
    if (migration.exitCode !== 0) throw new Error(`Migrations failed:\n${migration.output}`);
    const migrateMs = performance.now() - t0;
    const summary = await seedDemoData(url, { scale: options.scale, now: todayAtNoonUtc() });
    // A database in service has been vacuumed: without this, autovacuum starts on the freshly
    // inserted million rows in the middle of the measurements and competes for the two cores.
    await vacuum(url);
    // The seed was built in this process: some 250 MB of rows, garbage now but not yet collected. A
    // measurement taken over it pays for that heap's marking in whatever allocates most (a Prisma read
    // more than a raw pg one). The benchmarks run with --expose-gc (package.json) to start from a
    // collected heap, as a server that never built the seed does.
    globalThis.gc?.();
    log(
      `Fresh database ${name}: migrated in ${(migrateMs / 1000).toFixed(1)} s, seeded (scale=${options.scale}, ` +
        `${summary.totalRows.toLocaleString("en-US")} rows) in ${(summary.elapsedMs / 1000).toFixed(1)} s`,
    );
    return await body({
      url,
      name,
      embedded: server.embedded,
      migrateMs,
      seedMs: summary.elapsedMs,
      totalRows: summary.totalRows,
    });
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(name)} WITH (FORCE)`).catch(() => undefined);
    await admin.end().catch(() => undefined);
    await server.stop();
  }
}
