// npm run bench:seed (tsx bench/seed-large.ts) — times the large seed on a fresh database against the
// 3-minute target, and measures in the same run what row-by-row single-row INSERTs of the very same
// rows would cost (a sample of units and their history, extrapolated to the large size).
// Server: DATABASE_URL (must allow CREATE DATABASE), else the embedded PostgreSQL under DATA_DIR/pg.
import { randomBytes } from "node:crypto";
import os from "node:os";
import pg from "pg";
import type { Row } from "../scripts/seed/bulk-insert.ts";
import { InsertCounter, insertRows } from "../scripts/seed/bulk-insert.ts";
import { openScriptDatabase } from "../scripts/lib/database-for-scripts.ts";
import { runMigrations } from "../scripts/lib/run-migrations.ts";
import {
  buildSeedData,
  seedDemoData,
  TABLES,
  type TableName,
  todayAtNoonUtc,
  UnitHistoryWriter,
  unitRow,
} from "../scripts/seed/index.ts";

const TARGET_MS = 3 * 60_000;
const SAMPLE_UNITS = 2_000;
const BIG_TABLES: readonly TableName[] = [
  "Unit",
  "UnitHistory",
  "FleetSnapshot",
  "FormHistory",
  "OrderForm",
  "ReturningUnit",
  "OdometerReading",
  "TransportJob",
  "OpenContract",
  "ArInvoice",
  "Note",
  "AuditLog",
  "PageVisit",
];

const say = (line = "") => process.stdout.write(`${line}\n`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const perSecond = (rows: number, ms: number) => `${Math.round(rows / (ms / 1000)).toLocaleString("en-US")} rows/s`;

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.href;
}

/** Inserts rows one statement per row, the way a naive seed loop (or an ORM create() per row) does. */
async function insertRowByRow(client: pg.Client, table: TableName, rows: readonly Row[]): Promise<number> {
  const columns = TABLES[table].columns.map(([name]) => name);
  const sql = `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(", ")})`;
  const t0 = performance.now();
  for (const row of rows)
    await client.query(
      sql,
      columns.map((c) => row[c] ?? null),
    );
  return performance.now() - t0;
}

interface Baseline {
  units: number;
  unitMs: number;
  history: number;
  historyMs: number;
}

/**
 * The row-by-row baseline: the first SAMPLE_UNITS units of the large seed and their whole history,
 * one INSERT per row — once in autocommit (a naive seed loop, an ORM create() per row), once inside a
 * single transaction (round trips only, the kindest form of row-by-row).
 */
async function rowByRowBaselines(url: string, now: Date): Promise<{ autocommit: Baseline; transaction: Baseline }> {
  const ctx = await buildSeedData("large", now);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // What the sample refers to goes in batched and untimed: only units and history are measured.
    const counter = new InsertCounter();
    for (const table of [
      "Permission",
      "UnitStatus",
      "Department",
      "DepartmentPermission",
      "User",
      "Industry",
      "Company",
      "Location",
    ] as const) {
      await insertRows(client, TABLES[table], ctx.rowsOf(table), counter);
    }
    const units = ctx.units.slice(0, SAMPLE_UNITS);
    const unitRows = units.map((unit) => unitRow(ctx, unit));
    const historyRows = [...new UnitHistoryWriter(ctx).batches(units, Number.MAX_SAFE_INTEGER)].flat();
    const run = async (): Promise<Baseline> => ({
      units: unitRows.length,
      unitMs: await insertRowByRow(client, "Unit", unitRows),
      history: historyRows.length,
      historyMs: await insertRowByRow(client, "UnitHistory", historyRows),
    });
    const autocommit = await run();
    await client.query(`TRUNCATE "Unit", "UnitHistory" CASCADE`);
    await client.query("BEGIN");
    const transaction = await run();
    await client.query("COMMIT");
    return { autocommit, transaction };
  } finally {
    await client.end();
  }
}

/** Extrapolates a baseline to the large seed: units and history at their own rates, other rows at the average. */
function extrapolate(baseline: Baseline, tables: Partial<Record<TableName, number>>, totalRows: number): number {
  const unitRate = baseline.units / baseline.unitMs;
  const historyRate = baseline.history / baseline.historyMs;
  const averageRate = (baseline.units + baseline.history) / (baseline.unitMs + baseline.historyMs);
  const units = tables.Unit ?? 0;
  const history = tables.UnitHistory ?? 0;
  return units / unitRate + history / historyRate + (totalRows - units - history) / averageRate;
}

async function main(): Promise<void> {
  const now = todayAtNoonUtc();
  say(`Large seed benchmark — ${os.cpus().length} CPU(s), Node ${process.version}, target < ${TARGET_MS / 60_000} min`);
  const server = await openScriptDatabase({
    DATABASE_URL: process.env.DATABASE_URL || undefined,
    DATA_DIR: process.env.DATA_DIR || ".data",
  });
  const name = `fleetops_bench_${Date.now().toString(36)}${randomBytes(3).toString("hex")}`;
  const baselineName = `${name}_rowwise`;
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  let passed: boolean | undefined;
  try {
    await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)}`);
    const t0 = performance.now();
    const migration = await runMigrations(databaseUrl(server.url, name), "deploy");
    if (migration.exitCode !== 0) throw new Error(`Migrations failed:\n${migration.output}`);
    say(`Fresh database ${name} migrated in ${seconds(performance.now() - t0)}`);
    await admin.query(
      `CREATE DATABASE ${admin.escapeIdentifier(baselineName)} TEMPLATE ${admin.escapeIdentifier(name)}`,
    );

    say("");
    say("Batched seed (scale=large):");
    const summary = await seedDemoData(databaseUrl(server.url, name), { scale: "large", now });
    say(`  built in memory        ${seconds(summary.buildMs)}`);
    for (const table of BIG_TABLES) {
      const rows = summary.tables[table] ?? 0;
      const ms = summary.timings[table] ?? 0;
      say(
        `  ${table.padEnd(22)} ${rows.toLocaleString("en-US").padStart(9)} rows in ${seconds(ms).padStart(7)}  ${perSecond(rows, ms).padStart(16)}`,
      );
    }
    const insertMs = Object.values(summary.timings).reduce((a, b) => a + (b ?? 0), 0);
    say(
      `  all tables             ${summary.totalRows.toLocaleString("en-US").padStart(9)} rows in ${seconds(insertMs).padStart(7)}  ${perSecond(summary.totalRows, insertMs).padStart(16)}`,
    );
    say(`  total (build, insert, commit, analyze): ${seconds(summary.elapsedMs)}`);

    say("");
    say(
      `Row-by-row baseline (single-row INSERTs of the first ${SAMPLE_UNITS.toLocaleString("en-US")} units and their history):`,
    );
    const baselines = await rowByRowBaselines(databaseUrl(server.url, baselineName), now);
    const estimates: Record<string, number> = {};
    for (const [label, baseline] of Object.entries(baselines)) {
      const name = label === "autocommit" ? "autocommit (a commit per row)" : "inside one transaction";
      say(`  ${name}:`);
      say(
        `    Unit                 ${baseline.units.toLocaleString("en-US").padStart(9)} rows in ${seconds(baseline.unitMs).padStart(7)}  ${perSecond(baseline.units, baseline.unitMs).padStart(16)}`,
      );
      say(
        `    UnitHistory          ${baseline.history.toLocaleString("en-US").padStart(9)} rows in ${seconds(baseline.historyMs).padStart(7)}  ${perSecond(baseline.history, baseline.historyMs).padStart(16)}`,
      );
      estimates[label] = extrapolate(baseline, summary.tables, summary.totalRows);
      say(
        `    extrapolated to ${summary.totalRows.toLocaleString("en-US")} rows: ~${seconds(estimates[label]!)} of inserts alone`,
      );
    }

    say("");
    const ratio = (ms: number) => (ms / summary.elapsedMs).toFixed(0);
    say(
      `BASELINE: batched seed is ${ratio(estimates.autocommit!)}× faster than row-by-row ` +
        `(${seconds(summary.elapsedMs)} vs ~${seconds(estimates.autocommit!)}; ` +
        `${ratio(estimates.transaction!)}× against row-by-row inside one transaction, ~${seconds(estimates.transaction!)})`,
    );
    passed = summary.elapsedMs < TARGET_MS;
    say(`${passed ? "PASS" : "FAIL"}: large seed took ${seconds(summary.elapsedMs)} (target < ${seconds(TARGET_MS)})`);
  } finally {
    for (const db of [baselineName, name]) {
      await admin.query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(db)} WITH (FORCE)`);
    }
    await admin.end();
    await server.stop();
  }
  if (!passed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(`Benchmark failed: ${error instanceof Error ? error.stack : String(error)}`);
  process.exitCode = 1;
});
