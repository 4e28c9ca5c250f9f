import path from "node:path";
import { defineConfig } from "vitest/config";

// The cluster test (tests/cluster/): PostgreSQL, the local S3 server, three production processes and HAProxy,
// started by the test itself. One file, one fork, long timeouts: it restarts processes and the database.
export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    name: "cluster",
    // Transformed modules kept on disk, shared with the other steps of `npm test` (see vitest.config.ts).
    experimental: { fsModuleCache: true },
    environment: "node",
    include: ["tests/cluster/**/*.test.ts"],
    pool: "forks",
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 240_000,
    teardownTimeout: 60_000,
    retry: 0,
    env: { LOG_LEVEL: "silent" },
  },
});
