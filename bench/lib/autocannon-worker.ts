// The HTTP load generator of bench/load.ts's throughput phase, in a child process of its own (forked with
// `--import tsx`), so that it never runs on the event loop of the server it measures: autocannon drives
// one URL with N keep-alive connections at full speed and the summary goes back over IPC.
import autocannon from "autocannon";

export interface CannonRun {
  type: "run";
  url: string;
  headers: Record<string, string>;
  connections: number;
  durationS: number;
}

export type ToCannon = CannonRun | { type: "exit" };

export interface CannonResult {
  type: "result";
  durationS: number;
  /** Responses of each status class, and connection errors and timeouts. */
  ok2xx: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Latency of each response in ms (autocannon's HDR histogram). */
  latency: { p50: number; p90: number; p99: number; max: number; mean: number };
  /** Per-second samples of requests completed. */
  perSecond: { mean: number; min: number; max: number };
  bytesRead: number;
  statusCodes: Record<string, number>;
}

export type FromCannon = CannonResult | { type: "error"; message: string };

const send = (message: FromCannon) => process.send!(message);

async function run(message: CannonRun): Promise<void> {
  const result = await autocannon({
    url: message.url,
    headers: message.headers,
    connections: message.connections,
    duration: message.durationS,
    pipelining: 1,
    timeout: 30,
  });
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) {
    statusCodes[code] = stat.count ?? 0;
  }
  send({
    type: "result",
    durationS: result.duration,
    ok2xx: result["2xx"],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    latency: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
      mean: result.latency.mean,
    },
    perSecond: { mean: result.requests.mean, min: result.requests.min, max: result.requests.max },
    bytesRead: result.throughput.total,
    statusCodes,
  });
}

process.on("message", (message: ToCannon) => {
  if (message.type === "exit") process.exit(0);
  run(message).catch((error: unknown) =>
    send({ type: "error", message: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
});
process.on("disconnect", () => process.exit(0));
