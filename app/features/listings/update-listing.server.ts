import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { businesses, businessRevisions } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { lockRow } from "../../lib/audited-change.server";
import { auditActorOf } from "../../lib/audit.server";
import { onListingDetailsChanged } from "../verification/listing-changes.server";
import { getDb } from "../../lib/db.server";
import { isUuid } from "../../lib/ids";
import { asWeeklyHours, sameWeeklyHours, weekProblems, type WeeklyHours } from "../../lib/opening-hours";
import { announceDirectoryChange } from "../../lib/realtime.server";
import type { SessionUser } from "../accounts/session-user";
import { imagesOfListings } from "./listing-columns.server";
import { prepareListingImages, removeListingImageFiles, storeListingImages } from "./internal/listing-images.server";
import {
  asRevisionImage, changedReviewedFields, droppedKeys, pendingRevisionOf, referencedImageKeys, reviewedColumns, reviewedValuesOf,
  sameImages, writeListingImages, type RevisionImage,
} from "./internal/listing-revisions.server";
import { withdrawListingChange } from "./internal/price-items.server";
import { writeWeeklyHours } from "./internal/weekly-hours.server";
import { canManageListing, editNeedsReview } from "./listing.policy";
import { imageCountProblem, LISTING_TEXTS, type ListingInput } from "./listing.schemas";

/** The new location when the input sets one that differs from the listing's (undefined: leave it). */
function locationChange(listing: { latitude: number | null; longitude: number | null }, input: ListingInput) {
  if (input.latitude === undefined || input.longitude === undefined) return undefined;
  if (input.latitude === listing.latitude && input.longitude === listing.longitude) return undefined;
  return { latitude: input.latitude, longitude: input.longitude };
}

/** The images the edited listing should end with: kept ones by id (in order), then new uploads. */
export type ImagePlan = { keep: string[]; added: File[] };

/**
 * What became of an edit: saved (applied at once), or sent for review (an approved listing's reviewed
 * fields or images changed: the public keeps the approved version until an admin approves the change). An
 * edit that leaves a waiting change as it was sends nothing new: saved. `hours` (only when hours were given):
 * whether they changed (they apply at once, whatever `status` says).
 */
export type UpdateListingResult = { status: "saved" | "sent-for-review"; hours?: "saved" | "unchanged" };

/** What else one save of the edit screen carries (issue 32). */
export type UpdateListingOptions = {
  /** The listing's weekly hours (null: none listed); left out, they stay as they are. */
  hours?: WeeklyHours | null;
};

/**
 * An owner edits their own listing (text and images, reordered, removed, added). Any other id answers
 * 'Business not found'.
 *
 * A pending or rejected listing is not public: the edit applies at once. On an approved listing, state,
 * LGA, country and category apply at once, and the reviewed fields and the images (REVIEWED_FIELDS) become the
 * change waiting for review, replacing any earlier one; an edit back to exactly the approved version
 * withdraws it. The owner edits from what waits (its images' ids), the public reads the approved version.
 *
 * The weekly hours, when given, are written in the same transaction (the edit screen's one save, issue 32):
 * they apply at once, never waiting for review (ADR 21), and a save applies the details and the hours together
 * or neither. They are checked with the hours form's `weekProblems`, before any file is stored.
 *
 * New files are checked and stored first (slow work, outside any lock); then, with the listing's row
 * locked, ownership is checked again and the kept images are resolved against the rows as they are now, so
 * two edits at once are applied one after the other. Files go only after the commit, and only those that
 * no row references any more; new files are removed again if the change fails.
 */
export async function updateListing(
  actor: SessionUser | null,
  businessId: string,
  input: ListingInput,
  images: ImagePlan,
  options: UpdateListingOptions = {},
): Promise<UpdateListingResult> {
  if (!actor || !isUuid(businessId)) throw new AppError("not-found", LISTING_TEXTS.notFound);
  const db = getDb();
  // A first look, so that nobody else's request gets as far as storing files; checked again under the lock.
  const [owned] = await db.select({ userId: businesses.userId }).from(businesses).where(eq(businesses.id, businessId)).limit(1);
  if (!owned || !canManageListing(actor, owned)) throw new AppError("not-found", LISTING_TEXTS.notFound);
  const early = imageCountProblem(images.keep.length + images.added.length);
  if (early) throw new AppError("invalid", early, { fields: { images: early } });
  const hoursProblems = options.hours ? weekProblems(options.hours) : {};
  if (Object.keys(hoursProblems).length > 0) {
    throw new AppError("invalid", { title: LISTING_TEXTS.updateFailed.title, text: LISTING_TEXTS.correctFields }, { fields: hoursProblems });
  }

  const prepared = await prepareListingImages(images.added);
  const newKeys = await storeListingImages(businessId, prepared);

  let outcome: { result: UpdateListingResult; unreferenced: string[] };
  try {
    outcome = await db.transaction(async (tx) => {
      const listing = await lockRow(
        tx,
        businesses,
        { column: businesses.id, value: businessId },
        {
          userId: businesses.userId, approvalStatus: businesses.approvalStatus, state: businesses.state, lga: businesses.lga, country: businesses.country,
          category: businesses.category, latitude: businesses.latitude, longitude: businesses.longitude, openingHours: businesses.openingHours,
          ...reviewedColumns,
        },
        LISTING_TEXTS.notFound,
      );
      if (!canManageListing(actor, listing)) throw new AppError("not-found", LISTING_TEXTS.notFound);
      // The weekly hours apply at once (ADR 21), written only when they changed; in this transaction, so a refusal
      // of the details below (an image gone meanwhile) leaves them as they were too.
      let hours: UpdateListingResult["hours"] = "unchanged";
      if (options.hours !== undefined && !sameWeeklyHours(asWeeklyHours(listing.openingHours), options.hours)) {
        await writeWeeklyHours(tx, businessId, options.hours);
        hours = "saved";
      }
      const before = await referencedImageKeys(tx, businessId);
      const approvedImages = (await imagesOfListings(tx, [businessId])).map(asRevisionImage);
      const waiting = await pendingRevisionOf(tx, businessId);
      const reviewed = editNeedsReview(listing);

      // The images the owner's form showed: those of the change that waits, else the listing's own.
      const shown = reviewed && waiting ? waiting.images : approvedImages;
      const kept = images.keep.map((id) => shown.find((image) => image.id === id)).filter((image): image is RevisionImage => Boolean(image));
      const imageProblem = imageCountProblem(kept.length + newKeys.length);
      if (imageProblem) throw new AppError("invalid", imageProblem, { fields: { images: imageProblem } });
      const now = new Date();
      const nextImages: RevisionImage[] = [
        ...kept,
        ...newKeys.map((key, i) => ({ id: randomUUID(), key, width: prepared[i]!.width, height: prepared[i]!.height, at: now.toISOString() })),
      ];

      let status: UpdateListingResult["status"] = "saved";
      if (!reviewed) {
        // A new number or name ends the levels that rested on the old one (issue 35).
        await onListingDetailsChanged(tx, auditActorOf(actor), businessId, { phoneNumber: listing.phoneNumber, name: listing.name }, { phoneNumber: input.phoneNumber, name: input.name });
        await tx.update(businesses).set({ ...input, updatedAt: now }).where(eq(businesses.id, businessId));
        await writeListingImages(tx, businessId, nextImages);
        // Left from before the listing stopped being approved: nothing would ever review it.
        if (waiting) await tx.delete(businessRevisions).where(eq(businessRevisions.businessId, businessId));
      } else {
        // The location applies at once too (ADR 23): two numbers carry no text to check, and the form keeps it near the state.
        const location = locationChange(listing, input);
        const immediate = { state: input.state, lga: input.lga, country: input.country, category: input.category, ...location };
        if (
          immediate.state !== listing.state || immediate.lga !== listing.lga || immediate.country !== listing.country || immediate.category !== listing.category || location
        ) {
          await tx.update(businesses).set({ ...immediate, updatedAt: now }).where(eq(businesses.id, businessId));
          await announceDirectoryChange(tx, [businessId]);
        }
        const proposed = reviewedValuesOf(input);
        if (changedReviewedFields(reviewedValuesOf(listing), proposed).length === 0 && sameImages(approvedImages, nextImages)) {
          // Item descriptions waiting with the change keep it in the queue (ADR 42).
          if (waiting) await withdrawListingChange(tx, businessId, reviewedValuesOf(listing));
        } else if (waiting && changedReviewedFields(reviewedValuesOf(waiting), proposed).length === 0 && sameImages(waiting.images, nextImages)) {
          // The change that waits, sent again as it was (the form shows it): nothing new to review, and the owner
          // is told it still waits (not that it was saved).
          status = "sent-for-review";
        } else {
          const change = { submittedBy: actor.id, ...proposed, images: nextImages, updatedAt: now };
          await tx
            .insert(businessRevisions)
            .values({ businessId, ...change, createdAt: now })
            .onConflictDoUpdate({ target: businessRevisions.businessId, set: change });
          await tx.update(businesses).set({ changeRejectedAt: null, changeRejectionReason: null }).where(eq(businesses.id, businessId));
          status = "sent-for-review";
        }
      }
      const after = await referencedImageKeys(tx, businessId);
      return { result: { status, ...(options.hours !== undefined ? { hours } : {}) }, unreferenced: droppedKeys([...before, ...newKeys], after) };
    });
  } catch (error) {
    await removeListingImageFiles(newKeys);
    throw error;
  }
  await removeListingImageFiles(outcome.unreferenced);
  return outcome.result;
}
