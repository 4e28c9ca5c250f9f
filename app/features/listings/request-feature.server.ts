import { and, eq, sql } from "drizzle-orm";
import { businesses, featuredRequests } from "../../../db/schema";
import { getDb, type Db, type Tx } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";
import { LIMITS } from "../../lib/reference";
import type { SessionUser } from "../accounts/session-user";
import { FEATURE_TEXTS } from "./listing.schemas";

export type RequestFeatureResult = { ok: true; requestId: string } | { ok: false; message: string };

/**
 * An owner asks for one of their approved listings to be featured (tier basic, pending review).
 * A paid featured plan passes its tier and payment reference, and `db` when it runs inside the
 * payment's transaction.
 */
export async function requestFeature(
  actor: Pick<SessionUser, "id" | "role"> | null,
  businessId: string,
  options: { tier?: string; paymentReference?: string; db?: Db | Tx } = {},
): Promise<RequestFeatureResult> {
  if (!actor || actor.role !== "business" || !/^[0-9a-f-]{36}$/i.test(businessId)) return { ok: false, message: FEATURE_TEXTS.failed };
  try {
    const db = options.db ?? getDb();
    const [listing] = await db
      // A featured period that has ended no longer counts (decisions page: it ends without anyone acting).
      .select({
        featured: sql<boolean>`(${businesses.featured} and (${businesses.featuredUntil} is null or ${businesses.featuredUntil} > now()))`,
        status: businesses.approvalStatus,
      })
      .from(businesses)
      .where(and(eq(businesses.id, businessId), eq(businesses.userId, actor.id)))
      .limit(1);
    if (!listing) return { ok: false, message: FEATURE_TEXTS.failed };
    if (listing.featured) return { ok: false, message: FEATURE_TEXTS.alreadyFeatured };
    if (listing.status !== "approved") return { ok: false, message: FEATURE_TEXTS.notApproved };
    const [pending] = await db
      .select({ id: featuredRequests.id })
      .from(featuredRequests)
      .where(and(eq(featuredRequests.businessId, businessId), eq(featuredRequests.status, "pending")))
      .limit(1);
    if (pending) return { ok: false, message: FEATURE_TEXTS.alreadyPending };
    const [created] = await db
      .insert(featuredRequests)
      .values({
        businessId,
        requestedBy: actor.id,
        pricingTier: options.tier ?? LIMITS.featureRequestTier,
        status: "pending",
        paymentReference: options.paymentReference ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: featuredRequests.id });
    // Two submits at once: the partial unique index lets one through.
    if (!created) return { ok: false, message: FEATURE_TEXTS.alreadyPending };
    return { ok: true, requestId: created.id };
  } catch (error) {
    logger.error({ err: error }, "feature request failed");
    return { ok: false, message: FEATURE_TEXTS.error };
  }
}
