import { and, desc, eq, gt, or, isNull } from "drizzle-orm";
import { profiles, subscriptions } from "../../../db/schema";
import { getDb } from "../../lib/db.server";
import { LIMITS, PLANS } from "../../lib/reference";
import type { SessionUser } from "../accounts/session-user";

/** Only business owners whose KYC is approved may create listings (spec 01 §6). */
export async function canCreateListings(actor: SessionUser): Promise<boolean> {
  if (actor.role !== "business") return false;
  const [row] = await getDb().select({ kyc: profiles.kycStatus }).from(profiles).where(eq(profiles.id, actor.id)).limit(1);
  return row?.kyc === "approved";
}

/** The plan in force for an owner: the latest active, unexpired subscription, else Free. */
export async function currentPlanFor(userId: string) {
  const now = new Date();
  const [active] = await getDb()
    .select({ planId: subscriptions.planId, endsAt: subscriptions.endsAt })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, "active"), or(isNull(subscriptions.endsAt), gt(subscriptions.endsAt, now))))
    .orderBy(desc(subscriptions.startsAt))
    .limit(1);
  const plan = PLANS.find((p) => p.id === active?.planId) ?? PLANS[0];
  return { plan, endsAt: active?.endsAt ?? null };
}

/**
 * How many listings an owner may hold: the current plan's limit (Free 1, Standard and Premium 3), never
 * more than three (spec 01 §1). When a paid plan lapses the owner keeps what they have but cannot add more.
 */
export async function listingLimitFor(actor: Pick<SessionUser, "id">): Promise<number> {
  const { plan } = await currentPlanFor(actor.id);
  return Math.min(plan.listingLimit, LIMITS.maxListingsPerOwner);
}
