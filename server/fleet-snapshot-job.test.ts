// The fleet snapshot job's life in the process (ADR 059): a failing run is logged and never thrown, the timer
// runs it again, a run asked for while one is going joins it, and stop() ends the timer and waits for the run.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Db, Logger } from "../app/modules/platform/services.server.ts";
import { startFleetSnapshotJob } from "./fleet-snapshot-job.ts";

function fakeLogger() {
  return { info: vi.fn(), error: vi.fn() };
}

/** A database whose every read waits for the test to answer it. */
function heldDatabase() {
  const pending: Array<{ resolve: (rows: unknown) => void; reject: (error: Error) => void }> = [];
  const db = {
    $queryRaw: vi.fn(() => new Promise((resolve, reject) => pending.push({ resolve, reject }))),
  };
  return { db: db as unknown as Db, reads: db.$queryRaw, pending };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the fleet snapshot job", () => {
  it("logs a failing run without throwing, and runs again at the next interval", async () => {
    const reads = vi.fn().mockRejectedValue(new Error("connection refused"));
    const logger = fakeLogger();
    const job = startFleetSnapshotJob({ $queryRaw: reads } as unknown as Db, logger as unknown as Logger, {
      intervalMs: 1_000,
    });
    await job.runNow();
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(logger.error.mock.calls[0]![0]).toEqual({ err: new Error("connection refused") });
    const readsAfterFirstRun = reads.mock.calls.length;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(reads.mock.calls.length).toBeGreaterThan(readsAfterFirstRun);
    expect(logger.error).toHaveBeenCalledTimes(2);
    await job.stop();
  });

  it("joins the run going on instead of starting another", async () => {
    const { db, reads, pending } = heldDatabase();
    const job = startFleetSnapshotJob(db, fakeLogger() as unknown as Logger, { intervalMs: 1_000 });
    const first = reads.mock.calls.length;
    void job.runNow();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(reads.mock.calls.length).toBe(first);
    for (const read of pending) read.resolve([{ day: null }]);
    await job.stop();
  });

  it("stops its timer and waits for the run going on before stop() resolves", async () => {
    const { db, reads, pending } = heldDatabase();
    const job = startFleetSnapshotJob(db, fakeLogger() as unknown as Logger, { intervalMs: 1_000 });
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    // Nothing written yet and no fleet: the run ends without a day to write.
    for (const read of pending) read.resolve([{ day: null }]);
    await stopping;
    expect(stopped).toBe(true);
    const readsAtStop = reads.mock.calls.length;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(reads.mock.calls.length).toBe(readsAtStop);
    await job.runNow();
    expect(reads.mock.calls.length).toBe(readsAtStop);
  });
});
