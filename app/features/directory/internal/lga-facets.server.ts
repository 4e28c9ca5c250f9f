import { sql, type SQL } from "drizzle-orm";
import type { BusinessFilters } from "../parse-business-filters";
import type { Facet } from "../types";

/**
 * The LGA filter's share of the directory search (issue 17, ADR 22). The search's counts CTE has the columns
 * (state, lga, category, n); these helpers add what the LGA needs to its filters and counts.
 */
type Filters = Pick<BusinessFilters, "region" | "lga">;

/** "and lga = …" when an LGA of the region is chosen, on the businesses table's column or a CTE's. */
export function lgaFilterSql({ region, lga }: Filters, column: SQL): SQL {
  return region && lga ? sql`and ${column} = ${lga}` : sql``;
}

/**
 * Column lgas (json [[lga, n], …]) from the counts CTE: the chosen region's LGAs, with the category filter
 * (inCategory) applied; null without a region (then the sidebar lists none).
 */
export function lgaFacetColumn({ region }: Filters, inCategory: SQL): SQL {
  if (!region) return sql`null::json as lgas`;
  return sql`(select json_agg(json_build_array(lga, n)) from (select lga, sum(n)::int as n from counts where n > 0 and state = ${region} and lga is not null ${inCategory} group by lga) l) as lgas`;
}

/**
 * Browsing's counts CTE (state, lga, category, n), from the maintained tables: business_facet_counts per
 * region and category, where for the chosen region its listings with an LGA come from business_lga_counts
 * per LGA (and the rest stay without one); with 'Rated 4+', business_rated4_counts and business_rated4_lga_counts. Small, however large the directory: at most 37 × 63 rows plus the
 * region's LGAs × 63.
 */
export function browseCountsSql({ region, minRating, verified }: Filters & Pick<BusinessFilters, "minRating" | "verified">): SQL {
  // 'Verified' and 'Rated 4+' together have no maintained counts: their listings (few: verified and rated) are
  // counted where they are, through the verified listings' partial index.
  if (verified && minRating) {
    return sql`select state, ${region ? sql`case when state = ${region} then lga end` : sql`null::text`} as lga, category, count(*)::int as n
      from businesses where verified_levels > 0 and approved and approval_status = 'approved' and not owner_suspended and (user_id is not null or source is not null)
        and review_count > 0 and review_star_sum >= 4 * review_count
      group by 1, 2, 3`;
  }
  // 'Rated 4+' (migration 0020) and 'Verified' (migration 0046) each have the same two tables for their listings.
  const [all, byLga] = minRating
    ? [sql`business_rated4_counts`, sql`business_rated4_lga_counts`]
    : verified
      ? [sql`business_verified_counts`, sql`business_verified_lga_counts`]
      : [sql`business_facet_counts`, sql`business_lga_counts`];
  if (!region) return sql`select state, null::text as lga, category, count as n from ${all}`;
  return sql`select state, null::text as lga, category, count as n from ${all} where state <> ${region}
    union all
    select state, lga, category, count as n from ${byLga} where state = ${region}
    union all
    select f.state, null::text as lga, f.category, f.count - coalesce(l.n, 0) as n
    from ${all} f
    left join (select category, sum(count)::int as n from ${byLga} where state = ${region} group by category) l on l.category = f.category
    where f.state = ${region}`;
}

/** The LGA list from the lgas column, alphabetical (the reference list's order), counts multiplied by scale. */
export function toLgaFacets(pairs: [string | null, number][] | null | undefined, scale = 1): Facet[] {
  const counts = new Map<string, number>();
  for (const [lga, n] of pairs ?? []) if (lga) counts.set(lga, (counts.get(lga) ?? 0) + Number(n));
  return [...counts.keys()].sort((a, b) => a.localeCompare(b, "en")).map((name) => ({ name, count: Math.round(counts.get(name)! * scale) }));
}
