import { sql } from "drizzle-orm";
import { getDb, queryRows } from "../../lib/db.server";
import { ANALYTICS_MAX_DAYS } from "./analytics.schemas";

/** Raw events deleted per statement at most (the scheduler runs a few batches a tick). */
export const LISTING_EVENTS_PURGE_BATCH = 10_000;

/**
 * Raw listing events older than 90 days go (issue 18, ADR 25); the daily rollups stay, and the dashboards read
 * only those. Bounded batches through the occurred_at index, oldest first; returns how many rows went.
 */
export async function purgeListingEvents(now: Date = new Date(), maxBatches = 10): Promise<number> {
  const cutoff = new Date(now.getTime() - ANALYTICS_MAX_DAYS * 86_400_000);
  let total = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const [row] = await queryRows<{ n: number }>(
      getDb(),
      sql`with gone as (
            delete from listing_events where id in (
              select id from listing_events where occurred_at < ${cutoff.toISOString()}::timestamptz order by occurred_at limit ${LISTING_EVENTS_PURGE_BATCH})
            returning 1)
          select count(*)::int as n from gone`,
    );
    const n = Number(row?.n ?? 0);
    total += n;
    if (n < LISTING_EVENTS_PURGE_BATCH) break;
  }
  return total;
}
