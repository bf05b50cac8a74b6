// loadConfig: defaults, blank values, one clear error per bad variable, production rules.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { microsoftSignInEnabled } from "~/modules/platform/config.server.ts";
import { ConfigError, configVariables, loadConfig, localAppUrl } from "../../server/config";

const SECRET = "s".repeat(32);
let dataDir: string;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "fleet-ops-config-"));
});

afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

/** The ConfigError that loadConfig throws for env (fails the test when it does not throw one). */
function configErrorFor(env: Record<string, string | undefined>): ConfigError {
  try {
    loadConfig({ DATA_DIR: dataDir, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe("loadConfig defaults", () => {
  it("applies every default to an empty environment", () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      NODE_ENV: "development",
      PORT: 3000,
      DATA_DIR: dataDir,
      JWT_TTL_SECONDS: 12 * 60 * 60,
      DATA_SOURCE: "local",
      SEED_DEMO_DATA: true,
      LOG_LEVEL: "info",
      TRUST_PROXY_HOPS: 0,
      PORTAL_URL: "/employee-login",
      SMTP_PORT: 587,
      SMTP_FROM: "Fleet Ops <no-reply@fleetops.test>",
    });
    for (const name of [
      "DATABASE_URL",
      "REDIS_URL",
      "FEEDBACK_URL",
      "PAYROLL_URL",
      "CRM_URL",
      "SMTP_HOST",
      "SMTP_USER",
      "SMTP_PASSWORD",
      "MICROSOFT_ISSUER",
      "MICROSOFT_CLIENT_ID",
      "MICROSOFT_CLIENT_SECRET",
    ] as const) {
      expect(config[name], name).toBeUndefined();
    }
    expect(microsoftSignInEnabled(config)).toBe(false);
  });

  it("defaults APP_URL to this machine on PORT outside production", () => {
    expect(loadConfig({ DATA_DIR: dataDir }).APP_URL).toBe("http://localhost:3000");
    expect(loadConfig({ DATA_DIR: dataDir, PORT: "8080" }).APP_URL).toBe("http://localhost:8080");
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: "test", PORT: "4100" }).APP_URL).toBe(localAppUrl(4100));
    expect(loadConfig({ DATA_DIR: dataDir, APP_URL: "  " }).APP_URL).toBe("http://localhost:3000");
  });

  it("keeps a given APP_URL as an origin, without the trailing slash", () => {
    expect(loadConfig({ DATA_DIR: dataDir, APP_URL: "https://Fleet.Example.com/" }).APP_URL).toBe(
      "https://fleet.example.com",
    );
    expect(loadConfig({ DATA_DIR: dataDir, APP_URL: "http://10.0.0.5:8080" }).APP_URL).toBe("http://10.0.0.5:8080");
  });

  it("generates the development JWT secret once into DATA_DIR/jwt-secret and reuses it", () => {
    const file = path.join(dataDir, "jwt-secret");
    expect(existsSync(file)).toBe(false);
    const first = loadConfig({ DATA_DIR: dataDir }).JWT_SECRET;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    expect(statSync(file).mode & 0o077, "readable by the owner only").toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir }).JWT_SECRET).toBe(first);
  });

  it("creates DATA_DIR when it does not exist yet", () => {
    const nested = path.join(dataDir, "not", "yet");
    const secret = loadConfig({ DATA_DIR: nested }).JWT_SECRET;
    expect(readFileSync(path.join(nested, "jwt-secret"), "utf8").trim()).toBe(secret);
  });

  it("uses a given JWT_SECRET and writes no file", () => {
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET }).JWT_SECRET).toBe(SECRET);
    expect(existsSync(path.join(dataDir, "jwt-secret"))).toBe(false);
  });

  it("counts blank values as unset", () => {
    const blank = Object.fromEntries(configVariables.filter((name) => name !== "DATA_DIR").map((name) => [name, ""]));
    const config = loadConfig({ ...blank, DATA_DIR: dataDir, PORT: "   ", LOG_LEVEL: "\t" });
    expect(config).toMatchObject({ NODE_ENV: "development", PORT: 3000, LOG_LEVEL: "info", SEED_DEMO_DATA: true });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it("ignores variables it does not know", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, HOME: "/root", FLEET_OPS_UNKNOWN: "whatever" })).not.toThrow();
  });

  it("parses numbers, flags and URLs", () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: "8080",
      TRUST_PROXY_HOPS: "1",
      SEED_DEMO_DATA: "no",
      DATABASE_URL: "postgres://fleetops:secret@db:5432/fleetops",
      REDIS_URL: "rediss://cache.internal:6380",
      PORTAL_URL: "https://portal.example.com/",
    });
    expect(config).toMatchObject({ PORT: 8080, TRUST_PROXY_HOPS: 1, SEED_DEMO_DATA: false });
    expect(config.DATABASE_URL).toBe("postgres://fleetops:secret@db:5432/fleetops");
    expect(config.REDIS_URL).toBe("rediss://cache.internal:6380");
    expect(config.PORTAL_URL).toBe("https://portal.example.com/");
  });
});

describe("loadConfig errors", () => {
  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://x"],
    ["REDIS_URL", "http://x"],
    ["LOG_LEVEL", "loud"],
    ["JWT_SECRET", "too-short"],
    ["NODE_ENV", "staging"],
    ["SEED_DEMO_DATA", "maybe"],
    ["PORTAL_URL", "not a url"],
    ["PORTAL_URL", "ftp://portal.example.com/"],
    ["APP_URL", "fleet.example.com"],
    ["APP_URL", "ftp://fleet.example.com"],
    ["APP_URL", "https://fleet.example.com/fleet"],
    ["APP_URL", "https://fleet.example.com/?x=1"],
    ["APP_URL", "https://user:secret@fleet.example.com"],
  ])("stops on %s=%s with a message naming the variable", (name, value) => {
    const error = configErrorFor({ [name]: value });
    expect(error.name).toBe("ConfigError");
    expect(error.message).toContain(`${name}:`);
    expect(error.issues).toHaveLength(1);
    expect(error.issues[0]).toMatch(new RegExp(`^${name}: `));
  });

  it("names every bad variable at once", () => {
    const error = configErrorFor({ PORT: "abc", LOG_LEVEL: "loud", REDIS_URL: "http://x" });
    expect(error.issues.map((issue) => issue.split(":")[0]).sort()).toEqual(["LOG_LEVEL", "PORT", "REDIS_URL"]);
  });

  it("requires JWT_SECRET in production, and writes no generated one", () => {
    const error = configErrorFor({ NODE_ENV: "production" });
    expect(error.message).toContain("JWT_SECRET");
    expect(existsSync(path.join(dataDir, "jwt-secret"))).toBe(false);
    expect(configErrorFor({ NODE_ENV: "production", JWT_SECRET: "  " }).message).toContain("JWT_SECRET");
  });

  it("refuses partial Microsoft sign-in settings, naming the missing one", () => {
    const issuer = "https://login.microsoftonline.com/tenant/v2.0";
    const partials = [
      { MICROSOFT_ISSUER: issuer },
      { MICROSOFT_CLIENT_ID: "client" },
      { MICROSOFT_ISSUER: issuer, MICROSOFT_CLIENT_ID: "client" },
      { MICROSOFT_CLIENT_ID: "client", MICROSOFT_CLIENT_SECRET: "secret" },
    ];
    for (const partial of partials) {
      const error = configErrorFor(partial);
      for (const name of ["MICROSOFT_ISSUER", "MICROSOFT_CLIENT_ID", "MICROSOFT_CLIENT_SECRET"]) {
        if (!(name in partial)) expect(error.message, JSON.stringify(partial)).toContain(name);
      }
    }
    const config = loadConfig({
      DATA_DIR: dataDir,
      MICROSOFT_ISSUER: issuer,
      MICROSOFT_CLIENT_ID: "client",
      MICROSOFT_CLIENT_SECRET: "secret",
    });
    expect(microsoftSignInEnabled(config)).toBe(true);
  });
});

describe("loadConfig in production", () => {
  it("requires APP_URL, naming it, as it requires JWT_SECRET", () => {
    const error = configErrorFor({ NODE_ENV: "production", JWT_SECRET: SECRET });
    expect(error.issues).toEqual([
      "APP_URL: is required in production (the public origin of the app, e.g. https://fleet.example.com)",
    ]);
    expect(configErrorFor({ NODE_ENV: "production", JWT_SECRET: SECRET, APP_URL: " " }).message).toContain("APP_URL:");
    // Both missing: both named at once.
    const both = configErrorFor({ NODE_ENV: "production" }).issues.map((issue) => issue.split(":")[0]);
    expect(both).toEqual(["JWT_SECRET", "APP_URL"]);
    const config = loadConfig({
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      JWT_SECRET: SECRET,
      APP_URL: "https://fleet.example.com",
    });
    expect(config.APP_URL).toBe("https://fleet.example.com");
  });

  it("defaults SEED_DEMO_DATA to false, and honours an explicit true", () => {
    const production = {
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      JWT_SECRET: SECRET,
      APP_URL: "https://fleet.example.com",
    };
    expect(loadConfig(production).SEED_DEMO_DATA).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO_DATA: "true" }).SEED_DEMO_DATA).toBe(true);
    expect(existsSync(path.join(dataDir, "jwt-secret"))).toBe(false);
  });
});

describe("the Host allow-list and image hosts (ADR 039)", () => {
  it("reads ALLOWED_HOSTS as lower-cased host names, and CSP_IMG_HOSTS as origins", () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      ALLOWED_HOSTS: " Fleet.Example.com , fleet.internal,10.0.0.5,[::1]",
      CSP_IMG_HOSTS: "https://images.example.com, https://cdn.example.com/",
    });
    expect(config.ALLOWED_HOSTS).toEqual(["fleet.example.com", "fleet.internal", "10.0.0.5", "[::1]"]);
    expect(config.CSP_IMG_HOSTS).toEqual(["https://images.example.com", "https://cdn.example.com"]);
    const defaults = loadConfig({ DATA_DIR: dataDir });
    expect([defaults.ALLOWED_HOSTS, defaults.CSP_IMG_HOSTS]).toEqual([undefined, undefined]);
  });

  it("refuses what is not a host name, or not an https origin, naming the variable", () => {
    for (const value of ["https://fleet.example.com", "fleet.example.com:3000", "fleet.example.com/x", "*", "a,,b"]) {
      const error = configErrorFor({ ALLOWED_HOSTS: value });
      expect(error.issues, value).toHaveLength(1);
      expect(error.issues[0], value).toMatch(/^ALLOWED_HOSTS: must be host names/);
    }
    for (const value of ["http://images.example.com", "images.example.com", "https://images.example.com/path", "*"]) {
      const error = configErrorFor({ CSP_IMG_HOSTS: value });
      expect(error.issues, value).toHaveLength(1);
      expect(error.issues[0], value).toMatch(/^CSP_IMG_HOSTS: must be https origins/);
    }
  });
});
