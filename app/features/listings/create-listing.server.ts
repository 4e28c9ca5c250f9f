import { randomUUID } from "node:crypto";
import { count, eq, sql } from "drizzle-orm";
import { businesses, businessImages } from "../../../db/schema";
import { getDb } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";
import { LIMITS } from "../../lib/reference";
import type { SessionUser } from "../accounts/session-user";
import { canCreateListings, listingLimitFor } from "./listing.policy.server";
import { LISTING_TEXTS, type ListingInput } from "./listing.schemas";
import { prepareListingImages, removeListingImageFiles, storeListingImages } from "./listing-images.server";

export type ListingFailure = { title: string; text: string; field?: string; link?: { href: string; label: string } };
export type CreateListingResult =
  | { ok: true; businessId: string; imagesSaved: boolean }
  | { ok: false; failure: ListingFailure };

/**
 * An owner with approved KYC creates a listing. It starts pending (decisions page) and goes to the admin
 * approvals queue. Images are checked and re-encoded before anything is saved.
 */
export async function createListing(actor: SessionUser | null, input: ListingInput, images: File[]): Promise<CreateListingResult> {
  if (!actor || actor.role !== "business") return { ok: false, failure: LISTING_TEXTS.createFailed };
  if (!(await canCreateListings(actor))) return { ok: false, failure: LISTING_TEXTS.kycRequired };
  if (images.length === 0) return { ok: false, failure: { title: LISTING_TEXTS.createFailed.title, text: LISTING_TEXTS.imageRequired, field: "images" } };
  if (images.length > LIMITS.imagesPerListing) return { ok: false, failure: { title: LISTING_TEXTS.createFailed.title, text: LISTING_TEXTS.tooManyImages, field: "images" } };

  const [{ owned }] = await getDb().select({ owned: count() }).from(businesses).where(eq(businesses.userId, actor.id));
  const limit = await listingLimitFor(actor);
  if (owned >= limit) return { ok: false, failure: LISTING_TEXTS.limitReached };

  const prepared = await prepareListingImages(images);
  if (!prepared) return { ok: false, failure: { ...LISTING_TEXTS.uploadFailed, field: "images" } };

  const businessId = randomUUID();
  try {
    // Count and insert under a per-owner lock, so two submits at once cannot pass the limit together.
    const inserted = await getDb().transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`listings:${actor.id}`}))`);
      const [{ held }] = await tx.select({ held: count() }).from(businesses).where(eq(businesses.userId, actor.id));
      if (held >= limit) return false;
      await tx.insert(businesses).values({ id: businessId, userId: actor.id, ...input, approved: false, approvalStatus: "pending" });
      return true;
    });
    if (!inserted) return { ok: false, failure: LISTING_TEXTS.limitReached };
  } catch (error) {
    logger.error({ err: error }, "listing insert failed");
    return { ok: false, failure: LISTING_TEXTS.createFailed };
  }

  let keys: string[] = [];
  try {
    keys = await storeListingImages(businessId, prepared);
    await getDb()
      .insert(businessImages)
      .values(keys.map((key, i) => ({ businessId, imageUrl: key, position: i + 1, width: prepared[i]!.width, height: prepared[i]!.height })));
    return { ok: true, businessId, imagesSaved: true };
  } catch (error) {
    logger.error({ err: error, businessId }, "listing images not saved");
    await removeListingImageFiles(keys);
    return { ok: true, businessId, imagesSaved: false };
  }
}
