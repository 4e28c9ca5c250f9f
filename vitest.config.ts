import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

import { postgresIncludes } from "./tests/drivers";

// Unit tests: `*.test.ts` beside the code, no database.
// Integration tests: `*.server.test.ts` beside the code, each file on the migrated template's state (tests/README.md):
// every file on PGlite; on a real PostgreSQL server too when TEST_DATABASE_URL is set (project integration-pg), the
// files where the drivers can differ and a smoke set, chosen by the rule in tests/drivers.ts.
const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);

const SOURCE_DIRS = ["app", "server", "db", "cli", "tests", "scripts"];
const INTEGRATION = SOURCE_DIRS.map((dir) => `${dir}/**/*.server.test.{ts,tsx}`);
const integration = (name: string, globalSetup: string, include: string[]) => ({
  extends: true as const,
  test: {
    name,
    include,
    globalSetup: [globalSetup],
    setupFiles: ["tests/setup/catalogs.ts", "tests/setup/database.ts"],
    // One process per worker runs file after file (tests/setup/database.ts resets what a file leaves behind): the
    // app's modules load once per worker instead of once per file, and the embedded database is reset (60 ms) rather
    // than loaded again (1.4 s). Every core runs a worker (vitest's default leaves one free: one worker on two cores).
    isolate: false,
    maxWorkers: Math.max(2, availableParallelism()),
    // Loading the template and opening PGlite takes a moment on a slow machine.
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    // Transformed modules kept on disk (node_modules/.experimental-vitest-cache, keyed by content and config): the
    // steps of `npm test` are separate vitest processes that load the same app modules, and the second one on
    // need not transform them again (integration on PostgreSQL: transform 10.4 → 1.4 s after the PGlite run).
    experimental: { fsModuleCache: true },
    environment: "node",
    exclude: ["**/node_modules/**", "build/**", ".react-router/**", "data/**", "tests/e2e/**", "tests/cluster/**"],
    env: {
      // Request and e-mail logs would drown the test output; TEST_LOG_LEVEL=info brings them back.
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          setupFiles: ["tests/setup/catalogs.ts"],
          // No database, no shared state: one process per worker runs every file (a module graph per worker, not per file).
          isolate: false,
          maxWorkers: Math.max(2, availableParallelism()),
          include: SOURCE_DIRS.map((dir) => `${dir}/**/*.test.{ts,tsx}`),
          exclude: [...INTEGRATION, "**/node_modules/**", "tests/e2e/**", "tests/cluster/**"],
        },
      },
      integration("integration", "tests/setup/global-embedded.ts", INTEGRATION),
      ...(hasPostgres ? [integration("integration-pg", "tests/setup/global-postgres.ts", postgresIncludes(import.meta.dirname))] : []),
    ],
  },
});
