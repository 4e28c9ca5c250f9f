import { and, eq, lte } from "drizzle-orm";
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

