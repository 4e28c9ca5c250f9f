import { serve } from "@hono/node-server";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { DataDirLockedError } from "../app/lib/data-dir-lock.server";
import { settleBackgroundTasks } from "../app/lib/background.server";
import { useDatabase, type Database } from "../app/lib/db.server";
import { EnvError, parseEnv, setEnv, type Env } from "../app/lib/env.server";
import { logger } from "../app/lib/logger.server";
import { projectRoot } from "../app/lib/project-root.server";
import { grantAdmins } from "../app/features/admin/grant-admin.server";
import { createApp } from "./app";
import { prepareDatabase } from "./database";
import { startScheduler } from "./scheduler";

async function main() {
  let env: Env;
  try {
    env = parseEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  setEnv(env);

  let prepared: { database: Database; isNew: boolean };
  try {
    prepared = await prepareDatabase(env, `server on port ${env.PORT}`);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { database, isNew } = prepared;
  useDatabase(database);
  logger.info({ database: database.kind, dataDir: env.DATA_DIR, isNew }, "database ready");

  if (env.ADMIN_EMAILS.length > 0) await grantAdmins(env.ADMIN_EMAILS);
  if (isNew && env.demoData) {
    const { seedDemoData } = await import("../db/seed/index");
    const started = Date.now();
    const summary = await seedDemoData();
    logger.info({ ...summary, ms: Date.now() - started }, "demo data seeded");
  }

  const root = projectRoot();
  const buildFile = path.join(root, "build", "server", "index.js");
  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  const app = createApp({ env, build: async () => build, clientDir: path.join(root, "build", "client") });

  announcePaymentProvider(env);
  const scheduler = startScheduler();
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: process.env.HOST || undefined }, (info) => {
    logger.info({ url: env.PUBLIC_URL, port: info.port }, "listening");
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    // Hard limit: whatever is still running after 10 s is cut off.
    const deadline = setTimeout(() => {
      logger.warn("shutdown took longer than 10 s; exiting");
      process.exit(1);
    }, 9_500);
    deadline.unref();
    scheduler.stop();
    server.close(async () => {
      try {
        // E-mails requests started in the background go out before the database closes.
        await settleBackgroundTasks();
        await database.close();
      } finally {
        logger.info("stopped");
        process.exit(0);
      }
    });
    // Idle keep-alive connections would hold close() open.
    (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

/** Says at start-up how money is taken, loudly when it is not taken at all (security finding 8). */
function announcePaymentProvider(env: Env) {
  if (env.PAYMENT_PROVIDER === "demo") {
    const line = { paymentProvider: "demo" };
    if (env.isLocal) logger.info(line, "payments: demo provider (every payment succeeds after 2 s; no money is taken)");
    else logger.warn(line, "payments: PAYMENT_PROVIDER=demo on a public address: every payment succeeds and NO MONEY IS TAKEN");
  } else {
    logger.warn({ paymentProvider: null }, "payments: no PAYMENT_PROVIDER configured: checkouts are refused");
  }
}

main().catch((error) => {
  logger.fatal({ err: error }, "server failed to start");
  process.exit(1);
});
