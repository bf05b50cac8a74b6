import { defineConfig } from "vitest/config";

// Kept apart from vite.config.ts: the reactRouter() plugin is for the app build, not for tests.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "app/**/*.test.ts",
            "app/**/*.test.tsx",
            "server/**/*.test.ts",
            "scripts/**/*.test.ts",
            "tests/unit/**/*.test.ts",
          ],
          setupFiles: ["tests/setup/fail-on-console-error.ts"],
          // Property checks run thousands of cases: on a 2-core machine busy with the build beside them
          // (npm test runs both at once) 5 s was too tight for a correct test (a 2,000-case URL check).
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["tests/setup/database-global.ts"],
          setupFiles: ["tests/setup/fail-on-console-error.ts", "tests/setup/database-worker.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
