/**
 * A new, never migrated embedded database in a DATA_DIR in about a second instead of six: PGlite's initdb (in
 * WebAssembly, 5–6 s of CPU on this machine) runs once per PGlite version into node_modules/.cache, and each new
 * database is a copy of that cleanly closed cluster (the restore drills make about ten). The production path, an
 * empty DATA_DIR initialised by PGlite itself, stays covered by db.server.test.ts and every `npm start` in the
 * journeys.
 */
import { existsSync, readFileSync } from "node:fs";
import { cp, mkdir, mkdtemp, rename, rm } from "node:fs/promises";
import path from "node:path";
import { openDatabase } from "../../app/lib/db.server";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const CACHE_DIR = path.join(ROOT, "node_modules", ".cache", "naija-directory");

function pristineDir(): string {
  const version = (JSON.parse(readFileSync(path.join(ROOT, "node_modules", "@electric-sql", "pglite", "package.json"), "utf8")) as { version: string }).version;
  return path.join(CACHE_DIR, `pglite-initdb-${version}`);
}

let made: Promise<string> | undefined;

/** The cached cluster's folder, made on first use (two workers at once: one rename wins, the other's copy is dropped). */
function pristineCluster(): Promise<string> {
  made ??= (async () => {
    const dir = pristineDir();
    if (existsSync(dir)) return dir;
    await mkdir(CACHE_DIR, { recursive: true });
    const scratch = await mkdtemp(path.join(CACHE_DIR, "pglite-initdb-partial-"));
    try {
      const database = await openDatabase({ kind: "embedded", dataDir: scratch, lock: false });
      await database.close();
      await rename(path.join(scratch, "pgdata"), dir).catch((error: NodeJS.ErrnoException) => {
        if (!existsSync(dir)) throw error;
      });
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
    return dir;
  })();
  return made;
}

/** Puts a new, never migrated cluster where `openDatabase({ kind: "embedded", dataDir })` looks for one. */
export async function pristineClusterInto(dataDir: string): Promise<void> {
  await cp(await pristineCluster(), path.join(dataDir, "pgdata"), { recursive: true });
}
