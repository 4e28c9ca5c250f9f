import { and, eq, sql } from "drizzle-orm";
import { businesses } from "../../../db/schema";
import { getDb } from "../../lib/db.server";
import { isUuid } from "../../lib/ids";
import type { SessionUser } from "../accounts/session-user";
import { recordListingView } from "../analytics/record-listing-events.server";
import { isPublicBusiness } from "./internal/public-business.server";

/**
 * Counts one page view of a public business atomically and queues it for the owner's analytics (issue 18);
 * returns the new count, or null when not counted (not public, or the viewer is the listing's owner: owners
 * looking at their own page are not visitors).
 */
export async function recordBusinessView(id: string, viewer: SessionUser | null = null): Promise<number | null> {
  if (!isUuid(id)) return null;
  const [row] = await getDb()
    .update(businesses)
    .set({ viewCount: sql`${businesses.viewCount} + 1` })
    .where(and(eq(businesses.id, id), isPublicBusiness, viewer ? sql`${businesses.userId} <> ${viewer.id}` : undefined))
    .returning({ viewCount: businesses.viewCount });
  if (!row) return null;
  recordListingView(id, viewer);
  return row.viewCount;
}
