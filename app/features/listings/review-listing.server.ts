import { eq } from "drizzle-orm";
import { businesses } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { lockRow, updateAudited } from "../../lib/audited-change.server";
import { auditActorOf } from "../../lib/audit.server";
import { getDb } from "../../lib/db.server";
import { announceDirectoryChange } from "../../lib/realtime.server";
import { requireAdmin } from "../accounts/access";
import type { SessionUser } from "../accounts/session-user";
import { enqueueNotice } from "../notifications/person-notices.server";
import { applyPendingDescriptions } from "./internal/price-items.server";
import { ListingReviewSchema, REVIEW_TEXTS, type ListingReviewInput } from "./listing.schemas";

/**
 * An admin approves or rejects a pending listing, the one transition out of pending (spec 02 §4):
 * approve sets approved true, approval_status approved and approved_at now; reject needs a non-blank
 * reason, which the owner then sees on their dashboard. Audited; open directory pages hear of it.
 */
export async function reviewListing(actor: SessionUser | null, input: ListingReviewInput): Promise<{ status: "approved" | "rejected" }> {
  requireAdmin(actor);
  const parsed = ListingReviewSchema.safeParse(input);
  if (!parsed.success) {
    const reasonIssue = parsed.error.issues.find((i) => i.path[0] === "reason");
    if (reasonIssue) throw new AppError("invalid", reasonIssue.message, { fields: { reason: reasonIssue.message } });
    throw new AppError("not-found");
  }
  const review = parsed.data;
  await getDb().transaction(async (tx) => {
    const id = { column: businesses.id, value: review.businessId };
    const current = await lockRow(tx, businesses, id, {
      approved: businesses.approved,
      approvalStatus: businesses.approvalStatus,
      approvedAt: businesses.approvedAt,
      rejectedAt: businesses.rejectedAt,
      rejectionReason: businesses.rejectionReason,
    });
    if (current.approvalStatus !== "pending") throw new AppError("conflict", REVIEW_TEXTS.onlyPending);
    const now = new Date();
    const next =
      review.decision === "approve"
        ? { approved: true, approvalStatus: "approved", approvedAt: now, rejectedAt: null, rejectionReason: null }
        : { approved: false, approvalStatus: "rejected", approvedAt: null, rejectedAt: now, rejectionReason: review.reason };
    await updateAudited(tx, auditActorOf(actor), {
      table: businesses,
      id,
      before: current,
      next,
      alsoSet: { updatedAt: now },
      action: review.decision === "approve" ? "business.approve" : "business.reject",
      targetType: "business",
    });
    // Item descriptions given before approval show with the listing (ADR 42).
    if (review.decision === "approve") await applyPendingDescriptions(tx, review.businessId);
    await announceDirectoryChange(tx, [review.businessId]);
    // The owner is told either way, with the reason when rejected (issue 33).
    const [listing] = await tx.select({ ownerId: businesses.userId, name: businesses.name }).from(businesses).where(eq(businesses.id, review.businessId));
    if (listing?.ownerId) {
      const approved = review.decision === "approve";
      const name = listing.name;
      const reason = review.decision === "reject" ? review.reason : "";
      await enqueueNotice(tx, {
        userId: listing.ownerId,
        // In the owner's language (issue 36); the admin's reason as written.
        texts: (t) =>
          approved
            ? {
                line: t("{{name}} is approved and public.", { name }),
                detail: t("Your listing {{name}} is approved: anyone can find it now.", { name }),
                subject: t("{{name}} is approved", { name }),
              }
            : {
                line: t("{{name}} was not approved: {{reason}}", { name, reason }),
                detail: t("Your listing {{name}} was not approved. The reason: {{reason}} Edit it from your dashboard and it will be reviewed again.", { name, reason }),
                subject: t("{{name}} was not approved", { name }),
              },
        path: approved ? `/businesses/${review.businessId}` : "/dashboard",
      });
    }
  });
  return { status: review.decision === "approve" ? "approved" : "rejected" };
}
