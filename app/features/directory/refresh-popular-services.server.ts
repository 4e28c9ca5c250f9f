import { sql } from "drizzle-orm";
import { popularServices } from "../../../db/schema";
import { getDb, queryRows } from "../../lib/db.server";
import { CONTACT_CHANNELS, findCategory, type Category } from "../../lib/reference";
import { daysBefore, watDay } from "../analytics/analytics.schemas";
import { categoryOfSearch } from "./internal/search-terms";

/** 'Popular This Week' counts the last 7 WAT days, today included. */
export const POPULAR_DAYS = 7;
/** The most searched texts a run reads (each mapped to the category it names, if any). */
const SEARCH_TEXTS = 2_000;

/**
 * The home page's 'Popular This Week' (issue 37), recomputed by the scheduled job 'popular-services'
 * (server/scheduler.ts): a system chore, no session. Per category, over the last POPULAR_DAYS WAT days:
 * - searches naming it ('plumber ikeja', 'chemist', 'mama put': categoryOfSearch), from the search words the
 *   analytics keep per listing and day (listing_search_words): for each text and day, the most times one listing was
 *   shown for it, since a search's first page shows each listing once; a text naming no category (a business's name,
 *   a phone number) is never counted, so no one's words reach the home page;
 * - contact taps and conversations started on its public listings (listing_events, by its time index).
 * The whole table is replaced in one transaction: running it twice gives the same rows.
 */
export async function refreshPopularServices(now: Date = new Date()): Promise<{ categories: number }> {
  const db = getDb();
  const today = watDay(now);
  const from = daysBefore(today, POPULAR_DAYS - 1);
  const searched = await queryRows<{ words: string; searches: number }>(
    db,
    sql`select words, sum(shown)::int as searches
        from (select day, words, max(count) as shown from listing_search_words where day between ${from}::date and ${today}::date group by day, words) d
        group by words order by searches desc, words limit ${SEARCH_TEXTS}`,
  );
  // [00:00 WAT of the first day, now]: 00:00 WAT is 23:00 UTC the day before.
  const since = new Date(Date.parse(`${from}T00:00:00Z`) - 3_600_000);
  const contacted = await queryRows<{ category: string; contacts: number }>(
    db,
    sql`select b.category, sum(e.count)::int as contacts from listing_events e join businesses b on b.id = e.business_id
        where e.occurred_at >= ${since} and e.kind in (${sql.join([...CONTACT_CHANNELS, "conversation"].map((kind) => sql`${kind}`), sql`, `)})
          and b.category is not null
        group by b.category`,
  );
  const tally = new Map<Category, { searches: number; contacts: number }>();
  const of = (category: Category) => tally.get(category) ?? tally.set(category, { searches: 0, contacts: 0 }).get(category)!;
  for (const { words, searches } of searched) {
    const category = categoryOfSearch(words);
    if (category) of(category).searches += Number(searches);
  }
  for (const { category, contacts } of contacted) {
    const known = findCategory(category);
    if (known) of(known).contacts += Number(contacts);
  }
  const rows = [...tally].map(([category, counts]) => ({ category, ...counts, computedAt: now }));
  await db.transaction(async (tx) => {
    await tx.delete(popularServices);
    if (rows.length > 0) await tx.insert(popularServices).values(rows);
  });
  return { categories: rows.length };
}
