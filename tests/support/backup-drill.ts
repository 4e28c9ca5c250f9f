/**
 * Restore drills (app/lib/backup.server.test.ts): fresh targets of either database kind, every table's rows and
 * every file's SHA-256 as comparable snapshots, and archives edited the way damage or a newer version would.
 */
import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { create as createTar, extract as extractTar } from "tar";
import { inject } from "vitest";
import { openDatabase, queryRows, type Database } from "../../app/lib/db.server";
import { adminQuery, quoteIdent, withDatabaseName } from "../setup/context";
import { filesUnder } from "./files";
import { pristineClusterInto } from "./pristine-pglite";

export type Target = { database: Database; dataDir: string; url?: string; dispose(): Promise<void> };

/**
 * A new, never migrated database and an empty DATA_DIR: PGlite on disk in that DATA_DIR (the embedded
 * layout, lock included; a copy of a cluster PGlite initialised once, tests/support/pristine-pglite.ts), or a new database on the test PostgreSQL server (`kind` defaults to this run's).
 */
export async function freshTarget(kind: "embedded" | "postgres" = inject("testDatabase").kind): Promise<Target> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "nd-restore-target-"));
  if (kind === "embedded") {
    await pristineClusterInto(dataDir);
    const database = await openDatabase({ kind: "embedded", dataDir, purpose: "restore drill" });
    return {
      database,
      dataDir,
      async dispose() {
        await database.close().catch(() => undefined);
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  }
  const template = inject("testDatabase");
  const adminUrl = template.kind === "postgres" ? template.adminUrl : process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("A PostgreSQL target needs TEST_DATABASE_URL.");
  const name = `restore_${randomBytes(6).toString("hex")}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${quoteIdent(name)}`);
  const url = withDatabaseName(adminUrl, name);
  const database = await openDatabase({ kind: "postgres", url, poolSize: 2 });
  return {
    database,
    dataDir,
    url,
    async dispose() {
      await database.close().catch(() => undefined);
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Every table of the public schema (found in pg_catalog, so a table added later is covered) → its rows as
 * row_to_json text (every column, generated ones too), sorted; timestamps written in UTC.
 */
export async function tableSnapshot(database: Database): Promise<Record<string, string[]>> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    const tables = await queryRows<{ name: string }>(
      tx,
      sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
    );
    const snapshot: Record<string, string[]> = {};
    for (const { name } of tables) {
      const rows = await queryRows<{ line: string }>(
        tx,
        sql.raw(`select row_to_json(t)::text as line from public."${name}" t order by row_to_json(t)::text collate "C"`),
      );
      snapshot[name] = rows.map((r) => r.line);
    }
    return snapshot;
  });
}

/** SHA-256 of every file under a folder, by relative path. */
export async function fileHashes(root: string): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for (const file of await filesUnder(root)) {
    hashes[file] = createHash("sha256").update(await readFile(path.join(root, file))).digest("hex");
  }
  return hashes;
}

/** Unpacks an archive, lets `edit` change the unpacked folder, and packs it again as a new archive. */
export async function repack(archive: string, edit: (dir: string) => Promise<void>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "nd-repack-"));
  try {
    await extractTar({ file: archive, cwd: dir });
    await edit(dir);
    const out = path.join(path.dirname(archive), `edited-${randomBytes(4).toString("hex")}.tar.gz`);
    const entries = ["manifest.json", "tables", "files"].filter((entry) => existsSync(path.join(dir, entry)));
    await createTar({ gzip: true, file: out, cwd: dir, portable: true }, entries);
    return out;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Rewrites a JSON file in place. */
export async function editJson<T>(file: string, change: (value: T) => void): Promise<void> {
  const value = JSON.parse(await readFile(file, "utf8")) as T;
  change(value);
  await writeFile(file, JSON.stringify(value));
}
