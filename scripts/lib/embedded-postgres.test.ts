// The embedded PostgreSQL lifecycle for real: first start, restart on the same data, a stale pid
// file, sharing a server a live process owns, and recovery after its owner was SIGKILLed.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres } from "./embedded-postgres.ts";

const TIMEOUT = 60_000;
let tmp: string;
const logs: string[] = [];
const log = (message: string) => void logs.push(message);

beforeAll(async () => {
  // A mkdtemp folder is mode 700; as root, startEmbeddedPostgres adds o+x so the postgres user
  // can reach the data dir inside (and logs that it did).
  tmp = await mkdtemp(path.join(os.tmpdir(), "fleetops-embedded-pg-"));
});

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

function postmasterPid(dataDir: string): number {
  return Number.parseInt(readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0] ?? "", 10);
}

/** Alive and not a zombie (PID 1 here does not reap orphans, so a dead one lingers as "Z"). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return !/^[ZX]/.test(stat.slice(stat.lastIndexOf(")") + 2));
}

describe("startEmbeddedPostgres", () => {
  it("leaves no exit or signal hooks of embedded-postgres behind (they would stop the database under the app)", () => {
    // async-exit-hook's listeners all share one body that walks its "eventFilters".
    const events = ["exit", "beforeExit", "SIGINT", "SIGTERM", "SIGHUP", "message"];
    const foreign = events.flatMap((event) =>
      process.rawListeners(event).filter((fn) => String(fn).includes("eventFilters")),
    );
    expect(foreign).toEqual([]);
  });

  it(
    "initialises, serves the database on 127.0.0.1 only, keeps data across restarts, stops idempotently",
    async () => {
      const dataDir = path.join(tmp, "basic");
      const first = await startEmbeddedPostgres({ dataDir, database: "fleetops_probe", log });
      expect(logs.join("\n")).toContain("initdb done");
      expect(first.shared).toBe(false);
      expect(first.url).toMatch(/^postgresql:\/\/postgres:postgres@127\.0\.0\.1:\d+\/fleetops_probe$/);
      const [settings] = await query<{ db: string; enc: string; listen: string; sockets: string }>(
        first.url,
        `SELECT current_database() AS db, current_setting('server_encoding') AS enc,
                current_setting('listen_addresses') AS listen, current_setting('unix_socket_directories') AS sockets`,
      );
      expect(settings).toEqual({ db: "fleetops_probe", enc: "UTF8", listen: "127.0.0.1", sockets: "" });
      await query(first.url, "CREATE TABLE probe (note text); INSERT INTO probe VALUES ('kept')");
      await first.stop();
      await first.stop(); // idempotent
      expect(existsSync(path.join(dataDir, "postmaster.pid"))).toBe(false);
      await expect(query(first.url, "SELECT 1")).rejects.toThrow();

      logs.length = 0;
      const second = await startEmbeddedPostgres({ dataDir, database: "fleetops_probe", log });
      try {
        expect(logs.join("\n")).not.toContain("initdb done");
        expect(await query(second.url, "SELECT note FROM probe")).toEqual([{ note: "kept" }]);
      } finally {
        await second.stop();
      }
    },
    TIMEOUT,
  );

  it(
    "restarts PostgreSQL on the same port when it exits on its own, with the data it had",
    async () => {
      const dataDir = path.join(tmp, "supervised");
      logs.length = 0;
      const server = await startEmbeddedPostgres({ dataDir, database: "app", log });
      try {
        await query(server.url, "CREATE TABLE kept (id int); INSERT INTO kept VALUES (42)");
        const first = postmasterPid(dataDir);
        process.kill(first, "SIGKILL");
        // The same URL answers again once the supervisor has restarted it (recovery from the WAL).
        const deadline = Date.now() + 30_000;
        let rows: { id: number }[] | null = null;
        while (!rows && Date.now() < deadline) {
          rows = await query<{ id: number }>(server.url, "SELECT id FROM kept").catch(() => null);
          if (!rows) await new Promise((resolve) => setTimeout(resolve, 250));
        }
        expect(rows).toEqual([{ id: 42 }]);
        expect(postmasterPid(dataDir)).not.toBe(first);
        expect(logs.join("\n")).toMatch(/exited unexpectedly .*restarting it/);
        expect(logs.join("\n")).toMatch(/PostgreSQL restarted on port \d+/);
      } finally {
        await server.stop();
      }
      // Stopped means stopped: no supervisor brings it back.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await query(server.url, "SELECT 1").catch(() => "down")).toBe("down");
    },
    TIMEOUT,
  );

  it(
    "ignores a stale postmaster.pid whose pid now belongs to another process",
    async () => {
      const dataDir = path.join(tmp, "stale");
      await (await startEmbeddedPostgres({ dataDir, database: "app", log })).stop();
      // The worst case: the recorded pid was reused by a live process of the user postgres runs as.
      // PostgreSQL itself then refuses to start ("lock file already exists").
      const asPostgres = process.getuid?.() === 0 ? { uid: idOf("-u"), gid: idOf("-g") } : {};
      const impostor = spawn("sleep", ["60"], { ...asPostgres, stdio: "ignore" });
      try {
        await writeFile(
          path.join(dataDir, "postmaster.pid"),
          `${impostor.pid}\n${dataDir}\n1700000000\n5999\n\n127.0.0.1\n0 0\nready\n`,
        );
        logs.length = 0;
        const server = await startEmbeddedPostgres({ dataDir, database: "app", log });
        try {
          expect(logs.join("\n")).toMatch(/removing stale .*postmaster\.pid/);
          expect(await query(server.url, "SELECT 1 AS ok")).toEqual([{ ok: 1 }]);
        } finally {
          await server.stop();
        }
        expect(isAlive(impostor.pid ?? 0)).toBe(true); // not ours to kill
      } finally {
        impostor.kill();
      }
    },
    TIMEOUT,
  );

  it(
    "shares a server another live process owns, and takes over after that process is SIGKILLed",
    async () => {
      const dataDir = path.join(tmp, "crash");
      const owner = spawnOwner(dataDir);
      try {
        const ownerUrl = await owner.url;
        await query(ownerUrl, "CREATE TABLE survivor (id int); INSERT INTO survivor VALUES (42)");
        const orphanPid = postmasterPid(dataDir);

        // While the owner lives, a second caller (say `npm run seed` next to `npm run dev`) shares it.
        logs.length = 0;
        const guest = await startEmbeddedPostgres({ dataDir, database: "app", log });
        expect(guest.url).toBe(ownerUrl);
        expect(guest.shared).toBe(true);
        expect(logs.join("\n")).toContain("already running");
        await guest.stop(); // not the guest's to stop
        expect(isAlive(orphanPid)).toBe(true);

        // kill -9 the owner: Node gets no chance to stop postgres, which keeps running.
        const exited = new Promise((resolve) => owner.child.once("exit", resolve));
        owner.child.kill("SIGKILL");
        await exited;
        expect(isAlive(orphanPid)).toBe(true);
        expect(postmasterPid(dataDir)).toBe(orphanPid);

        logs.length = 0;
        const t0 = performance.now();
        const server = await startEmbeddedPostgres({ dataDir, database: "app", log });
        const recoveryMs = Math.round(performance.now() - t0);
        try {
          expect(logs.join("\n")).toContain(
            `PostgreSQL (pid ${orphanPid}) on ${dataDir} outlived the process that started it`,
          );
          expect(isAlive(orphanPid)).toBe(false);
          expect(postmasterPid(dataDir)).not.toBe(orphanPid);
          expect(await query(server.url, "SELECT id FROM survivor")).toEqual([{ id: 42 }]);
          // A fast shutdown, not a crash: the new server did not need WAL recovery.
          expect(logs.join("\n")).not.toContain("not properly shut down");
          expect(recoveryMs).toBeLessThan(20_000);
        } finally {
          await server.stop();
        }
      } finally {
        // If an assertion failed before the SIGKILL, do not leave the owner and its server behind.
        if (owner.child.exitCode === null && owner.child.signalCode === null) owner.child.kill("SIGTERM");
      }
    },
    TIMEOUT,
  );
  it(
    "stops PostgreSQL cleanly when its owner gets a SIGTERM it has no handler for",
    async () => {
      const dataDir = path.join(tmp, "sigterm");
      const owner = spawnOwner(dataDir);
      try {
        await owner.url;
        const pid = postmasterPid(dataDir);
        const exited = new Promise<NodeJS.Signals | null>((resolve) =>
          owner.child.once("exit", (_code, signal) => resolve(signal)),
        );
        owner.child.kill("SIGTERM");
        expect(await exited).toBe("SIGTERM"); // re-raised after stopping: Node's usual exit status
        expect(isAlive(pid)).toBe(false);
        expect(existsSync(path.join(dataDir, "postmaster.pid"))).toBe(false);
      } finally {
        if (owner.child.exitCode === null && owner.child.signalCode === null) owner.child.kill("SIGKILL");
      }
    },
    TIMEOUT,
  );
});

function idOf(flag: "-u" | "-g"): number {
  return Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
}

/** A separate Node process (one process: `node --import tsx`, not the tsx CLI wrapper) that starts
 *  the embedded PostgreSQL, prints its URL and then idles until killed. */
function spawnOwner(dataDir: string) {
  const moduleUrl = pathToFileURL(path.join(import.meta.dirname, "embedded-postgres.ts")).href;
  const script = `
    const { startEmbeddedPostgres } = await import(${JSON.stringify(moduleUrl)});
    const server = await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)}, database: "app" });
    process.stdout.write(JSON.stringify({ url: server.url }) + "\\n");
    setInterval(() => {}, 60_000);
  `;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "--eval", script], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => void (stderr += chunk.toString()));
  const url = new Promise<string>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      const line = stdout.split("\n")[0];
      if (stdout.includes("\n") && line) resolve((JSON.parse(line) as { url: string }).url);
    });
    child.once("exit", (code) =>
      reject(new Error(`owner process exited (${code}) before printing its URL:\n${stderr}`)),
    );
  });
  return { child, url };
}
