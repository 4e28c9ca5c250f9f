import { and, desc } from "drizzle-orm";
import { businesses } from "../../../db/schema";
import { getDb } from "../../lib/db.server";
import { LIMITS } from "../../lib/reference";
import { cardColumns, isPublicBusiness, toCards } from "./internal/public-business.server";
import type { BusinessCardData } from "./types";
import { isFeaturedNow } from "../featured/featured-now.server";

/** The home page's featured section: up to 6 public, currently featured businesses, newest first. */
export async function listFeaturedBusinesses(limit: number = LIMITS.homeFeaturedCount): Promise<BusinessCardData[]> {
  const rows = await getDb()
    .select(cardColumns)
    .from(businesses)
    .where(and(isPublicBusiness, isFeaturedNow()))
    .orderBy(desc(businesses.createdAt), desc(businesses.id))
    .limit(limit);
  return toCards(rows);
}
