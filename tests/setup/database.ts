import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, inject } from "vitest";
import { flushListingEvents } from "../../app/features/analytics/record-listing-events.server";
import { clearDirectoryCaches } from "../../app/features/directory/clear-directory-caches.server";
import { flushBusinessViews } from "../../app/features/directory/record-business-view.server";
import { forgetLastAnalyze } from "../../app/features/directory/refresh-search-statistics.server";
import { resetPaymentProviders } from "../../app/features/payments/payment-provider.server";
import { settleBackgroundTasks } from "../../app/lib/background.server";
import { embeddedDatabase, openDatabase, useDatabase, type Database } from "../../app/lib/db.server";
import { parseEnv, setEnv } from "../../app/lib/env.server";
import { resetLifecycle } from "../../app/lib/lifecycle.server";
import { stopListeningForPublicChanges } from "../../app/lib/public-changes.server";
import { stopAllRealtimeHubs } from "../../app/lib/realtime.server";
import { setSingleton } from "../../app/lib/singleton.server";
import { templateInstance } from "../support/pglite-reuse";
import { adminQuery, quoteIdent, withDatabaseName } from "./context";

/**
 * Per test file: the migrated template's state becomes the process's database, with a fresh DATA_DIR. Tests still
 * never assume the database is empty: factories make the rows they need.
 *
 * Test workers are not isolated (vitest `isolate: false`): a worker runs file after file in one process, with
 * one module graph, so this file is where one test file's leftovers are cleared for the next (tests/README.md):
 * - the database: on PostgreSQL a new `CREATE DATABASE … TEMPLATE` copy per file; embedded, one PGlite per worker,
 *   loaded once from the template's dump (1.4 s) and reset between files (about 60 ms: every table emptied, the
 *   sequences restarted, the planner's statistics forgotten, the session discarded), or loaded again when a test
 *   closed it or changed the schema;
 * - the process: the configuration, storage and SMTP instances, the directory's caches, payment providers, the
 *   shutdown state; what a file left pending (page views, listing events, background e-mails) is written to its
 *   own database before the next file starts, and its live-event listeners stop.
 */
let database: Database | undefined;
let dataDir: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const template = inject("testDatabase");
  dataDir = await mkdtemp(path.join(tmpdir(), "nd-test-data-"));
  setEnv(parseEnv({ DATA_DIR: dataDir, NODE_ENV: "test", AUTH_SECRET: randomBytes(32).toString("hex") }));
  // Process-wide instances and caches made for the previous file (storage root, SMTP transport, counts).
  for (const name of ["storage", "smtp"]) setSingleton(name, undefined);
  clearDirectoryCaches();
  forgetLastAnalyze();
  resetPaymentProviders();
  resetLifecycle();

  if (template.kind === "embedded") {
    const shared = await templateInstance(template.templateFile);
    // Closing it (a test may, on purpose) closes the worker's instance: the next file loads the template again.
    database = embeddedDatabase(shared.pglite, () => shared.pglite.close());
  } else {
    const name = `test_${randomBytes(6).toString("hex")}`;
    await adminQuery(template.adminUrl, `CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(template.template)}`);
    dropDatabase = () => adminQuery(template.adminUrl, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
    database = await openDatabase({ kind: "postgres", url: withDatabaseName(template.adminUrl, name), poolSize: 4 });
  }
  useDatabase(database);
});

afterAll(async () => {
  // Whatever a test started in the background (an e-mail) or left waiting (page views, listing events) finishes on
  // this file's database, and its live-event listeners stop, before the next file's database takes its place.
  await settleBackgroundTasks();
  await flushBusinessViews().catch(() => undefined);
  await flushListingEvents().catch(() => undefined);
  await stopAllRealtimeHubs();
  await stopListeningForPublicChanges().catch(() => undefined);
  useDatabase(undefined);
  // The worker's PGlite stays open for the next file; a PostgreSQL copy is closed and dropped.
  if (database?.kind === "postgres") {
    await database.close().catch(() => undefined);
    await dropDatabase?.();
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});
