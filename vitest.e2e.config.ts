import { defineConfig } from "vitest/config";

// End-to-end: one production server for the whole run (tests/e2e/harness.ts), journeys run one file at a
// time in a single fork, with timeouts generous enough for a slow CI machine.
export default defineConfig({
  test: {
    name: "e2e",
    environment: "node",
    include: ["tests/e2e/**/*.spec.ts"],
    globalSetup: ["tests/e2e/harness.ts"],
    pool: "forks",
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    retry: 0,
  },
});
