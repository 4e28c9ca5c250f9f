import { eq, sql } from "drizzle-orm";
import { businesses, featuredRequests } from "../../../db/schema";
import { AppError, type AppErrorCode } from "../../lib/app-error";
import { getDb, type Db, type Tx } from "../../lib/db.server";
import { isUuid } from "../../lib/ids";
import { LIMITS } from "../../lib/reference";
import type { SessionUser } from "../accounts/session-user";
import { placementBlocksNewOne } from "./featured-now.server";
import { featureRefusal, type FeaturableState } from "./featured.policy";
import { FEATURE_TEXTS } from "./featured.schemas";

const REFUSAL_CODE: Record<string, AppErrorCode> = {
  [FEATURE_TEXTS.failed]: "not-found",
  [FEATURE_TEXTS.alreadyFeatured]: "conflict",
  [FEATURE_TEXTS.notApproved]: "conflict",
  [FEATURE_TEXTS.alreadyPending]: "conflict",
};

/** What featureRefusal needs to know about a listing, read in one query (null when there is none). */
export async function featurableState(db: Db | Tx, businessId: string): Promise<(FeaturableState & { name: string }) | null> {
  if (!isUuid(businessId)) return null;
  const [listing] = await db
    .select({
      name: businesses.name,
      userId: businesses.userId,
      approvalStatus: businesses.approvalStatus,
      featuredNow: placementBlocksNewOne(),
      // Written out: in a single-table select drizzle leaves column names unqualified, and "id" inside the
      // subquery would be the request's own.
      hasPendingRequest: sql<boolean>`exists (select 1 from featured_requests fr where fr.business_id = "businesses"."id" and fr.status = 'pending')`,
    })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .limit(1);
  return listing ? { ...listing, featuredNow: Boolean(listing.featuredNow), hasPendingRequest: Boolean(listing.hasPendingRequest) } : null;
}

/** Refuses with the policy's reason when the actor may not have this listing featured. */
export function assertFeaturable(actor: Pick<SessionUser, "id" | "role" | "isAdmin"> | null, listing: FeaturableState | null): void {
  const refusal = featureRefusal(actor, listing);
  if (refusal) throw new AppError(REFUSAL_CODE[refusal] ?? "conflict", refusal);
}

/**
 * An owner asks for one of their approved listings to be featured (tier basic, pending review). A paid
 * featured plan passes its tier and payment reference, and `db` when it runs inside the payment's
 * transaction.
 */
export async function requestFeature(
  actor: Pick<SessionUser, "id" | "role" | "isAdmin"> | null,
  businessId: string,
  options: { tier?: string; paymentReference?: string; db?: Db | Tx } = {},
): Promise<{ requestId: string }> {
  const db = options.db ?? getDb();
  assertFeaturable(actor, await featurableState(db, businessId));
  const [created] = await db
    .insert(featuredRequests)
    .values({
      businessId,
      requestedBy: actor!.id,
      pricingTier: options.tier ?? LIMITS.featureRequestTier,
      status: "pending",
      paymentReference: options.paymentReference ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: featuredRequests.id });
  // Two submits at once: the partial unique index lets one through.
  if (!created) throw new AppError("conflict", FEATURE_TEXTS.alreadyPending);
  return { requestId: created.id };
}
