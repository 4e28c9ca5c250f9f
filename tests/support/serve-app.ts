/**
 * A server process for tests of several processes on one PostgreSQL: the same Hono app as `npm start` (no
 * React Router build: only the non-page routes answer), on 127.0.0.1 and a free port, with the same graceful
 * shutdown (SHUTDOWN_DRAIN_MS) and, when TEST_SCHEDULER=true, the same scheduler.
 *   DATABASE_URL=postgres://… AUTH_SECRET=… node --import tsx tests/support/serve-app.ts
 * Prints "listening <port>" when ready.
 */
import { serve } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { openDatabase, useDatabase } from "../../app/lib/db.server";
import { parseEnv, setEnv } from "../../app/lib/env.server";
import { createApp } from "../../server/app";
import { startScheduler } from "../../server/scheduler";
import { installGracefulShutdown } from "../../server/shutdown";

const env = parseEnv();
if (!env.DATABASE_URL) throw new Error("DATABASE_URL is required");
setEnv(env);
const database = await openDatabase({ kind: "postgres", url: env.DATABASE_URL, poolSize: 4 });
useDatabase(database);
const app = createApp({
  env,
  build: async () => {
    throw new Error("no React Router build in this test server");
  },
});
const scheduler = process.env.TEST_SCHEDULER === "true" ? startScheduler() : undefined;
const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => {
  console.log(`listening ${(server.address() as AddressInfo).port}`);
});
installGracefulShutdown({ server, database, scheduler, drainMs: env.SHUTDOWN_DRAIN_MS });
