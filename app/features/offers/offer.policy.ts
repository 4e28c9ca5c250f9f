import { hasAdminAccess } from "../accounts/access";
import type { SessionUser } from "../accounts/session-user";

type Actor = Pick<SessionUser, "id" | "role" | "isAdmin" | "twoFactorEnabled"> | null | undefined;

/**
 * Who may post, edit and withdraw a listing's offers and read those not yet public (issue 37): its owner, and admins.
 * Pure: the use cases load the listing and ask here; screens ask the same to hide what the person cannot do.
 */
export function canManageOffers(actor: Actor, listing: { userId: string | null }): boolean {
  if (!actor) return false;
  if (hasAdminAccess(actor)) return true;
  return actor.role === "business" && listing.userId !== null && listing.userId === actor.id;
}

/** Whether a listing with `current` offers (waiting, scheduled or running) may have one more under its plan's number. */
export function hasOfferRoom(current: number, allowed: number): boolean {
  return current < allowed;
}
