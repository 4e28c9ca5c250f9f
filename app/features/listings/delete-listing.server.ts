import { and, eq } from "drizzle-orm";
import { businesses } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb } from "../../lib/db.server";
import { isUuid } from "../../lib/ids";
import type { SessionUser } from "../accounts/session-user";
import { claimDocumentKeysOf, removeClaimDocuments } from "./internal/claim-documents.server";
import { removeListingImageFiles } from "./internal/listing-images.server";
import { offerPhotoKeysOf } from "./internal/offer-photo-keys.server";
import { referencedImageKeys } from "./internal/listing-revisions.server";
import { canManageListing } from "./listing.policy";
import { LISTING_TEXTS } from "./listing.schemas";

/**
 * An owner deletes their own listing: it leaves every public page at once, its image files go, and
 * conversations about it stay readable (business_id set to null: 'Unknown Business').
 */
export async function deleteListing(actor: SessionUser | null, businessId: string): Promise<void> {
  if (!actor || !isUuid(businessId)) throw new AppError("not-found", LISTING_TEXTS.deleteFailed);
  const keys = await getDb().transaction(async (tx) => {
    const [listing] = await tx.select({ userId: businesses.userId }).from(businesses).where(eq(businesses.id, businessId)).for("update").limit(1);
    if (!listing || !canManageListing(actor, listing)) throw new AppError("not-found", LISTING_TEXTS.deleteFailed);
    // The approved images and those of a change waiting for review.
    const keys = await referencedImageKeys(tx, businessId);
    // And the photos of its offers (issue 37), whose rows go with it.
    for (const key of await offerPhotoKeysOf(tx, [businessId])) keys.add(key);
    // Claims of the listing (issue 34) go with it, and so do their documents.
    const claimKeys = await claimDocumentKeysOf(tx, [businessId]);
    await tx.delete(businesses).where(and(eq(businesses.id, businessId), eq(businesses.userId, actor.id)));
    return { images: [...keys], claimKeys };
  });
  await removeListingImageFiles(keys.images);
  await removeClaimDocuments(keys.claimKeys);
}
