// npm run seed [-- --scale=demo|large] [--now=YYYY-MM-DD] — writes the deterministic demo company into
// an empty database: DATABASE_URL, or the embedded PostgreSQL under DATA_DIR/pg (migrated first).
import { fileStorageFor } from "../app/modules/files/file-storage.server.ts";
import { openScriptDatabase } from "./lib/database-for-scripts.ts";
import { runMigrations } from "./lib/run-migrations.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData, type SeedScale } from "./seed/index.ts";

const USAGE = "usage: npm run seed -- [--scale=demo|large] [--now=YYYY-MM-DD]";

interface SeedArguments {
  scale: SeedScale;
  now: Date | undefined;
}

function parseSeedArguments(argv: readonly string[]): SeedArguments {
  let scale: SeedScale = "demo";
  let now: Date | undefined;
  for (const arg of argv) {
    const [key, value] = arg.split("=", 2) as [string, string | undefined];
    if (key === "--scale" && (value === "demo" || value === "large")) scale = value;
    else if (key === "--now" && value && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
      // The date at noon UTC, like the default, so a demo seeded for a day is the same all day.
      now = new Date(`${value}T12:00:00.000Z`);
      if (Number.isNaN(now.getTime()) || now.toISOString().slice(0, 10) !== value) {
        throw new Error(`--now is not a real date: ${value}\n${USAGE}`);
      }
    } else throw new Error(`Unknown or malformed argument: ${arg}\n${USAGE}`);
  }
  return { scale, now };
}

async function main(): Promise<void> {
  const args = parseSeedArguments(process.argv.slice(2));
  const started = performance.now();
  const dataDir = process.env.DATA_DIR || ".data";
  const database = await openScriptDatabase({ DATABASE_URL: process.env.DATABASE_URL || undefined, DATA_DIR: dataDir });
  try {
    if (database.embedded) {
      // A fresh embedded cluster has no tables yet.
      const run = await runMigrations(database.url, "deploy");
      if (run.exitCode !== 0) throw new Error(`Migrations failed:\n${run.output}`);
    }
    console.log(`Seeding ${args.scale} data${database.embedded ? " into the embedded PostgreSQL" : ""}…`);
    const summary = await seedDemoData(database.url, {
      scale: args.scale,
      now: args.now,
      log: (line) => console.log(line),
      files: fileStorageFor({ DATA_DIR: dataDir }),
    });
    console.log("");
    console.log(`Seeded ${summary.totalRows.toLocaleString("en-US")} rows (now = ${summary.now.toISOString()}):`);
    for (const [table, rows] of Object.entries(summary.tables)) {
      console.log(`  ${table.padEnd(22)} ${rows.toLocaleString("en-US").padStart(10)}`);
    }
    console.log(
      `Done in ${((performance.now() - started) / 1000).toFixed(1)} s (seed ${(summary.elapsedMs / 1000).toFixed(1)} s).`,
    );
    console.log("");
    console.log(`Demo accounts (password "${DEMO_PASSWORD}"):`);
    for (const account of DEMO_ACCOUNTS) {
      console.log(
        `  ${account.email.padEnd(28)} ${account.permissionIds.length ? account.permissionIds.join(", ") : "no permissions"}`,
      );
    }
  } finally {
    await database.stop();
  }
}

main().catch((error: unknown) => {
  console.error(`Seed failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
