import { sql } from "drizzle-orm";
import { getDatabase, getDb, queryRows } from "../../lib/db.server";
import { countJobs } from "../../lib/jobs.server";
import { t } from "../../lib/i18n/i18n";
import { ADMIN_PAGE_SIZE, pageWindow, toPaged, type Paged } from "../../lib/pagination";
import { requireAdmin } from "../accounts/access";
import type { SessionUser } from "../accounts/session-user";
import { DELIVERY_QUEUES, type DeliveryQueue } from "./admin.schemas";

/** One delivery that failed for good (a `failed` job of a delivery queue), as the Deliveries tab shows it. */
export type FailedDelivery = {
  /** The job's id (what Retry names). */
  id: string;
  queue: DeliveryQueue;
  /** The address it was for; null when what it referred to is gone (a payment, a message, an account). */
  to: string | null;
  /** What it was about: the subject, the payment's reference, the business's name; null when gone. */
  about: string | null;
  enqueuedAt: Date;
  failedAt: Date | null;
  /** How many times it was tried (pg-boss counts the retries after the first). */
  tries: number;
  /** The error it failed with (the job's kept message, addresses blanked: ADR 34). */
  error: string | null;
};

/** How many deliveries of a queue wait to be sent, wait to be tried again, and failed for good. */
export type DeliveryCount = { queue: DeliveryQueue; created: number; retry: number; failed: number };

export type FailedDeliveries = { list: Paged<FailedDelivery>; counts: DeliveryCount[] };

const queueList = sql.join(
  DELIVERY_QUEUES.map((queue) => sql`${queue}`),
  sql`, `,
);

/**
 * The admin's Deliveries tab (issue 33): the deliveries that failed for good, newest failure first, a page at a time
 * (pg-boss keeps them 30 days in `pgboss.job`), each with whom it was for and what about, read from the job's data or
 * the rows it names (the payment and its payer; the message's business and its owner, the message's recipient); and
 * above them, per queue, how many wait, wait for a retry and failed (`countJobs`, what /metrics reads).
 */
export async function listFailedDeliveries(actor: SessionUser | null, input: { page: number }): Promise<FailedDeliveries> {
  requireAdmin(actor);
  const { limit, offset } = pageWindow(input.page, ADMIN_PAGE_SIZE);
  const rows = await queryRows<{
    id: string; queue: DeliveryQueue; created_on: Date | string; completed_on: Date | string | null; retry_count: number; error: string | null;
    email_to: string | null; email_subject: string | null; template_name: string | null; reference: string | null; payer_email: string | null;
    business_name: string | null; owner_email: string | null; notice_email: string | null;
  }>(
    getDb(),
    sql`select j.id, j.name as queue, j.created_on, j.completed_on, j.retry_count,
          coalesce(j.output->>'message', j.output->'value'->>'message') as error,
          j.data->>'to' as email_to, j.data->>'subject' as email_subject, j.data->'template'->>'name' as template_name,
          j.data->>'reference' as reference,
          case when pu.deleted_at is null then pu.email end as payer_email,
          b.name as business_name,
          case when ou.deleted_at is null then ou.email end as owner_email,
          case when nu.deleted_at is null then nu.email end as notice_email
        from pgboss.job j
          left join payments p on j.name = 'payment-receipt' and p.reference = j.data->>'reference'
          left join "user" pu on pu.id = p.user_id
          left join business_messages m on j.name = 'message-notice'
            and m.id = case when j.data->>'messageId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                            then (j.data->>'messageId')::uuid end
          left join businesses b on b.id = m.business_id
          left join "user" ou on ou.id = m.recipient_id
          left join "user" nu on j.name = 'notice' and nu.id = j.data->>'userId'
        where j.name in (${queueList}) and j.state = 'failed'
        order by j.completed_on desc nulls last, j.id
        limit ${limit} offset ${offset}`,
  );
  const page = toPaged(rows, input.page, ADMIN_PAGE_SIZE);
  const counted = await countJobs(getDatabase());
  const counts = DELIVERY_QUEUES.map((queue) => {
    const of = (state: string) => counted.find((c) => c.queue === queue && c.state === state)?.count ?? 0;
    return { queue, created: Number(of("created")), retry: Number(of("retry")), failed: Number(of("failed")) };
  });
  return {
    counts,
    list: {
      ...page,
      rows: page.rows.map((row) => ({
        id: row.id,
        queue: row.queue,
        to:
          row.queue === "email" || row.queue === "sms" || row.queue === "whatsapp" ? row.email_to
          : row.queue === "payment-receipt" ? row.payer_email
          : row.queue === "notice" ? row.notice_email
          : row.owner_email,
        // A text's words are never shown (a sign-in code may be among them): its kind or template only.
        about:
          row.queue === "email" || row.queue === "notice" ? row.email_subject
          : row.queue === "payment-receipt" ? row.reference
          : row.queue === "sms" ? t("Text message")
          : row.queue === "whatsapp" ? row.template_name
          : row.business_name,
        enqueuedAt: new Date(row.created_on),
        failedAt: row.completed_on ? new Date(row.completed_on) : null,
        tries: Number(row.retry_count) + 1,
        error: row.error,
      })),
    },
  };
}
