import { AppError } from "../../lib/app-error";
import { msg } from "../../lib/i18n/i18n";
import type { LandingScope } from "./landing-pages";
import { searchBusinesses, type BusinessSearchResult, type SearchOptions } from "./search-businesses.server";

/** Why a landing page answers 404: nothing public there (or not this far). */
export const EMPTY_LANDING_PAGE = msg("No businesses are listed here yet.");

/**
 * A landing page's listings: /businesses with the scope's fixed filters, state, LGA (the search's LGA filter on
 * businesses.lga) and category (featured first, then newest; exact counts from the maintained tables). An empty combination, or a page past the last listing, is not found:
 * such pages answer 404 and are never in the sitemap.
 */
export async function getLandingPage(scope: LandingScope, page: number, options: SearchOptions = {}): Promise<BusinessSearchResult> {
  const region = scope.state ?? null;
  const filters = { q: "", region, lga: region ? (scope.lga?.name ?? null) : null, category: scope.category ?? null, page, sort: null };
  const result = await searchBusinesses(filters, options);
  if (result.total === 0 || result.items.length === 0) throw new AppError("not-found", EMPTY_LANDING_PAGE);
  return result;
}
