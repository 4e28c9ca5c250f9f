import { and, eq, inArray, isNotNull, lte } from "drizzle-orm";
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


/** Listings whose Premium end is cleared per run at most (the rest wait for the next run). */
export const PREMIUM_CLEAR_BATCH = 500;

/**
 * Clears the Premium end of listings whose owner's plan has ended. Nothing public waits for this (the
 * 'featured now' rule compares the end with now()); it keeps the partial index of Premium listings small and
 * tells live pages. Bounded: one batch of PREMIUM_CLEAR_BATCH, read by the index on premium_until.
 */
export async function clearEndedPremium(now: Date = new Date()): Promise<{ cleared: number }> {
  return getDb().transaction(async (tx) => {
    const ended = tx
      .select({ id: businesses.id })
      .from(businesses)
      .where(and(isNotNull(businesses.premiumUntil), lte(businesses.premiumUntil, now)))
      .orderBy(businesses.premiumUntil)
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
