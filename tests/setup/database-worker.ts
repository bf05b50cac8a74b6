// Runs before every integration test file: clones the migrated template into a database of the
// file's own (fleetops_test_<pool>_<stamp+random>), points DATABASE_URL at it, drops it afterwards.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, inject } from "vitest";
// Type-only: importing tests/support/database.ts would load the generated Prisma client into every file.
import type { TestDatabaseContext } from "../support/database.ts";

const { adminUrl, template }: TestDatabaseContext = inject("testDatabase");
// The pool id tells concurrent workers apart; the timestamp lets the global setup sweep databases
// left behind by an interrupted run, the random part keeps successive files in one slot apart.
const slot = process.env.VITEST_POOL_ID ?? process.env.VITEST_WORKER_ID ?? "0";
const name = `fleetops_test_${slot}_${Math.floor(Date.now() / 1000).toString(36)}${randomBytes(3).toString("hex")}`;

// Top-level await, not beforeAll: the test file's imports run after this setup file, and modules
// that read DATABASE_URL when loaded must see the worker's database.
await withAdmin((admin) =>
  admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)} TEMPLATE ${admin.escapeIdentifier(template)}`),
);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
// Tags this worker's sessions in pg_stat_activity (the harness test checks nobody else connects).
url.searchParams.set("application_name", `vitest-worker-${slot}-${process.pid}`);
process.env.DATABASE_URL = url.href;

// Registered first, so it runs after the test file's own afterAll hooks (vitest runs them as a stack).
afterAll(async () => {
  const clients = (globalThis as Record<symbol, Set<{ $disconnect(): Promise<void> }> | undefined>)[
    Symbol.for("fleetops.tests.prismaClients")
  ];
  await Promise.allSettled([...(clients ?? [])].map((client) => client.$disconnect()));
  clients?.clear();
  // FORCE: a pool the test forgot to close must not keep its database alive.
  await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(name)} WITH (FORCE)`));
});

async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}
