// The integration-test database harness itself: each worker runs on its own fresh clone of the
// migrated template, nobody else uses it, and the helpers in tests/support/database.ts work on it.
import { readdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTestPrisma, resetDatabase, testDatabaseUrl } from "../support/database.ts";

// What modules loaded by a test file see: the setup file must have set it before they are imported.
const urlAtImport = process.env.DATABASE_URL;
const { adminUrl, template } = inject("testDatabase");
const slot = process.env.VITEST_POOL_ID ?? process.env.VITEST_WORKER_ID ?? "0";
const migrationCount = readdirSync(path.resolve(import.meta.dirname, "../../prisma/migrations"), {
  withFileTypes: true,
}).filter((entry) => entry.isDirectory()).length;

let db: pg.Client;
let admin: pg.Client;

beforeAll(async () => {
  db = new pg.Client({ connectionString: testDatabaseUrl() });
  admin = new pg.Client({ connectionString: adminUrl });
  await Promise.all([db.connect(), admin.connect()]);
});

afterAll(async () => {
  await Promise.all([db?.end(), admin?.end()]);
});

describe("integration database harness", () => {
  it("gives the worker a database of its own, set before the test file was imported", async () => {
    const url = testDatabaseUrl();
    expect(urlAtImport).toBe(url);
    const name = decodeURIComponent(new URL(url).pathname.slice(1));
    expect(name).toMatch(new RegExp(`^fleetops_test_${slot}_[0-9a-z]+$`));
    expect(name).not.toBe(template);
    const { rows } = await db.query<{ db: string }>("SELECT current_database() AS db");
    expect(rows[0]?.db).toBe(name);
  });

  it("has every migration applied, none failed or rolled back", async () => {
    const { rows } = await db.query<{ migration_name: string; finished_at: Date | null; rolled_back_at: Date | null }>(
      "SELECT migration_name, finished_at, rolled_back_at FROM _prisma_migrations",
    );
    expect(migrationCount).toBeGreaterThan(0);
    expect(rows).toHaveLength(migrationCount);
    expect(rows.filter((row) => row.finished_at === null || row.rolled_back_at !== null)).toEqual([]);
  });

  it("keeps the template closed to connections, so cloning it never fails", async () => {
    const { rows } = await admin.query<{ datistemplate: boolean; datallowconn: boolean }>(
      "SELECT datistemplate, datallowconn FROM pg_database WHERE datname = $1",
      [template],
    );
    expect(rows).toEqual([{ datistemplate: true, datallowconn: false }]);
  });

  it("never shares a worker database", async () => {
    const name = decodeURIComponent(new URL(testDatabaseUrl()).pathname.slice(1));
    // A second worker could not end up on this database: CREATE DATABASE refuses an existing name.
    await expect(
      admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)} TEMPLATE ${admin.escapeIdentifier(template)}`),
    ).rejects.toMatchObject({ code: "42P04" });
    // Every session on any worker database (other test files may be running now) comes from the one
    // worker process that created it.
    const { rows } = await admin.query<{ datname: string; workers: string[] }>(
      `SELECT datname, array_agg(DISTINCT application_name) AS workers FROM pg_stat_activity
        WHERE datname LIKE 'fleetops\\_test\\_%' GROUP BY datname`,
    );
    expect(rows.find((row) => row.datname === name)?.workers).toEqual([`vitest-worker-${slot}-${process.pid}`]);
    for (const row of rows) {
      expect(row.workers, row.datname).toHaveLength(1);
      expect(row.workers[0], row.datname).toMatch(new RegExp(`^vitest-worker-${row.datname.split("_")[2]}-\\d+$`));
    }
  });

  it("gives a Prisma client on the worker database and resets every table", async () => {
    const prisma = createTestPrisma();
    const [current] = await prisma.$queryRaw<Array<{ db: string }>>`SELECT current_database() AS db`;
    expect(current?.db).toBe(decodeURIComponent(new URL(testDatabaseUrl()).pathname.slice(1)));

    await db.query("CREATE TABLE harness_probe (id serial PRIMARY KEY, note text)");
    await db.query("INSERT INTO harness_probe (note) VALUES ('a'), ('b')");
    await resetDatabase();
    expect((await db.query("SELECT count(*)::int AS n FROM harness_probe")).rows).toEqual([{ n: 0 }]);
    await db.query("INSERT INTO harness_probe (note) VALUES ('c')");
    expect((await db.query("SELECT id FROM harness_probe")).rows).toEqual([{ id: 1 }]); // identity restarted
    // The migration history is not an application table.
    expect((await db.query("SELECT count(*)::int AS n FROM _prisma_migrations")).rows).toEqual([{ n: migrationCount }]);
  });
});
