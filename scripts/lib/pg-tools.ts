// Finds PostgreSQL's client programs (pg_dump, pg_restore) for a server of a given major version. pg_dump
// refuses a server newer than itself, so the newest installed one that is at least the server's version is
// chosen: PG_BIN_DIR first (an operator's explicit choice), then Debian's /usr/lib/postgresql/<major>/bin
// (newest first), then PATH. The embedded PostgreSQL package ships no pg_dump (ADR 051).
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, realpathSync } from "node:fs";
import path from "node:path";

export type PgTool = "pg_dump" | "pg_restore" | "initdb" | "pg_ctl" | "postgres";

export interface FoundTool {
  file: string;
  major: number;
}

/** "pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)" → 15; null when the text names no version. */
export function majorOfVersionText(text: string): number | null {
  const match = /\(PostgreSQL\)\s+(\d+)(?:\.\d+)?/.exec(text);
  return match ? Number(match[1]) : null;
}

/** Of the candidates, the first (in order) whose major is at least `minimumMajor`. */
export function pickTool(candidates: readonly FoundTool[], minimumMajor: number): FoundTool | null {
  return candidates.find((candidate) => candidate.major >= minimumMajor) ?? null;
}

/** The directories to look in, in order of preference. */
export function toolDirectories(env: NodeJS.ProcessEnv = process.env): string[] {
  const dirs: string[] = [];
  if (env.PG_BIN_DIR) dirs.push(env.PG_BIN_DIR);
  const debian = "/usr/lib/postgresql";
  if (existsSync(debian)) {
    const majors = readdirSync(debian)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    dirs.push(...majors.map((major) => path.join(debian, major, "bin")));
  }
  dirs.push(...(env.PATH ?? "").split(path.delimiter).filter(Boolean));
  return dirs;
}

/** Every installed copy of the tool with its major version, in order of preference. */
export function installedTools(tool: PgTool, env: NodeJS.ProcessEnv = process.env): FoundTool[] {
  const found: FoundTool[] = [];
  const seen = new Set<string>();
  for (const dir of toolDirectories(env)) {
    const file = path.join(dir, tool);
    if (!existsSync(file)) continue;
    // /bin is /usr/bin on Debian, and its pg_dump is a wrapper of the newest client: one candidate each.
    const real = realpathSync(file);
    if (seen.has(real)) continue;
    seen.add(real);
    try {
      const major = majorOfVersionText(execFileSync(file, ["--version"], { encoding: "utf8", timeout: 10_000 }));
      if (major !== null) found.push({ file, major });
    } catch {
      // Not runnable here (wrong architecture, a broken link): not a candidate.
    }
  }
  return found;
}

export class PgToolMissing extends Error {}

/** The tool for a server of `serverMajor`, or a PgToolMissing that tells the operator what to install. */
export function findPgTool(tool: PgTool, serverMajor: number, env: NodeJS.ProcessEnv = process.env): string {
  const candidates = installedTools(tool, env);
  const chosen = pickTool(candidates, serverMajor);
  if (chosen) return chosen.file;
  const seen = candidates.length
    ? `found ${candidates.map((c) => `${c.major} (${c.file})`).join(", ")}`
    : "none is installed";
  throw new PgToolMissing(
    `${tool} ${serverMajor} or newer is needed for this PostgreSQL ${serverMajor} server; ${seen}. ` +
      `Install PostgreSQL ${serverMajor}'s client programs or set PG_BIN_DIR to their directory.`,
  );
}
