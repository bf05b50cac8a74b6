// The newcomer's `npm start`: embedded PostgreSQL, migrations, server — and a restart after a
// `kill -9` (which leaves PostgreSQL running with its postmaster.pid) comes up with no manual step.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, chmodSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const dataDir = mkdtempSync(path.join(tmpdir(), "fleetops-start-"));
chmodSync(dataDir, 0o755);
const children: ChildProcess[] = [];

function startApp(): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: "0",
    NODE_ENV: "production",
    JWT_SECRET: "start-test-secret-start-test-secret-00",
    APP_URL: "https://fleet.example.test",
    SEED_DEMO_DATA: "false",
    LOG_LEVEL: "warn",
  };
  delete env.DATABASE_URL;
  // Node itself (not the tsx wrapper, which would take the signals and leave the app running).
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], { cwd: root, env });
  children.push(child);
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start within 90 s:\n${output}`)), 90_000);
    child.stdout!.on("data", () => {
      const match = /Fleet Ops is running at (http:\/\/localhost:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1]!, output: () => output });
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`start exited with ${code}:\n${output}`));
    });
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  // Stop any PostgreSQL left behind by the killed process through the same recovery path.
  const { startEmbeddedPostgres } = await import("../../scripts/lib/embedded-postgres.ts");
  if (existsSync(path.join(dataDir, "pg", "PG_VERSION"))) {
    const leftover = await startEmbeddedPostgres({ dataDir: path.join(dataDir, "pg"), database: "fleetops" });
    await leftover.stop();
  }
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe("npm start", () => {
  it("serves /healthz, survives a kill -9 restart without manual cleanup, and stops cleanly on Ctrl-C", async () => {
    const first = await startApp();
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);

    first.child.kill("SIGKILL");
    await exited(first.child);
    // PostgreSQL outlived its owner: the stale-server case the next start must handle.
    expect(existsSync(path.join(dataDir, "pg", "postmaster.pid"))).toBe(true);

    const second = await startApp();
    const health = await fetch(`${second.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok", db: "up" });
    const notFound = await fetch(`${second.url}/nowhere`);
    expect(notFound.status).toBe(404);

    second.child.kill("SIGINT");
    expect(await exited(second.child)).toBe(0);
    expect(second.output()).toContain("Stopped cleanly.");
    expect(existsSync(path.join(dataDir, "pg", "postmaster.pid"))).toBe(false);
  }, 180_000);
});
