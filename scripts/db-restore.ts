// npm run db:restore -- <backup file> --yes — replaces the configured (or embedded) database's contents with
// a backup made by db:backup, in one transaction (ADR 051). Stop the app first: the restore drops and
// recreates every table, and waits for any session holding one.
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../server/config.ts";
import { BackupError, restoreDatabase } from "./lib/backup.ts";
import { openScriptDatabase } from "./lib/database-for-scripts.ts";
import { PgToolMissing } from "./lib/pg-tools.ts";

const usage = "usage: npm run db:restore -- <backup file> --yes   (replaces every row of the database)";

try {
  const { values, positionals } = parseArgs({ options: { yes: { type: "boolean" } }, allowPositionals: true });
  if (positionals.length !== 1) {
    console.error(usage);
    process.exit(2);
  }
  if (!values.yes) {
    console.error(`Nothing was changed: restoring replaces the whole database. Add --yes to go ahead.\n${usage}`);
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openScriptDatabase(config);
  try {
    await restoreDatabase(database.url, positionals[0]!);
    console.log(`Restored ${positionals[0]}`);
  } finally {
    await database.stop();
  }
} catch (error) {
  const known = error instanceof ConfigError || error instanceof BackupError || error instanceof PgToolMissing;
  console.error(known ? (error as Error).message : error);
  process.exitCode = 1;
}
