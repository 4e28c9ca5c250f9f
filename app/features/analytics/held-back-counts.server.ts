import { sql } from "drizzle-orm";
import { getDb, queryRows } from "../../lib/db.server";

/** A listing's events held back from its owner's figures (counting.ts rule 3), per kind group. */
export type HeldBackListing = { id: string; name: string; views: number; appearances: number; taps: number };
export type HeldBack = { views: number; appearances: number; taps: number; listings: HeldBackListing[] };

/** How many listings the admins' overview names. */
export const HELD_BACK_LISTINGS = 10;

/**
 * The events held back since `since` (bursts from one source: counting.ts rule 3), in total and for the listings with
 * the most, for the admins' Overview (its caller authorizes). Reads the held rows only (partial index
 * `listing_events_held_idx`), so its cost follows the bursts, not the traffic.
 */
export async function heldBackSince(since: Date): Promise<HeldBack> {
  const rows = await queryRows<{ id: string | null; name: string | null; views: number; appearances: number; taps: number }>(
    getDb(),
    sql`with held as (
        select business_id,
          coalesce(sum(count) filter (where kind = 'view'), 0)::int as views,
          coalesce(sum(count) filter (where kind = 'impression'), 0)::int as appearances,
          coalesce(sum(count) filter (where kind in ('call', 'whatsapp', 'website', 'directions')), 0)::int as taps
        from listing_events where held and occurred_at >= ${since.toISOString()}::timestamptz group by 1
      ), top as (
        select h.business_id as id, b.name, h.views, h.appearances, h.taps from held h join businesses b on b.id = h.business_id
        order by h.views + h.appearances + h.taps desc, h.business_id limit ${HELD_BACK_LISTINGS}
      )
      select null as id, null as name, coalesce(sum(views), 0)::int as views, coalesce(sum(appearances), 0)::int as appearances,
        coalesce(sum(taps), 0)::int as taps from held
      union all
      select id, name, views, appearances, taps from top`,
  );
  const [totals, ...listings] = rows;
  return {
    views: Number(totals?.views ?? 0), appearances: Number(totals?.appearances ?? 0), taps: Number(totals?.taps ?? 0),
    listings: listings.map((r) => ({ id: String(r.id), name: String(r.name), views: Number(r.views), appearances: Number(r.appearances), taps: Number(r.taps) })),
  };
}
