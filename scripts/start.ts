// npm start / npm run dev: the one command that brings Fleet Ops up on a fresh machine.
// Database: DATABASE_URL, or an embedded PostgreSQL under DATA_DIR/pg (crash-safe restarts).
// Then: migrations, demo data into an empty database, a production build if missing, the server.
// Ctrl-C (SIGINT) or SIGTERM stops the server gracefully, then the embedded database.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { ConfigError, loadConfig } from "../server/config.ts";
import { fileStorageFor } from "../app/modules/files/file-storage.server.ts";
import type { Config } from "../app/modules/platform/config.server.ts";
import { startServer, type RunningServer } from "../server/index.ts";
import { createLogger } from "../server/logger.ts";
import { openScriptDatabase, type ScriptDatabase } from "./lib/database-for-scripts.ts";
import { runMigrations } from "./lib/run-migrations.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isDatabaseEmpty, seedDemoData } from "./seed/index.ts";

const root = path.resolve(import.meta.dirname, "..");
const dev = process.argv.includes("--dev");

function say(line = "") {
  process.stdout.write(`${line}\n`);
}

function buildApp(): Promise<void> {
  say("No production build found: building the app (react-router build)…");
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(root, "node_modules/.bin/react-router"), ["build"], { cwd: root, stdio: "inherit" });
    child.once("error", reject);
    child.once("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`react-router build exited with ${code}`)),
    );
  });
}

function printBanner(config: Config, url: string, embedded: boolean, seeded: boolean) {
  say();
  say(`Fleet Ops is running at ${url}${dev ? " (development, hot reload)" : ""}`);
  say(`  database: ${embedded ? `embedded PostgreSQL in ${path.join(config.DATA_DIR, "pg")}` : "DATABASE_URL"}`);
  if (seeded) {
    say(`  demo accounts (password "${DEMO_PASSWORD}", demo data only):`);
    const width = Math.max(...DEMO_ACCOUNTS.map((account) => account.email.length));
    for (const account of DEMO_ACCOUNTS) {
      const ids = account.permissionIds.length ? account.permissionIds.join(", ") : "none";
      say(`    ${account.email.padEnd(width)}  permissions: ${ids}`);
    }
  }
  say("Press Ctrl-C to stop.");
  say();
}

/** The banner lists the demo accounts only where they really exist (not on a real database). */
async function demoAccountsExist(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const emails = DEMO_ACCOUNTS.map((account) => account.email);
    const result = await client.query('SELECT count(*)::int AS n FROM "User" WHERE email = ANY($1)', [emails]);
    return result.rows[0].n === emails.length;
  } finally {
    await client.end();
  }
}

async function main() {
  const started = performance.now();
  // A .env file (see .env.example) fills in what the environment does not already set.
  if (existsSync(path.join(root, ".env"))) process.loadEnvFile(path.join(root, ".env"));
  let config: Config;
  try {
    // Without NODE_ENV this is a local run: development settings (generated JWT secret, demo data),
    // while React and Express still run the production build in production mode. A deployment sets
    // NODE_ENV=production and must then provide JWT_SECRET and APP_URL.
    config = loadConfig({ ...process.env, NODE_ENV: process.env.NODE_ENV ?? "development" });
    if (!dev) process.env.NODE_ENV = "production";
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config);
  let database: ScriptDatabase | undefined;
  let server: RunningServer | undefined;
  let stopping = false;

  const stop = async (signal: string) => {
    if (stopping) {
      say(`${signal} again: exiting now.`);
      process.exit(1);
    }
    stopping = true;
    say(`\n${signal}: stopping Fleet Ops…`);
    try {
      await server?.close();
      await database?.stop();
      say("Stopped cleanly.");
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));

  try {
    // PostgreSQL's own chatter at debug; its unexpected exits and restarts where an operator sees them.
    database = await openScriptDatabase(
      config,
      (line) => logger.debug({ component: "embedded-postgres" }, line.trim()),
      (line) => logger.warn({ component: "embedded-postgres" }, line.trim()),
    );
    if (database.embedded) say(`Embedded PostgreSQL is up (${path.join(config.DATA_DIR, "pg")}).`);

    const migration = await runMigrations(database.url, "deploy");
    if (migration.exitCode !== 0) throw new Error(`Migrations failed:\n${migration.output}`);
    say(migration.output.trim());

    if (config.SEED_DEMO_DATA && (await isDatabaseEmpty(database.url))) {
      say("Empty database: seeding demo data…");
      const seedStarted = performance.now();
      await seedDemoData(database.url, { scale: "demo", files: fileStorageFor(config) });
      say(`Demo data seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s.`);
    }
    const seeded = await demoAccountsExist(database.url);

    if (!dev && !existsSync(path.join(root, "build/server/index.js"))) await buildApp();

    server = await startServer({ config: { ...config, DATABASE_URL: database.url }, logger, dev });
    printBanner(config, server.url, database.embedded, seeded);
    logger.info({ url: server.url, startupMs: Math.round(performance.now() - started) }, "Fleet Ops started");
  } catch (error) {
    process.stderr.write(`Fleet Ops could not start: ${error instanceof Error ? error.message : String(error)}\n`);
    await server?.close().catch(() => undefined);
    await database?.stop().catch(() => undefined);
    process.exit(1);
  }
}

await main();
