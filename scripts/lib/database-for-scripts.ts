// The database a CLI script works on: DATABASE_URL when set, else the project's embedded PostgreSQL
// under DATA_DIR/pg (started for the script and stopped after it).
import path from "node:path";
import { startEmbeddedPostgres } from "./embedded-postgres.ts";

export const EMBEDDED_DATABASE_NAME = "fleetops";

export interface ScriptDatabase {
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

export async function openScriptDatabase(
  env: { DATABASE_URL?: string | undefined; DATA_DIR: string; EMBEDDED_POSTGRES_DURABLE?: boolean },
  log: (line: string) => void = () => undefined,
  warn: (line: string) => void = log,
): Promise<ScriptDatabase> {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, embedded: false, stop: async () => undefined };
  const embedded = await startEmbeddedPostgres({
    dataDir: path.resolve(env.DATA_DIR, "pg"),
    database: EMBEDDED_DATABASE_NAME,
    log,
    warn,
    durable: env.EMBEDDED_POSTGRES_DURABLE ?? true,
  });
  return { url: embedded.url, embedded: true, stop: () => embedded.stop() };
}
