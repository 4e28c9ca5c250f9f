/**
 * Deliveries that fail for good, made through the real queue (ADR 34, the admin's Deliveries tab): enqueued by the real
 * code in a transaction, then run by the real handlers (`runDueJobs(JOB_HANDLERS)`) with no retry left against an
 * outbox that refuses them — a check constraint on `email_outbox` refusing every subject with `REFUSED_MARK` in it, a
 * stand-in for a mail server that refuses — so pg-boss marks them `failed` with the database's error, as it would a
 * mail server's.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { getDb } from "../../app/lib/db.server";
import { enqueueEmail } from "../../app/lib/email.server";
import { jobIdFor, runDueJobs } from "../../app/lib/jobs.server";
import { JOB_HANDLERS } from "../../server/jobs";

/** A subject (or a business name, a payment reference) with this in it is refused while `refuseMarkedMail` holds. */
export const REFUSED_MARK = "refused-";
/** The constraint's name: what a failed delivery's error names. */
export const REFUSING_CONSTRAINT = "deliveries_test_refuse";

/**
 * Makes the outbox refuse every new e-mail whose subject carries REFUSED_MARK (once; again is nothing). NOT VALID: the
 * marked e-mails sent while it was off stay.
 */
export async function refuseMarkedMail(): Promise<void> {
  await getDb().execute(
    sql.raw(`do $$ begin
      alter table email_outbox add constraint ${REFUSING_CONSTRAINT} check (position('${REFUSED_MARK}' in subject) = 0) not valid;
    exception when duplicate_object then null;
    end $$`),
  );
}

/** The mail server is back: the outbox takes every e-mail again. */
export async function acceptMarkedMail(): Promise<void> {
  await getDb().execute(sql.raw(`alter table email_outbox drop constraint if exists ${REFUSING_CONSTRAINT}`));
}

/**
 * Runs the due jobs with the jobs `ids` allowed no retry, the outbox refusing marked mail: each of them whose e-mail is
 * marked fails for good (pg-boss's state 'failed', its error kept). Other due jobs run as a worker would run them.
 */
export async function failForGood(ids: string[]): Promise<void> {
  await refuseMarkedMail();
  await getDb().execute(sql`update pgboss.job set retry_limit = 0 where id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`);
  await runDueJobs(JOB_HANDLERS);
}

/**
 * An e-mail (queue `email`) that failed for good: enqueued with `enqueueEmail` in a transaction, then refused. Its
 * subject carries REFUSED_MARK. Returns the job's id and what it was.
 */
export async function failedEmail(input: { to?: string; subject?: string } = {}): Promise<{ id: string; to: string; subject: string }> {
  const key = `failed-delivery:${randomUUID()}`;
  const to = input.to ?? `someone-${randomUUID().slice(0, 8)}@example.com`;
  const subject = `${input.subject ?? "Your sign-in link"} ${REFUSED_MARK}${randomUUID().slice(0, 8)}`;
  await getDb().transaction((tx) => enqueueEmail(tx, { to, subject, text: "A test e-mail.\n", html: "<p>A test e-mail.</p>" }, { key }));
  const id = jobIdFor(key);
  await failForGood([id]);
  return { id, to, subject };
}

/** A job's state, retries and error, as pg-boss keeps it (null when there is no such job). */
export async function jobState(id: string): Promise<{ name: string; state: string; retry_count: number; retry_limit: number; error: string | null } | null> {
  const result = (await getDb().execute(
    sql`select name, state::text as state, retry_count, retry_limit, output->>'message' as error from pgboss.job where id = ${id}::uuid`,
  )) as unknown as { rows: { name: string; state: string; retry_count: number; retry_limit: number; error: string | null }[] };
  return result.rows[0] ?? null;
}
