import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { migrateDatabase, MIGRATIONS_FOLDER, openDatabase } from "../../app/lib/db.server";
import "./context";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
/** Where the dumps are kept between runs (beside vite's and vitest's own caches; `npm install` may clear it). */
const CACHE_DIR = path.join(ROOT, "node_modules", ".cache", "naija-directory");

/** What the template depends on: every migration file and the PGlite version that runs them. */
function templateKey(): string {
  const hash = createHash("sha256");
  const version = (JSON.parse(readFileSync(path.join(ROOT, "node_modules", "@electric-sql", "pglite", "package.json"), "utf8")) as { version: string }).version;
  hash.update(`pglite ${version}\n`);
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(`${path.relative(MIGRATIONS_FOLDER, full)}\n`).update(readFileSync(full));
    }
  };
  walk(MIGRATIONS_FOLDER);
  return hash.digest("hex").slice(0, 16);
}

/**
 * Migrates one in-memory PGlite and dumps its data directory to a file: every test worker loads it once and resets
 * to it between files (tests/setup/database.ts). Making it takes about 6 s (PGlite's initdb above all), so the dump
 * is kept between runs under node_modules/.cache, named by a hash of the migrations and PGlite's version.
 */
export default async function setup(project: TestProject) {
  const started = Date.now();
  const templateFile = path.join(CACHE_DIR, `pglite-template-${templateKey()}.tar`);
  if (!existsSync(templateFile)) {
    const database = await openDatabase({ kind: "embedded" });
    try {
      await migrateDatabase(database);
      const dump = await database.pglite!.dumpDataDir("none");
      await mkdir(CACHE_DIR, { recursive: true });
      // Written beside it, then renamed: a run stopped halfway, or two runs at once, never leave half a file.
      const partial = `${templateFile}.${process.pid}.partial`;
      await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
      await rename(partial, templateFile);
      // Templates of older migrations are of no further use (43 MB each).
      for (const name of readdirSync(CACHE_DIR)) {
        if (name.startsWith("pglite-template-") && path.join(CACHE_DIR, name) !== templateFile && !name.endsWith(".partial")) await rm(path.join(CACHE_DIR, name), { force: true });
      }
    } finally {
      await database.close();
    }
  }
  project.provide("testDatabase", { kind: "embedded", templateFile });
  if (process.env.TEST_VERBOSE) console.log(`PGlite template ready in ${Date.now() - started} ms: ${templateFile}`);
}
