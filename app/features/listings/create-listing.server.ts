import { randomUUID } from "node:crypto";
import { count, eq, sql } from "drizzle-orm";
import { businesses, businessImages, profiles } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";
import { multirangeLiteral, OPENING_HOURS_TEXTS, weekProblems, type WeeklyHours } from "../../lib/opening-hours";
import type { SessionUser } from "../accounts/session-user";
import { listingLimitFor } from "../plans/current-plan.server";
import { prepareListingImages, removeListingImageFiles, storeListingImages } from "./internal/listing-images.server";
import { canCreateListing, hasListingRoom } from "./listing.policy";
import { LISTING_TEXTS, imageCountProblem, type ListingInput } from "./listing.schemas";

/**
 * An owner with approved KYC creates a listing. It starts pending (decisions page) and goes to the admin
 * approvals queue. Images are checked and re-encoded before anything is saved. When the listing is saved
 * but its images are not, it stays (imagesSaved false) and the owner adds them from Edit. Weekly opening
 * hours (optional, null: none listed) are checked here and saved with the listing (ADR 21).
 */
export async function createListing(
  actor: SessionUser | null,
  input: ListingInput,
  images: File[],
  hours: WeeklyHours | null = null,
): Promise<{ businessId: string; imagesSaved: boolean }> {
  if (!actor || actor.role !== "business") throw new AppError("forbidden", LISTING_TEXTS.createFailed);
  const db = getDb();
  const [owner] = await db.select({ kycStatus: profiles.kycStatus }).from(profiles).where(eq(profiles.id, actor.id)).limit(1);
  if (!canCreateListing(actor, { kycStatus: owner?.kycStatus })) throw new AppError("forbidden", LISTING_TEXTS.kycRequired);
  const imageProblem = imageCountProblem(images.length);
  const hoursProblems = hours ? weekProblems(hours) : {};
  if (Object.keys(hoursProblems).length > 0) {
    const fields = imageProblem ? { ...hoursProblems, images: imageProblem } : hoursProblems;
    throw new AppError("invalid", { title: LISTING_TEXTS.createFailed.title, text: imageProblem ? LISTING_TEXTS.correctFields : OPENING_HOURS_TEXTS.failed.text }, { fields });
  }
  if (imageProblem) throw new AppError("invalid", imageProblem, { fields: { images: imageProblem } });

  const limit = await listingLimitFor(actor.id);
  const [{ owned }] = await db.select({ owned: count() }).from(businesses).where(eq(businesses.userId, actor.id));
  if (!hasListingRoom(owned, limit)) throw new AppError("conflict", LISTING_TEXTS.limitReached);

  const prepared = await prepareListingImages(images);

  const businessId = randomUUID();
  // Count and insert under a per-owner lock, so two submits at once cannot pass the limit together.
  const inserted = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`listings:${actor.id}`}))`);
    const [{ held }] = await tx.select({ held: count() }).from(businesses).where(eq(businesses.userId, actor.id));
    if (!hasListingRoom(held, limit)) return false;
    await tx.insert(businesses).values({
      id: businessId,
      userId: actor.id,
      ...input,
      // The hours and the minutes of the week 'Open now' reads, written together (migration 0016's check).
      openingHours: hours,
      openMinutes: hours ? sql`${multirangeLiteral(hours)}::int4multirange` : null,
      approved: false,
      approvalStatus: "pending",
    });
    return true;
  });
  if (!inserted) throw new AppError("conflict", LISTING_TEXTS.limitReached);

  let keys: string[] = [];
  try {
    keys = await storeListingImages(businessId, prepared);
    await db
      .insert(businessImages)
      .values(keys.map((key, i) => ({ businessId, imageUrl: key, position: i + 1, width: prepared[i]!.width, height: prepared[i]!.height })));
    return { businessId, imagesSaved: true };
  } catch (error) {
    // The listing is saved: the owner is told its images were not, and adds them from Edit.
    logger.error({ err: error, businessId }, "listing images not saved");
    await removeListingImageFiles(keys);
    return { businessId, imagesSaved: false };
  }
}
