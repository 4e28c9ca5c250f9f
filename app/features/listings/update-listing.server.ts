import { and, asc, eq } from "drizzle-orm";
import { businesses, businessImages } from "../../../db/schema";
import { getDb } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";
import { LIMITS } from "../../lib/reference";
import type { SessionUser } from "../accounts/session-user";
import type { ListingFailure } from "./create-listing.server";
import { LISTING_TEXTS, type ListingInput } from "./listing.schemas";
import { prepareListingImages, removeListingImageFiles, storeListingImages } from "./listing-images.server";

/** The images the edited listing should end with: kept ones by id (in order), then new uploads. */
export type ImagePlan = { keep: string[]; added: File[] };
export type UpdateListingResult = { ok: true } | { ok: false; failure: ListingFailure; notFound?: boolean };

/** An owner edits their own listing; any other id answers 'Business not found'. */
export async function updateListing(actor: SessionUser | null, businessId: string, input: ListingInput, images: ImagePlan): Promise<UpdateListingResult> {
  if (!actor || actor.role !== "business" || !/^[0-9a-f-]{36}$/i.test(businessId)) {
    return { ok: false, failure: LISTING_TEXTS.notFound, notFound: true };
  }
  const db = getDb();
  const [own] = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(and(eq(businesses.id, businessId), eq(businesses.userId, actor.id)))
    .limit(1);
  if (!own) return { ok: false, failure: LISTING_TEXTS.notFound, notFound: true };

  const existing = await db
    .select({ id: businessImages.id, key: businessImages.imageUrl, width: businessImages.width, height: businessImages.height })
    .from(businessImages)
    .where(eq(businessImages.businessId, businessId))
    .orderBy(asc(businessImages.position));
  const kept = images.keep.map((id) => existing.find((e) => e.id === id)).filter((e): e is (typeof existing)[number] => Boolean(e));
  const total = kept.length + images.added.length;
  if (total > LIMITS.imagesPerListing) return { ok: false, failure: { title: LISTING_TEXTS.updateFailed.title, text: LISTING_TEXTS.tooManyImages, field: "images" } };
  if (total === 0) return { ok: false, failure: { title: LISTING_TEXTS.updateFailed.title, text: LISTING_TEXTS.imageRequired, field: "images" } };

  const prepared = await prepareListingImages(images.added);
  if (!prepared) return { ok: false, failure: { ...LISTING_TEXTS.uploadFailed, field: "images" } };
  let newKeys: string[] = [];
  try {
    newKeys = await storeListingImages(businessId, prepared);
  } catch (error) {
    logger.error({ err: error }, "listing image upload failed");
    return { ok: false, failure: LISTING_TEXTS.uploadFailed };
  }

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
    logger.error({ err: error }, "listing update failed");
    await removeListingImageFiles(newKeys);
    return { ok: false, failure: LISTING_TEXTS.updateFailed };
  }
  await removeListingImageFiles(removed.map((r) => r.key));
  return { ok: true };
}
