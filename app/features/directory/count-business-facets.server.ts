import { count } from "drizzle-orm";
import { businesses } from "../../../db/schema";
import { getDb } from "../../lib/db.server";
import { CATEGORIES, REGIONS, findCategory, findRegion } from "../../lib/reference";
import { isPublicBusiness } from "./public-business.server";
import type { BusinessFacets, Facet } from "./types";


/** Merges grouped counts onto the reference list's names and order, dropping unknown values. */
function toFacets(rows: { value: string | null; count: number }[], names: readonly string[], find: (v: string) => string | null): Facet[] {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const name = row.value ? find(row.value) : null;
    if (name) counts.set(name, (counts.get(name) ?? 0) + Number(row.count));
  }
  return names.filter((name) => counts.has(name)).map((name) => ({ name, count: counts.get(name)! }));
}

/** How many public businesses each region and category has (the listing page's filter sidebar). */
export async function countBusinessFacets(): Promise<BusinessFacets> {
  const db = getDb();
  const [regionRows, categoryRows] = await Promise.all([
    db.select({ value: businesses.state, count: count() }).from(businesses).where(isPublicBusiness).groupBy(businesses.state),
    db.select({ value: businesses.category, count: count() }).from(businesses).where(isPublicBusiness).groupBy(businesses.category),
  ]);
  return {
    regions: toFacets(regionRows, REGIONS, findRegion),
    categories: toFacets(categoryRows, CATEGORIES, findCategory),
  };
}
