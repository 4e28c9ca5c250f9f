import type { SessionUser } from "../accounts/session-user";
import { canManageListing } from "../listings/listing.policy";
import { FEATURE_TEXTS } from "./featured.schemas";

type Actor = Pick<SessionUser, "id" | "role" | "isAdmin"> | null | undefined;

/**
 * Whether a listing's featured placement is running at `now`: the flag, until its end date (the same rule
 * as isFeaturedNow() in featured-now.server.ts, for rows already read).
 */
export function isFeaturedAt(listing: { featured: boolean; featuredUntil: Date | string | null }, now: Date = new Date()): boolean {
  return listing.featured && (listing.featuredUntil === null || new Date(listing.featuredUntil) > now);
}

/** What the rules need to know about a listing someone wants featured. */
export type FeaturableState = { userId: string | null; approvalStatus: string; featuredNow: boolean; hasPendingRequest: boolean };

/**
 * Why an owner may not ask for (or buy) featured placement for a listing, or null when they may: only
 * their own, approved listing, not featured now and without a request already waiting (spec 01 §6).
 */
export function featureRefusal(actor: Actor, listing: FeaturableState | null): string | null {
  if (!listing || !canManageListing(actor, listing)) return FEATURE_TEXTS.failed;
  if (listing.featuredNow) return FEATURE_TEXTS.alreadyFeatured;
  if (listing.approvalStatus !== "approved") return FEATURE_TEXTS.notApproved;
  if (listing.hasPendingRequest) return FEATURE_TEXTS.alreadyPending;
  return null;
}
