import { clearAllDirectoryCaches } from "./internal/directory-caches.server";
import { resetSearchCaches } from "./search-businesses.server";

/**
 * Empties every cache of the directory's searches in this process (ADR 27): the facet counts kept per region and
 * per common text, the planner's estimates, the spelling checks, the common words and the number of public
 * listings. For the events that change what the results pages show (a listing approved, featured, suspended), in
 * every process (the lead wires it to the NOTIFY channel); within 60 s the caches refresh by themselves anyway.
 */
export function clearDirectoryCaches(): void {
  clearAllDirectoryCaches();
  resetSearchCaches();
}
