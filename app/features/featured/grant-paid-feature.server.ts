import { and, eq, isNull } from "drizzle-orm";
import { featuredRequests, profiles } from "../../../db/schema";
import { isAppError } from "../../lib/app-error";
import type { Tx } from "../../lib/db.server";
import { normalizeRole } from "../accounts/session-user";
import { requestFeature } from "./request-feature.server";

export type FeatureGrant = { requestId: string } | { notApplied: string };

/**
 * Turns a succeeded payment for featured placement into a featured request of the paid tier, waiting for
 * an admin's review, inside the payment's transaction. A free request already waiting takes the paid
 * tier instead of blocking the payment. When the listing can no longer be featured (deleted, no longer
 * the payer's), nothing is granted and the reason is returned for the payment's record.
 */
export async function grantPaidFeature(
  tx: Tx,
  paid: { userId: string; businessId: string; tier: string; reference: string; now: Date },
): Promise<FeatureGrant> {
  const [waiting] = await tx
    .update(featuredRequests)
    .set({ pricingTier: paid.tier, paymentReference: paid.reference, requestedBy: paid.userId, updatedAt: paid.now })
    .where(and(eq(featuredRequests.businessId, paid.businessId), eq(featuredRequests.status, "pending"), isNull(featuredRequests.paymentReference)))
    .returning({ id: featuredRequests.id });
  if (waiting) return { requestId: waiting.id };
  const [owner] = await tx.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, paid.userId)).limit(1);
  try {
    return await requestFeature({ id: paid.userId, role: normalizeRole(owner?.role), isAdmin: false }, paid.businessId, {
      tier: paid.tier,
      paymentReference: paid.reference,
      db: tx,
    });
  } catch (error) {
    if (isAppError(error)) return { notApplied: error.message };
    throw error;
  }
}
