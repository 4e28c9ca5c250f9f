import { clearAllDirectoryCaches } from "./internal/directory-caches.server";
import { resetSearchCaches } from "./search-businesses.server";

/**
 * Empties every cache of the directory's searches in this process (ADR 27): the facet counts kept per region and
 * per common text, the planner's estimates, the spelling checks, the common words and the number of public
 * listings. Called on every public change (a listing approved, featured, suspended, reviewed…) heard by this
 * process through the database's NOTIFY (server/index.ts, app/lib/public-changes.server.ts, ADR 28); within 60 s
 * the caches refresh by themselves anyway.
 */
export function clearDirectoryCaches(): void {
  clearAllDirectoryCaches();
  resetSearchCaches();
}
