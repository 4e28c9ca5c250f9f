import { sql } from "drizzle-orm";
import { businesses } from "../../../db/schema";

/**
 * A listing counts as featured only until its featured period ends, even before anything clears the flag
 * (decisions page: it ends without anyone acting). The one definition, used by search, the home page,
 * feature requests and checkout. Single-table queries only: drizzle leaves the columns unqualified.
 */
export function isFeaturedNow() {
  return sql<boolean>`(${businesses.featured} and (${businesses.featuredUntil} is null or ${businesses.featuredUntil} > now()))`;
}
