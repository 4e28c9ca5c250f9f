import { eq } from "drizzle-orm";
import { businesses, featuredRequests } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { changedFields, recordAudit } from "../../lib/audit.server";
import { getDb } from "../../lib/db.server";
import { featuredMonthsForTier } from "../../lib/reference";
import type { SessionUser } from "../accounts/session-user";
import { ADMIN_EXTRA_TEXTS, ADMIN_TEXTS, FeaturedStatusSchema } from "./admin.schemas";
import { announceDirectoryChange } from "./directory-changed.server";
import { addMonths } from "../../lib/calendar";
import { auditActorOf } from "../../lib/audit.server";
import { requireAdmin } from "../accounts/access";
import { requireUuid } from "../../lib/ids";

export type ReviewFeaturedResult = { status: "approved" | "rejected"; startDate: Date | null; endDate: Date | null };

/**
 * Approves or rejects a pending featured request (Featured Requests and Subscriptions tabs). Approval
 * starts now and ends by tier (decisions page: basic 1 month, premium 3, enterprise 6, otherwise 1) and
 * marks the business featured until then. Any other status is 'Invalid status value'.
 */
export async function reviewFeaturedRequest(
  actor: SessionUser | null,
  input: { requestId: string; status: string },
): Promise<ReviewFeaturedResult> {
  requireAdmin(actor);
  const status = FeaturedStatusSchema.safeParse(input.status);
  if (!status.success) throw new AppError("invalid", ADMIN_TEXTS.invalidStatus);
  requireUuid(input.requestId);
  return getDb().transaction(async (tx) => {
    const [request] = await tx
      .select({
        status: featuredRequests.status,
        pricingTier: featuredRequests.pricingTier,
        startDate: featuredRequests.startDate,
        endDate: featuredRequests.endDate,
        businessId: featuredRequests.businessId,
      })
      .from(featuredRequests)
      .where(eq(featuredRequests.id, input.requestId))
      .for("update")
      .limit(1);
    if (!request) throw new AppError("not-found");
    if (request.status !== "pending") throw new AppError("conflict", ADMIN_EXTRA_TEXTS.alreadyReviewed);
    const now = new Date();
    const auditor = auditActorOf(actor);

    if (status.data === "rejected") {
      await tx
        .update(featuredRequests)
        .set({ status: "rejected", reviewedBy: actor.id, updatedAt: now })
        .where(eq(featuredRequests.id, input.requestId));
      await recordAudit(tx, auditor, {
        action: "featured_request.reject",
        targetType: "featured_request",
        targetId: input.requestId,
        before: { status: "pending" },
        after: { status: "rejected" },
      });
      return { status: "rejected", startDate: null, endDate: null };
    }

    const [business] = await tx
      .select({
        approvalStatus: businesses.approvalStatus,
        featured: businesses.featured,
        featuredUntil: businesses.featuredUntil,
        featuredManagedBy: businesses.featuredManagedBy,
        featuredManagedAt: businesses.featuredManagedAt,
      })
      .from(businesses)
      .where(eq(businesses.id, request.businessId))
      .for("update")
      .limit(1);
    if (!business || business.approvalStatus !== "approved") throw new AppError("conflict", ADMIN_EXTRA_TEXTS.businessNotApproved);

    const startDate = now;
    const endDate = addMonths(now, featuredMonthsForTier(request.pricingTier));
    // A placement already running longer (or with no end) is not shortened by a new one.
    const stillFeatured = business.featured && (business.featuredUntil === null || business.featuredUntil > now);
    const featuredUntil = stillFeatured && (business.featuredUntil === null || business.featuredUntil > endDate) ? business.featuredUntil : endDate;

    await tx
      .update(featuredRequests)
      .set({ status: "approved", startDate, endDate, reviewedBy: actor.id, updatedAt: now })
      .where(eq(featuredRequests.id, input.requestId));
    const nextBusiness = { featured: true, featuredUntil, featuredManagedBy: actor.id, featuredManagedAt: now };
    await tx.update(businesses).set({ ...nextBusiness, updatedAt: now }).where(eq(businesses.id, request.businessId));
    await recordAudit(tx, auditor, {
      action: "featured_request.approve",
      targetType: "featured_request",
      targetId: input.requestId,
      ...changedFields(
        { status: request.status, startDate: request.startDate, endDate: request.endDate },
        { status: "approved", startDate, endDate },
      ),
    });
    await recordAudit(tx, auditor, {
      action: "business.feature",
      targetType: "business",
      targetId: request.businessId,
      ...changedFields(business, nextBusiness),
    });
    await announceDirectoryChange(tx, [request.businessId]);
    return { status: "approved", startDate, endDate };
  });
}
