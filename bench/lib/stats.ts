// Small statistics and formatting helpers shared by the benchmarks.

/** The q-quantile (0..1) of the values, nearest-rank; NaN for none. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)));
  return sorted[rank - 1]!;
}

export const median = (values: readonly number[]) => quantile(values, 0.5);

export function summary(values: readonly number[]) {
  return {
    n: values.length,
    min: values.length ? Math.min(...values) : Number.NaN,
    p50: quantile(values, 0.5),
    p95: quantile(values, 0.95),
    p99: quantile(values, 0.99),
    max: values.length ? Math.max(...values) : Number.NaN,
  };
}

export const ms = (value: number, digits = 1) => `${value.toFixed(digits)} ms`;
export const ratio = (value: number) => `${value.toFixed(2)}×`;

export function bytes(value: number): string {
  if (value >= 1024 * 1024) return `${(value / 1024 / 1024).toFixed(2)} MiB`;
  if (value >= 1024) return `${(value / 1024).toFixed(1)} KiB`;
  return `${value} B`;
}

export const say = (line = "") => process.stdout.write(`${line}\n`);

/** A shared wall clock with sub-millisecond resolution, comparable across processes on one machine. */
export const wallNow = () => performance.timeOrigin + performance.now();

/**
 * Ends the process with a message if the benchmark has not finished after `limitMs` (exit code 0: a
 * benchmark that runs out of time reports FAIL rather than breaking the script that ran it).
 * `cleanup` gets a few seconds to stop servers and drop the database.
 */
export function armDeadline(limitMs: number, label: string, cleanup: () => Promise<void>): () => void {
  const timer = setTimeout(() => {
    say(`FAIL: ${label} did not finish within ${(limitMs / 1000).toFixed(0)} s — stopping`);
    const forced = setTimeout(() => process.exit(0), 15_000);
    forced.unref();
    cleanup()
      .catch((error: unknown) => say(`cleanup failed: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => process.exit(0));
  }, limitMs);
  timer.unref();
  return () => clearTimeout(timer);
}

/**
 * Runs a benchmark's `main` and exits 0 either way: an error is printed as FAIL after `cleanup` has stopped
 * its servers, so a failed benchmark reports rather than breaking the script that ran it.
 */
export function runBenchmark(main: () => Promise<void>, cleanup: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    async (error: unknown) => {
      say(`FAIL: benchmark error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      await cleanup();
      process.exit(0);
    },
  );
}

export interface InterleavedOptions {
  /** Untimed runs of each series before any is timed. */
  warmup: number;
  /** Rounds of timed runs; in each, every series runs `perRound` times in turn. */
  rounds: number;
  perRound: number;
}

/**
 * Times several series that are to be compared with one another (a read and its raw SQL): each series is
 * warmed up first, then they take turns in blocks, the order rotating each round. A series timed in one
 * block after another's would carry the machine's drift alone (the JIT still compiling the first series,
 * PostgreSQL's caches and the CPU's clock warming, another process waking): interleaved, every series
 * meets the same conditions. `run(i)` returns a size (rows, bytes) kept from its last run.
 */
export async function timeInterleaved<K extends string>(
  series: Record<K, (i: number) => Promise<number>>,
  options: InterleavedOptions,
): Promise<Record<K, { times: number[]; last: number }>> {
  const names = Object.keys(series) as K[];
  const result = Object.fromEntries(names.map((name) => [name, { times: [] as number[], last: 0 }])) as Record<
    K,
    { times: number[]; last: number }
  >;
  const counter = Object.fromEntries(names.map((name) => [name, 0])) as Record<K, number>;
  const once = async (name: K) => series[name](counter[name]++);
  for (const name of names) for (let i = 0; i < options.warmup; i++) result[name].last = await once(name);
  for (let round = 0; round < options.rounds; round++) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(round + k) % names.length]!;
      const entry = result[name];
      for (let i = 0; i < options.perRound; i++) {
        const t0 = performance.now();
        entry.last = await once(name);
        entry.times.push(performance.now() - t0);
      }
    }
  }
  return result;
}

/** One series timed on its own: `warmup` untimed runs, then `reps` timed ones (timeInterleaved of one). */
export async function timeAlone(
  run: (i: number) => Promise<number>,
  options: { warmup: number; reps: number },
): Promise<{ times: number[]; last: number }> {
  return (await timeInterleaved({ run }, { warmup: options.warmup, rounds: 1, perRound: options.reps })).run;
}
