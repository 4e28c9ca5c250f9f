/**
 * A text cut off mid-send by the death of its process (SIGKILL, a crash) is sent again once its job expires (issue 33,
 * ADR 34): the sms and whatsapp queues' 60 s expiry (db/migrations/0038_delivery_expiry.sql), which a job takes when
 * it is inserted, and pg-boss's own maintenance, run by the server's supervision (startJobQueue), which moves the
 * orphaned 'active' job to 'retry' for a worker to send, once. The clock is moved by SQL (the job's started_on, then
 * its retry's start_after), never waited for; the rest is real: the queue, its maintenance, the workers and the SMS
 * job against a fake Termii (tests/support/fake-termii.ts).
 */
import { sql } from "drizzle-orm";
import type PgBoss from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JOB_HANDLERS } from "../../server/jobs";
import { fakeTermii, type FakeTermii } from "../../tests/support/fake-termii";
import { getDatabase, getDb, queryRows } from "./db.server";
import { EMAIL_QUEUE } from "./email.server";
import { getEnv, setEnv, type Env } from "./env.server";
import { enqueue, enqueueSql, getJobQueue, startJobQueue, stopJobQueue } from "./jobs.server";
import { enqueueSms, SMS_QUEUE } from "./sms.server";
import { WHATSAPP_QUEUE } from "./whatsapp.server";

let termii: FakeTermii;
let original: Env;

beforeAll(async () => {
  termii = await fakeTermii();
  original = getEnv();
  setEnv({ ...original, SMS_PROVIDER: "termii", TERMII_API_KEY: termii.apiKey, TERMII_SENDER_ID: "NaijaDir", TERMII_BASE_URL: termii.baseUrl });
});
afterAll(async () => {
  await stopJobQueue();
  setEnv(original);
  await termii?.close();
});

type JobRow = { id: string; state: string; retry_count: number; expire_s: number; due_in_s: number; output: { value?: { message?: string } } | null };

const job = async (id: string) =>
  (
    await queryRows<JobRow>(
      getDb(),
      sql`select id, state::text, retry_count, extract(epoch from expire_in)::float8 as expire_s,
            extract(epoch from start_after - now())::float8 as due_in_s, output
          from pgboss.job where id = ${id}::uuid`,
    )
  )[0];

describe("a text whose process died mid-send", () => {
  it("the text queues expire a job after 60 s, e-mail keeps pg-boss's 15 minutes; a job takes its queue's at insert (send and enqueueSql)", async () => {
    const queues = await queryRows<{ name: string; expire_seconds: number | null }>(
      getDb(),
      sql`select name, expire_seconds from pgboss.queue where name in (${SMS_QUEUE}, ${WHATSAPP_QUEUE}, ${EMAIL_QUEUE}) order by name`,
    );
    expect(queues).toEqual([
      { name: EMAIL_QUEUE, expire_seconds: null },
      { name: SMS_QUEUE, expire_seconds: 60 },
      { name: WHATSAPP_QUEUE, expire_seconds: 60 },
    ]);

    const sent = (await getDb().transaction((tx) => enqueueSms(tx, { to: "+2348035550101", text: "by send" })))!;
    const [statement] = await queryRows<{ id: string }>(
      getDb(),
      sql`with job as (${enqueueSql(SMS_QUEUE, sql`select jsonb_build_object('to', '+2348035550102', 'text', 'by enqueueSql') as data`)}) select id from job`,
    );
    const email = (await getDb().transaction((tx) => enqueue(tx, EMAIL_QUEUE, { to: "ada@example.com", subject: "s", text: "t", html: "<p>t</p>" })))!;
    expect([(await job(sent))?.expire_s, (await job(statement!.id))?.expire_s, (await job(email))?.expire_s]).toEqual([60, 60, 900]);
    // Not sent: the next test's workers start with no text but its own.
    await getDb().execute(sql`delete from pgboss.job where id in (${sent}::uuid, ${statement!.id}::uuid, ${email}::uuid)`);
  });

  it("its 'active' job is tried again by the queue's maintenance once expired, and the text sent exactly once", async () => {
    const to = "+2348035550199";
    const id = (await getDb().transaction((tx) => enqueueSms(tx, { to, text: "Naija Directory: your sign-in code is 482913" })))!;

    // The process that dies: it takes the job (now 'active') and never completes or fails it.
    const [taken] = await getJobQueue().fetch(SMS_QUEUE, { batchSize: 1 });
    expect(taken?.id).toBe(id);
    expect((await job(id))?.state).toBe("active");

    // The server's queue as a surviving process runs it: workers polling every 0.2 s and pg-boss's own maintenance,
    // every second here (JOB_MAINTENANCE_INTERVAL_SECONDS in production).
    const boss: PgBoss = await startJobQueue(getDatabase(), { [SMS_QUEUE]: JOB_HANDLERS[SMS_QUEUE]! }, { pollingIntervalSeconds: 0.2, maintenanceIntervalSeconds: 1 });
    let maintenanceRuns = 0;
    boss.on("maintenance", () => maintenanceRuns++);
    const maintenanceRun = () => new Promise<void>((resolve) => boss.once("maintenance", () => resolve()));

    // Within its 60 s a maintenance run leaves it alone, and no worker takes an active job: nothing is sent.
    await maintenanceRun();
    expect(await job(id)).toMatchObject({ state: "active", retry_count: 0, expire_s: 60 });
    expect(termii.calls).toHaveLength(0);

    // A minute later (started_on moved back by its expire_in): the next run fails it by timeout, to 'retry' with the
    // queue's retry delay (10 s, doubling, with jitter: 10 to 20 s for the first).
    const before = maintenanceRuns;
    await getDb().execute(sql`update pgboss.job set started_on = started_on - expire_in where id = ${id}::uuid`);
    await expect.poll(async () => (await job(id))?.state, { timeout: 15_000 }).toBe("retry");
    expect(maintenanceRuns).toBeGreaterThan(before);
    const retried = (await job(id))!;
    expect(retried.output?.value?.message).toBe("job failed by timeout in active state");
    expect(retried.retry_count).toBe(0);
    expect(retried.due_in_s).toBeGreaterThan(8);
    expect(retried.due_in_s).toBeLessThanOrEqual(20);
    expect(termii.calls).toHaveLength(0);

    // The retry's wait moved to now: a worker sends it, once.
    await getDb().execute(sql`update pgboss.job set start_after = now() - interval '1 second' where id = ${id}::uuid`);
    await expect.poll(async () => (await job(id))?.state, { timeout: 15_000 }).toBe("completed");
    expect((await job(id))?.retry_count).toBe(1);
    // A maintenance run and many polling rounds later: still one text, one job.
    await maintenanceRun();
    expect(termii.sent.filter((s) => s.to === to.slice(1))).toEqual([
      expect.objectContaining({ text: "Naija Directory: your sign-in code is 482913", channel: "dnd", kind: "sms" }),
    ]);
    expect(termii.calls).toHaveLength(1);
    const rows = await queryRows<{ n: number }>(getDb(), sql`select count(*)::int as n from pgboss.job where name = ${SMS_QUEUE} and data->>'to' = ${to}`);
    expect(rows[0]?.n).toBe(1);
  });
});
