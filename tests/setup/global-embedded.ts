import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { migrateDatabase, openDatabase } from "../../app/lib/db.server";
import "./context";

/**
 * Migrates one in-memory PGlite and dumps its data directory to a file: every test file starts from a
 * copy of it (tests/setup/database.ts) instead of running the migrations again.
 */
export default async function setup(project: TestProject) {
  const started = Date.now();
  const dir = await mkdtemp(path.join(tmpdir(), "nd-template-"));
  const templateFile = path.join(dir, "template.tar");
  const database = await openDatabase({ kind: "embedded" });
  try {
    await migrateDatabase(database);
    const dump = await database.pglite!.dumpDataDir("none");
    await writeFile(templateFile, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide("testDatabase", { kind: "embedded", templateFile });
  if (process.env.TEST_VERBOSE) console.log(`PGlite template ready in ${Date.now() - started} ms: ${templateFile}`);

  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
