import { sql } from "drizzle-orm";
import { getDb, queryRows } from "../../lib/db.server";
import { ANALYTICS_MAX_DAYS, daysBefore, watDay } from "./analytics.schemas";
import { purgeCountedVisitsSql } from "./count-visits.server";
import { countBucket } from "./counting";

/** Rows deleted per statement at most. */
export const LISTING_EVENTS_PURGE_BATCH = 10_000;
/** How long one run may keep deleting (the job runs every 10 minutes; what is left waits for the next). */
export const PURGE_TIME_BUDGET_MS = 30_000;

/**
 * Raw listing events older than 90 days go, and search words of days older than 90 (nothing reads them: Premium
 * reads 90 days at most); the daily rollups stay, and the dashboards read only those (issue 18, ADR 25).
 * Batches through the `occurred_at` and `day` indexes, oldest first, until nothing old is left or the time
 * budget is spent. Also forgets the visitors counted before the previous 30-minute window (counting.ts). Returns how
 * many rows of each went.
 */
export async function purgeListingEvents(
  now: Date = new Date(),
  budgetMs = PURGE_TIME_BUDGET_MS,
): Promise<{ events: number; searchWords: number; countedVisits: number }> {
  const started = Date.now();
  const cutoff = new Date(now.getTime() - ANALYTICS_MAX_DAYS * 86_400_000).toISOString();
  const firstKeptDay = daysBefore(watDay(now), ANALYTICS_MAX_DAYS);
  const inBatches = async (statement: () => ReturnType<typeof sql>): Promise<number> => {
    let total = 0;
    for (;;) {
      const [row] = await queryRows<{ n: number }>(getDb(), statement());
      const n = Number(row?.n ?? 0);
      total += n;
      if (n < LISTING_EVENTS_PURGE_BATCH || Date.now() - started > budgetMs) return total;
    }
  };
  const events = await inBatches(
    () => sql`with gone as (
        delete from listing_events where id in (
          select id from listing_events where occurred_at < ${cutoff}::timestamptz order by occurred_at limit ${LISTING_EVENTS_PURGE_BATCH})
        returning 1)
      select count(*)::int as n from gone`,
  );
  const searchWords = await inBatches(
    () => sql`with gone as (
        delete from listing_search_words where (business_id, day, words) in (
          select business_id, day, words from listing_search_words where day < ${firstKeptDay}::date order by day limit ${LISTING_EVENTS_PURGE_BATCH})
        returning 1)
      select count(*)::int as n from gone`,
  );
  // The visitors counted in windows before the previous one, and spent view tokens past their expiry (issue 38).
  const [forgotten] = await queryRows<{ visits: number; tokens: number }>(getDb(), purgeCountedVisitsSql(countBucket(now.getTime())));
  return { events, searchWords, countedVisits: Number(forgotten?.visits ?? 0) + Number(forgotten?.tokens ?? 0) };
}
