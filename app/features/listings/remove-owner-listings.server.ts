import { eq, inArray } from "drizzle-orm";
import { businessImages, businesses } from "../../../db/schema";
import type { Tx } from "../../lib/db.server";
import { announceDirectoryChange } from "../../lib/realtime.server";
import { claimDocumentKeysOf, removeClaimDocuments } from "./internal/claim-documents.server";
import { offerPhotoKeysOf } from "./internal/offer-photo-keys.server";
import { removeListingImageFiles } from "./internal/listing-images.server";
import { priceItemImageKeys } from "./internal/price-item-images.server";

export type RemovedListings = {
  /** The listings removed (each with its images, featured requests, claims and conversation states). */
  businessIds: string[];
  /** Deletes the removed listings' image files (and their claims' documents) the way deleteListing does; call it after the commit. */
  removeFiles: () => Promise<void>;
};

/**
 * Removes every listing of one owner inside the caller's transaction, as deleteListing removes one: the rows go
 * (images, featured requests and conversation states with them), conversations about them stay readable
 * ('Unknown Business'), open directory pages hear of it. The image files go after the commit, through
 * `removeFiles`, so a rolled-back transaction never loses a file. For account deletion (app/features/privacy).
 */
export async function removeOwnerListings(tx: Tx, ownerId: string): Promise<RemovedListings> {
  const owned = await tx.select({ id: businesses.id }).from(businesses).where(eq(businesses.userId, ownerId)).for("update");
  const businessIds = owned.map((b) => b.id);
  if (businessIds.length === 0) return { businessIds, removeFiles: async () => undefined };
  const images = await tx.select({ key: businessImages.imageUrl }).from(businessImages).where(inArray(businessImages.businessId, businessIds));
  // Claims of these listings go with them (issue 34), and so do their documents.
  const claimKeys = await claimDocumentKeysOf(tx, businessIds);
  // The photos of their offers and their price lists' items (issue 37) go with them too.
  const offerKeys = await offerPhotoKeysOf(tx, businessIds);
  const itemPhotos = await priceItemImageKeys(tx, businessIds);
  await tx.delete(businesses).where(inArray(businesses.id, businessIds));
  await announceDirectoryChange(tx, businessIds);
  const keys = [...images.map((i) => i.key), ...offerKeys, ...itemPhotos];
  return {
    businessIds,
    removeFiles: async () => {
      await removeListingImageFiles(keys);
      await removeClaimDocuments(claimKeys);
    },
  };
}
