import { sql } from "drizzle-orm";
import { getDb, queryRows } from "../../lib/db.server";
import { PUBLIC_PAGES_CHANNEL } from "../../lib/public-changes.server";

/** How far back each run looks: twice the scheduler's usual minute, so a late or missed tick loses no start or end. */
export const OFFER_BOUNDARY_LOOKBACK_MS = 2 * 60_000;

/**
 * Offers start and end with time, changing no row: the 'offer-pages' job (server/scheduler.ts, every tick) asks
 * whether an approved offer started or ended within the last OFFER_BOUNDARY_LOOKBACK_MS, and if so announces a public
 * change, as the tables' triggers do (migration 0026): every process empties its page cache, so a cached business
 * page, home page or results page never shows an ended offer (nor misses a started one) for more than about a minute.
 * Two indexed range reads (business_offers_approved_starts_idx, business_offers_approved_ends_idx).
 */
export async function announceOfferBoundaries(now = new Date()): Promise<{ changed: boolean }> {
  const since = new Date(now.getTime() - OFFER_BOUNDARY_LOOKBACK_MS);
  const rows = await queryRows<{ changed: boolean }>(
    getDb(),
    sql`select (exists (select 1 from business_offers where status = 'approved' and starts_at > ${since} and starts_at <= ${now})
             or exists (select 1 from business_offers where status = 'approved' and ends_at > ${since} and ends_at <= ${now})) as changed`,
  );
  const changed = Boolean(rows[0]?.changed);
  if (changed) await queryRows(getDb(), sql`select pg_notify(${PUBLIC_PAGES_CHANNEL}, '')`);
  return { changed };
}
