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
    cleanup().finally(() => process.exit(0));
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
