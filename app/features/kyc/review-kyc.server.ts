import { and, eq } from "drizzle-orm";
import { businesses, kycSubmissions, profiles } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { msg } from "../../lib/i18n/i18n";
import { changedFields, recordAudit } from "../../lib/audit.server";
import { getDb } from "../../lib/db.server";
import { publishEvents, REALTIME_TYPES } from "../../lib/realtime.server";
import { requireUuid } from "../../lib/ids";
import { requireAdmin } from "../accounts/access";
import type { SessionUser } from "../accounts/session-user";
import { lockRow } from "../../lib/audited-change.server";
import { grantIdentityByDocument, kycNameOf } from "../verification/verify-identity.server";
import { onKycNameChanged } from "../verification/listing-changes.server";

/**
 * Approves a pending KYC submission: reviewed now, the profile verified, and the owner's pending listings
 * approved with it (spec: approve-business-on-kyc). Returns how many listings were approved.
 */
export async function approveKyc(actor: SessionUser | null, submissionId: string): Promise<{ approvedListings: number }> {
  requireAdmin(actor);
  requireUuid(submissionId);
  return getDb().transaction(async (tx) => {
    const submission = await lockRow(tx, kycSubmissions, { column: kycSubmissions.id, value: submissionId }, { id: kycSubmissions.id, userId: kycSubmissions.userId, status: kycSubmissions.status, reviewedAt: kycSubmissions.reviewedAt, fullName: kycSubmissions.fullName });
    if (submission.status !== "pending") throw new AppError("conflict", msg("Only a pending submission can be approved."));
    // The photo ID an admin checked is the identity level's path without a provider (issue 35, ADR 39).
    await grantIdentityByDocument(tx, actor, submission.userId, submission.fullName);
    const now = new Date();
    await tx
      .update(kycSubmissions)
      .set({ status: "approved", reviewedAt: now, reviewedBy: actor.id, rejectionReason: null })
      .where(eq(kycSubmissions.id, submissionId));
    await tx.update(profiles).set({ kycStatus: "approved", updatedAt: now }).where(eq(profiles.id, submission.userId));
    const approved = await tx
      .update(businesses)
      .set({ approved: true, approvalStatus: "approved", approvedAt: now, rejectedAt: null, rejectionReason: null, updatedAt: now })
      .where(and(eq(businesses.userId, submission.userId), eq(businesses.approvalStatus, "pending")))
      .returning({ id: businesses.id });
    await recordAudit(tx, actor, {
      action: "kyc.approve",
      targetType: "kyc_submission",
      targetId: submissionId,
      ...changedFields({ status: submission.status, reviewedAt: submission.reviewedAt }, { status: "approved", reviewedAt: now }),
    });
    for (const listing of approved) {
      await recordAudit(tx, actor, {
        action: "business.approve",
        targetType: "business",
        targetId: listing.id,
        before: { approvalStatus: "pending", approved: false },
        after: { approvalStatus: "approved", approved: true, via: "kyc.approve" },
      });
    }
    // The approved listings just became public: open directory pages refresh.
    await publishEvents(
      tx,
      approved.map((listing) => ({ userId: null, type: REALTIME_TYPES.directoryChanged, payload: { businessId: listing.id } })),
    );
    return { approvedListings: approved.length };
  });
}

/** Rejects a pending KYC submission with an optional reason; the owner may then resubmit. */
export async function rejectKyc(actor: SessionUser | null, submissionId: string, reason: string | null): Promise<void> {
  requireAdmin(actor);
  requireUuid(submissionId);
  const cleanReason = reason?.trim() || null;
  await getDb().transaction(async (tx) => {
    const submission = await lockRow(tx, kycSubmissions, { column: kycSubmissions.id, value: submissionId }, { id: kycSubmissions.id, userId: kycSubmissions.userId, status: kycSubmissions.status });
    if (submission.status !== "pending") throw new AppError("conflict", msg("Only a pending submission can be rejected."));
    const now = new Date();
    await tx
      .update(kycSubmissions)
      .set({ status: "rejected", reviewedAt: now, reviewedBy: actor.id, rejectionReason: cleanReason })
      .where(eq(kycSubmissions.id, submissionId));
    // A renewal refused (issue 35): the earlier approval still stands for the owner's listings.
    const [earlier] = await tx
      .select({ id: kycSubmissions.id })
      .from(kycSubmissions)
      .where(and(eq(kycSubmissions.userId, submission.userId), eq(kycSubmissions.status, "approved")))
      .limit(1);
    if (!earlier) await tx.update(profiles).set({ kycStatus: "rejected", updatedAt: now }).where(eq(profiles.id, submission.userId));
    // An identity level matched against the rejected name ends (issue 35): its name is no KYC name any more.
    await onKycNameChanged(tx, actor, submission.userId, (await kycNameOf(submission.userId, tx)) ?? "");
    await recordAudit(tx, actor, {
      action: "kyc.reject",
      targetType: "kyc_submission",
      targetId: submissionId,
      before: { status: "pending" },
      after: { status: "rejected", rejectionReason: cleanReason },
    });
  });
}
