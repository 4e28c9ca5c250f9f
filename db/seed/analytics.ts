/**
 * Demo analytics (issue 18): 90 days of daily figures for the demo owner's listings and a few others, the
 * search words that showed them, and the raw events of the last two days (as the event buffer would have
 * written them: the rollups of those days are the sums of their events). From its own seeded sequence, so
 * the demo plan's sequence is untouched and every run gives the same figures.
 */
import { listingDailyStats, listingEvents, listingSearchWords } from "../schema";
import type { Db, Tx } from "../../app/lib/db.server";
import { daysBefore, normalizeSearchWords, watDay } from "../../app/features/analytics/analytics.schemas";
import { Rng, type BusinessPlan } from "./data";

/** How many listings besides the demo owner's get figures (the first approved ones of the plan). */
export const DEMO_ANALYTICS_OTHER_LISTINGS = 6;
const DAYS = 90;
const RAW_EVENT_DAYS = 2;
const CHUNK = 500;

type Listing = Pick<BusinessPlan, "key" | "ownerKey" | "status" | "category" | "city" | "products" | "agoMs"> & { id: string };

/** Which listings the demo shows analytics for: every approved listing of `ownerKey`, then a few others. */
export function listingsWithAnalytics<T extends Pick<BusinessPlan, "ownerKey" | "status">>(listings: readonly T[], ownerKey: string): T[] {
  const approved = listings.filter((b) => b.status === "approved");
  return [...approved.filter((b) => b.ownerKey === ownerKey), ...approved.filter((b) => b.ownerKey !== ownerKey).slice(0, DEMO_ANALYTICS_OTHER_LISTINGS)];
}

/** Around `mean`, never below 0: enough spread for a chart to look like people, not a formula. */
function around(rng: Rng, mean: number): number {
  if (mean <= 0) return 0;
  return Math.max(0, Math.round(mean * (0.55 + rng.float() * 0.9)));
}

export async function seedListingAnalytics(tx: Db | Tx, input: { listings: readonly Listing[]; now: number; seed: number }): Promise<{ days: number; words: number; events: number }> {
  const rng = new Rng(input.seed ^ 0xa11a);
  const today = watDay(new Date(input.now));
  const stats: (typeof listingDailyStats.$inferInsert)[] = [];
  const words: (typeof listingSearchWords.$inferInsert)[] = [];
  const events: (typeof listingEvents.$inferInsert)[] = [];
  for (const listing of input.listings) {
    const created = watDay(new Date(input.now - listing.agoMs));
    const base = rng.int(6, 30);
    const texts = [...new Set([listing.category, `${listing.category} ${listing.city}`, ...listing.products.slice(0, 3)].map(normalizeSearchWords))]
      .filter((t): t is string => t !== null);
    for (let back = DAYS - 1; back >= 0; back--) {
      const day = daysBefore(today, back);
      if (day < created) continue;
      // A little growth over the period and busier weekends (Saturday, Sunday).
      const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
      const mean = base * (0.75 + (0.5 * (DAYS - back)) / DAYS) * (weekday === 6 || weekday === 0 ? 1.3 : 1);
      const views = around(rng, mean);
      const row = {
        businessId: listing.id, day, views, impressions: around(rng, mean * 4.5),
        calls: around(rng, views * 0.05), whatsapp: around(rng, views * 0.07), website: around(rng, views * 0.02),
        directions: around(rng, views * 0.03), conversations: rng.chance(0.25) ? rng.int(1, 2) : 0,
        messages: 0, replies: 0, replySeconds: [] as number[],
      };
      row.messages = row.conversations === 0 ? 0 : row.conversations + rng.int(0, 3);
      for (let c = 0; c < row.conversations; c++) {
        if (rng.chance(0.8)) row.replySeconds.push(rng.int(4, 360) * 60);
      }
      row.replies = row.replySeconds.length;
      stats.push(row);
      let left = row.impressions;
      for (const text of texts) {
        if (left <= 0 || !rng.chance(0.6)) continue;
        const count = Math.min(left, rng.int(1, Math.max(1, Math.ceil(row.impressions / 3))));
        left -= count;
        words.push({ businessId: listing.id, day, words: text, count });
      }
      if (back < RAW_EVENT_DAYS) events.push(...eventsOf(row, words.filter((w) => w.businessId === listing.id && w.day === day), input.now, back));
    }
  }
  for (let i = 0; i < stats.length; i += CHUNK) await tx.insert(listingDailyStats).values(stats.slice(i, i + CHUNK));
  for (let i = 0; i < words.length; i += CHUNK) await tx.insert(listingSearchWords).values(words.slice(i, i + CHUNK));
  for (let i = 0; i < events.length; i += CHUNK) await tx.insert(listingEvents).values(events.slice(i, i + CHUNK));
  return { days: stats.length, words: words.length, events: events.length };
}

/**
 * A day's figures as raw events, one row per kind (count = the day's figure; impressions with search words
 * split by words), at midday Lagos time, or an hour before now for today. First replies one row each.
 */
function eventsOf(
  row: { businessId: string; day: string; views: number; impressions: number; calls: number; whatsapp: number; website: number; directions: number; conversations: number; messages: number; replySeconds: number[] },
  words: { words: string; count?: number }[],
  now: number,
  back: number,
): (typeof listingEvents.$inferInsert)[] {
  const occurredAt = back === 0 ? new Date(Math.max(Date.parse(`${row.day}T00:00:00+01:00`), now - 3_600_000)) : new Date(`${row.day}T12:00:00+01:00`);
  const out: (typeof listingEvents.$inferInsert)[] = [];
  const add = (kind: string, count: number, extra: { words?: string; replySeconds?: number } = {}) => {
    if (count > 0) out.push({ businessId: row.businessId, kind, occurredAt, count, ...extra });
  };
  add("view", row.views);
  const withWords = words.reduce((n, w) => n + (w.count ?? 0), 0);
  add("impression", row.impressions - withWords);
  for (const w of words) add("impression", w.count ?? 0, { words: w.words });
  add("call", row.calls);
  add("whatsapp", row.whatsapp);
  add("website", row.website);
  add("directions", row.directions);
  add("conversation", row.conversations);
  add("message", row.messages);
  for (const seconds of row.replySeconds) add("reply", 1, { replySeconds: seconds });
  return out;
}
