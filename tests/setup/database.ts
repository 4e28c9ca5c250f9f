import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, inject } from "vitest";
import { settleBackgroundTasks } from "../../app/lib/background.server";
import { openDatabase, useDatabase, type Database } from "../../app/lib/db.server";
import { parseEnv, setEnv } from "../../app/lib/env.server";
import { setSingleton } from "../../app/lib/singleton.server";
import { adminQuery, quoteIdent, withDatabaseName } from "./context";

/**
 * Per test file: a fresh copy of the migrated template becomes the process's database, with a fresh
 * DATA_DIR. Tests still never assume the database is empty: factories make the rows they need.
 */
let database: Database | undefined;
let dataDir: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const template = inject("testDatabase");
  dataDir = await mkdtemp(path.join(tmpdir(), "nd-test-data-"));
  setEnv(parseEnv({ DATA_DIR: dataDir, NODE_ENV: "test", AUTH_SECRET: randomBytes(32).toString("hex") }));
  // Process-wide instances made from the previous file's configuration (storage root, SMTP transport).
  for (const name of ["storage", "smtp"]) setSingleton(name, undefined);

  if (template.kind === "embedded") {
    const blob = new Blob([await readFile(template.templateFile)]);
    database = await openDatabase({ kind: "embedded", loadDataDir: blob });
  } else {
    const name = `test_${randomBytes(6).toString("hex")}`;
    await adminQuery(template.adminUrl, `CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(template.template)}`);
    dropDatabase = () => adminQuery(template.adminUrl, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
    database = await openDatabase({ kind: "postgres", url: withDatabaseName(template.adminUrl, name), poolSize: 4 });
  }
  useDatabase(database);
});

afterAll(async () => {
  // Whatever a test started in the background (an e-mail) finishes on this file's database.
  await settleBackgroundTasks();
  useDatabase(undefined);
  // A test may have closed it on purpose already.
  await database?.close().catch(() => undefined);
  await dropDatabase?.();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

