import { and, asc, eq, sql } from "drizzle-orm";
import { businesses, featuredRequests } from "../../../db/schema";
import { getDb } from "../../lib/db.server";
import type { SessionUser } from "../accounts/session-user";
import { hasPriorityNow, placementBlocksNewOne } from "./featured-now.server";

/** `premiumUntil`: the end of the owner's running Premium plan, which features the listing until then (ADR 16); else null. */
export type FeaturableListing = { id: string; name: string; premiumUntil: Date | null };

/**
 * The owner's listings that a featured plan can be bought for: their own, approved, without a running placement
 * that blocks a new one (one featured by the owner's Premium plan, or whose placement ends within 7 days, may
 * be: the new placement carries on after it) and
 * without a pending request (the rule of featured.policy.ts, written as one query). Anyone else gets an
 * empty list: the featured-plans page is public and shows them a sign-in prompt instead. Each says until when its
 * owner's Premium plan already features it, so the page can tell a Premium owner so (issue 32).
 */
export async function listFeaturableListings(actor: SessionUser | null): Promise<FeaturableListing[]> {
  if (!actor || actor.role !== "business") return [];
  return getDb()
    .select({
      id: businesses.id,
      name: businesses.name,
      premiumUntil: sql<Date | null>`case when ${hasPriorityNow()} then ${businesses.premiumUntil} end`.mapWith(businesses.premiumUntil),
    })
    .from(businesses)
    .where(
      and(
        eq(businesses.userId, actor.id),
        eq(businesses.approvalStatus, "approved"),
        sql`not ${placementBlocksNewOne()}`,
        sql`not exists (select 1 from ${featuredRequests} where ${featuredRequests.businessId} = ${businesses.id} and ${featuredRequests.status} = 'pending')`,
      ),
    )
    .orderBy(asc(businesses.name));
}
