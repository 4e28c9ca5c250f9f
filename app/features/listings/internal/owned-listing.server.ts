import { businesses } from "../../../../db/schema";
import { AppError } from "../../../lib/app-error";
import { lockRow } from "../../../lib/audited-change.server";
import type { Tx } from "../../../lib/db.server";
import { isUuid } from "../../../lib/ids";
import type { SessionUser } from "../../accounts/session-user";
import { canManageListing } from "../listing.policy";
import { LISTING_TEXTS } from "../listing.schemas";

/**
 * Locks one of the actor's own listings for a change (its hours or closures). Anyone else's, or none, is
 * 'Business not found', like every other owner edit.
 */
export async function lockOwnListing(tx: Tx, actor: SessionUser | null, businessId: string): Promise<void> {
  if (!actor || !isUuid(businessId)) throw new AppError("not-found", LISTING_TEXTS.notFound);
  const listing = await lockRow(tx, businesses, { column: businesses.id, value: businessId }, { userId: businesses.userId }, LISTING_TEXTS.notFound);
  if (!canManageListing(actor, listing)) throw new AppError("not-found", LISTING_TEXTS.notFound);
}

