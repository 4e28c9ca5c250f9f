import { AppError } from "../../lib/app-error";
import type { LandingScope } from "./landing-pages";
import { searchBusinesses, type BusinessSearchResult, type SearchOptions } from "./search-businesses.server";

/** Why a landing page answers 404: nothing public there (or not this far). */
export const EMPTY_LANDING_PAGE = "No businesses are listed here yet.";

/**
 * A landing page's listings: /businesses with the scope's fixed filters (featured first, then newest; exact
 * counts from the maintained table). An empty combination, or a page past the last listing, is not found:
 * such pages answer 404 and are never in the sitemap.
 */
export async function getLandingPage(scope: LandingScope, page: number, options: SearchOptions = {}): Promise<BusinessSearchResult> {
  // An LGA's listings need the businesses' LGA and the search's LGA filter (the places branch of issue 17);
  // until they are merged an LGA page lists nothing, so it is not found.
  if (scope.lga) throw new AppError("not-found", EMPTY_LANDING_PAGE);
  const result = await searchBusinesses({ q: "", region: scope.state ?? null, category: scope.category ?? null, page, sort: null }, options);
  if (result.total === 0 || result.items.length === 0) throw new AppError("not-found", EMPTY_LANDING_PAGE);
  return result;
}
