import { sql } from "drizzle-orm";
import { getDb, queryRows } from "../../../lib/db.server";
import { CATEGORIES, REGIONS, findCategory, findRegion, type Category, type Region } from "../../../lib/reference";
import { lgaSlug, lgasOf } from "../../../lib/nigeria-lgas";
import { CATEGORIES_PATH, landingPath } from "../landing-pages";

/**
 * The landing pages that have public listings, for the sitemap: /categories, every category, every state,
 * every state's category and every state's LGA with at least one listing (empty ones answer 404, so they are
 * left out). Two reads of the maintained counts (per state and category: at most 37 × 63 rows; per state, LGA
 * and category: at most 774 × 63), however large the directory.
 */
export async function landingPagePaths(): Promise<string[]> {
  const rows = await queryRows<{ state: string; category: string }>(
    getDb(),
    sql`select state, category from business_facet_counts where count > 0`,
  );
  const lgaRows = await queryRows<{ state: string; lga: string }>(
    getDb(),
    sql`select state, lga from business_lga_counts where count > 0 group by state, lga`,
  );
  const lgas = new Set(lgaRows.map((row) => `${row.state}\n${row.lga}`));
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
      ...lgasOf(state).filter((lga) => lgas.has(`${state}\n${lga}`)).map((lga) => landingPath({ state, lga: { name: lga, slug: lgaSlug(lga) } })),
    ]),
  ];
}
