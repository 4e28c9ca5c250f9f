/**
 * The job queue (issue 33, ADR 34): pg-boss on the app's own database, embedded (PGlite) or server (PostgreSQL).
 * Its schema (`pgboss`) comes with our migrations (0029_job_queue.sql and the queues' own), so pg-boss never changes
 * the schema at run time. A job is enqueued in the transaction of the change that causes it (`enqueue(tx, …)`):
 * rolled back, there is no job; committed, a worker runs it, retried with backoff, and a job that fails for good
 * stays in the table, state 'failed', for admins to see and retry.
 */
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import PgBoss from "pg-boss";
import type { Database, Tx } from "./db.server";
import { peekSingleton, setSingleton } from "./singleton.server";

/** The schema pg-boss's tables live in (made by db/migrations/0029_job_queue.sql). */
export const JOB_SCHEMA = "pgboss";

type JobDb = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

/**
 * pg-boss's connection to a database of ours. PostgreSQL: the app's pool. PGlite (one connection, one statement
 * per parameterised query): parameterised statements through query(), pg-boss's parameterless multi-statement
 * blocks through exec() with every statement's rows kept, and an aborted transaction rolled back so the next
 * statement is not poisoned — the same rules as pg-boss's own PGlite adapter (src/adapters/pglite.ts, pg-boss 12).
 */
export function jobDb(database: Database): JobDb {
  if (database.kind === "postgres") {
    const pool = database.pool!;
    return { executeSql: (text, values) => pool.query(text, values as unknown[]) };
  }
  const pglite = database.pglite!;
  return {
    async executeSql(text, values) {
      try {
        if (values?.length) return await pglite.query(text, values);
        const results = await pglite.exec(text);
        return { rows: results.flatMap((result) => result.rows ?? []) };
      } catch (error) {
        if (!values?.length) await pglite.query("rollback").catch(() => undefined);
        throw error;
      }
    },
  };
}

/**
 * pg-boss's statements inside a Drizzle transaction of ours: `$n` placeholders turned into Drizzle parameters (each
 * value one parameter, arrays included), the way pg-boss's own Drizzle adapter does it (src/adapters/drizzle.ts).
 */
export function transactionJobDb(tx: Tx): JobDb {
  return {
    async executeSql(text, values = []) {
      const parts: string[] = [];
      const params: unknown[] = [];
      let last = 0;
      for (const match of text.matchAll(/\$(\d+)/g)) {
        parts.push(text.slice(last, match.index));
        params.push(values[Number(match[1]) - 1]);
        last = match.index! + match[0].length;
      }
      parts.push(text.slice(last));
      const strings = Object.assign([...parts], { raw: [...parts] }) as unknown as TemplateStringsArray;
      const result = (await tx.execute(sql(strings, ...params.map((value) => sql.param(value))))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

/** A job id made from a key (a UUID of its SHA-256): the same key twice is one job, whoever enqueues it. */
export function jobIdFor(key: string): string {
  const hex = createHash("sha256").update(key).digest("hex");
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Retries of a delivery: 8 tries over about 40 minutes (backoff doubles from 10 s), then 'failed'. */
export const DELIVERY_RETRIES = { retryLimit: 8, retryDelay: 10, retryBackoff: true } as const;

/** The process's queue (started by the server at start-up, and by tests that run jobs). */
export function getJobQueue(): PgBoss {
  const boss = peekSingleton<PgBoss>("job-queue");
  if (!boss) throw new Error("The job queue is not started (startJobQueue).");
  return boss;
}

/** Starts pg-boss on the database (no schema changes: migrate false), with its maintenance, without its cron. */
export async function startJobQueue(database: Database, options: { maintenanceIntervalSeconds?: number } = {}): Promise<PgBoss> {
  const boss = new PgBoss({
    db: jobDb(database) as PgBoss.Db,
    schema: JOB_SCHEMA,
    migrate: false,
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 120,
  });
  await boss.start();
  setSingleton("job-queue", boss);
  return boss;
}

/** Stops the workers (waiting for the jobs they hold) and the queue's maintenance. */
export async function stopJobQueue(): Promise<void> {
  const boss = peekSingleton<PgBoss>("job-queue");
  if (!boss) return;
  setSingleton("job-queue", undefined);
  await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
}

/**
 * Enqueues a job in the caller's transaction: it exists only if the transaction commits. With a `key`, the job's id
 * is made from it, and enqueueing the same key again does nothing (returns null).
 */
export async function enqueue<T extends object>(
  tx: Tx,
  queue: string,
  data: T,
  options: { key?: string; startAfter?: Date; retries?: { retryLimit: number; retryDelay: number; retryBackoff: boolean } } = {},
): Promise<string | null> {
  return getJobQueue().send(queue, data, {
    ...(options.retries ?? DELIVERY_RETRIES),
    db: transactionJobDb(tx) as PgBoss.Db,
    ...(options.key ? { id: jobIdFor(options.key) } : {}),
    ...(options.startAfter ? { startAfter: options.startAfter } : {}),
  });
}
