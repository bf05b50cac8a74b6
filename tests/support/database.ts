// Helpers for integration tests over the worker's own database (set up by tests/setup/database-worker.ts
// as a clone of the migrated template): its URL, a Prisma client on it, and a reset to empty tables.
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { inject } from "vitest";
import { PrismaClient } from "~/generated/prisma/client";

/** What tests/setup/database-global.ts hands to the workers (vitest provide/inject). */
export interface TestDatabaseContext {
  /** URL of a maintenance database on the test server, for CREATE/DROP DATABASE. */
  adminUrl: string;
  /** Migrated template every worker database is cloned from. */
  template: string;
  /** Where the server came from: TEST_DATABASE_URL, Testcontainers or the embedded PostgreSQL. */
  server: "TEST_DATABASE_URL" | "testcontainers" | "embedded";
}

/** The run's one database of the demo data (tests/setup/database-global.ts), read-only. */
export interface SeededDatabaseContext {
  url: string;
  /** ISO instant the demo data was seeded for. */
  now: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    testDatabase: TestDatabaseContext;
    seededDatabase: SeededDatabaseContext;
  }
}

// Every worker database is named fleetops_test_<pool>_<stamp><random> (see database-worker.ts).
const WORKER_DATABASE_PREFIX = "fleetops_test_";

// Prisma clients created here are disconnected by the worker setup before it drops the database
// (otherwise DROP ... WITH (FORCE) cuts them off). Kept on globalThis so the setup file need not
// import this module, and with it the generated client, into test files that never use Prisma.
const CLIENTS = Symbol.for("fleetops.tests.prismaClients");
type Disconnectable = { $disconnect(): Promise<void> };
const clients = ((globalThis as Record<symbol, Set<Disconnectable> | undefined>)[CLIENTS] ??= new Set());

/** The URL of this worker's database (a fresh clone of the migrated template). */
export function testDatabaseUrl(): string {
  const url = process.env.DATABASE_URL;
  const name = url ? decodeURIComponent(new URL(url).pathname.slice(1)) : "";
  if (!url || !name.startsWith(WORKER_DATABASE_PREFIX)) {
    throw new Error(
      `DATABASE_URL (${url ?? "unset"}) is not a worker test database: run this file in the vitest "integration" project`,
    );
  }
  return url;
}

/** A PrismaClient on the worker's database; disconnected automatically after the test file. */
export function createTestPrisma(): PrismaClient {
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: testDatabaseUrl() }) });
  clients.add(prisma);
  return prisma;
}

/** Empties every application table (not _prisma_migrations) and restarts their id sequences. */
export async function resetDatabase(): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    const { rows } = await client.query<{ tablename: string }>(
      "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'",
    );
    if (rows.length === 0) return;
    // One statement: CASCADE and the foreign keys between the listed tables need no ordering.
    const tables = rows.map(({ tablename }) => `public.${client.escapeIdentifier(tablename)}`).join(", ");
    await client.query(`TRUNCATE ${tables} RESTART IDENTITY CASCADE`);
  } finally {
    await client.end();
  }
}

/**
 * A PrismaClient on the run's shared database of the demo data, and the instant it was seeded for. Its
 * connections are read-only (a write fails), so every file may read it at once; disconnected after the file.
 */
export function seededPrisma(): { db: PrismaClient; now: Date } {
  const { url, now } = inject("seededDatabase");
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: url }) });
  clients.add(prisma);
  return { db: prisma, now: new Date(now) };
}
