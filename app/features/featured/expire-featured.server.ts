import { and, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import { businesses } from "../../../db/schema";
import { recordAudit } from "../../lib/audit.server";
import { getDb } from "../../lib/db.server";
import { announceDirectoryChange } from "../../lib/realtime.server";

/**
 * Ends featured placements whose end date has passed (decisions page: nobody has to act). Meant to run
 * on a schedule; safe to run from several processes at once (each row is cleared once). Audit rows name
 * no actor: the system did it.
 */
export async function expireFeaturedPlacements(now: Date = new Date()): Promise<{ expired: number }> {
  return getDb().transaction(async (tx) => {
    const expired = await tx
      .update(businesses)
      .set({ featured: false, updatedAt: now })
      .where(and(eq(businesses.featured, true), lte(businesses.featuredUntil, now)))
      .returning({ id: businesses.id, featuredUntil: businesses.featuredUntil });
    for (const row of expired) {
      await recordAudit(tx, null, {
        action: "business.featured.expire",
        targetType: "business",
        targetId: row.id,
        before: { featured: true },
        after: { featured: false, featuredUntil: row.featuredUntil },
      });
    }
    await announceDirectoryChange(tx, expired.map((r) => r.id));
    return { expired: expired.length };
  });
}


/** The public listings' predicate, as the partial indexes write it (so businesses_public_premium_idx serves). */
const isPublicListing = sql`approved and approval_status = 'approved' and not owner_suspended and (user_id is not null or source is not null)`;

/** Listings whose Premium end is cleared per run at most (the rest wait for the next run). */
export const PREMIUM_CLEAR_BATCH = 500;

/**
 * Clears the Premium end of public listings whose owner's plan has ended. Nothing public waits for this (the
 * 'featured now' rule compares the end with now()); it keeps the partial index of Premium listings
 * (businesses_public_premium_idx, which it reads) small and tells live pages. A listing that is not public keeps
 * its passed end until it is (harmless: the rule compares it with the clock). Bounded: one batch of
 * PREMIUM_CLEAR_BATCH, reading at most the Premium listings.
 */
export async function clearEndedPremium(now: Date = new Date()): Promise<{ cleared: number }> {
  return getDb().transaction(async (tx) => {
    const ended = tx
      .select({ id: businesses.id })
      .from(businesses)
      .where(and(isNotNull(businesses.premiumUntil), isPublicListing, lte(businesses.premiumUntil, now)))
      .limit(PREMIUM_CLEAR_BATCH);
    const cleared = await tx
      .update(businesses)
      .set({ premiumUntil: null })
      .where(and(inArray(businesses.id, ended), lte(businesses.premiumUntil, now)))
      .returning({ id: businesses.id });
    await announceDirectoryChange(tx, cleared.map((r) => r.id));
    return { cleared: cleared.length };
  });
}
