import { serve } from "@hono/node-server";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { DataDirLockedError } from "../app/lib/data-dir-lock.server";
import { useDatabase, type Database } from "../app/lib/db.server";
import { EnvError, parseEnv, receiptSellerGaps, setEnv, type Env } from "../app/lib/env.server";
import { logger } from "../app/lib/logger.server";
import { projectRoot } from "../app/lib/project-root.server";
import { setSingleton } from "../app/lib/singleton.server";
import { getStorage } from "../app/lib/storage.server";
import { grantAdmins } from "../app/features/admin/grant-admin.server";
import { listenForPublicChanges, onPublicChange } from "../app/lib/public-changes.server";
import { clearDirectoryCaches } from "../app/features/directory/clear-directory-caches.server";
import { createApp } from "./app";
import { createPageCache, type PageCache } from "./page-cache";
import { prepareDatabase } from "./database";
import { startScheduler } from "./scheduler";
import { installGracefulShutdown } from "./shutdown";
import { startMetricsServer } from "./metrics";
import { startJobQueue, stopJobQueue } from "../app/lib/jobs.server";
import { JOB_HANDLERS } from "./jobs";

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
  // Where files go (never the credentials); a bucket that does not answer is logged by ping() and /readyz fails.
  const files = env.S3_BUCKET
    ? { storage: "s3", bucket: env.S3_BUCKET, endpoint: env.S3_ENDPOINT ?? "aws", region: env.S3_REGION, prefix: env.S3_PREFIX }
    : { storage: "disk", dir: path.join(env.DATA_DIR, "uploads") };
  logger.info({ ...files, answers: await getStorage().ping() }, "file storage");

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
  // Every public change, heard here (ADR 28): the directory's short-lived caches (ADR 27) and the page cache
  // (public pages for anonymous visitors from memory) are emptied.
  await listenForPublicChanges(database);
  onPublicChange(clearDirectoryCaches);
  let pageCache: PageCache | undefined;
  if (env.PAGE_CACHE) {
    pageCache = createPageCache();
    setSingleton("page-cache-stats", pageCache.stats); // nd_page_cache_* in /metrics
  }
  const app = createApp({ env, build: async () => build, clientDir: path.join(root, "build", "client"), pageCache });

  announcePaymentProvider(env);
  announceReceiptSeller(env);
  const scheduler = startScheduler();
  // Deliveries enqueued by any process, worked by every process (ADR 34).
  await startJobQueue(database, JOB_HANDLERS);
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: process.env.HOST || undefined }, (info) => {
    logger.info({ url: env.PUBLIC_URL, port: info.port }, "listening");
  });

  startMetricsServer(env);
  installGracefulShutdown({ server, database, scheduler, jobs: { stop: stopJobQueue }, drainMs: env.SHUTDOWN_DRAIN_MS });
}

/** Says at start-up how money is taken, loudly when it is not taken at all (security finding 8). */
function announcePaymentProvider(env: Env) {
  if (env.PAYMENT_PROVIDER === "paystack") {
    // Which mode, never the key itself.
    const mode = env.PAYSTACK_SECRET_KEY?.startsWith("sk_live_") ? "live" : "test";
    logger.info({ paymentProvider: "paystack", mode }, `payments: Paystack (${mode} mode)`);
  } else if (env.PAYMENT_PROVIDER === "demo") {
    const line = { paymentProvider: "demo" };
    if (env.isLocal) logger.info(line, "payments: demo provider (every payment succeeds after 2 s; no money is taken)");
    else logger.warn(line, "payments: PAYMENT_PROVIDER=demo on a public address: every payment succeeds and NO MONEY IS TAKEN");
  } else {
    logger.warn({ paymentProvider: null }, "payments: no PAYMENT_PROVIDER configured: checkouts are refused");
  }
}

/** Production receipts without the seller details a business's books need: one warning naming what is unset. */
function announceReceiptSeller(env: Env) {
  const missing = receiptSellerGaps(env);
  if (missing.length === 0) return;
  const what: Record<string, string> = {
    RECEIPT_SELLER_NAME: "registered name (they show 'Naija Directory')",
    RECEIPT_SELLER_ADDRESS: "address",
    RECEIPT_SELLER_RC: "CAC registration number",
  };
  logger.warn(
    { missing },
    `receipts: ${missing.join(", ")} not set: receipts show no seller ${missing.map((name) => what[name]).join(", ")}, which a business needs for its books`,
  );
}

main().catch((error) => {
  logger.fatal({ err: error }, "server failed to start");
  process.exit(1);
});
