import { sql } from "drizzle-orm";
import { businesses } from "../../../db/schema";
import { RENEWAL_REMINDER_DAYS } from "../../lib/reference";

/**
 * A placement (paid, or set by an admin) running now: the flag, until its end date, even before anything
 * clears the flag (decisions page: it ends without anyone acting). What buying or requesting another
 * placement is refused for. Single-table queries only: drizzle leaves the columns unqualified.
 */
export function hasPlacementNow() {
  return sql<boolean>`(${businesses.featured} and (${businesses.featuredUntil} is null or ${businesses.featuredUntil} > now()))`;
}

/**
 * A running placement that a new one may not be bought for yet: one without an end (set by an admin), or one
 * ending more than RENEWAL_REMINDER_DAYS[0] (7) days from now. From the first renewal reminder on, the owner may
 * renew it: the new placement starts where the running one ends (review-featured-request.server.ts).
 */
export function placementBlocksNewOne() {
  return sql<boolean>`(${hasPlacementNow()} and (${businesses.featuredUntil} is null or ${businesses.featuredUntil} > now() + make_interval(days => ${RENEWAL_REMINDER_DAYS[0]})))`;
}

/**
 * The owner's Premium plan is running (ADR 16): its 'Search priority', and its 'Featured status'.
 * premium_until is the plan's end copied onto the listing by migration 0011's triggers; compared with now()
 * here, so the benefits stop at the end by themselves. Written to match the partial index
 * businesses_public_premium_idx.
 */
export function hasPriorityNow() {
  return sql<boolean>`(${businesses.premiumUntil} is not null and ${businesses.premiumUntil} > now())`;
}

/**
 * A listing counts as featured now: a running placement, or a running Premium plan of its owner. The one
 * definition, used by search, the home page, cards and the admin lists. Queries that read featured listings
 * in an index's order use the two halves as separate streams (an OR of both has no index order).
 */
export function isFeaturedNow() {
  return sql<boolean>`(${hasPlacementNow()} or ${hasPriorityNow()})`;
}
