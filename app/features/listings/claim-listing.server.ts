/**
 * An owner claims an imported listing that nobody owns yet (issue 34, ADR 38) by proving they hold its phone: a code
 * goes to the listing's own number (by SMS, or read out by a call for a landline), and the code back makes the
 * listing theirs — in one transaction, under a lock on the listing, within their plan's listings, audited. It keeps
 * its reviews, views and history (it is the same row); it moves to the owner's dashboard and is never touched by
 * imports again; claims by document of it still waiting are closed. A listing with an owner cannot be claimed here
 * (a second claimant asks for a review instead: claim-by-document.server.ts).
 */
import { and, count, eq, sql } from "drizzle-orm";
import { isUuid } from "../../lib/ids";
import { businesses } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { auditActorOf, recordAudit } from "../../lib/audit.server";
import { getDb } from "../../lib/db.server";
import { checkNumberProofCode, sendNumberProofCode, useNumberProofCode } from "../accounts/number-proof.server";
import type { SessionUser } from "../accounts/session-user";
import { listingLimitFor } from "../plans/current-plan.server";
import { CLAIM_REVIEW_TEXTS, CLAIM_TEXTS, isMobileNumber, type ClaimableListing } from "./claim.schemas";
import { removeClaimDocuments } from "./internal/claim-documents.server";
import { closePendingClaims } from "./internal/close-claims.server";
import { hasListingRoom } from "./listing.policy";
import { grantPhoneLevelOnClaim } from "../verification/verify-listing.server";

export type { ClaimableListing };

const claimable = sql`${businesses.userId} is null and ${businesses.source} is not null and ${businesses.approved} and ${businesses.approvalStatus} = 'approved'`;

function requireBusinessAccount(actor: SessionUser | null): asserts actor is SessionUser {
  if (!actor) throw new AppError("unauthenticated");
  if (actor.role !== "business") throw new AppError("forbidden", CLAIM_TEXTS.businessAccountNeeded);
}

/** The listing as the claim page shows it. Throws 'not-found' when it is not a public, unclaimed, imported listing. */
export async function getClaimableListing(actor: SessionUser | null, businessId: string): Promise<ClaimableListing> {
  requireBusinessAccount(actor);
  if (!isUuid(businessId)) throw new AppError("not-found", CLAIM_TEXTS.notClaimable);
  const [row] = await getDb()
    .select({ id: businesses.id, name: businesses.name, category: businesses.category, state: businesses.state, lga: businesses.lga, phone: businesses.phoneNumber })
    .from(businesses)
    .where(and(eq(businesses.id, businessId), claimable))
    .limit(1);
  if (!row) throw new AppError("not-found", CLAIM_TEXTS.notClaimable);
  return { ...row, byCall: row.phone ? !isMobileNumber(row.phone) : false };
}

/** Sends the code to the listing's phone. Throws 'not-found', 'invalid' (no phone), 'rate-limited'. */
export async function requestClaimCode(actor: SessionUser | null, input: { businessId: string }, context: { clientAddress?: string | null }): Promise<{ phone: string; byCall: boolean }> {
  const listing = await getClaimableListing(actor, input.businessId);
  if (!listing.phone) throw new AppError("invalid", CLAIM_TEXTS.noPhone);
  await sendNumberProofCode(actor!, { phone: listing.phone, voice: listing.byCall }, context);
  return { phone: listing.phone, byCall: listing.byCall };
}

/**
 * Checks the code and makes the listing the actor's. Throws 'invalid' with the code field's message, 'not-found'
 * (claimed meanwhile, or not claimable), 'conflict' (the plan's listings are all in use).
 */
export async function claimListing(actor: SessionUser | null, input: { businessId: string; code: string }): Promise<{ businessId: string }> {
  const listing = await getClaimableListing(actor, input.businessId);
  if (!listing.phone) throw new AppError("invalid", CLAIM_TEXTS.noPhone);
  const owner = actor!;
  const codeId = await checkNumberProofCode(owner, { phone: listing.phone, code: input.code });
  const { withdrawnKeys } = await getDb().transaction(async (tx) => {
    const [row] = await tx
      .select({ id: businesses.id, name: businesses.name, phone: businesses.phoneNumber, source: businesses.source, sourceId: businesses.sourceId })
      .from(businesses)
      .where(and(eq(businesses.id, listing.id), claimable))
      .for("update");
    // Claimed by someone else meanwhile, or its number changed since the code went.
    if (!row || row.phone !== listing.phone) throw new AppError("not-found", CLAIM_TEXTS.notClaimable);
    const limit = await listingLimitFor(owner.id, tx);
    const [{ owned }] = await tx.select({ owned: count() }).from(businesses).where(eq(businesses.userId, owner.id));
    if (!hasListingRoom(owned, limit)) throw new AppError("conflict", CLAIM_TEXTS.limitReached);
    await useNumberProofCode(tx, codeId);
    await tx.update(businesses).set({ userId: owner.id, claimedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(businesses.id, row.id));
    // The code to the listing's own phone is the phone level's proof too (issue 35).
    await grantPhoneLevelOnClaim(tx, owner, { id: row.id, phone: row.phone! });
    await recordAudit(tx, auditActorOf(owner), {
      action: "business.claim",
      targetType: "business",
      targetId: row.id,
      before: { userId: null, source: row.source, sourceId: row.sourceId },
      after: { userId: owner.id, proof: listing.byCall ? "voice code to the listing's phone" : "SMS code to the listing's phone" },
    });
    // Claims by document of this listing that still wait are moot now: the claimant's own is withdrawn, others are
    // closed and told they may ask for a review of this owner's claim (claim-by-document.server.ts).
    return closePendingClaims(tx, {
      businessId: row.id, listingName: row.name, newOwnerId: owner.id, decidedBy: null, auditActor: auditActorOf(owner), reason: CLAIM_REVIEW_TEXTS.claimedByCode,
    });
  });
  await removeClaimDocuments(withdrawnKeys);
  return { businessId: listing.id };
}
