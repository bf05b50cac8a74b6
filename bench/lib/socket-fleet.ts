// The client side of the socket benchmarks: N socket.io clients spread over a few child processes
// (socket-worker.ts), so that receiving 500 copies of a large list does not queue behind one event
// loop. Rounds: arm every worker (what counts as the awaited frame), trigger, gather the arrivals.
import { fork, type ChildProcess } from "node:child_process";
import path from "node:path";
import type { FromWorker, ToWorker } from "./socket-worker.ts";

const WORKER = path.join(import.meta.dirname, "socket-worker.ts");

export interface RoundResult {
  /** Arrival per client on the shared wall clock; null when it did not arrive in time. */
  arrivals: (number | null)[];
  frameBytes: number | null;
  parseMs: number | null;
  checked: boolean | null;
}

class Worker {
  private waiting: { type: FromWorker["type"]; resolve: (message: FromWorker) => void }[] = [];
  constructor(readonly child: ChildProcess) {
    child.on("message", (message: FromWorker) => {
      const at = this.waiting.findIndex((w) => w.type === message.type);
      if (at >= 0) this.waiting.splice(at, 1)[0]!.resolve(message);
    });
  }
  send(message: ToWorker): void {
    this.child.send(message);
  }
  next<T extends FromWorker["type"]>(type: T): Promise<Extract<FromWorker, { type: T }>> {
    return new Promise((resolve) => this.waiting.push({ type, resolve: resolve as (message: FromWorker) => void }));
  }
}

export class SocketFleet {
  private round = 0;
  private constructor(private readonly workers: Worker[]) {}

  static start(processes: number): SocketFleet {
    const workers = Array.from({ length: processes }, () => {
      const child = fork(WORKER, [], {
        execArgv: ["--import", "tsx"],
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      });
      return new Worker(child);
    });
    return new SocketFleet(workers);
  }

  /** Connects `total` clients (split evenly) and joins each to `room`; returns how many joined. */
  async connect(options: { url: string; token: string | null; total: number; room: string; event: string }) {
    const share = (i: number) =>
      Math.floor(options.total / this.workers.length) + (i < options.total % this.workers.length ? 1 : 0);
    const answers = await Promise.all(
      this.workers.map((worker, i) => {
        const answer = worker.next("connected");
        worker.send({ type: "connect", ...options, count: share(i), concurrency: 20 });
        return answer;
      }),
    );
    return {
      connected: answers.reduce((sum, a) => sum + a.connected, 0),
      failures: [...new Set(answers.flatMap((a) => a.failures))],
    };
  }

  /**
   * One round: arms every client to await a frame (containing `marker` if given), calls `trigger`
   * (which returns the wall-clock start), and gathers the arrivals, waiting at most `timeoutMs`.
   */
  async measure(
    options: { marker: string | null; check?: { cardKey: string; stageOrder: number } | null; timeoutMs: number },
    trigger: () => Promise<number>,
  ): Promise<RoundResult & { startedAt: number }> {
    const round = ++this.round;
    await Promise.all(
      this.workers.map((worker) => {
        const armed = worker.next("armed");
        worker.send({ type: "arm", round, marker: options.marker, check: options.check ?? null });
        return armed;
      }),
    );
    const results = this.workers.map((worker) => worker.next("arrivals"));
    const startedAt = await trigger();
    const timer = setTimeout(() => {
      for (const worker of this.workers) worker.send({ type: "collect", round });
    }, options.timeoutMs);
    const answers = await Promise.all(results);
    clearTimeout(timer);
    const first = answers[0]!;
    return {
      startedAt,
      arrivals: answers.flatMap((a) => a.arrivals),
      frameBytes: first.frameBytes,
      parseMs: first.parseMs,
      checked: first.checked,
    };
  }

  /** The last frame the first client of the first worker received (raw socket.io packet text). */
  async lastFrame(): Promise<string | null> {
    const worker = this.workers[0]!;
    const answer = worker.next("sample");
    worker.send({ type: "sample" });
    return (await answer).raw;
  }

  async disconnect(): Promise<void> {
    await Promise.all(
      this.workers.map((worker) => {
        const done = worker.next("disconnected");
        worker.send({ type: "disconnect" });
        return done;
      }),
    );
  }

  async stop(): Promise<void> {
    await Promise.all(
      this.workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.child.exitCode !== null || worker.child.signalCode !== null) return resolve();
            const kill = setTimeout(() => worker.child.kill("SIGKILL"), 5_000);
            worker.child.once("exit", () => {
              clearTimeout(kill);
              resolve();
            });
            worker.child.send({ type: "exit" } satisfies ToWorker);
          }),
      ),
    );
  }
}
