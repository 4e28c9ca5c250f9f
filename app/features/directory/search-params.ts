/** Links into /businesses (spec 01 §2, Search form and Listing page). Pure and client-safe. */

export type FilterLink = { q?: string | null; region?: string | null; category?: string | null; page?: number | null };

/** /businesses with only the non-empty parameters (q trimmed); page 1 is left out. */
export function businessesHref(filters: FilterLink): string {
  const params = new URLSearchParams();
  const q = filters.q?.trim();
  if (q) params.set("q", q);
  if (filters.region) params.set("region", filters.region);
  if (filters.category) params.set("category", filters.category);
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  const query = params.toString();
  return query ? `/businesses?${query}` : "/businesses";
}

/** The number of sidebar filters in use (region and category). */
export function activeFilterCount(filters: { region?: string | null; category?: string | null }): number {
  return (filters.region ? 1 : 0) + (filters.category ? 1 : 0);
}
