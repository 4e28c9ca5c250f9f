import { eq } from "drizzle-orm";
import { businesses, businessRevisions } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { lockRow } from "../../lib/audited-change.server";
import { auditActorOf, recordAudit } from "../../lib/audit.server";
import { onListingDetailsChanged } from "../verification/listing-changes.server";
import { getDb } from "../../lib/db.server";
import { announceDirectoryChange } from "../../lib/realtime.server";
import { requireAdmin } from "../accounts/access";
import type { SessionUser } from "../accounts/session-user";
import { removeListingImageFiles } from "./internal/listing-images.server";
import {
  asRevisionImage, changedReviewedFields, droppedKeys, pendingRevisionOf, referencedImageKeys, reviewedColumns, reviewedValuesOf,
  sameImages, writeListingImages,
} from "./internal/listing-revisions.server";
import { applyPendingDescriptions, dropPendingDescriptions } from "./internal/price-items.server";
import { imagesOfListings } from "./listing-columns.server";
import { changeVersion, ListingChangeReviewSchema, REVIEW_TEXTS, type ListingChangeReviewInput } from "./listing.schemas";

/**
 * An admin approves or rejects the change an owner made to an approved listing (see updateListing).
 * The admin names the version they saw (approving needs it): a change the owner replaced since is refused,
 * to be reviewed again. Approve applies the whole change in one transaction: the reviewed fields and the image list become the
 * listing's, public at once; files of images it removed go after the commit. Reject needs a non-blank
 * reason, which the owner sees on their dashboard and edit page; the approved version stays as it was and
 * the change's own new files go. Both are audited with the fields the change touched.
 */
export async function reviewListingChange(actor: SessionUser | null, input: ListingChangeReviewInput): Promise<{ status: "approved" | "rejected" }> {
  requireAdmin(actor);
  const parsed = ListingChangeReviewSchema.safeParse(input);
  if (!parsed.success) {
    const reasonIssue = parsed.error.issues.find((i) => i.path[0] === "reason");
    if (reasonIssue) throw new AppError("invalid", reasonIssue.message, { fields: { reason: reasonIssue.message } });
    if (parsed.error.issues.some((i) => i.path[0] === "version")) throw new AppError("conflict", REVIEW_TEXTS.changeReplaced);
    throw new AppError("not-found");
  }
  const review = parsed.data;
  const businessId = review.businessId;
  const unreferenced = await getDb().transaction(async (tx) => {
    const listing = await lockRow(tx, businesses, { column: businesses.id, value: businessId }, { approvalStatus: businesses.approvalStatus, ...reviewedColumns });
    const change = await pendingRevisionOf(tx, businessId);
    if (!change || listing.approvalStatus !== "approved") throw new AppError("conflict", REVIEW_TEXTS.noPendingChange);
    // The owner replaced the change after the admin opened it: what would be decided is not what was seen.
    if (review.version !== undefined && review.version !== changeVersion(change.updatedAt)) {
      throw new AppError("conflict", REVIEW_TEXTS.changeReplaced);
    }
    const before = await referencedImageKeys(tx, businessId);
    const approvedImages = (await imagesOfListings(tx, [businessId])).map(asRevisionImage);
    // The audit names only what the change touches: each field's old and new value, the image keys in order.
    const current = reviewedValuesOf(listing);
    const proposed = reviewedValuesOf(change);
    const entry = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> };
    for (const field of changedReviewedFields(current, proposed)) {
      entry.before[field] = current[field];
      entry.after[field] = proposed[field];
    }
    if (!sameImages(approvedImages, change.images)) {
      entry.before.images = approvedImages.map((i) => i.key);
      entry.after.images = change.images.map((i) => i.key);
    }
    const now = new Date();
    await tx.delete(businessRevisions).where(eq(businessRevisions.businessId, businessId));
    // The item descriptions that waited with the change (ADR 42) are decided with it.
    const descriptions = review.decision === "approve" ? await applyPendingDescriptions(tx, businessId) : await dropPendingDescriptions(tx, businessId);
    if (descriptions.length > 0) {
      entry.before.itemDescriptions = Object.fromEntries(descriptions.map((d) => [d.name, d.before]));
      entry.after.itemDescriptions = Object.fromEntries(descriptions.map((d) => [d.name, d.after]));
    }
    if (review.decision === "approve") {
      // A new number or name ends the levels that rested on the old one (issue 35).
      await onListingDetailsChanged(tx, auditActorOf(actor), businessId, { phoneNumber: listing.phoneNumber, name: listing.name }, { phoneNumber: proposed.phoneNumber, name: proposed.name });
      await tx
        .update(businesses)
        .set({ ...proposed, changeRejectedAt: null, changeRejectionReason: null, updatedAt: now })
        .where(eq(businesses.id, businessId));
      await writeListingImages(tx, businessId, change.images);
      await recordAudit(tx, auditActorOf(actor), { action: "business.change.approve", targetType: "business", targetId: businessId, ...entry });
      await announceDirectoryChange(tx, [businessId]);
    } else {
      await tx
        .update(businesses)
        .set({ changeRejectedAt: now, changeRejectionReason: review.reason })
        .where(eq(businesses.id, businessId));
      await recordAudit(tx, auditActorOf(actor), {
        action: "business.change.reject",
        targetType: "business",
        targetId: businessId,
        before: { change: entry.after },
        after: { changeRejectionReason: review.reason },
      });
    }
    return droppedKeys(before, await referencedImageKeys(tx, businessId));
  });
  await removeListingImageFiles(unreferenced);
  return { status: review.decision === "approve" ? "approved" : "rejected" };
}
