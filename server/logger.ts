// Structured JSON logs (pino). One root logger per process; requests get child loggers with their
// request id, user id and duration through pino-http (see server/index.ts).
import { pino, type Logger } from "pino";
import type { Config } from "../app/modules/platform/config.server.ts";

export function createLogger(config: Pick<Config, "LOG_LEVEL" | "NODE_ENV">): Logger {
  return pino({
    level: config.LOG_LEVEL,
    base: { service: "fleet-ops", env: config.NODE_ENV },
    redact: {
      paths: [
        "req.headers.authorization",
        "req.headers.cookie",
        'res.headers["set-cookie"]',
        "*.password",
        "*.passwordHash",
      ],
      censor: "[redacted]",
    },
  });
}
