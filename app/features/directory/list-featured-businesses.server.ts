import { and, asc, sql } from "drizzle-orm";
import { businesses } from "../../../db/schema";
import { getDb } from "../../lib/db.server";
import { LIMITS } from "../../lib/reference";
import { cardColumns, isPublicBusiness, toCards } from "./internal/public-business.server";
import type { BusinessCardData } from "./types";
import { hasPlacementNow, hasPriorityNow } from "../featured/featured-now.server";

/**
 * The home page's featured section: up to 6 public, currently featured businesses (a placement or a Premium
 * plan), newest first. Search priority is for search (ADR 16): here every featured listing is shown alike. Two
 * reads, each in one index's order (an OR of both kinds of featured has none), merged.
 */
export async function listFeaturedBusinesses(limit: number = LIMITS.homeFeaturedCount): Promise<BusinessCardData[]> {
  const read = (featured: ReturnType<typeof and>) =>
    getDb()
      .select({ ...cardColumns, createdAt: businesses.createdAt })
      .from(businesses)
      .where(and(isPublicBusiness, featured))
      // "nulls last" as the indexes are written (created_at is never null), so they are read in order, not sorted.
      .orderBy(sql`${businesses.createdAt} desc nulls last`, asc(businesses.id))
      .limit(limit);
  const rows = [...(await read(hasPriorityNow())), ...(await read(and(hasPlacementNow(), sql`not ${hasPriorityNow()}`)))];
  // Newest first, then by id: the order of the indexes both reads use.
  rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return toCards(rows.slice(0, limit).map(({ createdAt: _created, ...card }) => card));
}
