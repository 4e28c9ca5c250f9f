import { defineConfig } from "vitest/config";
import { E2E_WORKERS as workers } from "./tests/e2e/workers";


// End-to-end: `npm start` in a fresh clone, one production server per worker for the whole run (tests/e2e/harness.ts);
// a worker runs one journey file at a time against its own server, with timeouts generous enough for a slow CI machine.
export default defineConfig({
  test: {
    name: "e2e",
    // Transformed modules kept on disk, shared with the other steps of `npm test` (see vitest.config.ts).
    experimental: { fsModuleCache: true },
    environment: "node",
    include: ["tests/e2e/**/*.spec.ts"],
    globalSetup: ["tests/e2e/harness.ts"],
    pool: "forks",
    // A worker runs its journey files one after the other in one process (each file still its own module and
    // browser contexts): a new process per file cost about 2 s of imports each.
    isolate: false,
    maxWorkers: workers,
    fileParallelism: workers > 1,
    testTimeout: 90_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    retry: 0,
  },
});
