/** Links into /businesses (spec 01 §2, Search form and Listing page). Pure and client-safe. */

export type FilterLink = {
  q?: string | null;
  region?: string | null;
  /** Kept only with a region (an LGA is one of a region's). */
  lga?: string | null;
  category?: string | null;
  sort?: "rating" | null;
  minRating?: 4 | null;
  /** Only verified listings (issue 35). */
  verified?: boolean | null;
  open?: "now" | null;
  page?: number | null;
  /** 'lat,lng' of a near-me search (ADR 23). */
  near?: string | null;
};

/** /businesses with only the non-empty parameters (q trimmed); page 1 is left out. */
export function businessesHref(filters: FilterLink): string {
  const query = businessesParams(filters).toString();
  return query ? `/businesses?${query}` : "/businesses";
}

/** The non-empty parameters of a search, as its link carries them (also a form's hidden inputs). */
export function businessesParams(filters: FilterLink): URLSearchParams {
  const params = new URLSearchParams();
  const q = filters.q?.trim();
  if (q) params.set("q", q);
  if (filters.region) params.set("region", filters.region);
  if (filters.region && filters.lga) params.set("lga", filters.lga);
  if (filters.category) params.set("category", filters.category);
  if (filters.minRating) params.set("rating", String(filters.minRating));
  if (filters.verified) params.set("verified", "1");
  if (filters.sort) params.set("sort", filters.sort);
  if (filters.open) params.set("open", filters.open);
  if (filters.near) params.set("near", filters.near);
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  return params;
}
