import { and, asc, eq, sql } from "drizzle-orm";
import { businesses, featuredRequests } from "../../../db/schema";
import { getDb } from "../../lib/db.server";
import type { SessionUser } from "../accounts/session-user";
import { placementBlocksNewOne } from "./featured-now.server";

export type FeaturableListing = { id: string; name: string };

/**
 * The owner's listings that a featured plan can be bought for: their own, approved, without a running placement
 * that blocks a new one (one featured by the owner's Premium plan, or whose placement ends within 7 days, may
 * be: the new placement carries on after it) and
 * without a pending request (the rule of featured.policy.ts, written as one query). Anyone else gets an
 * empty list: the featured-plans page is public and shows them a sign-in prompt instead.
 */
export async function listFeaturableListings(actor: SessionUser | null): Promise<FeaturableListing[]> {
  if (!actor || actor.role !== "business") return [];
  return getDb()
    .select({ id: businesses.id, name: businesses.name })
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
