import type { SessionUser } from "../accounts/session-user";
import { canManageListing } from "../listings/listing.policy";
import { FEATURE_TEXTS } from "./featured.schemas";
import { RENEWAL_REMINDER_DAYS } from "../../lib/reference";

type Actor = Pick<SessionUser, "id" | "role" | "isAdmin"> | null | undefined;

type FeaturedColumns = { featured: boolean; featuredUntil: Date | string | null; premiumUntil?: Date | string | null };

/** Whether a listing's placement (paid or set by an admin) runs at `now`: the flag, until its end date. */
export function hasPlacementAt(listing: FeaturedColumns, now: Date = new Date()): boolean {
  return listing.featured && (listing.featuredUntil === null || new Date(listing.featuredUntil) > now);
}

/** Whether the owner's Premium plan (featured status and search priority) runs at `now` for this listing. */
export function hasPriorityAt(listing: FeaturedColumns, now: Date = new Date()): boolean {
  return listing.premiumUntil !== null && listing.premiumUntil !== undefined && new Date(listing.premiumUntil) > now;
}

/**
 * Whether a running placement keeps a new one from being bought or requested: it has no end, or ends more than
 * 7 days (the first renewal reminder) after `now` (the same rule as placementBlocksNewOne() in featured-now.server.ts).
 */
export function placementBlocksNewOne(listing: FeaturedColumns, now: Date = new Date()): boolean {
  if (!hasPlacementAt(listing, now)) return false;
  return listing.featuredUntil === null || new Date(listing.featuredUntil).getTime() > now.getTime() + RENEWAL_REMINDER_DAYS[0] * 86_400_000;
}

/**
 * Whether a listing is featured at `now`: a running placement or a running Premium plan (the same rule as
 * isFeaturedNow() in featured-now.server.ts, for rows already read).
 */
export function isFeaturedAt(listing: FeaturedColumns, now: Date = new Date()): boolean {
  return hasPlacementAt(listing, now) || hasPriorityAt(listing, now);
}

/**
 * What the rules need to know about a listing someone wants featured. `featuredNow` is a running placement
 * that blocks a new one (placementBlocksNewOne): a listing featured by its owner's Premium plan, or whose
 * placement ends within 7 days, may be given a placement that carries on after the plan or the placement
 * (ADR 16: renewals).
 */
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
