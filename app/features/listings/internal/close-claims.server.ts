import { and, eq, ne, sql } from "drizzle-orm";
import { listingClaims } from "../../../../db/schema";
import { recordAudit, type AuditActor } from "../../../lib/audit.server";
import type { Tx } from "../../../lib/db.server";
import { enqueueNotice } from "../../notifications/person-notices.server";
import { CLAIM_NOTICES } from "../claim.schemas";

/**
 * Closes the claims of a listing still waiting once it has a new owner (issue 34): by an approved claim (`keepClaimId`
 * is that claim) or by the code sent to its phone. The new owner's own claim is withdrawn (its document deleted after
 * the commit: the caller deletes the returned keys); everybody else's is rejected with `reason` and its claimant is
 * told, in the caller's transaction; each is in the audit log.
 */
export async function closePendingClaims(
  tx: Tx,
  input: { businessId: string; listingName: string; newOwnerId: string; keepClaimId?: string; decidedBy: string | null; auditActor: AuditActor; reason: string },
): Promise<{ withdrawnKeys: string[] }> {
  const open = await tx
    .select({ id: listingClaims.id, userId: listingClaims.userId, kind: listingClaims.kind, key: listingClaims.documentKey })
    .from(listingClaims)
    .where(
      and(
        eq(listingClaims.businessId, input.businessId),
        eq(listingClaims.status, "pending"),
        input.keepClaimId ? ne(listingClaims.id, input.keepClaimId) : undefined,
      ),
    )
    .for("update");
  const withdrawnKeys: string[] = [];
  for (const claim of open) {
    const own = claim.userId === input.newOwnerId;
    await tx
      .update(listingClaims)
      .set(
        own
          ? { status: "withdrawn", decidedAt: sql`now()`, decidedBy: input.newOwnerId, documentKey: null, documentPurgedAt: claim.key ? sql`now()` : null }
          : { status: "rejected", decidedAt: sql`now()`, decidedBy: input.decidedBy, reason: input.reason },
      )
      .where(eq(listingClaims.id, claim.id));
    if (own) {
      if (claim.key) withdrawnKeys.push(claim.key);
    } else {
      await enqueueNotice(tx, { userId: claim.userId, texts: () => CLAIM_NOTICES.closed(input.listingName, input.reason), path: `/business/claim/${input.businessId}` });
    }
    await recordAudit(tx, input.auditActor, {
      action: own ? "business.claim.withdraw" : "business.claim.close",
      targetType: "listing_claim",
      targetId: claim.id,
      before: { status: "pending", kind: claim.kind, businessId: input.businessId, claimantId: claim.userId },
      after: own ? { status: "withdrawn", why: "the listing became theirs" } : { status: "rejected", reason: input.reason },
    });
  }
  return { withdrawnKeys };
}
