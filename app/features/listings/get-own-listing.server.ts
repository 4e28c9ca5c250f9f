import { eq } from "drizzle-orm";
import { businesses, businessRevisions } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb } from "../../lib/db.server";
import { isUuid } from "../../lib/ids";
import type { SessionUser } from "../accounts/session-user";
import { imagesOfListings, listingDetailColumns } from "./listing-columns.server";
import { canManageListing, editNeedsReview } from "./listing.policy";
import { LISTING_TEXTS } from "./listing.schemas";

/**
 * One of the actor's own listings with its images in position order, for the edit form. Anyone else's,
 * or none, is 'Business not found' (the answer never tells another owner's listing from a missing one).
 *
 * When a change to the approved listing waits for review, the form shows that change (its reviewed fields
 * and images), so the owner edits what they sent; `review` says whether edits are reviewed, since when a
 * change waits, and why the last one was refused.
 */
export async function getOwnListing(actor: SessionUser | null, businessId: string) {
  if (!actor || !isUuid(businessId)) throw new AppError("not-found", LISTING_TEXTS.notFound);
  const db = getDb();
  const [listing] = await db
    .select({
      ...listingDetailColumns,
      userId: businesses.userId,
      approvalStatus: businesses.approvalStatus,
      updatedAt: businesses.updatedAt,
      changeRejectionReason: businesses.changeRejectionReason,
    })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .limit(1);
  if (!listing || !canManageListing(actor, listing)) throw new AppError("not-found", LISTING_TEXTS.notFound);
  const required = editNeedsReview(listing);
  const [waiting] = required
    ? await db.select().from(businessRevisions).where(eq(businessRevisions.businessId, businessId)).limit(1)
    : [];
  const images = waiting
    ? waiting.images.map(({ id, key, width, height }, i) => ({ id, key, position: i + 1, width, height }))
    : (await imagesOfListings(db, [businessId])).map(({ id, key, position, width, height }) => ({ id, key, position, width, height }));
  const { userId: _owner, changeRejectionReason, ...details } = listing;
  const shown = waiting
    ? {
        ...details,
        name: waiting.name,
        description: waiting.description,
        address: waiting.address,
        plotNumber: waiting.plotNumber,
        phoneNumber: waiting.phoneNumber,
        websiteUrl: waiting.websiteUrl,
        products: waiting.products,
        landmark: waiting.landmark,
      }
    : details;
  return {
    ...shown,
    images,
    review: {
      required,
      pendingSince: waiting?.updatedAt ?? null,
      rejectionReason: required && !waiting ? changeRejectionReason : null,
    },
  };
}

export type OwnListing = Awaited<ReturnType<typeof getOwnListing>>;
