// A throwaway PostgreSQL cluster from the machine's own PostgreSQL programs (Debian's
// /usr/lib/postgresql/<major>/bin, or PG_BIN_DIR), for what needs a server whose version matches an
// installed pg_dump: the embedded PostgreSQL 18 ships none. Runs as the postgres user when the
// tests run as root (initdb refuses root).
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, chownSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { installedTools } from "../../scripts/lib/pg-tools.ts";

export interface ScratchPostgres {
  url: string;
  major: number;
  stop(): void;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The newest installed major that has the server and pg_dump, or a message saying what is missing. */
export function scratchPostgresBinaries(): { bin: string; major: number } | { missing: string } {
  const dumps = installedTools("pg_dump");
  for (const initdb of installedTools("initdb")) {
    const bin = path.dirname(initdb.file);
    if (dumps.some((dump) => dump.major >= initdb.major)) return { bin, major: initdb.major };
  }
  return {
    missing:
      "No PostgreSQL server programs with a matching pg_dump were found (Debian: apt-get install postgresql; " +
      "or set PG_BIN_DIR). .ci/run installs them.",
  };
}

export async function startScratchPostgres(): Promise<ScratchPostgres> {
  const binaries = scratchPostgresBinaries();
  if ("missing" in binaries) throw new Error(binaries.missing);
  const dir = mkdtempSync(path.join(tmpdir(), "fleetops-scratch-pg-"));
  const data = path.join(dir, "data");
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot
    ? {
        uid: Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" })),
        gid: Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" })),
      }
    : {};
  if (asRoot) {
    chmodSync(dir, 0o755);
    chownSync(dir, owner.uid!, owner.gid!);
  }
  const runTool = (tool: string, args: string[]) => {
    const result = spawnSync(path.join(binaries.bin, tool), args, { ...owner, encoding: "utf8", timeout: 60_000 });
    if (result.status !== 0) throw new Error(`${tool} failed: ${result.stderr || result.error?.message}`);
  };
  runTool("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8", "--locale=C"]);
  const port = await freePort();
  runTool("pg_ctl", [
    "-D",
    data,
    "-w",
    "-l",
    path.join(dir, "log"),
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    "start",
  ]);
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    major: binaries.major,
    stop() {
      spawnSync(path.join(binaries.bin, "pg_ctl"), ["-D", data, "-m", "immediate", "-w", "stop"], {
        ...owner,
        timeout: 30_000,
      });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
