import { sql } from "drizzle-orm";
import { getDb, queryRows } from "../../../lib/db.server";
import { CATEGORIES, REGIONS, findCategory, findRegion, type Category, type Region } from "../../../lib/reference";
import { CATEGORIES_PATH, landingPath } from "../landing-pages";

/**
 * The landing pages that have public listings, for the sitemap: /categories, every category, every state and
 * every state's category with at least one listing (empty ones answer 404, so they are left out). One read of
 * the maintained per-state/category counts (at most 37 × 63 rows, however large the directory).
 */
export async function landingPagePaths(): Promise<string[]> {
  const rows = await queryRows<{ state: string; category: string }>(
    getDb(),
    sql`select state, category from business_facet_counts where count > 0`,
  );
  const states = new Set<Region>();
  const categories = new Set<Category>();
  const pairs = new Set<string>();
  for (const row of rows) {
    const state = findRegion(row.state);
    const category = findCategory(row.category);
    if (state) states.add(state);
    if (category) categories.add(category);
    if (state && category) pairs.add(`${state}\n${category}`);
  }
  // In the reference lists' order, so the file reads the same from one day to the next.
  return [
    CATEGORIES_PATH,
    ...CATEGORIES.filter((category) => categories.has(category)).map((category) => landingPath({ category })),
    ...REGIONS.filter((state) => states.has(state)).flatMap((state) => [
      landingPath({ state }),
      ...CATEGORIES.filter((category) => pairs.has(`${state}\n${category}`)).map((category) => landingPath({ state, category })),
    ]),
  ];
}
