import { businesses, featuredRequests } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { lockRow, updateAudited } from "../../lib/audited-change.server";
import { auditActorOf } from "../../lib/audit.server";
import { addMonths } from "../../lib/calendar";
import { getDb } from "../../lib/db.server";
import { requireUuid } from "../../lib/ids";
import { announceDirectoryChange } from "../../lib/realtime.server";
import { featuredMonthsForTier } from "../../lib/reference";
import { requireAdmin } from "../accounts/access";
import type { SessionUser } from "../accounts/session-user";
import { FEATURED_ADMIN_TEXTS, FeaturedStatusSchema } from "./featured.schemas";

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
  if (!status.success) throw new AppError("invalid", FEATURED_ADMIN_TEXTS.invalidStatus);
  const requestId = requireUuid(input.requestId);
  const auditor = auditActorOf(actor);
  return getDb().transaction(async (tx) => {
    const request = await lockRow(tx, featuredRequests, { column: featuredRequests.id, value: requestId }, {
      status: featuredRequests.status,
      pricingTier: featuredRequests.pricingTier,
      startDate: featuredRequests.startDate,
      endDate: featuredRequests.endDate,
      businessId: featuredRequests.businessId,
    });
    if (request.status !== "pending") throw new AppError("conflict", FEATURED_ADMIN_TEXTS.alreadyReviewed);
    const now = new Date();
    const requestChange = { table: featuredRequests, id: { column: featuredRequests.id, value: requestId }, targetType: "featured_request" };
    const { pricingTier: _tier, businessId: _business, ...requestBefore } = request;

    if (status.data === "rejected") {
      await updateAudited(tx, auditor, {
        ...requestChange,
        before: { status: request.status },
        next: { status: "rejected" },
        alsoSet: { reviewedBy: actor.id, updatedAt: now },
        action: "featured_request.reject",
      });
      return { status: "rejected", startDate: null, endDate: null };
    }

    const business = await lockRow(
      tx,
      businesses,
      { column: businesses.id, value: request.businessId },
      {
        approvalStatus: businesses.approvalStatus,
        featured: businesses.featured,
        featuredUntil: businesses.featuredUntil,
        featuredManagedBy: businesses.featuredManagedBy,
        featuredManagedAt: businesses.featuredManagedAt,
      },
      FEATURED_ADMIN_TEXTS.businessNotApproved,
    );
    if (business.approvalStatus !== "approved") throw new AppError("conflict", FEATURED_ADMIN_TEXTS.businessNotApproved);

    const startDate = now;
    const endDate = addMonths(now, featuredMonthsForTier(request.pricingTier));
    // A placement already running longer (or with no end) is not shortened by a new one.
    const stillFeatured = business.featured && (business.featuredUntil === null || business.featuredUntil > now);
    const featuredUntil = stillFeatured && (business.featuredUntil === null || business.featuredUntil > endDate) ? business.featuredUntil : endDate;

    await updateAudited(tx, auditor, {
      ...requestChange,
      before: requestBefore,
      next: { status: "approved", startDate, endDate },
      alsoSet: { reviewedBy: actor.id, updatedAt: now },
      action: "featured_request.approve",
    });
    const { approvalStatus: _status, ...businessBefore } = business;
    await updateAudited(tx, auditor, {
      table: businesses,
      id: { column: businesses.id, value: request.businessId },
      before: businessBefore,
      next: { featured: true, featuredUntil, featuredManagedBy: actor.id, featuredManagedAt: now },
      alsoSet: { updatedAt: now },
      action: "business.feature",
      targetType: "business",
    });
    await announceDirectoryChange(tx, [request.businessId]);
    return { status: "approved", startDate, endDate };
  });
}
