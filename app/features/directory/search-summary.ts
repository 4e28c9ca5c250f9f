/**
 * What /businesses and the landing pages say about a result set: the filter count, counts as shown, the line
 * above the results. Apart from search-params.ts so the home page's JavaScript (which only builds links) does
 * not carry them (check:bundle).
 */
import { formatNumber } from "../../lib/format";
import { t } from "../../lib/i18n/i18n";
import { categoryName } from "../../lib/reference";

/** The number of sidebar filters in use (region, LGA, category, 'Rated 4+', 'Verified' and 'Open now'). */
export function activeFilterCount(filters: { region?: string | null; lga?: string | null; category?: string | null; minRating?: 4 | null; verified?: boolean | null; open?: string | null }): number {
  return [filters.region, filters.region && filters.lga, filters.category, filters.minRating, filters.verified, filters.open].filter(Boolean).length;
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
 * '… · Ikeja, Lagos · Rated 4+ · Open now', '12 businesses within 25 km of Ikeja, Lagos' (a named place), '… within
 * 25 km around Ikeja, Lagos' (a shared point, named by its nearest LGA), in the current language. `near.place` is
 * 'near ‹place›' or 'around ‹place›' (how businesses.tsx describes the point).
 */
export function resultSummary(
  total: number,
  isEstimate: boolean,
  filters: { q: string; region: string | null; lga?: string | null; category: string | null; minRating?: 4 | null; verified?: boolean | null; open?: string | null },
  near?: { radiusKm: number; capped: boolean; place?: string | null } | null,
): string {
  // A capped near search read only the nearest listings: none of them matching says nothing of those farther out.
  const shown = { total: formatNumber(total) };
  let results: string;
  if (isEstimate) results = t("About {{total}} businesses", { total: formatNumber(roughly(total)) });
  else if (near?.capped && total === 0) results = t("No businesses among the nearest listings");
  else if (near?.capped) results = total === 1 ? t("At least {{total}} business", shown) : t("At least {{total}} businesses", shown);
  else results = total === 1 ? t("{{total}} business", shown) : t("{{total}} businesses", shown);
  if (filters.q) results = t("{{results}} for “{{q}}”", { results, q: filters.q });
  if (near) {
    const [, how, place] = /^(near|around) (.+)$/.exec(near.place ?? "") ?? [];
    const radius = near.radiusKm;
    results = !place
      ? t("{{results}} within {{radius}} km", { results, radius })
      : how === "around"
        ? t("{{results}} within {{radius}} km around {{place}}", { results, radius, place })
        : t("{{results}} within {{radius}} km of {{place}}", { results, radius, place });
  }
  const place = filters.region && filters.lga ? `${filters.lga}, ${filters.region}` : filters.region;
  return [results, filters.category && categoryName(filters.category), place, filters.minRating && t("Rated 4+"), filters.verified && t("Verified"), filters.open && t("Open now")]
    .filter(Boolean)
    .join(" · ");
}
