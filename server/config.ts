// The one place that reads the process environment. Every setting is parsed with zod; a bad value
// stops start-up with a message naming the variable (see loadConfig). `.env.example` documents each.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type Config, configSchema } from "../app/modules/platform/config.server.ts";

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Every environment variable the app reads, for .env.example and the compose-file test. */
export const configVariables = Object.keys(configSchema.shape) as (keyof typeof configSchema.shape)[];

type Environment = Record<string, string | undefined>;

/**
 * Parses the environment. Blank values count as unset. Throws ConfigError naming each bad variable.
 * Outside production a JWT secret is generated once and kept in DATA_DIR/jwt-secret.
 */
export function loadConfig(env: Environment = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(
      ([key, value]) => key in configSchema.shape && value !== undefined && value.trim() !== "",
    ),
  );
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join(".") || "environment"}: ${issue.message}`),
    );
  }
  const config = parsed.data;
  const production = config.NODE_ENV === "production";
  const missing = [
    ...(production && !config.JWT_SECRET ? ["JWT_SECRET: is required in production (at least 32 characters)"] : []),
    ...(production && !config.APP_URL
      ? ["APP_URL: is required in production (the public origin of the app, e.g. https://fleet.example.com)"]
      : []),
  ];
  if (missing.length > 0) throw new ConfigError(missing);
  const microsoft = [config.MICROSOFT_ISSUER, config.MICROSOFT_CLIENT_ID, config.MICROSOFT_CLIENT_SECRET];
  if (microsoft.some(Boolean) && !microsoft.every(Boolean)) {
    throw new ConfigError(["MICROSOFT_ISSUER, MICROSOFT_CLIENT_ID, MICROSOFT_CLIENT_SECRET: set all three or none"]);
  }
  return {
    ...config,
    JWT_SECRET: config.JWT_SECRET ?? developmentJwtSecret(config.DATA_DIR),
    SEED_DEMO_DATA: config.SEED_DEMO_DATA ?? !production,
    APP_URL: config.APP_URL ?? localAppUrl(config.PORT),
  };
}

/**
 * The APP_URL outside production when none is set: this machine on PORT. With PORT=0 (any free port,
 * as the tests listen) startServer puts the bound port in its place once it listens.
 */
export function localAppUrl(port: number): string {
  return `http://localhost:${port}`;
}

function developmentJwtSecret(dataDir: string): string {
  const file = path.resolve(dataDir, "jwt-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
