// The app server of bench/load.ts in a process of its own (forked with `--import tsx`): the production build
// on the benchmark's database (startBenchServer), so that the RSS measured is the server's alone — not the
// benchmark's, whose process built and wrote the seed — and nothing but the server runs on its event loop.
// Also, on request: signed sessions for seeded users (signInAs), the bare node:http baseline in this same
// process, memory readings, and over a measured window the CPU used, the event-loop delay and the
// socket.io broadcasts by event. Requests and answers go over IPC, matched by id.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { monitorEventLoopDelay } from "node:perf_hooks";
import pg from "pg";
import type { PermissionName } from "../../app/rules/access/permissions.ts";
import type { RunningServer } from "../../server/index.ts";
import { type BenchSession, signInAs, startBenchServer } from "./app-server.ts";
import { handServer } from "./hand-server.ts";

export interface ServerOps {
  start: { in: { databaseUrl: string }; out: { port: number } };
  sign: {
    in: { databaseUrl: string; accounts: { email: string; permissions: readonly PermissionName[] }[] };
    out: BenchSession[];
  };
  /** Starts the baseline: every request answered 200 with these bytes (base64) and this type. */
  bare: { in: { body: string; contentType: string }; out: { port: number } };
  /**
   * Starts the hand-written baseline: node:http and a pg pool of the app's size, answering the benchmarks'
   * reads after the app's session statement, by hand (hand-server.ts).
   */
  floor: { in: { databaseUrl: string }; out: { port: number } };
  closeBare: { in: Record<string, never>; out: null };
  memory: { in: Record<string, never>; out: { rss: number; heapUsed: number } };
  windowStart: { in: Record<string, never>; out: null };
  windowEnd: { in: Record<string, never>; out: ServerWindow };
  close: { in: Record<string, never>; out: null };
}
export type ServerOp = keyof ServerOps;

export interface ServerWindow {
  seconds: number;
  /** CPU time (user + system) over the window, in seconds. */
  cpuSeconds: number;
  loopDelayMs: { p50: number; p99: number; max: number };
  /** socket.io broadcasts by event over the window. */
  broadcasts: Record<string, number>;
  /** Process warnings since the server started, by name and message (printed once each, not per event). */
  warnings: Record<string, number>;
}

export type ToServer = { id: number; op: ServerOp; args: unknown };
export type FromServer = { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string };

let app: RunningServer | undefined;
let bare: http.Server | undefined;
let floorPool: pg.Pool | undefined;
const broadcasts = new Map<string, number>();
// Forked with --no-warnings: the warnings are counted here and reported with the window instead of
// flooding the benchmark's output (hundreds of MaxListenersExceededWarning under load).
const warnings = new Map<string, number>();
process.on("warning", (warning) => {
  const key = `${warning.name}: ${warning.message}`;
  warnings.set(key, (warnings.get(key) ?? 0) + 1);
});
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
let windowStart: { at: number; cpu: NodeJS.CpuUsage } | null = null;

function closeBare(): Promise<null> {
  void floorPool?.end();
  floorPool = undefined;
  return new Promise((resolve) => {
    if (!bare) return resolve(null);
    bare.close(() => resolve(null));
    bare.closeAllConnections();
    bare = undefined;
  });
}

const handlers: { [K in ServerOp]: (args: ServerOps[K]["in"]) => Promise<ServerOps[K]["out"]> } = {
  async start({ databaseUrl }) {
    app = await startBenchServer(databaseUrl);
    // Count the app's broadcasts by event (the server's side of the frames the employees receive).
    const adapter = app.io.of("/").adapter;
    const broadcast = adapter.broadcast.bind(adapter);
    adapter.broadcast = (packet, options) => {
      const event = (packet as { data?: unknown[] }).data?.[0];
      if (typeof event === "string") broadcasts.set(event, (broadcasts.get(event) ?? 0) + 1);
      broadcast(packet, options);
    };
    return { port: app.port };
  },
  async sign({ databaseUrl, accounts }) {
    const sessions: BenchSession[] = [];
    for (const account of accounts)
      sessions.push(await signInAs(app!, databaseUrl, account.email, account.permissions));
    return sessions;
  },
  async bare({ body, contentType }) {
    const bytes = Buffer.from(body, "base64");
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { "content-type": contentType, "content-length": bytes.length });
      res.end(bytes);
    });
    bare = server;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return { port: (server.address() as AddressInfo).port };
  },
  async floor({ databaseUrl }) {
    await closeBare();
    floorPool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    const server = http.createServer(handServer(floorPool, app!.services.config));
    bare = server;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return { port: (server.address() as AddressInfo).port };
  },
  closeBare: () => closeBare(),
  async memory() {
    const { rss, heapUsed } = process.memoryUsage();
    return { rss, heapUsed };
  },
  async windowStart() {
    broadcasts.clear();
    loopDelay.reset();
    loopDelay.enable();
    windowStart = { at: performance.now(), cpu: process.cpuUsage() };
    return null;
  },
  async windowEnd() {
    loopDelay.disable();
    const started = windowStart ?? { at: performance.now(), cpu: process.cpuUsage() };
    const cpu = process.cpuUsage(started.cpu);
    return {
      seconds: (performance.now() - started.at) / 1000,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      loopDelayMs: {
        p50: loopDelay.percentile(50) / 1e6,
        p99: loopDelay.percentile(99) / 1e6,
        max: loopDelay.max / 1e6,
      },
      broadcasts: Object.fromEntries(broadcasts),
      warnings: Object.fromEntries(warnings),
    };
  },
  async close() {
    await closeBare();
    await app?.close();
    app = undefined;
    return null;
  },
};

process.on("message", (message: ToServer) => {
  const handler = handlers[message.op] as (args: unknown) => Promise<unknown>;
  handler(message.args).then(
    (value) => process.send!({ id: message.id, ok: true, value } satisfies FromServer),
    (error: unknown) =>
      process.send!({
        id: message.id,
        ok: false,
        message: error instanceof Error ? (error.stack ?? error.message) : String(error),
      } satisfies FromServer),
  );
});
// The benchmark gone, the server goes too (its database is about to be dropped).
process.on("disconnect", () => {
  void (async () => {
    await app?.close().catch(() => undefined);
    process.exit(0);
  })();
});
