/** Links into /businesses (spec 01 §2, Search form and Listing page). Pure and client-safe. */
import { formatNumber } from "../../lib/format";

export type FilterLink = {
  q?: string | null;
  region?: string | null;
  /** Kept only with a region (an LGA is one of a region's). */
  lga?: string | null;
  category?: string | null;
  sort?: "rating" | null;
  minRating?: 4 | null;
  open?: "now" | null;
  page?: number | null;
  /** 'lat,lng' of a near-me search (ADR 23). */
  near?: string | null;
};

/** /businesses with only the non-empty parameters (q trimmed); page 1 is left out. */
export function businessesHref(filters: FilterLink): string {
  const params = new URLSearchParams();
  const q = filters.q?.trim();
  if (q) params.set("q", q);
  if (filters.region) params.set("region", filters.region);
  if (filters.region && filters.lga) params.set("lga", filters.lga);
  if (filters.category) params.set("category", filters.category);
  if (filters.minRating) params.set("rating", String(filters.minRating));
  if (filters.sort) params.set("sort", filters.sort);
  if (filters.open) params.set("open", filters.open);
  if (filters.near) params.set("near", filters.near);
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  const query = params.toString();
  return query ? `/businesses?${query}` : "/businesses";
}

/** The number of sidebar filters in use (region, LGA, category, 'Rated 4+' and 'Open now'). */
export function activeFilterCount(filters: { region?: string | null; lga?: string | null; category?: string | null; minRating?: 4 | null; open?: string | null }): number {
  return [filters.region, filters.region && filters.lga, filters.category, filters.minRating, filters.open].filter(Boolean).length;
}

/** An estimate rounded to two significant figures (16,228 → 16,000). */
export function roughly(n: number): number {
  if (n < 100) return n;
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1);
  return Math.round(n / unit) * unit;
}

/** A count as the filter list shows it: '1,234', or '~16,000' when estimated (the page adds 'about' for screen readers). */
export function formatCount(n: number, isEstimate: boolean): string {
  return isEstimate ? `~${formatNumber(roughly(n))}` : formatNumber(n);
}

/**
 * The line above the results: '1,234 businesses', 'About 16,000 businesses for “lagos” · Eatery · Lagos',
 * '… · Ikeja, Lagos · Rated 4+ · Open now', '12 businesses within 25 km'.
 */
export function resultSummary(
  total: number,
  isEstimate: boolean,
  filters: { q: string; region: string | null; lga?: string | null; category: string | null; minRating?: 4 | null; open?: string | null },
  near?: { radiusKm: number; capped: boolean } | null,
): string {
  const count = isEstimate
    ? `About ${formatNumber(roughly(total))} businesses`
    : `${near?.capped ? "At least " : ""}${formatNumber(total)} ${total === 1 ? "business" : "businesses"}`;
  const where = near ? ` within ${near.radiusKm} km` : "";
  const place = filters.region && filters.lga ? `${filters.lga}, ${filters.region}` : filters.region;
  return [`${count}${filters.q ? ` for “${filters.q}”` : ""}${where}`, filters.category, place, filters.minRating && "Rated 4+", filters.open && "Open now"]
    .filter(Boolean)
    .join(" · ");
}
