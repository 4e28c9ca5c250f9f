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
import { getMetrics } from "./metrics.server";
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
  | { kind: "postgres"; url: string; poolSize?: number; connectionTimeoutMs?: number; statementTimeoutMs?: number }
  | { kind: "embedded"; dataDir?: string; loadDataDir?: Blob | File; purpose?: string; lock?: boolean };

export const PGLITE_EXTENSIONS = { pg_trgm };

/** How long a query waits for a pool connection (PostgreSQL down: fail fast, not hang). */
export const CONNECTION_TIMEOUT_MS = 3_000;
/** The longest any statement may run on a PostgreSQL server (statement_timeout); migrations are exempt. */
export const STATEMENT_TIMEOUT_MS = 30_000;

/** Opens the database: a PostgreSQL server through node-postgres, or PGlite on disk or in memory. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.kind === "postgres") {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // PostgreSQL down or unreachable: a request waits at most this long for a connection, then fails (the
      // error screen, 503) instead of hanging; the pool connects again by itself once the server is back.
      connectionTimeoutMillis: options.connectionTimeoutMs ?? CONNECTION_TIMEOUT_MS,
      // No statement runs forever (a lock wait, a runaway query): the server cancels it. Migrations lift it.
      statement_timeout: options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS,
      // A server that vanished without closing the connection (a network cut) is noticed.
      keepAlive: true,
    });
    pool.on("error", () => {
      // Idle clients that lose their connection are replaced on the next checkout.
    });
    pool.on("connect", (client) => {
      timeQueries(client);
      // A client checked out between two queries (inside a transaction) has no listener of the pool's: PostgreSQL
      // going away then emitted an unhandled 'error' and ended the process (seen once in the cluster test's
      // restart). The client is unusable after it; its next query fails and the pool drops it on release.
      client.on("error", () => undefined);
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
    return embeddedDatabase(pglite, async () => {
      try {
        await pglite.close();
      } finally {
        lock?.release();
      }
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
}

/**
 * The Database handle of an open PGlite instance; `close` says what closing it means (openDatabase: the instance and
 * its DATA_DIR lock; the integration tests: one instance per test worker, reset between files).
 */
export function embeddedDatabase(pglite: PGlite, close: () => Promise<void>): Database {
  const db = drizzlePglite(pglite, { schema, casing: "snake_case" }) as unknown as Db;
  return { db, kind: "embedded", pglite, close };
}

/** nd_db_query_duration_seconds: every query of a pooled connection (pool.query and transactions alike). */
function timeQueries(client: pg.PoolClient): void {
  const histogram = getMetrics().dbQueryDuration;
  const original = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const done = histogram.startTimer();
    const callbackAt = args.findIndex((arg) => typeof arg === "function");
    if (callbackAt >= 0) {
      const callback = args[callbackAt] as (error: unknown, result: unknown) => void;
      args[callbackAt] = (error: unknown, result: unknown) => {
        done({ outcome: error ? "failed" : "ok" });
        callback(error, result);
      };
      return original(...args);
    }
    const result = original(...args);
    if (result && typeof (result as Promise<unknown>).then === "function") {
      return (result as Promise<unknown>).then(
        (value) => {
          done({ outcome: "ok" });
          return value;
        },
        (error: unknown) => {
          done({ outcome: "failed" });
          throw error;
        },
      );
    }
    return result;
  };
}

export const MIGRATIONS_FOLDER = path.join(projectRoot(), "db", "migrations");

/**
 * Applies the committed migrations (or those of another folder: a restore migrates to a backup's level);
 * on a shared server one process at a time (advisory lock).
 */
export async function migrateDatabase(database: Database, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  if (database.kind === "embedded") {
    await migratePglite(database.db as never, { migrationsFolder });
    return;
  }
  const client = await database.pool!.connect();
  try {
    // Migrations (and waiting for another process's) may take longer than statement_timeout.
    await client.query("set statement_timeout = 0");
    await client.query("select pg_advisory_lock(hashtext('app.migrations'))");
    await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock(hashtext('app.migrations'))").catch(() => undefined);
    await client.query("reset statement_timeout").catch(() => undefined);
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
