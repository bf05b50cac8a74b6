// Backups an operator can trust (ADR 051): pg_dump's custom format into DATA_DIR/backups, written under a
// temporary name and renamed only after pg_restore has read it back, so a listed backup is a whole one;
// restore replaces the database's contents in one transaction (all or nothing).
import { execFile } from "node:child_process";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { findPgTool } from "./pg-tools.ts";

const run = promisify(execFile);
const TOOL_TIMEOUT_MS = 60 * 60_000;

export class BackupError extends Error {}

/** The server's major version (pg_dump must be at least as new). */
export async function serverMajorOf(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version_num: string }>("SHOW server_version_num");
    return Math.floor(Number(rows[0]!.server_version_num) / 10_000);
  } finally {
    await client.end();
  }
}

/** `fleetops-2026-11-24T181500Z.dump`: sorts by time, safe on every file system. */
export function backupFileName(at: Date): string {
  const iso = at.toISOString(); // 2026-11-24T18:15:00.123Z
  return `fleetops-${iso.slice(0, 10)}T${iso.slice(11, 19).replaceAll(":", "")}Z.dump`;
}

function toolFailure(what: string, error: unknown): BackupError {
  const stderr = (error as { stderr?: string }).stderr?.trim();
  return new BackupError(`${what} failed: ${stderr || (error as Error).message}`);
}

/** Checks that `file` is a backup pg_restore can read; answers how many entries its table of contents has. */
export async function verifyBackup(url: string, file: string, env = process.env): Promise<number> {
  const pgRestore = findPgTool("pg_restore", await serverMajorOf(url), env);
  try {
    const { stdout } = await run(pgRestore, ["--list", file], {
      maxBuffer: 64 * 1024 * 1024,
      timeout: TOOL_TIMEOUT_MS,
    });
    return stdout.split("\n").filter((line) => line && !line.startsWith(";")).length;
  } catch (error) {
    throw toolFailure(`Reading ${file} as a backup`, error);
  }
}

export interface BackupResult {
  file: string;
  bytes: number;
  entries: number;
}

export async function backupDatabase(
  url: string,
  dir: string,
  options: { now?: Date; env?: NodeJS.ProcessEnv } = {},
): Promise<BackupResult> {
  const env = options.env ?? process.env;
  const pgDump = findPgTool("pg_dump", await serverMajorOf(url), env);
  await mkdir(dir, { recursive: true });
  const file = path.join(path.resolve(dir), backupFileName(options.now ?? new Date()));
  const partial = `${file}.part`;
  try {
    await run(pgDump, ["--format=custom", "--no-owner", "--no-privileges", `--file=${partial}`, `--dbname=${url}`], {
      timeout: TOOL_TIMEOUT_MS,
    });
    const entries = await verifyBackup(url, partial, env);
    await rename(partial, file);
    return { file, bytes: (await stat(file)).size, entries };
  } catch (error) {
    await rm(partial, { force: true });
    throw error instanceof BackupError ? error : toolFailure("pg_dump", error);
  }
}

/** Replaces the database's contents with the backup's, in one transaction: on any error nothing changes. */
export async function restoreDatabase(url: string, file: string, env = process.env): Promise<void> {
  if (!(await stat(file).catch(() => null))?.isFile()) throw new BackupError(`No backup file at ${file}.`);
  await verifyBackup(url, file, env);
  const pgRestore = findPgTool("pg_restore", await serverMajorOf(url), env);
  try {
    await run(
      pgRestore,
      [
        "--clean",
        "--if-exists",
        "--no-owner",
        "--no-privileges",
        "--single-transaction",
        "--exit-on-error",
        `--dbname=${url}`,
        file,
      ],
      { maxBuffer: 64 * 1024 * 1024, timeout: TOOL_TIMEOUT_MS },
    );
  } catch (error) {
    throw toolFailure("pg_restore", error);
  }
}
