import type { BusinessFilters } from "../parse-business-filters";

/**
 * The sidebar's counts computed here from rows of (state, lga, category, n), the same way the search's SQL
 * (facetColumns in search-businesses.server.ts) computes them from its counts CTE (ADR 27). The rows do not
 * depend on the region, LGA and category filters, so one cached set of rows serves every combination of them:
 * browsing's maintained counts per region, and a common text's block sample.
 */
export type CountRow = { state: string | null; lga: string | null; category: string | null; n: number; nm?: number };

type Filters = Pick<BusinessFilters, "region" | "lga" | "category">;

export type ComputedFacetRow = {
  regions: [string | null, number][] | null;
  categories: [string | null, number][] | null;
  lgas: [string | null, number][] | null;
  total: number;
  matches: number;
  /** Sum of nm (name matches) over the rows in all the filters. */
  name_matches: number;
};

/**
 * Per region with the category filter, per category with the region (and LGA) filter, per LGA of the chosen
 * region with the category filter (null without a region), total with every filter, matches with none; regions,
 * categories and LGAs only from rows with n > 0, as the SQL does.
 */
export function facetRowFrom(rows: readonly CountRow[], { region, lga, category }: Filters): ComputedFacetRow {
  const inRegion = (row: CountRow) => !region || (row.state === region && (!lga || row.lga === lga));
  const inCategory = (row: CountRow) => !category || row.category === category;
  const regions = new Map<string | null, number>();
  const categories = new Map<string | null, number>();
  const lgas = new Map<string | null, number>();
  let total = 0;
  let matches = 0;
  let nameMatches = 0;
  for (const row of rows) {
    const n = Number(row.n);
    matches += n;
    const rowInRegion = inRegion(row);
    const rowInCategory = inCategory(row);
    if (rowInRegion && rowInCategory) {
      total += n;
      nameMatches += Number(row.nm ?? 0);
    }
    if (n <= 0) continue;
    if (rowInCategory) regions.set(row.state, (regions.get(row.state) ?? 0) + n);
    if (rowInRegion) categories.set(row.category, (categories.get(row.category) ?? 0) + n);
    if (region && row.state === region && row.lga !== null && rowInCategory) lgas.set(row.lga, (lgas.get(row.lga) ?? 0) + n);
  }
  const pairs = (map: Map<string | null, number>) => (map.size > 0 ? [...map] : null);
  return { regions: pairs(regions), categories: pairs(categories), lgas: region ? pairs(lgas) : null, total, matches, name_matches: nameMatches };
}
