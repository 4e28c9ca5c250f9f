import { and, eq, isNull } from "drizzle-orm";
import { businesses, featuredRequests, notifications, payments, user } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { lockRow, updateAudited } from "../../lib/audited-change.server";
import { auditActorOf } from "../../lib/audit.server";
import { addMonths } from "../../lib/calendar";
import { getDb } from "../../lib/db.server";
import { languageOf, renderIn } from "../../lib/i18n/sent-language.server";
import { requireUuid } from "../../lib/ids";
import { announceDirectoryChange } from "../../lib/realtime.server";
import { featuredMonthsForTier } from "../../lib/reference";
import { REVIEW_TEXTS } from "../listings/listing.schemas";
import { emailRejection, rejectionNotice } from "./internal/rejection-notice.server";
import { requireAdmin } from "../accounts/access";
import type { SessionUser } from "../accounts/session-user";
import { FEATURED_ADMIN_TEXTS, FeaturedStatusSchema } from "./featured.schemas";

export type ReviewFeaturedResult = {
  status: "approved" | "rejected";
  startDate: Date | null;
  endDate: Date | null;
  /** A rejected request that was paid for: its payment, now owed back (refund_status 'due'). */
  refundDue: { reference: string } | null;
};

/** The longest rejection reason kept (the admin's form allows 1,000 characters). */
const MAX_REASON = 1000;

/**
 * Approves or rejects a pending featured request (Featured Requests and Subscriptions tabs). Approval
 * starts now and ends by tier (decisions page: basic 1 month, premium 3, enterprise 6, otherwise 1) and
 * marks the business featured until then; a listing featured by its owner's Premium plan gets the placement
 * after the plan's end (ADR 16: no days paid twice). Any other status is 'Invalid status value'.
 *
 * Rejecting a request that was paid for needs a reason, and in the same transaction marks its payment as
 * owed back (refund_status 'due', once: the request is rejected once) and leaves the owner a notification;
 * the e-mail goes after the commit. Giving the money back through the provider is the caller's next step
 * (payments' refundPayment), outside this transaction.
 */
export async function reviewFeaturedRequest(
  actor: SessionUser | null,
  input: { requestId: string; status: string; reason?: string },
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
      paymentReference: featuredRequests.paymentReference,
    });
    if (request.status !== "pending") throw new AppError("conflict", FEATURED_ADMIN_TEXTS.alreadyReviewed);
    const now = new Date();
    const requestChange = { table: featuredRequests, id: { column: featuredRequests.id, value: requestId }, targetType: "featured_request" };
    const { pricingTier: _tier, businessId: _business, paymentReference, ...requestBefore } = request;

    if (status.data === "rejected") {
      const reason = (input.reason ?? "").trim().slice(0, MAX_REASON);
      const [payment] = paymentReference
        ? await tx
            .select({ id: payments.id, status: payments.status, amountKobo: payments.amountKobo, refundStatus: payments.refundStatus })
            .from(payments)
            .where(eq(payments.reference, paymentReference))
            .limit(1)
            .for("update")
        : [];
      const paid = payment?.status === "succeeded";
      // The owner is told why their money comes back (spec 02 §5 has the text for listings).
      if (paid && !reason) throw new AppError("invalid", REVIEW_TEXTS.rejectionReasonRequired, { fields: { reason: REVIEW_TEXTS.rejectionReasonRequired } });
      await updateAudited(tx, auditor, {
        ...requestChange,
        before: { status: request.status },
        next: { status: "rejected" },
        alsoSet: { reviewedBy: actor.id, updatedAt: now },
        action: "featured_request.reject",
      });
      let refundDue: ReviewFeaturedResult["refundDue"] = null;
      if (paid && payment.refundStatus === null) {
        await updateAudited(tx, auditor, {
          table: payments,
          id: { column: payments.id, value: payment.id },
          before: { refundStatus: null },
          next: { refundStatus: "due" },
          alsoSet: { refundReason: reason, refundRequestedAt: now, updatedAt: now },
          action: "payment.refund_due",
          targetType: "payment",
        });
        refundDue = { reference: paymentReference! };
      }
      if (reason || paid) {
        const [owner] = await tx
          .select({ id: user.id, email: user.email, deletedAt: user.deletedAt, businessName: businesses.name })
          .from(businesses)
          .innerJoin(user, eq(user.id, businesses.userId))
          .where(and(eq(businesses.id, request.businessId), isNull(user.deletedAt)))
          .limit(1);
        if (owner) {
          // In the owner's language (issue 36).
          const language = await languageOf(tx, owner.id);
          const notice = renderIn(language, () =>
            rejectionNotice({ businessName: owner.businessName, reason, refund: paid ? { amountKobo: payment.amountKobo, reference: paymentReference! } : null }),
          );
          await tx.insert(notifications).values({ userId: owner.id, kind: "account", title: notice.title, body: notice.body, priority: "high" });
          await emailRejection(tx, owner.email, notice, requestId, language);
        }
      }
      return { status: "rejected", startDate: null, endDate: null, refundDue };
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
        premiumUntil: businesses.premiumUntil,
      },
      FEATURED_ADMIN_TEXTS.businessNotApproved,
    );
    if (business.approvalStatus !== "approved") throw new AppError("conflict", FEATURED_ADMIN_TEXTS.businessNotApproved);

    // A renewal, or a listing featured by its owner's Premium plan: the placement takes over where the running
    // one (or the plan's featured status) ends, so no day is paid for twice.
    const runningEnd = business.featured && business.featuredUntil && business.featuredUntil > now ? business.featuredUntil : now;
    const premiumEnd = business.premiumUntil && business.premiumUntil > now ? business.premiumUntil : now;
    const startDate = new Date(Math.max(now.getTime(), runningEnd.getTime(), premiumEnd.getTime()));
    const endDate = addMonths(startDate, featuredMonthsForTier(request.pricingTier));
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
    const { approvalStatus: _status, premiumUntil: _premium, ...businessBefore } = business;
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
    return { status: "approved", startDate, endDate, refundDue: null };
  });
}
