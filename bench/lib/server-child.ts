// The app server of a benchmark in a process of its own (bench/lib/server-worker.ts, forked with
// `--import tsx`): nothing but the server runs on its event loop, and the benchmark's process measures
// from outside as a client does (ADR 052). Requests and answers go over IPC, matched by id.
import { type ChildProcess, fork } from "node:child_process";
import path from "node:path";
import type { BenchSession } from "./app-server.ts";
import type { FromServer, ServerOp, ServerOps, ToServer } from "./server-worker.ts";

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** The app server's process: requests and answers matched by id. */
export class ServerChild {
  private last = 0;
  private pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  readonly child: ChildProcess;
  constructor() {
    this.child = fork(path.join(import.meta.dirname, "server-worker.ts"), [], {
      execArgv: [
        "--import",
        "tsx",
        "--no-warnings",
        ...(process.env.BENCH_CPU_PROF ? ["--cpu-prof", "--cpu-prof-dir=/tmp/prof"] : []),
      ],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    this.child.on("message", (message: FromServer) => {
      const waiter = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.ok) waiter?.resolve(message.value);
      else waiter?.reject(new Error(`server process: ${message.message}`));
    });
    this.child.on("exit", (code, signal) => {
      for (const waiter of this.pending.values()) waiter.reject(new Error(`server process exited (${signal ?? code})`));
      this.pending.clear();
    });
  }
  call<K extends ServerOp>(op: K, args: ServerOps[K]["in"]): Promise<ServerOps[K]["out"]> {
    const id = ++this.last;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.child.send({ id, op, args } satisfies ToServer);
    });
  }
  /** Closes the app server (in-flight requests answered, sockets closed), then ends the process. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => this.child.once("exit", () => resolve()));
    const kill = setTimeout(() => this.child.kill("SIGKILL"), 40_000);
    await Promise.race([this.call("close", {}).catch(() => null), sleep(30_000)]);
    if (this.child.connected) this.child.disconnect();
    await exited;
    clearTimeout(kill);
  }
}

/**
 * A server child on `databaseUrl`, its base URL, and a session of admin@fleetops.test with all access
 * ("restricted", permission 1): what the status and search benchmarks read as.
 */
export async function startAdminServer(
  databaseUrl: string,
): Promise<{ server: ServerChild; base: string; admin: BenchSession }> {
  const server = new ServerChild();
  const { port } = await server.call("start", { databaseUrl });
  const [admin] = await server.call("sign", {
    databaseUrl,
    accounts: [{ email: "admin@fleetops.test", permissions: ["restricted"] }],
  });
  if (!admin) throw new Error("no session for admin@fleetops.test");
  return { server, base: `http://127.0.0.1:${port}`, admin };
}
