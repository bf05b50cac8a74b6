// The fleet snapshot job (ADR 059): in every app process, at start and then every few minutes, writes the
// finished days no snapshot holds yet (app/modules/fleet/fleet-snapshot.server.ts). Several processes may run
// it at once; the advisory lock and the day check there make each day written once. A failure is logged and
// tried again at the next run: the job never takes the process down.
import { catchUpFleetSnapshots } from "../app/modules/fleet/fleet-snapshot.server.ts";
import type { Db, Logger } from "../app/modules/platform/services.server.ts";

/** How often a process looks for a day that has ended: a day's snapshot lands within minutes of midnight UTC. */
export const FLEET_SNAPSHOT_INTERVAL_MS = 5 * 60_000;

export interface FleetSnapshotJobOptions {
  intervalMs?: number;
  /** The clock (tests move it). */
  now?: () => Date;
}

export interface FleetSnapshotJob {
  /** Runs a catch-up now, or joins the one running; resolves when it is done (it never rejects). */
  runNow(): Promise<void>;
  /** Stops the timer and waits for a running catch-up to finish the day it is writing. */
  stop(): Promise<void>;
}

export function startFleetSnapshotJob(db: Db, logger: Logger, options: FleetSnapshotJobOptions = {}): FleetSnapshotJob {
  const now = options.now ?? (() => new Date());
  let stopped = false;
  let running: Promise<void> | null = null;

  const runNow = (): Promise<void> => {
    if (stopped) return running ?? Promise.resolve();
    running ??= (async () => {
      try {
        const { written } = await catchUpFleetSnapshots(db, now(), { shouldStop: () => stopped });
        if (written.length > 0) {
          logger.info({ days: written.length, first: written[0], last: written.at(-1) }, "fleet snapshots written");
        }
      } catch (error) {
        logger.error({ err: error }, "fleet snapshot job failed; it runs again in a few minutes");
      } finally {
        running = null;
      }
    })();
    return running;
  };

  void runNow();
  const timer = setInterval(() => void runNow(), options.intervalMs ?? FLEET_SNAPSHOT_INTERVAL_MS);
  // The job alone never keeps the process alive.
  timer.unref();

  return {
    runNow,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
