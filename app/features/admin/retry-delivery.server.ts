import { sql } from "drizzle-orm";
import { AppError } from "../../lib/app-error";
import { auditActorOf, recordAudit } from "../../lib/audit.server";
import { getDb, queryRows } from "../../lib/db.server";
import { requireAdmin } from "../accounts/access";
import type { SessionUser } from "../accounts/session-user";
import { DELIVERY_TEXTS, RetryDeliverySchema } from "./admin.schemas";

/**
 * An admin's Retry on a delivery that failed for good (issue 33): in one transaction, the failed job is made due
 * again with one more try allowed — pg-boss 10's own retry (src/plans.js, `retryJobs`: state back to 'retry', its
 * retry limit one higher), due now rather than at its backoff — and the audit log records it. The server's workers
 * (every second, ADR 34) then send it. A job that is no longer failed (retried by another admin meanwhile, archived
 * after 30 days, forgotten with a deleted account) is a conflict; a form that names no delivery queue or no job id
 * is refused before anything is read.
 */
export async function retryDelivery(actor: SessionUser | null, input: { id: string; queue: string }): Promise<void> {
  requireAdmin(actor);
  const parsed = RetryDeliverySchema.safeParse({ id: input.id.trim(), queue: input.queue.trim() });
  if (!parsed.success) throw new AppError("invalid", DELIVERY_TEXTS.badDelivery);
  const { id, queue } = parsed.data;
  await getDb().transaction(async (tx) => {
    // The row is locked by the update: of two admins retrying at once, the second finds it no longer failed. Due a
    // second ago: pg-boss fetches jobs with start_after < now(), and the embedded database's clock can give the next
    // statement the same now() to the millisecond.
    const [retried] = await queryRows<{ retry_count: number; retry_limit: number }>(
      tx,
      sql`update pgboss.job set state = 'retry', retry_limit = retry_limit + 1, start_after = now() - interval '1 second'
          where name = ${queue} and id = ${id}::uuid and state = 'failed'
          returning retry_count, retry_limit`,
    );
    if (!retried) throw new AppError("conflict", DELIVERY_TEXTS.notFailed);
    await recordAudit(tx, auditActorOf(actor), {
      action: "delivery.retry",
      targetType: "delivery",
      targetId: id,
      before: { queue, state: "failed", tries: Number(retried.retry_count) + 1 },
      after: { queue, state: "retry" },
    });
  });
}
