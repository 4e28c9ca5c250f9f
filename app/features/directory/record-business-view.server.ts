import { and, eq, sql } from "drizzle-orm";
import { businesses } from "../../../db/schema";
import { getDb } from "../../lib/db.server";
import { isUuid } from "../../lib/ids";
import { logger } from "../../lib/logger.server";
import { singleton } from "../../lib/singleton.server";
import type { SessionUser } from "../accounts/session-user";
import { recordListingView } from "../analytics/record-listing-events.server";
import { isPublicBusiness } from "./internal/public-business.server";

/**
 * Counts one page view of a public business atomically and queues it for the owner's analytics (issue 18);
 * returns the new count, or null when not counted (not public, or the viewer is the listing's owner: owners
 * looking at their own page are not visitors).
 */
export async function recordBusinessView(id: string, viewer: SessionUser | null = null): Promise<number | null> {
  if (!isUuid(id)) return null;
  const [row] = await getDb()
    .update(businesses)
    .set({ viewCount: sql`${businesses.viewCount} + 1` })
    .where(and(eq(businesses.id, id), isPublicBusiness, viewer ? sql`${businesses.userId} <> ${viewer.id}` : undefined))
    .returning({ viewCount: businesses.viewCount });
  if (!row) return null;
  recordListingView(id, viewer);
  return row.viewCount;
}

/** How long queued views wait at most before they are written. */
export const VIEW_FLUSH_INTERVAL_MS = 1_000;
/** Listings kept for a retry after a failed write at most (a database outage must not exhaust memory). */
const MAX_QUEUED_LISTINGS = 50_000;

const queue = singleton("queued-business-views", () => ({
  counts: new Map<string, number>(),
  timer: null as NodeJS.Timeout | null,
  writing: Promise.resolve() as Promise<void>,
}));

/**
 * Counts a view of a business page served from the page cache (issue 19, ADR 28) to an anonymous visitor:
 * the same count as recordBusinessView, but added up in memory and written for every listing at once, at
 * most a second later, so a page served a thousand times a second costs one UPDATE a second, not a thousand.
 */
export function queueBusinessView(id: string): void {
  const queued = queue.counts.get(id);
  if (queued !== undefined) queue.counts.set(id, queued + 1);
  else if (isUuid(id) && queue.counts.size < MAX_QUEUED_LISTINGS) queue.counts.set(id, 1);
  else return;
  if (!queue.timer) {
    queue.timer = setTimeout(() => void flushBusinessViews(), VIEW_FLUSH_INTERVAL_MS);
    queue.timer.unref();
  }
}

/** Writes the queued views now (the timer, shutdown, tests); only public listings count. */
export function flushBusinessViews(): Promise<void> {
  const next = queue.writing.then(writeQueuedViews);
  queue.writing = next.catch(() => undefined);
  return next;
}

async function writeQueuedViews(): Promise<void> {
  if (queue.timer) {
    clearTimeout(queue.timer);
    queue.timer = null;
  }
  if (queue.counts.size === 0) return;
  // Sorted, so two processes writing the same listings take their row locks in one order.
  const batch = [...queue.counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  queue.counts.clear();
  const input = JSON.stringify(batch.map(([id, n]) => ({ id, n })));
  try {
    const counted = await getDb()
      .update(businesses)
      .set({ viewCount: sql`${businesses.viewCount} + v.n` })
      .from(sql`jsonb_to_recordset(${input}::jsonb) as v(id uuid, n int)`)
      .where(and(sql`${businesses.id} = v.id`, isPublicBusiness))
      .returning({ id: businesses.id, n: sql<number>`v.n` });
    for (const row of counted) recordListingView(row.id, null, Number(row.n));
  } catch (error) {
    // Kept for the next write (the page views happened); a listing that stops being public simply finds no row.
    for (const [id, n] of batch) {
      if (!queue.counts.has(id) && queue.counts.size >= MAX_QUEUED_LISTINGS) continue;
      queue.counts.set(id, (queue.counts.get(id) ?? 0) + n);
    }
    logger.error({ err: error, listings: batch.length }, "could not write queued page views; kept for the next write");
    if (!queue.timer) {
      queue.timer = setTimeout(() => void flushBusinessViews(), VIEW_FLUSH_INTERVAL_MS * 5);
      queue.timer.unref();
    }
  }
}
