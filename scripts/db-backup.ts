// npm run db:backup [-- --dir <directory>] — a whole backup of the configured database (or the embedded
// one when DATABASE_URL is unset) into DATA_DIR/backups by default (ADR 051).
import path from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../server/config.ts";
import { backupDatabase, BackupError } from "./lib/backup.ts";
import { openScriptDatabase } from "./lib/database-for-scripts.ts";
import { PgToolMissing } from "./lib/pg-tools.ts";

try {
  const { values } = parseArgs({ options: { dir: { type: "string" } } });
  const config = loadConfig();
  const dir = values.dir ?? path.resolve(config.DATA_DIR, "backups");
  const database = await openScriptDatabase(config);
  try {
    const result = await backupDatabase(database.url, dir);
    console.log(
      `Backup written: ${result.file} (${result.bytes.toLocaleString("en-US")} bytes, ${result.entries} entries)`,
    );
  } finally {
    await database.stop();
  }
} catch (error) {
  const known = error instanceof ConfigError || error instanceof BackupError || error instanceof PgToolMissing;
  console.error(known ? (error as Error).message : error);
  process.exitCode = 1;
}
