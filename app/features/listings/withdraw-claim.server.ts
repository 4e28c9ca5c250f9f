import { and, eq, sql } from "drizzle-orm";
import { listingClaims } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { auditActorOf, recordAudit } from "../../lib/audit.server";
import { getDb } from "../../lib/db.server";
import { isUuid } from "../../lib/ids";
import type { SessionUser } from "../accounts/session-user";
import { CLAIM_DOCUMENT_TEXTS } from "./claim.schemas";
import { removeClaimDocuments } from "./internal/claim-documents.server";

/**
 * The claimant withdraws their claim while it waits for review (issue 34): it is closed as withdrawn, audited, and its
 * document is deleted at once (nobody needs it any more). Throws 'unauthenticated', or 'not-found' for a claim that is
 * not theirs or no longer waits (the same answer, so nobody learns of another's claim).
 */
export async function withdrawClaim(actor: SessionUser | null, input: { claimId: string }): Promise<{ businessId: string }> {
  if (!actor) throw new AppError("unauthenticated");
  if (!isUuid(input.claimId)) throw new AppError("not-found", CLAIM_DOCUMENT_TEXTS.notYours);
  const { businessId, key } = await getDb().transaction(async (tx) => {
    const [claim] = await tx
      .select({ id: listingClaims.id, businessId: listingClaims.businessId, kind: listingClaims.kind, key: listingClaims.documentKey })
      .from(listingClaims)
      .where(and(eq(listingClaims.id, input.claimId), eq(listingClaims.userId, actor.id), eq(listingClaims.status, "pending")))
      .for("update");
    if (!claim) throw new AppError("not-found", CLAIM_DOCUMENT_TEXTS.notYours);
    await tx
      .update(listingClaims)
      .set({ status: "withdrawn", decidedAt: sql`now()`, decidedBy: actor.id, documentKey: null, documentPurgedAt: claim.key ? sql`now()` : null })
      .where(eq(listingClaims.id, claim.id));
    await recordAudit(tx, auditActorOf(actor), {
      action: "business.claim.withdraw",
      targetType: "listing_claim",
      targetId: claim.id,
      before: { status: "pending", kind: claim.kind, businessId: claim.businessId },
      after: { status: "withdrawn" },
    });
    return claim;
  });
  if (key) await removeClaimDocuments([key]);
  return { businessId };
}
