import { sql } from "drizzle-orm";
import { businesses } from "../../../db/schema";
import { getDb, queryRows } from "../../lib/db.server";
import { isUuid } from "../../lib/ids";
import { logger } from "../../lib/logger.server";
import { singleton } from "../../lib/singleton.server";
import type { SessionUser } from "../accounts/session-user";
import { onceAndBurstCtes } from "../analytics/count-visits.server";
import type { CountingVisit } from "../analytics/counting";
import { recordListingView } from "../analytics/record-listing-events.server";
import { isPublicBusiness } from "./internal/public-business.server";

/**
 * Counts a page view of a public business (issue 18) once per visitor and 30-minute window (issue 38, analytics'
 * counting.ts) and queues it for the owner's analytics; returns the new count, or null when nothing was added to it
 * (not public, the viewer is the listing's owner, the visitor was counted already, or the view is held back as part
 * of a burst: written for the admins, not counted).
 */
export async function recordBusinessView(id: string, viewer: SessionUser | null, visit: CountingVisit): Promise<number | null> {
  if (!isUuid(id)) return null;
  const [row] = await countViews([{ id, visit }], viewer);
  if (!row) return null;
  recordListingView(id, viewer, 1, row.held);
  return row.held ? null : row.viewCount;
}

/**
 * One statement for any number of views: the visitors new in the window (counted_visits), judged against their
 * source's burst limit, added to each public listing's view count; the viewer's own listing is never counted.
 * Returns the counted (and held) views per listing and visitor, with the listing's new count.
 */
async function countViews(
  views: { id: string; visit: CountingVisit }[],
  viewer: SessionUser | null,
): Promise<{ id: string; held: boolean; viewCount: number | null }[]> {
  const input = JSON.stringify(views.map(({ id, visit }) => ({ id, bucket: visit.bucket, visitor: visit.visitor, source: visit.source })));
  const rows = await queryRows<{ id: string; held: boolean; view_count: number | null }>(
    getDb(),
    sql`with input as (
        select * from jsonb_to_recordset(${input}::jsonb) as v(id uuid, bucket int, visitor text, source text)
      ), candidates as (
        select v.bucket, v.id as business_id, 'view'::text as kind, v.visitor, v.source
        from input v join ${businesses} on ${businesses.id} = v.id
        where ${isPublicBusiness} ${viewer ? sql`and ${businesses.userId} <> ${viewer.id}` : sql``}
      ), ${onceAndBurstCtes()}, added as (
        select business_id, count(*)::int as n from judged where not held group by 1
      ), bumped as (
        update ${businesses} set view_count = ${businesses.viewCount} + added.n from added
        where ${businesses.id} = added.business_id
        returning ${businesses.id} as id, ${businesses.viewCount} as view_count
      )
      select j.business_id as id, j.held, bumped.view_count from judged j left join bumped on bumped.id = j.business_id
      order by j.business_id`,
  );
  return rows.map((r) => ({ id: r.id, held: Boolean(r.held), viewCount: r.view_count === null ? null : Number(r.view_count) }));
}

/** How long queued views wait at most before they are written. */
export const VIEW_FLUSH_INTERVAL_MS = 1_000;
/** Views kept waiting at most (a database outage must not exhaust memory). */
const MAX_QUEUED_VIEWS = 50_000;

const queue = singleton("queued-business-views", () => ({
  views: new Map<string, { id: string; visit: CountingVisit }>(),
  timer: null as NodeJS.Timeout | null,
  writing: Promise.resolve() as Promise<void>,
}));

/**
 * Counts a view of a business page served from the page cache (issue 19, ADR 28) to an anonymous visitor: the
 * same rule as recordBusinessView (once per visitor and window), but gathered in memory and written for every
 * listing at once, at most a second later, so a page served a thousand times a second costs one statement a second.
 */
export function queueBusinessView(id: string, visit: CountingVisit): void {
  const key = `${id}|${visit.bucket}|${visit.visitor}`;
  if (queue.views.has(key) || !isUuid(id) || queue.views.size >= MAX_QUEUED_VIEWS) return;
  queue.views.set(key, { id, visit });
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
  if (queue.views.size === 0) return;
  // Sorted, so two processes writing the same listings take their row locks in one order.
  const batch = [...queue.views].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  queue.views.clear();
  try {
    const counted = await countViews(batch.map(([, view]) => view), null);
    const perListing = new Map<string, { n: number; held: number }>();
    for (const row of counted) {
      const tally = perListing.get(row.id) ?? { n: 0, held: 0 };
      if (row.held) tally.held += 1;
      else tally.n += 1;
      perListing.set(row.id, tally);
    }
    for (const [id, { n, held }] of perListing) {
      if (n > 0) recordListingView(id, null, n);
      if (held > 0) recordListingView(id, null, held, true);
    }
  } catch (error) {
    // Kept for the next write (the page views happened); a listing that stops being public simply finds no row.
    for (const [key, view] of batch) {
      if (queue.views.size >= MAX_QUEUED_VIEWS) break;
      queue.views.set(key, view);
    }
    logger.error({ err: error, views: batch.length }, "could not write queued page views; kept for the next write");
    if (!queue.timer) {
      queue.timer = setTimeout(() => void flushBusinessViews(), VIEW_FLUSH_INTERVAL_MS * 5);
      queue.timer.unref();
    }
  }
}
