// Two projects: "unit" (domain, database, server and sync tests: the real server in-process on PGlite) and "e2e"
// (real Debian chromium against a production build served by the real server). tests/run.ts runs both.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "src/**/*.test.tsx", "tests/{db,server,sync}/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: "forks",
          // vitest's default on a 2-core machine is one worker (cores - 1): these files wait on PostgreSQL, PGlite
          // and sockets as much as they compute, and each pays its own module loading, so two at once finish sooner.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.e2e.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 300_000,
          pool: "forks",
          fileParallelism: false,
        },
      },
    ],
  },
});
