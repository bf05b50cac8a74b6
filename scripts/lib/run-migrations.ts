// Runs the migration runner (scripts/migrate.mjs) as a child process on the pinned Node: the
// WebAssembly schema engine leaves timers behind, so it gets a process of its own.
import { spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

export type MigrationCommand = "deploy" | "status" | "diff" | "create";

export interface MigrationRun {
  exitCode: number;
  output: string;
}

export function runMigrations(
  databaseUrl: string,
  command: MigrationCommand,
  options: { name?: string; echo?: boolean; schemaFile?: string } = {},
): Promise<MigrationRun> {
  const args = [path.join(root, "scripts/migrate.mjs"), command, ...(options.name ? [options.name] : [])];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        ...(options.schemaFile ? { PRISMA_SCHEMA_FILE: options.schemaFile } : {}),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const collect = (chunk: Buffer, stream: NodeJS.WriteStream) => {
      output += chunk.toString();
      if (options.echo) stream.write(chunk);
    };
    child.stdout.on("data", (chunk: Buffer) => collect(chunk, process.stdout));
    child.stderr.on("data", (chunk: Buffer) => collect(chunk, process.stderr));
    child.once("error", reject);
    child.once("close", (code) => resolve({ exitCode: code ?? 1, output }));
  });
}
