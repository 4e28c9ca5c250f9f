import { sql } from "drizzle-orm";
import { getDb, queryRows } from "../../../lib/db.server";
import { logger } from "../../../lib/logger.server";
import type { ListingEventKind } from "../../../lib/reference";
import { singleton } from "../../../lib/singleton.server";
import { watDay } from "../analytics.schemas";
import { onceAndBurstCtes } from "../count-visits.server";
import type { CountingVisit } from "../counting";

/**
 * Listing events wait here, in the process, and are written in batches (ADR 25): a page never waits for an
 * analytics write. Events of one kind for one listing, day, search text and viewer are added up in memory, so
 * a busy search page costs one row per listing and batch, not one per impression.
 */
export type ListingEventInput = {
  businessId: string;
  kind: ListingEventKind;
  at?: Date;
  /** An impression's normalised search text. */
  words?: string | null;
  /** The signed-in person who caused it: the listing's owner is left out when the batch is written. */
  viewerId?: string | null;
  /** A first reply's seconds since the conversation's first message. */
  replySeconds?: number | null;
  /** How many such events (1 unless given). */
  count?: number;
  /**
   * Who caused it, for the kinds counted once per visitor and window (counting.ts): written only when this visitor
   * was not counted for this listing and kind in the window yet, and held back when its source is bursting.
   */
  visit?: CountingVisit | null;
  /** Already judged a burst by the caller (a page view, counted by directory's view counter): written as held. */
  held?: boolean;
};

type Pending = {
  businessId: string; kind: ListingEventKind; at: Date; words: string | null; viewerId: string | null; replySeconds: number | null; count: number;
  visit: CountingVisit | null; held: boolean;
};

/** How long events wait at most before they are written. */
export const FLUSH_INTERVAL_MS = 2_000;
/** A batch this large is written at once. */
export const FLUSH_AT_ENTRIES = 1_000;
/** Entries kept for a retry after a failed write at most (a database outage must not exhaust memory). */
const MAX_RETAINED_ENTRIES = 50_000;
/** After a failed write, the next waits this long (a full buffer does not hurry it). */
const RETRY_AFTER_MS = FLUSH_INTERVAL_MS * 5;
/** Writes failing this many times in a row: what waits is given up (logged), so one bad batch cannot block the rest forever. */
const MAX_FAILED_WRITES = 5;

const state = singleton("listing-event-buffer", () => ({
  entries: new Map<string, Pending>(),
  timer: null as NodeJS.Timeout | null,
  writing: Promise.resolve() as Promise<void>,
  inFlight: false,
  retryAt: 0,
  failures: 0,
  dropped: 0,
}));

function keyOf(e: Pending): string {
  // First replies are kept one by one: each carries its own time.
  if (e.kind === "reply") return `${e.businessId}|reply|${e.at.getTime()}|${Math.random()}`;
  // Once per visitor and window: a second one in the same batch is the same count.
  if (e.visit) return `${e.businessId}|${e.kind}|v|${e.visit.bucket}|${e.visit.visitor}`;
  return `${e.businessId}|${e.kind}|${watDay(e.at)}|${e.words ?? ""}|${e.viewerId ?? ""}|${e.held ? "held" : ""}`;
}

function add(e: Pending): void {
  const key = keyOf(e);
  const existing = state.entries.get(key);
  if (existing) {
    if (!e.visit) existing.count += e.count;
  } else state.entries.set(key, { ...e, count: e.visit ? 1 : e.count });
}

function pending(e: ListingEventInput, at: Date): Pending {
  return {
    businessId: e.businessId, kind: e.kind, at: e.at ?? at, words: e.words ?? null, viewerId: e.viewerId ?? null,
    replySeconds: e.replySeconds ?? null, count: e.count ?? 1, visit: e.visit ?? null, held: e.held ?? false,
  };
}

/** Queues events to be written with the next batch; returns at once. */
export function bufferListingEvents(events: ListingEventInput[]): void {
  const now = new Date();
  for (const e of events) add(pending(e, now));
  // A full buffer is written at once, unless a write is under way or the last one failed a moment ago.
  if (state.entries.size >= FLUSH_AT_ENTRIES && !state.inFlight && Date.now() >= state.retryAt) void flushListingEvents();
  else if (!state.timer && state.entries.size > 0) {
    state.timer = setTimeout(() => void flushListingEvents(), FLUSH_INTERVAL_MS);
    state.timer.unref();
  }
}

/** How many entries are waiting (tests, metrics). */
export function pendingListingEvents(): number {
  return state.entries.size;
}

/**
 * Writes what is waiting: the raw events and the day's rollups (and search words) in one statement, so they
 * always agree. The listing's owner's own actions are dropped there (by the listing's user_id), and events
 * of listings deleted meanwhile simply find no row. An event counted once per visitor (counting.ts) is kept only
 * when its visitor is new in `counted_visits` for the listing, kind and window, and held back (raw, marked `held`,
 * never in the rollups) past the burst limit of its source. A failed write keeps the entries for the next batch.
 */
export function flushListingEvents(): Promise<void> {
  const next = state.writing.then(writeBatch);
  state.writing = next.catch(() => undefined);
  return next;
}

async function writeBatch(): Promise<void> {
  if (state.timer) {
    clearTimeout(state.timer);
    state.timer = null;
  }
  if (state.entries.size === 0) return;
  const batch = [...state.entries.values()];
  state.entries.clear();
  // Sorted, so two processes writing the same listings take their row locks in one order.
  batch.sort((a, b) => (a.businessId < b.businessId ? -1 : a.businessId > b.businessId ? 1 : a.at.getTime() - b.at.getTime()));
  const rows = batch.map((e, seq) => ({
    seq, business_id: e.businessId, kind: e.kind, occurred_at: e.at.toISOString(), count: e.count, words: e.words,
    reply_seconds: e.replySeconds, viewer_id: e.viewerId, held: e.held,
    bucket: e.visit?.bucket ?? null, visitor: e.visit?.visitor ?? null, source: e.visit?.source ?? null,
  }));
  state.inFlight = true;
  try {
    await queryRows(getDb(), writeSql(JSON.stringify(rows)));
    state.failures = 0;
    state.retryAt = 0;
  } catch (error) {
    state.failures += 1;
    state.retryAt = Date.now() + RETRY_AFTER_MS;
    const givingUp = state.failures >= MAX_FAILED_WRITES;
    for (const e of batch) {
      if (givingUp || state.entries.size >= MAX_RETAINED_ENTRIES) {
        state.dropped += e.count;
        continue;
      }
      add(e);
    }
    if (givingUp) state.failures = 0;
    logger.error(
      { err: error, entries: batch.length, dropped: state.dropped, failures: state.failures },
      givingUp ? "could not write listing events five times in a row; these are dropped" : "could not write listing events; kept for the next batch",
    );
    if (state.timer) clearTimeout(state.timer);
    state.timer = state.entries.size > 0 ? setTimeout(() => void flushListingEvents(), RETRY_AFTER_MS) : null;
    state.timer?.unref();
  } finally {
    state.inFlight = false;
  }
}

/** The day of an event in Africa/Lagos (UTC+1), whatever the session's time zone. */
const WAT_DAY = sql.raw(`((occurred_at at time zone 'UTC') + interval '1 hour')::date`);
const sumOf = (kind: ListingEventKind) => sql.raw(`coalesce(sum(count) filter (where kind = '${kind}'), 0)::int`);

function writeSql(rowsJson: string) {
  return sql`
    with input as (
      select * from jsonb_to_recordset(${rowsJson}::jsonb)
        as e(seq int, business_id uuid, kind text, occurred_at timestamptz, count int, words text, reply_seconds int, viewer_id text,
             held boolean, bucket int, visitor text, source text)
    ), kept as (
      select e.* from input e join businesses b on b.id = e.business_id
      where e.viewer_id is null or b.user_id is distinct from e.viewer_id
    ), candidates as (
      select bucket, business_id, kind, visitor, source from kept where visitor is not null
    ), ${onceAndBurstCtes()}, counted as (
      select k.seq, k.business_id, k.kind, k.occurred_at, k.count, k.words, k.reply_seconds, k.held from kept k where k.visitor is null
      union all
      select k.seq, k.business_id, k.kind, k.occurred_at, k.count, k.words, k.reply_seconds, j.held
      from kept k join judged j on j.bucket = k.bucket and j.business_id = k.business_id and j.kind = k.kind and j.visitor = k.visitor
    ), ins as (
      -- One raw row per listing, kind, day, words and batch, as before (first replies one by one: each has its time).
      insert into listing_events (business_id, kind, occurred_at, count, words, reply_seconds, held)
      select business_id, kind, max(occurred_at), sum(count)::int, words, reply_seconds, held from counted
      group by business_id, kind, ${WAT_DAY}, words, reply_seconds, held, case when kind = 'reply' then seq end
      order by business_id, max(occurred_at)
      returning business_id, kind, occurred_at, count, words, reply_seconds, held
    ), days as (
      select business_id, ${WAT_DAY} as day,
        ${sumOf("view")} as views, ${sumOf("impression")} as impressions, ${sumOf("call")} as calls,
        ${sumOf("whatsapp")} as whatsapp, ${sumOf("website")} as website, ${sumOf("directions")} as directions,
        ${sumOf("conversation")} as conversations, ${sumOf("message")} as messages, ${sumOf("reply")} as replies,
        ${sumOf("quote")} as quotes,
        coalesce(array_agg(reply_seconds) filter (where kind = 'reply' and reply_seconds is not null), '{}') as reply_seconds
      from ins where not held group by 1, 2
    ), rolled as (
      insert into listing_daily_stats as s
        (business_id, day, views, impressions, calls, whatsapp, website, directions, conversations, messages, replies, quotes, reply_seconds)
      select business_id, day, views, impressions, calls, whatsapp, website, directions, conversations, messages, replies, quotes, reply_seconds
      from days order by business_id, day
      on conflict (business_id, day) do update set
        views = s.views + excluded.views, impressions = s.impressions + excluded.impressions, calls = s.calls + excluded.calls,
        whatsapp = s.whatsapp + excluded.whatsapp, website = s.website + excluded.website,
        directions = s.directions + excluded.directions, conversations = s.conversations + excluded.conversations,
        messages = s.messages + excluded.messages, replies = s.replies + excluded.replies, quotes = s.quotes + excluded.quotes,
        reply_seconds = s.reply_seconds || excluded.reply_seconds
      returning 1
    ), words as (
      insert into listing_search_words as w (business_id, day, words, count)
      select business_id, ${WAT_DAY}, words, sum(count)::int from ins
      where kind = 'impression' and words is not null and not held group by 1, 2, 3 order by 1, 2, 3
      on conflict (business_id, day, words) do update set count = w.count + excluded.count
      returning 1
    )
    select (select count(*) from ins)::int as events, (select count(*) from rolled)::int as days, (select count(*) from words)::int as words`;
}
