import type { KycStatus } from "../../lib/reference";
import type { SessionUser } from "../accounts/session-user";

/**
 * Who may do what with listings. Pure: the use cases load what the rules need and ask here; screens ask
 * the same functions to hide what the person cannot do (hiding is a convenience, never the check).
 */
type Actor = Pick<SessionUser, "id" | "role" | "isAdmin"> | null | undefined;

/** Only business owners whose KYC is approved may create listings (spec 01 §6). */
export function canCreateListing(actor: Actor, owner: { kycStatus: KycStatus | string | null | undefined }): boolean {
  return actor?.role === "business" && owner.kycStatus === "approved";
}

/** Whether an owner holding `owned` listings may add one more under a limit of `limit` (their plan's). */
export function hasListingRoom(owned: number, limit: number): boolean {
  return owned < limit;
}

/** An owner edits, deletes and asks to feature only their own listings. */
export function canManageListing(actor: Actor, listing: { userId: string | null }): boolean {
  return actor?.role === "business" && listing.userId !== null && listing.userId === actor.id;
}

/**
 * Whether an owner's edit goes to an admin before the public sees it: on an approved listing the reviewed
 * fields and images wait (REVIEWED_FIELDS in listing.schemas.ts); a pending or rejected listing is not
 * public, and its edits apply at once.
 */
export function editNeedsReview(listing: { approvalStatus: string }): boolean {
  return listing.approvalStatus === "approved";
}
