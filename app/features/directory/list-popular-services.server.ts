import { POPULAR_SERVICES } from "../../lib/reference";
import { TtlCache } from "./internal/directory-caches.server";
import { parseBusinessFilters } from "./parse-business-filters";
import { searchBusinesses } from "./search-businesses.server";

const popular = new TtlCache<string[]>(1);

/**
 * Home's 'Popular This Week' (spec 01 §2): the spec's services that a search finds at least one listing for, in the
 * spec's order (issue 32: a link that leads to zero results is a dead end). Each is the search its link runs, so the
 * two cannot disagree; kept like the directory's other caches (60 s, emptied with them when listings change). Public.
 */
export async function listPopularServices(): Promise<string[]> {
  return popular.through("popular", async () => {
    const found = await Promise.all(
      POPULAR_SERVICES.map(async (service) => {
        const result = await searchBusinesses(parseBusinessFilters(new URLSearchParams({ q: service })));
        return result.items.length > 0 ? service : null;
      }),
    );
    return found.filter((service): service is (typeof POPULAR_SERVICES)[number] => service !== null);
  });
}
