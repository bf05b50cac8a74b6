// Browser tests against the production build, served by the same start script as `npm start`
// (own port and data folder), in Debian's Chromium. One project runs with JavaScript disabled to
// prove every form works without it.
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
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
  webServer: {
    command: "node --import tsx scripts/start.ts",
    url: `${baseURL}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      DATA_DIR: ".data/e2e",
      NODE_ENV: "production",
      JWT_SECRET: "e2e-only-secret-e2e-only-secret-e2e-only",
      LOG_LEVEL: "warn",
      // Every browser test signs in from the same client: the limit itself is tested in integration.
      SIGN_IN_ATTEMPTS_PER_MINUTE: "10000",
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
      SEED_DEMO_DATA: "true",
    },
  },
});
