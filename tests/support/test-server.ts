// A real app server for integration tests: the production build on a free port of 127.0.0.1, over the
// test file's own database, with quiet logs and test settings that a test may override, and for the
// socket tests the realtime layer's options (an injected list loader, no session-change listener).
import { loadConfig } from "../../server/config.ts";
import { startServer, type RunningServer } from "../../server/index.ts";
import type { FleetSnapshotJobOptions } from "../../server/fleet-snapshot-job.ts";
import { createLogger } from "../../server/logger.ts";
import type { RealtimeOptions } from "../../server/realtime/index.ts";
import type { Logger } from "~/modules/platform/services.server.ts";

export type { RunningServer };

export async function startTestServer(
  environment: Record<string, string> = {},
  /** `logger`: instead of one at LOG_LEVEL, for a test that reads what the server logged. */
  options: {
    databaseUrl?: string;
    logger?: Logger;
    realtime?: RealtimeOptions;
    /** Off unless a test asks: the job would write in the background of every other test. */
    fleetSnapshots?: FleetSnapshotJobOptions;
  } = {},
): Promise<RunningServer> {
  const config = loadConfig({
    NODE_ENV: "test",
    PORT: "0",
    JWT_SECRET: "t".repeat(32),
    JWT_TTL_SECONDS: "3600",
    LOG_LEVEL: "silent",
    ...environment,
  });
  return startServer({
    config: { ...config, DATABASE_URL: options.databaseUrl ?? process.env.DATABASE_URL! },
    logger: options.logger ?? createLogger(config),
    host: "127.0.0.1",
    dev: false,
    realtime: options.realtime,
    fleetSnapshots: options.fleetSnapshots ?? false,
  });
}
