import { and, eq } from "drizzle-orm";
import { businesses, businessImages } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
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
 * 'Business not found'. New files are stored before the rows change and removed again if the change fails;
 * files of removed images go only once the change is committed.
 */
export async function updateListing(actor: SessionUser | null, businessId: string, input: ListingInput, images: ImagePlan): Promise<void> {
  if (!actor || !isUuid(businessId)) throw new AppError("not-found", LISTING_TEXTS.notFound);
  const db = getDb();
  const [listing] = await db.select({ userId: businesses.userId }).from(businesses).where(eq(businesses.id, businessId)).limit(1);
  if (!listing || !canManageListing(actor, listing)) throw new AppError("not-found", LISTING_TEXTS.notFound);

  const existing = await imagesOfListings(db, [businessId]);
  const kept = images.keep.map((id) => existing.find((e) => e.id === id)).filter((e): e is (typeof existing)[number] => Boolean(e));
  const imageProblem = imageCountProblem(kept.length + images.added.length);
  if (imageProblem) throw new AppError("invalid", imageProblem, { fields: { images: imageProblem } });

  const prepared = await prepareListingImages(images.added);
  const newKeys = await storeListingImages(businessId, prepared);

  const removed = existing.filter((e) => !kept.includes(e));
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(businesses)
        .set({ ...input, updatedAt: new Date() })
        .where(and(eq(businesses.id, businessId), eq(businesses.userId, actor.id)));
      // Positions are rewritten as a whole so a reorder never collides with the (business, position) key.
      await tx.delete(businessImages).where(eq(businessImages.businessId, businessId));
      const rows = [
        ...kept.map((k) => ({ imageUrl: k.key, width: k.width, height: k.height })),
        ...newKeys.map((key, i) => ({ imageUrl: key, width: prepared[i]!.width, height: prepared[i]!.height })),
      ];
      await tx.insert(businessImages).values(rows.map((r, i) => ({ ...r, businessId, position: i + 1 })));
    });
  } catch (error) {
    await removeListingImageFiles(newKeys);
    throw error;
  }
  await removeListingImageFiles(removed.map((r) => r.key));
}
