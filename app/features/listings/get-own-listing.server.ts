import { eq } from "drizzle-orm";
import { businesses } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb } from "../../lib/db.server";
import { isUuid } from "../../lib/ids";
import type { SessionUser } from "../accounts/session-user";
import { imagesOfListings, listingDetailColumns } from "./listing-columns.server";
import { canManageListing } from "./listing.policy";
import { LISTING_TEXTS } from "./listing.schemas";

/**
 * One of the actor's own listings with its images in position order, for the edit form. Anyone else's,
 * or none, is 'Business not found' (the answer never tells another owner's listing from a missing one).
 */
export async function getOwnListing(actor: SessionUser | null, businessId: string) {
  if (!actor || !isUuid(businessId)) throw new AppError("not-found", LISTING_TEXTS.notFound);
  const db = getDb();
  const [listing] = await db
    .select({ ...listingDetailColumns, userId: businesses.userId, approvalStatus: businesses.approvalStatus, updatedAt: businesses.updatedAt })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .limit(1);
  if (!listing || !canManageListing(actor, listing)) throw new AppError("not-found", LISTING_TEXTS.notFound);
  const images = (await imagesOfListings(db, [businessId])).map(({ id, key, position, width, height }) => ({ id, key, position, width, height }));
  const { userId: _owner, ...details } = listing;
  return { ...details, images };
}

export type OwnListing = Awaited<ReturnType<typeof getOwnListing>>;
