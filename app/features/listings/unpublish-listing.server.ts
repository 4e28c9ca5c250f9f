import { eq } from "drizzle-orm";
import { businesses, businessRevisions } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { lockRow, updateAudited } from "../../lib/audited-change.server";
import { auditActorOf } from "../../lib/audit.server";
import { getDb } from "../../lib/db.server";
import { announceDirectoryChange } from "../../lib/realtime.server";
import { requireAdmin } from "../accounts/access";
import type { SessionUser } from "../accounts/session-user";
import { removeListingImageFiles } from "./internal/listing-images.server";
import { droppedKeys, referencedImageKeys } from "./internal/listing-revisions.server";
import { REVIEW_TEXTS, UnpublishListingSchema, type UnpublishListingInput } from "./listing.schemas";

/**
 * An admin takes an approved listing down, with a reason: it becomes rejected as a rejection leaves it
 * (approved false, rejected_at, the reason the owner sees on their dashboard), so it leaves the business
 * page, search, the featured section and the sitemap at once. A change waiting for review is dropped with
 * its new files. Audited; open directory pages hear of it.
 */
export async function unpublishListing(actor: SessionUser | null, input: UnpublishListingInput): Promise<{ status: "rejected" }> {
  requireAdmin(actor);
  const parsed = UnpublishListingSchema.safeParse(input);
  if (!parsed.success) {
    const reasonIssue = parsed.error.issues.find((i) => i.path[0] === "reason");
    if (reasonIssue) throw new AppError("invalid", reasonIssue.message, { fields: { reason: reasonIssue.message } });
    throw new AppError("not-found");
  }
  const { businessId, reason } = parsed.data;
  const unreferenced = await getDb().transaction(async (tx) => {
    const id = { column: businesses.id, value: businessId };
    const current = await lockRow(tx, businesses, id, {
      approved: businesses.approved,
      approvalStatus: businesses.approvalStatus,
      approvedAt: businesses.approvedAt,
      rejectedAt: businesses.rejectedAt,
      rejectionReason: businesses.rejectionReason,
    });
    if (current.approvalStatus !== "approved") throw new AppError("conflict", REVIEW_TEXTS.onlyApproved);
    const before = await referencedImageKeys(tx, businessId);
    await tx.delete(businessRevisions).where(eq(businessRevisions.businessId, businessId));
    const now = new Date();
    await updateAudited(tx, auditActorOf(actor), {
      table: businesses,
      id,
      before: current,
      next: { approved: false, approvalStatus: "rejected", approvedAt: null, rejectedAt: now, rejectionReason: reason },
      alsoSet: { changeRejectedAt: null, changeRejectionReason: null, updatedAt: now },
      action: "business.unpublish",
      targetType: "business",
    });
    await announceDirectoryChange(tx, [businessId]);
    return droppedKeys(before, await referencedImageKeys(tx, businessId));
  });
  await removeListingImageFiles(unreferenced);
  return { status: "rejected" };
}
