/**
 * An admin decides a claim sent for review (issue 34, ADR 38), in one transaction under locks on the claim and the
 * listing, audited, with the people concerned told through their notices in the same transaction:
 *  - reject: needs a reason, which the claimant reads;
 *  - approve a claim by document: the listing becomes the claimant's on the same terms as a claim by code
 *    (claimListing): only while it is still an unclaimed public import, within the claimant's plan's listings,
 *    claimed_at set;
 *  - approve a dispute: the listing moves from its current owner to the claimant (also within the claimant's plan).
 *    The previous owner is told. Their plan is their account's and stays with it (a Premium plan's benefits leave the
 *    listing with them: migration 0011's trigger); a featured placement on the listing ends with the move (it was
 *    bought for their listing, not for the claimant; the payment stays in their ledger). A featured request or a
 *    change of theirs still waiting for review must be decided first, so nothing of theirs is approved onto the
 *    claimant's listing.
 * Approving closes every other claim of the listing still waiting ('another claim was approved'), each claimant told.
 */
import { and, count, eq, sql } from "drizzle-orm";
import { businessRevisions, businesses, featuredRequests, listingClaims, profiles, user } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { auditActorOf, recordAudit } from "../../lib/audit.server";
import { getDb } from "../../lib/db.server";
import { isUuid } from "../../lib/ids";
import { announceDirectoryChange } from "../../lib/realtime.server";
import { requireAdmin } from "../accounts/access";
import type { SessionUser } from "../accounts/session-user";
import { enqueueNotice } from "../notifications/person-notices.server";
import { onListingOwnerChanged } from "../verification/listing-changes.server";
import { listingLimitFor } from "../plans/current-plan.server";
import { CLAIM_NOTICES, CLAIM_REVIEW_TEXTS } from "./claim.schemas";
import { removeClaimDocuments } from "./internal/claim-documents.server";
import { closePendingClaims } from "./internal/close-claims.server";
import { hasListingRoom } from "./listing.policy";

export type ReviewClaimInput = { claimId: string; decision: "approve" | "reject"; reason?: string };

/**
 * Throws 'unauthenticated'/'forbidden' (not an admin with two-factor sign-in), 'not-found', 'invalid' (a reject
 * without a reason, or one too long: on the field `reason`), 'conflict' (decided already; the listing no longer as the
 * claim found it; the claimant can no longer own it or has no free listing; the owner's featured request or change
 * still waiting).
 */
export async function reviewClaim(actor: SessionUser | null, input: ReviewClaimInput): Promise<{ status: "approved" | "rejected"; businessId: string }> {
  requireAdmin(actor);
  if (!isUuid(input.claimId)) throw new AppError("not-found", CLAIM_REVIEW_TEXTS.notFound);
  if (input.decision !== "approve" && input.decision !== "reject") throw new AppError("invalid", CLAIM_REVIEW_TEXTS.failed);
  const reason = (input.reason ?? "").trim();
  if (input.decision === "reject") {
    if (!reason) throw new AppError("invalid", CLAIM_REVIEW_TEXTS.reasonRequired, { fields: { reason: CLAIM_REVIEW_TEXTS.reasonRequired } });
    if (reason.length > 1000) throw new AppError("invalid", CLAIM_REVIEW_TEXTS.reasonTooLong, { fields: { reason: CLAIM_REVIEW_TEXTS.reasonTooLong } });
  }
  const audit = auditActorOf(actor);

  const { businessId, withdrawnKeys } = await getDb().transaction(async (tx) => {
    // Locks in one order everywhere — the listing, then its claims (as a claim by code does) — so two admins deciding
    // two claims of one listing wait for each other instead of deadlocking. A claim's listing never changes.
    const [target] = await tx.select({ businessId: listingClaims.businessId }).from(listingClaims).where(eq(listingClaims.id, input.claimId));
    if (!target) throw new AppError("not-found", CLAIM_REVIEW_TEXTS.notFound);
    const [listing] = await tx
      .select({
        id: businesses.id, name: businesses.name, userId: businesses.userId, source: businesses.source, sourceId: businesses.sourceId,
        approved: businesses.approved, approvalStatus: businesses.approvalStatus, ownerSuspended: businesses.ownerSuspended,
        featured: businesses.featured, featuredUntil: businesses.featuredUntil,
      })
      .from(businesses)
      .where(eq(businesses.id, target.businessId))
      .for("update");
    const [claim] = await tx
      .select({ id: listingClaims.id, businessId: listingClaims.businessId, userId: listingClaims.userId, kind: listingClaims.kind, status: listingClaims.status, documentKind: listingClaims.documentKind })
      .from(listingClaims)
      .where(eq(listingClaims.id, input.claimId))
      .for("update");
    if (!claim || !listing) throw new AppError("not-found", CLAIM_REVIEW_TEXTS.notFound);
    if (claim.status !== "pending") throw new AppError("conflict", CLAIM_REVIEW_TEXTS.notPending);

    if (input.decision === "reject") {
      await tx.update(listingClaims).set({ status: "rejected", reason, decidedBy: actor.id, decidedAt: sql`now()` }).where(eq(listingClaims.id, claim.id));
      await recordAudit(tx, audit, {
        action: "business.claim.reject",
        targetType: "listing_claim",
        targetId: claim.id,
        before: { status: "pending", kind: claim.kind, businessId: listing.id, claimantId: claim.userId },
        after: { status: "rejected", reason },
      });
      await enqueueNotice(tx, { userId: claim.userId, texts: () => CLAIM_NOTICES.rejected(listing.name, reason), path: `/business/claim/${listing.id}` });
      return { businessId: listing.id, withdrawnKeys: [] as string[] };
    }

    const isPublic = listing.approved && listing.approvalStatus === "approved";
    if (claim.kind === "document" && !(isPublic && listing.userId === null && listing.source !== null)) {
      throw new AppError("conflict", CLAIM_REVIEW_TEXTS.noLongerUnowned);
    }
    if (claim.kind === "dispute" && !(isPublic && listing.userId !== null && listing.userId !== claim.userId)) {
      throw new AppError("conflict", CLAIM_REVIEW_TEXTS.noLongerOwned);
    }
    // The claimant's account as it is now: it must still be a business account that may own a listing.
    const [claimant] = await tx
      .select({ deletedAt: user.deletedAt, banned: user.banned, role: profiles.role })
      .from(user)
      .leftJoin(profiles, eq(profiles.id, user.id))
      .where(eq(user.id, claim.userId))
      .for("update", { of: user });
    if (!claimant || claimant.deletedAt || claimant.banned || claimant.role !== "business") throw new AppError("conflict", CLAIM_REVIEW_TEXTS.claimantCannotOwn);
    const limit = await listingLimitFor(claim.userId, tx);
    const [{ owned }] = await tx.select({ owned: count() }).from(businesses).where(eq(businesses.userId, claim.userId));
    if (!hasListingRoom(owned, limit)) throw new AppError("conflict", CLAIM_REVIEW_TEXTS.claimantLimitReached);

    const previousOwner = listing.userId;
    if (claim.kind === "dispute") {
      const [{ waiting }] = await tx
        .select({ waiting: count() })
        .from(featuredRequests)
        .where(and(eq(featuredRequests.businessId, listing.id), eq(featuredRequests.status, "pending")));
      if (waiting > 0) throw new AppError("conflict", CLAIM_REVIEW_TEXTS.featuredWaiting);
      const [{ changes }] = await tx.select({ changes: count() }).from(businessRevisions).where(eq(businessRevisions.businessId, listing.id));
      if (changes > 0) throw new AppError("conflict", CLAIM_REVIEW_TEXTS.changeWaiting);
    }

    await tx
      .update(businesses)
      .set({
        userId: claim.userId,
        claimedAt: sql`now()`,
        updatedAt: sql`now()`,
        ownerSuspended: false,
        // A placement bought by the previous owner ends with the move.
        ...(claim.kind === "dispute" ? { featured: false, featuredUntil: null, featuredManagedBy: null, featuredManagedAt: null } : {}),
      })
      .where(eq(businesses.id, listing.id));
    await tx.update(listingClaims).set({ status: "approved", decidedBy: actor.id, decidedAt: sql`now()` }).where(eq(listingClaims.id, claim.id));
    // The levels the previous owner proved end; the listing shows its new owner's identity (issue 35).
    await onListingOwnerChanged(tx, audit, listing.id);
    await recordAudit(tx, audit, {
      action: "business.claim.approve",
      targetType: "listing_claim",
      targetId: claim.id,
      before: { status: "pending", kind: claim.kind, businessId: listing.id, claimantId: claim.userId },
      after: { status: "approved" },
    });
    await recordAudit(tx, audit, {
      action: claim.kind === "dispute" ? "business.claim.move" : "business.claim",
      targetType: "business",
      targetId: listing.id,
      before: { userId: previousOwner, source: listing.source, sourceId: listing.sourceId, featured: listing.featured, featuredUntil: listing.featuredUntil },
      after: { userId: claim.userId, proof: `document reviewed by an admin (${claim.documentKind})`, claimId: claim.id },
    });
    await enqueueNotice(tx, { userId: claim.userId, texts: () => CLAIM_NOTICES.approved(listing.name), path: `/business/edit/${listing.id}` });
    if (previousOwner) await enqueueNotice(tx, { userId: previousOwner, texts: () => CLAIM_NOTICES.moved(listing.name), path: "/dashboard" });
    const closed = await closePendingClaims(tx, {
      businessId: listing.id, listingName: listing.name, newOwnerId: claim.userId, keepClaimId: claim.id, decidedBy: actor.id, auditActor: audit,
      reason: CLAIM_REVIEW_TEXTS.anotherApproved,
    });
    await announceDirectoryChange(tx, [listing.id]);
    return { businessId: listing.id, withdrawnKeys: closed.withdrawnKeys };
  });
  await removeClaimDocuments(withdrawnKeys);
  return { status: input.decision === "approve" ? "approved" : "rejected", businessId };
}
