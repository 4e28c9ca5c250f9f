import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { businesses } from "../../../db/schema";
import { getDb } from "../../lib/db.server";
import { LIMITS } from "../../lib/reference";
import { cardColumns, isPublicBusiness, toCards } from "./public-business.server";
import type { BusinessCardData } from "./types";
import type { BusinessFilters } from "./parse-business-filters";

export type BusinessSearchResult = {
  items: BusinessCardData[];
  page: number;
  hasPrevious: boolean;
  hasNext: boolean;
};

/** Escapes LIKE wildcards so the text is matched literally. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One page of public businesses, featured first then newest, filtered by region, category and a
 * plain substring match (full-text ranking comes with the search issue).
 */
export async function searchBusinesses(
  filters: BusinessFilters,
  pageSize: number = LIMITS.searchPageSize,
): Promise<BusinessSearchResult> {
  const conditions: SQL[] = [isPublicBusiness];
  if (filters.region) conditions.push(eq(businesses.state, filters.region));
  if (filters.category) conditions.push(eq(businesses.category, filters.category));
  if (filters.q) {
    const pattern = likePattern(filters.q);
    conditions.push(
      sql`(${businesses.name} ilike ${pattern} or ${businesses.description} ilike ${pattern} or ${businesses.address} ilike ${pattern} or ${businesses.state} ilike ${pattern} or ${businesses.category} ilike ${pattern} or array_to_string(${businesses.products}, ' ') ilike ${pattern})`,
    );
  }
  // One extra row tells whether a next page exists without counting every match.
  const rows = await getDb()
    .select(cardColumns)
    .from(businesses)
    .where(and(...conditions))
    .orderBy(desc(businesses.featured), desc(businesses.createdAt), businesses.id)
    .limit(pageSize + 1)
    .offset((filters.page - 1) * pageSize);
  const hasNext = rows.length > pageSize;
  return {
    items: await toCards(hasNext ? rows.slice(0, pageSize) : rows),
    page: filters.page,
    hasPrevious: filters.page > 1,
    hasNext,
  };
}
