import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql, type SQL } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { mkdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import * as schema from "../../db/schema";
import { lockDataDir } from "./data-dir-lock.server";
import { peekSingleton, setSingleton } from "./singleton.server";
import { projectRoot } from "./project-root.server";

export { schema };
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type Database = {
  db: Db;
  kind: "embedded" | "postgres";
  pglite?: PGlite;
  pool?: pg.Pool;
  close(): Promise<void>;
};

export type OpenOptions =
  | { kind: "postgres"; url: string; poolSize?: number }
  | { kind: "embedded"; dataDir?: string; loadDataDir?: Blob | File; purpose?: string; lock?: boolean };

export const PGLITE_EXTENSIONS = { pg_trgm };

/** Opens the database: a PostgreSQL server through node-postgres, or PGlite on disk or in memory. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    pool.on("error", () => {
      // Idle clients that lose their connection are replaced on the next checkout.
    });
    const db = drizzleNodePg(pool, { schema, casing: "snake_case" }) as unknown as Db;
    return { db, kind: "postgres", pool, close: () => pool.end() };
  }
  let lock: { release(): void } | undefined;
  let dataDir: string | undefined;
  if (options.dataDir) {
    const root = path.resolve(options.dataDir);
    if (options.lock !== false) lock = lockDataDir(root, options.purpose ?? "server");
    dataDir = path.join(root, "pgdata");
    mkdirSync(dataDir, { recursive: true });
  }
  try {
    const pglite = await PGlite.create({
      dataDir,
      loadDataDir: options.loadDataDir,
      extensions: PGLITE_EXTENSIONS,
    });
    const db = drizzlePglite(pglite, { schema, casing: "snake_case" }) as unknown as Db;
    return {
      db,
      kind: "embedded",
      pglite,
      async close() {
        try {
          await pglite.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

export const MIGRATIONS_FOLDER = path.join(projectRoot(), "db", "migrations");

/** Applies the committed migrations; on a shared server one process at a time (advisory lock). */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === "embedded") {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  const client = await database.pool!.connect();
  try {
    await client.query("select pg_advisory_lock(hashtext('app.migrations'))");
    await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query("select pg_advisory_unlock(hashtext('app.migrations'))").catch(() => undefined);
    client.release();
  }
}

/** True when the database answers a trivial query within the time given. */
export async function pingDatabase(database: Database, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      database.db.execute(sql`select 1`).then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      }),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Makes a database the process's own (server start-up, CLI, tests). */
export function useDatabase(database: Database | undefined): void {
  setSingleton("database", database);
}

/** The process's database handle. */
export function getDatabase(): Database {
  const database = peekSingleton<Database>("database");
  if (!database) throw new Error("The database is not open yet.");
  return database;
}

/** Shorthand for getDatabase().db: what use cases query with. */
export function getDb(): Db {
  return getDatabase().db;
}

/** Runs raw SQL (parameterised through drizzle's sql tag) and returns its rows, on either driver. */
export async function queryRows<T extends Record<string, unknown>>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
