import { sql } from "drizzle-orm";
import { getDatabase, getDb, queryRows } from "../../lib/db.server";
import { resetSearchCaches } from "./search-businesses.server";

/** Public listings counted at this process's last ANALYZE (null: not yet looked). */
let countAtAnalyze: number | null = null;

export type RefreshThresholds = { minChange?: number; share?: number };

/**
 * The search reads the planner's statistics of the listings (the most common words, how many listings a
 * text is expected to match) to choose between ranking every match and counting a sample. PostgreSQL's
 * autovacuum keeps them current; the embedded database has no autovacuum, so this chore does what it
 * would: ANALYZE the listings when they were never analysed, and again once the number of public
 * listings has moved by minChange + share of it (autovacuum's defaults: 50 rows + 10%) since the last
 * time. Returns whether it analysed. At 100,000 listings an ANALYZE takes about 2 s on the embedded
 * database, which is why it runs only on such a change.
 */
export async function refreshSearchStatistics({ minChange = 50, share = 0.1 }: RefreshThresholds = {}): Promise<boolean> {
  if (getDatabase().kind !== "embedded") return false;
  const [row] = await queryRows<{ public_count: number; has_statistics: boolean }>(
    getDb(),
    sql`select (select coalesce(sum(count), 0)::int from business_facet_counts) as public_count,
      exists (select 1 from pg_stats where schemaname = current_schema() and tablename = 'businesses' and attname = 'search_vector') as has_statistics`,
  );
  const publicCount = Number(row?.public_count ?? 0);
  if (row?.has_statistics) {
    // Statistics from before this process started are taken as current for the count it finds.
    if (countAtAnalyze === null) countAtAnalyze = publicCount;
    if (Math.abs(publicCount - countAtAnalyze) <= minChange + share * countAtAnalyze) return false;
  } else if (publicCount === 0) {
    return false;
  }
  await getDb().execute(sql`analyze businesses`);
  countAtAnalyze = publicCount;
  resetSearchCaches();
  return true;
}

/** Forgets the count of this process's last ANALYZE (tests: the next file's database is another database). */
export function forgetLastAnalyze(): void {
  countAtAnalyze = null;
}
