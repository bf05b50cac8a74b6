// Once per integration run: picks the PostgreSQL server (TEST_DATABASE_URL, else Testcontainers when a
// Docker engine answers, else the embedded PostgreSQL in .data/test-pg) and keeps a migrated template
// database on it for the workers to clone (tests/setup/database-worker.ts).
import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile, readdir } from "node:fs/promises";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../../scripts/lib/embedded-postgres.ts";
import { runMigrations } from "../../scripts/lib/run-migrations.ts";
import type { TestDatabaseContext } from "../support/database.ts";

const root = path.resolve(import.meta.dirname, "../..");
const TEMPLATE = "fleetops_template";
// Worker databases older than this are leftovers of an interrupted run (see sweepAbandoned).
const ABANDONED_AFTER_S = 60 * 60;

interface Server {
  adminUrl: string;
  kind: TestDatabaseContext["server"];
  /** No other test run can be using it, so every worker database on it is a leftover. */
  exclusive: boolean;
  stop(): Promise<void>;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const t0 = performance.now();
  const server = await pickServer();
  try {
    await sweepAbandoned(server);
    const t1 = performance.now();
    const rebuilt = await ensureTemplate(server.adminUrl);
    const templateMs = Math.round(performance.now() - t1);
    project.provide("testDatabase", { adminUrl: server.adminUrl, template: TEMPLATE, server: server.kind });
    const t2 = performance.now();
    const seeded = await createSeededDatabase(server.adminUrl);
    project.provide("seededDatabase", { url: seeded.url, now: SEEDED_NOW.toISOString() });
    say(
      `test database: ${describe(server)}, template ${rebuilt ? `rebuilt in ${templateMs} ms` : "up to date"}, ` +
        `demo data seeded in ${Math.round(performance.now() - t2)} ms (ready in ${Math.round(performance.now() - t0)} ms)`,
    );
    return async () => {
      await seeded.drop().catch(() => undefined);
      await server.stop();
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** The day the shared demo database is seeded for: reports read it as of this instant. */
const SEEDED_NOW = new Date("2026-11-16T12:00:00.000Z");

/**
 * One database of the demo data for the whole run, which the report tests read and never write (their
 * connections are read-only): seeding it once costs about a second, where a seed per file would cost a
 * second per file. Not named like a worker database (many workers share it), but swept like one when a run
 * is interrupted.
 */
async function createSeededDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `fleetops_seeded_${Math.floor(Date.now() / 1000).toString(36)}${randomBytes(3).toString("hex")}`;
  await withAdmin(adminUrl, (admin) =>
    admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)} TEMPLATE ${admin.escapeIdentifier(TEMPLATE)}`),
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Imported here: the seed brings the rules and the data generators, which only this database needs.
  const { seedDemoData } = await import("../../scripts/seed/index.ts");
  await seedDemoData(url.href, { scale: "demo", now: SEEDED_NOW });
  url.searchParams.set("options", "-c default_transaction_read_only=on");
  url.searchParams.set("application_name", "vitest-seeded-reader");
  return {
    url: url.href,
    drop: async () => {
      await withAdmin(adminUrl, (admin) =>
        admin.query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(name)} WITH (FORCE)`),
      );
    },
  };
}

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

function describe(server: Server): string {
  if (server.kind === "embedded") return "embedded PostgreSQL (.data/test-pg)";
  if (server.kind === "testcontainers") return "Testcontainers postgres:18";
  return `TEST_DATABASE_URL (${new URL(server.adminUrl).host})`;
}

// ---------------------------------------------------------------------------------------------
// Server selection.

async function pickServer(): Promise<Server> {
  const explicit = process.env.TEST_DATABASE_URL;
  if (explicit) return { adminUrl: explicit, kind: "TEST_DATABASE_URL", exclusive: false, stop: async () => {} };

  if (await dockerAnswers()) {
    // Imported only here: testcontainers pulls in dockerode and friends.
    const { PostgreSqlContainer } = await import("@testcontainers/postgresql");
    // The image docker-compose.yml runs in production (Debian, glibc collation), not an alpine one.
    const container = await new PostgreSqlContainer("postgres:18")
      // Durability is pointless for a throwaway server, and fsync can be slow on Docker storage.
      .withCommand(["postgres", "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"])
      .start();
    return {
      adminUrl: container.getConnectionUri(),
      kind: "testcontainers",
      exclusive: true,
      stop: async () => {
        await container.stop();
      },
    };
  }

  // The database in the URL only serves as a maintenance connection; "postgres" always exists.
  const embedded = await startEmbeddedPostgres({
    dataDir: path.join(root, ".data", "test-pg"),
    database: "postgres",
    log: () => {}, // failures are thrown with PostgreSQL's output
    // A throwaway cluster: commits and CREATE DATABASE need not reach the disk.
    durable: false,
  });
  return { adminUrl: embedded.url, kind: "embedded", exclusive: !embedded.shared, stop: () => embedded.stop() };
}

/**
 * Whether a Docker engine answers, decided within about a second and never hanging: DOCKER_HOST or
 * /var/run/docker.sock must exist and answer GET /_ping (for a TLS DOCKER_HOST, accept a TCP connect).
 */
async function dockerAnswers(): Promise<boolean> {
  const host = process.env.DOCKER_HOST;
  if (!host) return existsSync("/var/run/docker.sock") && ping({ socketPath: "/var/run/docker.sock" });
  if (host.startsWith("unix://")) return ping({ socketPath: host.slice("unix://".length) });
  if (host.startsWith("tcp://")) {
    const { hostname, port } = new URL(host.replace(/^tcp:/, "http:"));
    const target = { host: hostname, port: Number(port || 2375) };
    return process.env.DOCKER_TLS_VERIFY ? tcpConnects(target) : ping(target);
  }
  return false; // ssh://, npipe:// and the like: not worth the wait here
}

function ping(target: { socketPath: string } | { host: string; port: number }): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get({ ...target, path: "/_ping", timeout: 1_000 }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.once("timeout", () => request.destroy());
    request.once("error", () => resolve(false));
  });
}

function tcpConnects(target: { host: string; port: number }): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(target);
    socket.setTimeout(1_000);
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once("connect", () => done(true));
    socket.once("timeout", () => done(false));
    socket.once("error", () => done(false));
  });
}

// ---------------------------------------------------------------------------------------------
// The template.

/**
 * Makes TEMPLATE hold exactly the current migrations. Its comment records a hash of them, so it is
 * rebuilt only when they change. Returns whether it was rebuilt.
 */
async function ensureTemplate(adminUrl: string): Promise<boolean> {
  const fingerprint = `migrations sha256:${await migrationsHash()}`;
  return withAdmin(adminUrl, async (admin) => {
    // Two runs on one server (a shared TEST_DATABASE_URL) must not rebuild it at the same time.
    await admin.query("SELECT pg_advisory_lock(hashtext($1))", [TEMPLATE]);
    const current = await admin.query<{ comment: string | null }>(
      "SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1",
      [TEMPLATE],
    );
    if (current.rows[0]?.comment === fingerprint) return false;

    const template = admin.escapeIdentifier(TEMPLATE);
    if (current.rowCount) {
      await admin.query(`ALTER DATABASE ${template} WITH IS_TEMPLATE false`);
      await admin.query(`DROP DATABASE ${template} WITH (FORCE)`);
    }
    await admin.query(`CREATE DATABASE ${template}`);
    const templateUrl = new URL(adminUrl);
    templateUrl.pathname = `/${TEMPLATE}`;
    const run = await runMigrations(templateUrl.href, "deploy");
    if (run.exitCode !== 0) throw new Error(`migrating the test template failed:\n${run.output}`);
    // No connections allowed: CREATE DATABASE ... TEMPLATE fails while anyone is connected to it.
    // The comment comes last, so an interrupted build is never taken for a valid one.
    await admin.query(`ALTER DATABASE ${template} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
    await admin.query(`COMMENT ON DATABASE ${template} IS ${admin.escapeLiteral(fingerprint)}`);
    return true;
  });
}

/** Hash of the migration folder names and their migration.sql, in the order they apply. */
async function migrationsHash(): Promise<string> {
  const dir = path.join(root, "prisma", "migrations");
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort((a, b) => a.localeCompare(b));
  const hash = createHash("sha256");
  for (const name of names) {
    hash.update(`${name}\0`);
    hash.update(await readFile(path.join(dir, name, "migration.sql")).catch(() => Buffer.alloc(0)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

/**
 * Drops worker databases an interrupted run left behind (a killed worker never runs its afterAll).
 * On a server only this run uses, all of them; on a shared one, those older than ABANDONED_AFTER_S
 * going by the creation time in their name (fleetops_test_<pool>_ or fleetops_seeded_, then <base36 seconds><6 hex>).
 */
async function sweepAbandoned(server: Server): Promise<void> {
  await withAdmin(server.adminUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'fleetops\\_test\\_%' OR datname LIKE 'fleetops\\_seeded\\_%'",
    );
    const now = Date.now() / 1000;
    for (const { datname } of rows) {
      const stamp = /^fleetops_(?:test_[^_]+|seeded)_([0-9a-z]+)[0-9a-f]{6}$/.exec(datname)?.[1];
      const age = stamp ? now - Number.parseInt(stamp, 36) : Number.POSITIVE_INFINITY;
      if (!server.exclusive && age < ABANDONED_AFTER_S) continue;
      await admin.query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(datname)} WITH (FORCE)`);
    }
  });
}

async function withAdmin<T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}
