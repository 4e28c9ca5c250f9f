import { sql } from "drizzle-orm";
import { migrateDatabase, openDatabase, queryRows, type Database } from "../app/lib/db.server";
import type { Env } from "../app/lib/env.server";

/**
 * Opens the configured database, migrates it, and says whether it was new before migrating.
 * `statementTimeoutMs`: 0 for operator commands (seeding, backups) whose statements may run long.
 */
export async function prepareDatabase(env: Env, purpose: string, options: { statementTimeoutMs?: number } = {}): Promise<{ database: Database; isNew: boolean }> {
  const database = env.DATABASE_URL
    ? await openDatabase({ kind: "postgres", url: env.DATABASE_URL, statementTimeoutMs: options.statementTimeoutMs })
    : await openDatabase({ kind: "embedded", dataDir: env.DATA_DIR, purpose });
  try {
    const [before] = await queryRows<{ present: boolean }>(
      database.db,
      sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
    );
    const isNew = !before?.present;
    await migrateDatabase(database);
    return { database, isNew };
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
}
