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
            "bench/**/*.test.ts",
          ],
          setupFiles: ["tests/setup/fail-on-console-error.ts"],
          // Property checks run thousands of cases: on a 2-core machine busy with the build beside them
          // (npm test runs both at once) 5 s was too tight for a correct test (a 2,000-case URL check).
          testTimeout: 20_000,
          // Pure modules: files share a worker's module cache instead of importing React, zod and the rules
          // again for each of a hundred files (ADR 053).
          isolate: false,
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
          // Files share a worker's modules (a quarter of the run was importing the app again per file); each
          // still gets its own database from the setup file, which runs per file (ADR 053).
          isolate: false,
        },
      },
    ],
  },
});
