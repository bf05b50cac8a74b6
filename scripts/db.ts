// npm run db:migrate:new <name> | db:deploy | db:status | db:diff — the migration runner on the
// configured database (or the embedded one when DATABASE_URL is unset).
import { ConfigError, loadConfig } from "../server/config.ts";
import { openScriptDatabase } from "./lib/database-for-scripts.ts";
import { runMigrations, type MigrationCommand } from "./lib/run-migrations.ts";

const commands = ["create", "deploy", "status", "diff"] as const;
const [command, name] = process.argv.slice(2);

if (!commands.includes(command as MigrationCommand)) {
  console.error(`usage: tsx scripts/db.ts ${commands.join(" | ")} [name]`);
  process.exit(2);
}
if (command === "create" && !name) {
  console.error("usage: npm run db:migrate:new -- <migration_name>");
  process.exit(2);
}

try {
  const config = loadConfig();
  const database = await openScriptDatabase(config);
  try {
    const run = await runMigrations(database.url, command as MigrationCommand, { name, echo: true });
    if (command === "diff" && run.exitCode === 0) console.log("No drift: schema.prisma matches the migrations.");
    if (command === "diff" && run.exitCode === 2) {
      console.error("Drift: schema.prisma has changes that no migration holds (npm run db:migrate:new -- <name>).");
    }
    process.exitCode = run.exitCode;
  } finally {
    await database.stop();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
