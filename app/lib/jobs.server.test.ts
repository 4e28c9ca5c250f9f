/**
 * The job queue on both drivers (ADR 34): pg-boss's statements go through our own adapters (the pool, PGlite's one
 * connection, a Drizzle transaction), so what is enqueued in a transaction lives and dies with it.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase, getDb, queryRows } from "./db.server";
import { enqueue, enqueueSql, getJobQueue, jobIdFor, JOBS_PER_TURN, PermanentJobFailure, startJobQueue, stopJobQueue } from "./jobs.server";
import { getMetrics } from "./metrics.server";

const QUEUE = "test-deliveries";
const URGENT = "test-urgent";
const ran: { to: string; attempt: number }[] = [];
const failUntil = new Map<string, number>();

beforeAll(async () => {
  await getJobQueue().createQueue(QUEUE);
  await getJobQueue().createQueue(URGENT);
  // The server's own workers (startJobQueue's loop), checking every 0.2 s.
  await startJobQueue(
    getDatabase(),
    {
      [QUEUE]: async ({ to }: { to: string }) => {
        const attempt = ran.filter((r) => r.to === to).length + 1;
        ran.push({ to, attempt });
        if (to === "refused") throw new PermanentJobFailure("refused for good", { cause: new Error("550 no such mailbox <ada@example.com>") });
        if (attempt <= (failUntil.get(to) ?? 0)) throw new Error(`provider down for ${to}: 550 <jane.doe@example.com> rejected, call +234 803 555 0141`);
      },
      [URGENT]: async ({ to }: { to: string }) => {
        ran.push({ to, attempt: 1 });
      },
    },
    { pollingIntervalSeconds: 0.2 },
  );
});
afterAll(async () => {
  await stopJobQueue();
  // The queue's jobs, then the queue and its partition: the next file on this worker starts without them.
  for (const queue of [QUEUE, URGENT]) {
    await getDb().execute(sql`delete from pgboss.job where name = ${queue}`);
    await getDb().execute(sql`select pgboss.delete_queue(${queue})`);
  }
});

const jobs = (to: string) =>
  queryRows<{ id: string; state: string; retry_count: number; output: { message?: string } | null }>(
    getDb(),
    sql`select id, state, retry_count, output from pgboss.job where name = ${QUEUE} and data->>'to' = ${to} order by created_on`,
  );

describe("the job queue", () => {
  it("a job enqueued in a transaction that rolls back never exists; committed, a worker runs it once", async () => {
    await getDb()
      .transaction(async (tx) => {
        await enqueue(tx, QUEUE, { to: "rolled-back" });
        throw new Error("the change failed");
      })
      .catch(() => undefined);
    const id = await getDb().transaction((tx) => enqueue(tx, QUEUE, { to: "committed" }));
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(async () => (await jobs("committed"))[0]?.state, { timeout: 15_000 }).toBe("completed");
    expect(await jobs("rolled-back")).toEqual([]);
    expect(ran.filter((r) => r.to === "committed")).toHaveLength(1);
  });

  it("the same key enqueued twice, in two transactions, is one job", async () => {
    const key = `receipt:${Date.now()}`;
    const first = await getDb().transaction((tx) => enqueue(tx, QUEUE, { to: "keyed" }, { key }));
    const second = await getDb().transaction((tx) => enqueue(tx, QUEUE, { to: "keyed" }, { key }));
    expect(first).toBe(jobIdFor(key));
    expect(second).toBeNull();
    await expect.poll(async () => (await jobs("keyed")).map((j) => j.state), { timeout: 15_000 }).toEqual(["completed"]);
  });

  it("a job that fails is tried again, and one that keeps failing stays 'failed' with its error", async () => {
    failUntil.set("flaky", 1);
    failUntil.set("down", 99);
    const retries = { retryLimit: 2, retryDelay: 1, retryBackoff: false };
    await getDb().transaction(async (tx) => {
      await enqueue(tx, QUEUE, { to: "flaky" }, { retries });
      await enqueue(tx, QUEUE, { to: "down" }, { retries });
    });
    await expect.poll(async () => (await jobs("flaky"))[0]?.state, { timeout: 20_000 }).toBe("completed");
    await expect.poll(async () => (await jobs("down"))[0]?.state, { timeout: 20_000 }).toBe("failed");
    const [down] = await jobs("down");
    expect(down!.retry_count).toBe(2);
    // The error's message, with the address and the phone number a provider's answer named blanked out.
    expect(down!.output?.message).toBe("provider down for down: 550 <[address]> rejected, call [number]");
    expect(ran.filter((r) => r.to === "flaky").map((r) => r.attempt)).toEqual([1, 2]);
    expect(ran.filter((r) => r.to === "down")).toHaveLength(3);
    // A job that must not be tried again fails at once, its retries unused, with its cause's words.
    await getDb().transaction((tx) => enqueue(tx, QUEUE, { to: "refused" }, { retries }));
    await expect.poll(async () => (await jobs("refused"))[0]?.state, { timeout: 20_000 }).toBe("failed");
    expect(await jobs("refused")).toMatchObject([{ retry_count: 0, output: { message: "550 no such mailbox <[address]>" } }]);
    expect(ran.filter((r) => r.to === "refused")).toHaveLength(1);
    // Counted in /metrics by queue and state.
    expect(await getMetrics().registry.metrics()).toMatch(/^nd_jobs\{queue="test-deliveries",state="failed"\} 2$/m);
  });

  it("jobs enqueued by a statement of the caller's (enqueueSql) take the queue's retries, and none when no row asks", async () => {
    await getDb().transaction(async (tx) => {
      await tx.execute(sql`create temporary table if not exists wanted (to_whom text) on commit drop`);
      await tx.execute(sql`insert into wanted values ('from-sql-1'), ('from-sql-2')`);
      await tx.execute(sql`with job as (${enqueueSql(QUEUE, sql`select jsonb_build_object('to', to_whom) as data from wanted`)}) select count(*) from job`);
      await tx.execute(sql`with job as (${enqueueSql(QUEUE, sql`select jsonb_build_object('to', 'nobody') as data where false`)}) select count(*) from job`);
    });
    // Rolled back with its statement's transaction, like enqueue.
    await getDb()
      .transaction(async (tx) => {
        await tx.execute(sql`with job as (${enqueueSql(QUEUE, sql`select jsonb_build_object('to', 'sql-rolled-back') as data`)}) select count(*) from job`);
        throw new Error("the change failed");
      })
      .catch(() => undefined);
    await expect.poll(async () => [...(await jobs("from-sql-1")), ...(await jobs("from-sql-2"))].map((j) => j.state), { timeout: 15_000 }).toEqual(["completed", "completed"]);
    expect(await jobs("nobody")).toEqual([]);
    expect(await jobs("sql-rolled-back")).toEqual([]);
    // The queue's settings (pg-boss's createQueue defaults: 2 retries, no backoff, 15 minutes to run).
    const [job] = await queryRows<{ retry_limit: number; retry_backoff: boolean; expire_in: string; policy: string }>(
      getDb(),
      sql`select retry_limit, retry_backoff, extract(epoch from expire_in)::int::text as expire_in, policy from pgboss.job where name = ${QUEUE} and data->>'to' = 'from-sql-1'`,
    );
    expect(job).toEqual({ retry_limit: 2, retry_backoff: false, expire_in: "900", policy: "standard" });
  });

  it("a backlog on one queue does not hold up the others: each queue gets its turn every few jobs", async () => {
    await getDb().transaction(async (tx) => {
      for (let i = 0; i < 25; i++) await enqueue(tx, QUEUE, { to: `backlog-${i}` });
      await enqueue(tx, URGENT, { to: "urgent-code" });
    });
    await expect.poll(() => ran.filter((r) => r.to.startsWith("backlog-")).length, { timeout: 20_000 }).toBe(25);
    const order = ran.filter((r) => r.to.startsWith("backlog-") || r.to === "urgent-code").map((r) => r.to);
    expect(order.indexOf("urgent-code")).toBeGreaterThanOrEqual(0);
    expect(order.indexOf("urgent-code")).toBeLessThanOrEqual(JOBS_PER_TURN);
  });
});
