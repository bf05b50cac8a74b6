// Browser tests against the production build, served by the same start script as `npm start`
// (own port and data folder), in Debian's Chromium. One project runs with JavaScript disabled to
// prove every form works without it.
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${port}`;
// The local OpenID provider that stands in for Microsoft (tests/e2e/support/oidc-server.ts; its client
// id and secret are repeated here because importing that module would load oidc-provider here too).
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? 3219);
const oidcIssuer = `https://localhost:${oidcPort}`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Generous for 2-core CI machines that also run the app server and the database: a slow machine must
  // not fail a test that a fast one passes (a fresh clone elsewhere saw timeouts at 30 s / 5 s; with a CPU
  // hog beside the run, two-browser tests took 3× their quiet time and a board's hydration over 10 s).
  // They bound hangs, not speed: a passing test takes what it takes (ADR 053).
  timeout: 150_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    // Recording a trace for every test cost a third of the suite's time on 2 cores (screencast and DOM
    // snapshots, then thrown away when the test passed), and its slowness hid a hydration race (ADR 053):
    // a failure keeps a screenshot; E2E_TRACE=retain-on-failure records traces when debugging.
    trace: (process.env.E2E_TRACE as "off" | "on" | "retain-on-failure" | undefined) ?? "off",
    screenshot: "only-on-failure",
    launchOptions: {
      // Debian's headless shell (package chromium-headless-shell): the same engine without the full
      // browser's GPU compositing, which on a 2-core machine without a GPU ran in software and cost
      // a third of the suite's time (ADR 027). .ci/run installs it.
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [
    { name: "chromium", use: { ...devices["Desktop Chrome"] }, testIgnore: /\.no-js\.spec\.ts$/ },
    {
      name: "chromium-no-javascript",
      use: { ...devices["Desktop Chrome"], javaScriptEnabled: false },
      testMatch: /\.no-js\.spec\.ts$/,
    },
  ],
  // Started in this order, each waited for: the provider writes the certificate the app then trusts.
  webServer: [
    {
      command: "node --import tsx tests/e2e/support/oidc-server.ts",
      url: `${oidcIssuer}/.well-known/openid-configuration`,
      ignoreHTTPSErrors: true,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: { E2E_OIDC_PORT: String(oidcPort), E2E_APP_URL: baseURL },
    },
    {
      // A fresh embedded database each run: the browser tests change demo data (cancel, edit, notes),
      // so every run starts from the same seed.
      command: `node -e "require('node:fs').rmSync('.data/e2e/pg', { recursive: true, force: true })" && node --import tsx scripts/start.ts`,
      url: `${baseURL}/healthz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(port),
        DATA_DIR: ".data/e2e",
        // Re-created every run: no fsync (ADR 053).
        EMBEDDED_POSTGRES_DURABLE: "false",
        NODE_ENV: "production",
        JWT_SECRET: "e2e-only-secret-e2e-only-secret-e2e-only",
        LOG_LEVEL: "warn",
        // Every browser test signs in from the same client, some with a wrong password on purpose: the
        // limits themselves are tested in integration.
        SIGN_IN_FAILURES_PER_ADDRESS: "10000",
        ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
        SEED_DEMO_DATA: "true",
        // Microsoft sign-in against the local provider (tests/e2e/microsoft.spec.ts).
        APP_URL: baseURL,
        MICROSOFT_ISSUER: oidcIssuer,
        MICROSOFT_CLIENT_ID: "fleet-ops-e2e",
        MICROSOFT_CLIENT_SECRET: "e2e-only-client-secret-e2e-only-client-secret",
        NODE_EXTRA_CA_CERTS: path.resolve(".data/e2e-oidc/cert.pem"),
      },
    },
  ],
});
