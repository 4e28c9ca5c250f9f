import { and, desc, sql } from "drizzle-orm";
import { businesses } from "../../../db/schema";
import { getDb } from "../../lib/db.server";
import { LIMITS } from "../../lib/reference";
import { cardColumns, isPublicBusiness, toCards } from "./internal/public-business.server";
import type { BusinessCardData } from "./types";
import { hasPlacementNow, hasPriorityNow } from "../featured/featured-now.server";

/**
 * The home page's featured section: up to 6 public, currently featured businesses, those of running Premium
 * plans first (search priority, ADR 16), each newest first. Two reads, each in one index's order (an OR of
 * both kinds of featured has none).
 */
export async function listFeaturedBusinesses(limit: number = LIMITS.homeFeaturedCount): Promise<BusinessCardData[]> {
  const read = (featured: ReturnType<typeof and>) =>
    getDb().select(cardColumns).from(businesses).where(and(isPublicBusiness, featured)).orderBy(desc(businesses.createdAt), desc(businesses.id)).limit(limit);
  const priority = await read(hasPriorityNow());
  const placed = priority.length < limit ? await read(and(hasPlacementNow(), sql`not ${hasPriorityNow()}`)) : [];
  return toCards([...priority, ...placed].slice(0, limit));
}
