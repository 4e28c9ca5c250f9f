/**
 * The job queue (issue 33, ADR 34): pg-boss on the app's own database, embedded (PGlite) or server (PostgreSQL).
 * Its schema (`pgboss`) comes with our migrations (0029_job_queue.sql and the queues' own), so pg-boss never changes
 * the schema at run time. A job is enqueued in the transaction of the change that causes it (`enqueue(tx, …)`):
 * rolled back, there is no job; committed, a worker runs it (at least once), retried with backoff, and a job that
 * fails for good stays in the table 30 days, state 'failed', for admins to see and retry.
 */
import { createHash } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import PgBoss from "pg-boss";
import { getDatabase, type Database, type Tx } from "./db.server";
import { logger } from "./logger.server";
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

/** What a queue's job does with its data; a throw means 'try again later' (pg-boss's retries). */
export type JobHandler = (data: never) => Promise<unknown>;

/**
 * The process's queue. Started by the server (`startJobQueue`: workers and maintenance); anywhere else (a CLI, a
 * test) an instance that is not started, which can enqueue and fetch but runs nothing by itself.
 */
export function getJobQueue(database?: Database): PgBoss {
  const started = peekSingleton<PgBoss>("job-queue");
  if (started) return started;
  const db = database ?? getDatabase();
  const key = `job-queue-idle:${db.kind}`;
  const cached = peekSingleton<{ boss: PgBoss; database: Database }>(key);
  if (cached?.database === db) return cached.boss;
  const boss = new PgBoss({ db: jobDb(db) as PgBoss.Db, schema: JOB_SCHEMA, migrate: false });
  setSingleton(key, { boss, database: db });
  return boss;
}

/**
 * What a failed job keeps as its error (what admins see, for 30 days): the cause's message when there is one (a
 * failed query's own message carries its parameters), with anything shaped like an e-mail address or a phone number
 * blanked (a mail server's refusal names the recipient), at most 500 characters. Never the stack.
 */
export function jobErrorMessage(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return (cause instanceof Error ? cause.message : String(cause))
    .replace(/[^\s<>()"',;:@]+@[^\s<>()"',;:@]+/g, "[address]")
    .replace(/\+?\d[\d\s-]{8,}\d/g, "[number]")
    .slice(0, 500);
}

/**
 * Thrown by a job that must not be tried again (a mail server's 5xx refusal, a number the SMS provider rejects): the
 * job is 'failed' at once, with its error, for admins to see, instead of waiting out its retries.
 */
export class PermanentJobFailure extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "PermanentJobFailure";
  }
}

/**
 * Runs the due jobs of one queue one after the other until none is left or `shouldStop()`: each fetched, its handler
 * run, then completed or failed (the failure keeps `jobErrorMessage` only), every step awaited so that a database
 * error in complete or fail ends the round (logged) instead of escaping. pg-boss 10's fetch swallows its own errors
 * and answers no job: a round whose fetch failed ends quietly, and the next round tries again. At most `most` jobs.
 * Returns how many ran.
 */
async function runQueue(boss: PgBoss, queue: string, handler: JobHandler, shouldStop: () => boolean = () => false, most = Infinity): Promise<number> {
  let ran = 0;
  while (!shouldStop() && ran < most) {
    const [job] = await boss.fetch<object>(queue, { batchSize: 1 });
    if (!job) break;
    ran++;
    let failure: string | null = null;
    let permanent = false;
    try {
      await handler(job.data as never);
    } catch (error) {
      failure = jobErrorMessage(error);
      permanent = error instanceof PermanentJobFailure;
    }
    if (failure === null) await boss.complete(queue, job.id);
    else {
      // No retry left: pg-boss's fail() makes it 'failed' rather than 'retry'.
      if (permanent) await boss.getDb().executeSql(`update ${JOB_SCHEMA}.job set retry_limit = retry_count where name = $1 and id = $2`, [queue, job.id]);
      await boss.fail(queue, job.id, { message: failure });
    }
  }
  return ran;
}

/** Jobs of one queue a worker runs before giving the next queue its turn. */
export const JOBS_PER_TURN = 10;

/** How long a stopping process waits for the job it is running (the rest waits in the database for another). */
export const JOB_STOP_WAIT_MS = 3_000;

/**
 * How often pg-boss's maintenance runs: each process's timer fires at this interval, and the first to find the last
 * run (pgboss.version.maintained_on) at least this long ago runs it for everyone. Its first step fails the 'active'
 * jobs older than their expire_in (failJobsByTimeout: to 'retry', or 'failed' with no try left), which is how a job
 * whose process died mid-run is tried again: after its expire_in (60 s for texts, db/migrations/0038_delivery_expiry.sql)
 * plus the wait for the next run (under this interval as a rule, under twice it when a timer falls just short), then
 * its retry delay. pg-boss's default, 120 s, made that wait up to 4 minutes. The cost: a one-row UPDATE per process
 * per interval, and per run three short statements under pg-boss's advisory lock (expire, archive, drop).
 */
export const JOB_MAINTENANCE_INTERVAL_SECONDS = 30;

type Workers = { stop(): Promise<void> };

/**
 * Starts pg-boss on the database (no schema changes: migrate false) with its maintenance every
 * JOB_MAINTENANCE_INTERVAL_SECONDS unless told otherwise and without its cron (failed jobs kept 30 days in
 * `pgboss.job`, then archived), and a worker per queue in `handlers`: a loop of our own that
 * checks every `pollingIntervalSeconds` and runs what is due, one job at a time (`runQueue`).
 */
export async function startJobQueue(
  database: Database,
  handlers: Record<string, JobHandler> = {},
  options: { maintenanceIntervalSeconds?: number; pollingIntervalSeconds?: number } = {},
): Promise<PgBoss> {
  const boss = new PgBoss({
    db: jobDb(database) as PgBoss.Db,
    schema: JOB_SCHEMA,
    migrate: false,
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? JOB_MAINTENANCE_INTERVAL_SECONDS,
    archiveFailedAfterSeconds: 30 * 86_400,
  });
  boss.on("error", (error) => logger.error({ err: error }, "job queue error"));
  await boss.start();
  setSingleton("job-queue", boss);
  setSingleton("job-counts", () => countJobs(database));

  const intervalMs = (options.pollingIntervalSeconds ?? 1) * 1000;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();
  const poll = () => {
    round = (async () => {
      // The queues in turn, a few jobs of each at a time, until none has any due: a backlog on one queue (e-mail
      // after an SMTP outage) does not hold up the others (a sign-in code's SMS).
      for (let ranAny = true; ranAny && !stopping; ) {
        ranAny = false;
        for (const [queue, handler] of Object.entries(handlers)) {
          if (stopping) return;
          const ran = await runQueue(boss, queue, handler, () => stopping, JOBS_PER_TURN).catch((error: unknown) => {
            logger.error({ err: error, queue }, "job queue: a round of work failed");
            return 0;
          });
          if (ran > 0) ranAny = true;
        }
      }
    })().finally(() => {
      if (!stopping) timer = setTimeout(poll, intervalMs);
    });
  };
  if (Object.keys(handlers).length > 0) poll();
  const workers: Workers = {
    async stop() {
      stopping = true;
      clearTimeout(timer);
      await Promise.race([round, new Promise((resolve) => setTimeout(resolve, JOB_STOP_WAIT_MS).unref())]);
    },
  };
  setSingleton("job-workers", workers);
  return boss;
}

export type JobCount = { queue: string; state: "created" | "retry" | "active" | "failed"; count: number };

/**
 * Jobs per queue that are waiting (created), to be tried again (retry), running (active) or failed for good (failed):
 * `nd_jobs` in /metrics. Completed jobs are not counted (pg-boss archives and deletes them by itself).
 */
export async function countJobs(database: Database): Promise<JobCount[]> {
  const { rows } = await jobDb(database).executeSql(
    `select name as queue, state::text as state, count(*)::int as count from ${JOB_SCHEMA}.job
     where state in ('created', 'retry', 'active', 'failed') group by 1, 2 order by 1, 2`,
    [],
  );
  return rows as JobCount[];
}

/**
 * Runs every job of `handlers`' queues that is due now, one after the other, in this process, then returns how many
 * ran: what a worker does on its next round, without waiting for it (tests, and a CLI). A handler that throws fails
 * its job, which pg-boss retries later.
 */
export async function runDueJobs(handlers: Record<string, JobHandler>): Promise<number> {
  const boss = getJobQueue();
  let ran = 0;
  for (const [queue, handler] of Object.entries(handlers)) ran += await runQueue(boss, queue, handler);
  return ran;
}

/**
 * Stops the workers (the job in progress gets JOB_STOP_WAIT_MS to finish; one cut off stays 'active' until pg-boss
 * expires it and another process runs it again) and the queue's maintenance.
 */
export async function stopJobQueue(): Promise<void> {
  const boss = peekSingleton<PgBoss>("job-queue");
  if (!boss) return;
  await peekSingleton<Workers>("job-workers")?.stop();
  setSingleton("job-workers", undefined);
  setSingleton("job-queue", undefined);
  setSingleton("job-counts", undefined);
  await boss.stop({ graceful: false, wait: true, timeout: JOB_STOP_WAIT_MS });
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

/**
 * Enqueues jobs from inside one SQL statement of the caller's (a CTE: `with …, job as (${enqueueSql(…)}) …`): one
 * job per row of `rows` (a query whose one column `data` is the job's data), with the queue's own retry, expiry and
 * retention settings, in the statement's transaction. For a use case that is one statement by design (sending a
 * message, ADR 26), where `enqueue` would need a transaction around it. pg-boss 10's own insert (src/plans.js,
 * insertJob) with the queue's settings and no per-job options.
 */
export function enqueueSql(queue: string, rows: SQL): SQL {
  return sql`insert into pgboss.job (name, data, retry_limit, retry_delay, retry_backoff, expire_in, keep_until, policy)
    select q.name, r.data::jsonb, coalesce(q.retry_limit, 2),
      case when coalesce(q.retry_backoff, false) then greatest(coalesce(q.retry_delay, 0), 1) else coalesce(q.retry_delay, 0) end,
      coalesce(q.retry_backoff, false), coalesce(q.expire_seconds, 900) * interval '1s',
      now() + coalesce(q.retention_minutes * interval '1 minute', interval '14 days'), q.policy
    from (${rows}) r join pgboss.queue q on q.name = ${queue}
    returning id`;
}

/** Whether a job with this key was enqueued (and not yet deleted by pg-boss), seen from the caller's transaction. */
export async function jobExists(tx: Tx, queue: string, key: string): Promise<boolean> {
  const result = (await tx.execute(sql`select 1 from pgboss.job where name = ${queue} and id = ${jobIdFor(key)}::uuid
    union all select 1 from pgboss.archive where name = ${queue} and id = ${jobIdFor(key)}::uuid limit 1`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}
