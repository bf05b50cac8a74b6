// npm run db:backup / db:restore on a real server: a scratch cluster from the machine's own
// PostgreSQL programs (the embedded 18 ships no pg_dump), migrated and seeded with the demo data. Backs up,
// changes data, restores, and compares every table's rows and every sequence with the state backed up.
import { execFile } from "node:child_process";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupDatabase, BackupError, restoreDatabase } from "../../../scripts/lib/backup.ts";
import { findPgTool, PgToolMissing } from "../../../scripts/lib/pg-tools.ts";
import { runMigrations } from "../../../scripts/lib/run-migrations.ts";
import { seedDemoData } from "../../../scripts/seed/index.ts";
import { startScratchPostgres, type ScratchPostgres } from "../../support/scratch-postgres.ts";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../../..");
const NOW = new Date("2026-11-20T12:00:00Z");

let server: ScratchPostgres;
let url: string;
let dir: string;

/** Every table's rows (as text, sorted) and every sequence's position: equal snapshots = equal data. */
async function snapshot(): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const state: Record<string, string> = {};
    const { rows: tables } = await client.query<{ name: string }>(
      "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1",
    );
    for (const { name } of tables) {
      const { rows } = await client.query<{ n: string; digest: string | null }>(
        `SELECT count(*)::text AS n, md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM "${name}" t`,
      );
      state[name] = `${rows[0]!.n}:${rows[0]!.digest ?? ""}`;
    }
    const { rows: sequences } = await client.query<{ name: string; value: string | null }>(
      "SELECT sequencename AS name, last_value::text AS value FROM pg_sequences WHERE schemaname = 'public'",
    );
    for (const sequence of sequences) state[`sequence ${sequence.name}`] = sequence.value ?? "unused";
    return state;
  } finally {
    await client.end();
  }
}

async function sql(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  server = await startScratchPostgres();
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query("CREATE DATABASE fleetops");
  await admin.end();
  url = server.url.replace(/\/postgres$/, "/fleetops");
  const migrated = await runMigrations(url, "deploy");
  expect(migrated.exitCode, migrated.output).toBe(0);
  await seedDemoData(url, { scale: "demo", now: NOW });
  dir = await mkdtemp(path.join(tmpdir(), "fleetops-backups-"));
}, 180_000);

afterAll(async () => {
  server?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("db:backup and db:restore", () => {
  it("restores exactly the data backed up after rows were deleted, changed and added", async () => {
    const before = await snapshot();
    expect(Number(before.Unit!.split(":")[0])).toBeGreaterThan(1000);

    const backup = await backupDatabase(url, dir, { now: new Date("2026-11-24T18:15:00Z") });
    expect(path.basename(backup.file)).toBe("fleetops-2026-11-24T181500Z.dump");
    expect(backup.entries).toBeGreaterThan(50);
    expect(await readdir(dir)).toEqual(["fleetops-2026-11-24T181500Z.dump"]);

    await sql(`DELETE FROM "Note" WHERE id IN (SELECT id FROM "Note" ORDER BY id LIMIT 5)`);
    await sql(`UPDATE "Unit" SET odometer = odometer + 1000 WHERE id IN (SELECT id FROM "Unit" ORDER BY id LIMIT 10)`);
    await sql(
      `INSERT INTO "SoftwareVariable" ("group", name, value, "updatedAt") VALUES ('Test', 'Added after', '1', now())`,
    );
    expect(await snapshot()).not.toEqual(before);

    await restoreDatabase(url, backup.file);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a file that is not a backup and changes nothing", async () => {
    const before = await snapshot();
    const notABackup = path.join(dir, "photo.dump");
    await writeFile(notABackup, "not a pg_dump archive");
    await expect(restoreDatabase(url, notABackup)).rejects.toThrow(BackupError);
    await expect(restoreDatabase(url, path.join(dir, "missing.dump"))).rejects.toThrow(/No backup file at/);
    expect(await snapshot()).toEqual(before);
  });

  it("runs from npm's scripts: a backup into DATA_DIR/backups, and a restore only with --yes", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "fleetops-data-"));
    try {
      const env = { ...process.env, DATABASE_URL: url, DATA_DIR: dataDir, NODE_ENV: "development" };
      const made = await run(process.execPath, ["--import", "tsx", "scripts/db-backup.ts"], { cwd: root, env });
      expect(made.stdout).toMatch(/^Backup written: .*backups\/fleetops-.*\.dump \([\d,]+ bytes, \d+ entries\)/);
      const [file] = await readdir(path.join(dataDir, "backups"));
      const refused = await run(
        process.execPath,
        ["--import", "tsx", "scripts/db-restore.ts", path.join(dataDir, "backups", file!)],
        {
          cwd: root,
          env,
        },
      ).catch((error: { code: number; stderr: string }) => error);
      expect(refused).toMatchObject({ code: 2, stderr: expect.stringContaining("Nothing was changed") });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("the docker-compose backup service's script writes a whole backup pg_restore reads, and keeps no partial file", async () => {
    const backups = await mkdtemp(path.join(tmpdir(), "fleetops-compose-backups-"));
    try {
      const target = new URL(url);
      const bin = path.dirname(findPgTool("pg_dump", server.major));
      const env = {
        PATH: `${bin}:${process.env.PATH}`,
        PGHOST: target.hostname,
        PGPORT: target.port,
        PGUSER: "postgres",
        PGDATABASE: "fleetops",
        BACKUP_DIR: backups,
      };
      const { stdout } = await run("/bin/sh", [path.join(root, "scripts/compose-backup.sh"), "--once"], { env });
      expect(stdout).toMatch(/^backup written: .*\/fleetops-\d{4}-\d\d-\d\dT\d{6}Z\.dump$/m);
      const files = await readdir(backups);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/^fleetops-.*\.dump$/);
      // The same file restores through db:restore's code.
      const before = await snapshot();
      await restoreDatabase(url, path.join(backups, files[0]!));
      expect(await snapshot()).toEqual(before);

      const failed = await run("/bin/sh", [path.join(root, "scripts/compose-backup.sh"), "--once"], {
        env: { ...env, PGDATABASE: "no_such_database" },
      }).catch((error: { code: number; stderr: string }) => error);
      expect(failed).toMatchObject({ code: 1, stderr: expect.stringContaining("backup FAILED") });
      expect(await readdir(backups)).toEqual(files);
    } finally {
      await rm(backups, { recursive: true, force: true });
    }
  });

  it("tells the operator which pg_dump is needed when only older ones are installed", () => {
    expect(() => findPgTool("pg_dump", 99)).toThrow(PgToolMissing);
    expect(() => findPgTool("pg_dump", 99)).toThrow(
      /pg_dump 99 or newer is needed for this PostgreSQL 99 server; found \d+/,
    );
  });
});
