import { and, eq } from "drizzle-orm";
import { businesses, businessImages } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { lockRow } from "../../lib/audited-change.server";
import { getDb } from "../../lib/db.server";
import { isUuid } from "../../lib/ids";
import type { SessionUser } from "../accounts/session-user";
import { imagesOfListings } from "./listing-columns.server";
import { prepareListingImages, removeListingImageFiles, storeListingImages } from "./internal/listing-images.server";
import { canManageListing } from "./listing.policy";
import { imageCountProblem, LISTING_TEXTS, type ListingInput } from "./listing.schemas";

/** The images the edited listing should end with: kept ones by id (in order), then new uploads. */
export type ImagePlan = { keep: string[]; added: File[] };

/**
 * An owner edits their own listing (text and images, reordered, removed, added). Any other id answers
 * 'Business not found'. New files are checked and stored first (slow work, outside any lock); then, with
 * the listing's row locked, ownership is checked again and the kept images are resolved against the rows
 * as they are now, so two edits at once are applied one after the other. Files go only after the commit,
 * and only those that no row references any more; new files are removed again if the change fails.
 */
export async function updateListing(actor: SessionUser | null, businessId: string, input: ListingInput, images: ImagePlan): Promise<void> {
  if (!actor || !isUuid(businessId)) throw new AppError("not-found", LISTING_TEXTS.notFound);
  const db = getDb();
  // A first look, so that nobody else's request gets as far as storing files; checked again under the lock.
  const [owned] = await db.select({ userId: businesses.userId }).from(businesses).where(eq(businesses.id, businessId)).limit(1);
  if (!owned || !canManageListing(actor, owned)) throw new AppError("not-found", LISTING_TEXTS.notFound);
  const early = imageCountProblem(images.keep.length + images.added.length);
  if (early) throw new AppError("invalid", early, { fields: { images: early } });

  const prepared = await prepareListingImages(images.added);
  if (!prepared) throw new AppError("invalid", LISTING_TEXTS.uploadFailed, { fields: { images: LISTING_TEXTS.uploadFailed.text } });
  const newKeys = await storeListingImages(businessId, prepared);

  let unreferenced: string[];
  try {
    unreferenced = await db.transaction(async (tx) => {
      const listing = await lockRow(tx, businesses, { column: businesses.id, value: businessId }, { userId: businesses.userId }, LISTING_TEXTS.notFound);
      if (!canManageListing(actor, listing)) throw new AppError("not-found", LISTING_TEXTS.notFound);
      const existing = await imagesOfListings(tx, [businessId]);
      const kept = images.keep.map((id) => existing.find((e) => e.id === id)).filter((e): e is (typeof existing)[number] => Boolean(e));
      const imageProblem = imageCountProblem(kept.length + newKeys.length);
      if (imageProblem) throw new AppError("invalid", imageProblem, { fields: { images: imageProblem } });

      await tx
        .update(businesses)
        .set({ ...input, updatedAt: new Date() })
        .where(and(eq(businesses.id, businessId), eq(businesses.userId, actor.id)));
      // Positions are rewritten as a whole so a reorder never collides with the (business, position) key;
      // kept images keep their ids, so an edit that started from the same page still finds them.
      await tx.delete(businessImages).where(eq(businessImages.businessId, businessId));
      const rows = [
        ...kept.map((k) => ({ id: k.id, imageUrl: k.key, width: k.width, height: k.height, createdAt: k.createdAt })),
        ...newKeys.map((key, i) => ({ imageUrl: key, width: prepared[i]!.width, height: prepared[i]!.height })),
      ];
      await tx.insert(businessImages).values(rows.map((r, i) => ({ ...r, businessId, position: i + 1 })));
      const after = new Set(rows.map((r) => r.imageUrl));
      return existing.map((e) => e.key).filter((key) => !after.has(key));
    });
  } catch (error) {
    await removeListingImageFiles(newKeys);
    throw error;
  }
  await removeListingImageFiles(unreferenced);
}
