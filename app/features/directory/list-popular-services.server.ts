import { desc, sql } from "drizzle-orm";
import { popularServices } from "../../../db/schema";
import { getDb } from "../../lib/db.server";
import { findCategory, POPULAR_SERVICES, type Category } from "../../lib/reference";
import { TtlCache } from "./internal/directory-caches.server";
import { parseBusinessFilters } from "./parse-business-filters";
import { searchBusinesses } from "./search-businesses.server";

/** How many 'Popular This Week' shows. */
export const POPULAR_SHOWN = 6;

/** A category people searched for and contacted this week, or one of the fixed services (a search). */
export type PopularService = { kind: "category"; category: Category } | { kind: "search"; text: (typeof POPULAR_SERVICES)[number] };

const popular = new TtlCache<PopularService[]>(1);

/**
 * Home's 'Popular This Week' (spec 01 §2, issue 37): the categories most searched for and contacted in the last 7
 * days (popular_services, kept by the job 'popular-services': refresh-popular-services.server.ts), searches and
 * contacts together, the most first; then, up to POPULAR_SHOWN, the spec's fixed services that a search finds at
 * least one listing for (issue 32: a link that leads to zero results is a dead end), in the spec's order. Kept like
 * the directory's other caches (60 s, emptied with them when listings change). Public.
 */
export async function listPopularServices(): Promise<PopularService[]> {
  return popular.through("popular", async () => {
    const rows = await getDb()
      .select({ category: popularServices.category })
      .from(popularServices)
      .orderBy(desc(sql`${popularServices.searches} + ${popularServices.contacts}`), popularServices.category)
      .limit(POPULAR_SHOWN);
    const shown: PopularService[] = rows.flatMap((row) => {
      const category = findCategory(row.category);
      return category ? [{ kind: "category" as const, category }] : [];
    });
    if (shown.length >= POPULAR_SHOWN) return shown;
    const named = new Set<string>(shown.map((item) => (item.kind === "category" ? item.category.toLowerCase() : "")));
    const fixed = await Promise.all(
      POPULAR_SERVICES.filter((service) => !named.has(service.toLowerCase())).map(async (service) => {
        const result = await searchBusinesses(parseBusinessFilters(new URLSearchParams({ q: service })));
        return result.items.length > 0 ? service : null;
      }),
    );
    for (const text of fixed) if (text && shown.length < POPULAR_SHOWN) shown.push({ kind: "search", text });
    return shown;
  });
}
