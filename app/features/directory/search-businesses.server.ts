import { sql, type SQL } from "drizzle-orm";
import { businesses } from "../../../db/schema";
import { getDb, queryRows } from "../../lib/db.server";
import { CATEGORIES, LIMITS, REGIONS, findCategory, findRegion } from "../../lib/reference";
import type { BusinessFilters } from "./parse-business-filters";
import { cardsFor, isCurrentlyFeatured, isPublicBusiness } from "./public-business.server";
import { prefixTsQuery, searchTerms } from "./search-terms";
import type { BusinessCardData, BusinessFacets, Facet } from "./types";

export type BusinessSearchResult = {
  items: BusinessCardData[];
  page: number;
  hasPrevious: boolean;
  hasNext: boolean;
  /** Businesses matching the text and both filters. */
  total: number;
  /** Per region (text and category filter applied) and per category (text and region filter applied). */
  facets: BusinessFacets;
  /** True when total and facets are estimates: a very large result set, counted from a sample. */
  isEstimate: boolean;
  /** Set when a very large result set is paged only this far (refine the search to see others). */
  lastPage: number | null;
};

/**
 * Sampling: every listing's search vector carries '_b0'…'_b63' and '_s0'…'_s63', two independent
 * 6-bit slices of a hash of its id (migration 0004). Matches carrying given markers are an exact count
 * of a known, unbiased fraction of all matches, found inside the full-text index, in steps of 1/4096.
 */
const SAMPLE_STEPS = 4096;
/** Up to about this many matches, counts and the relevance order are exact, over every match. */
export const EXACT_MATCH_LIMIT = 4000;
/** Beyond it, counts are estimated from a sample of about this many matches. */
const SAMPLE_TARGET = 2000;
/** At most this many resembling names are considered (a typo of a common word resembles thousands). */
const FUZZY_LIMIT = 500;
/** A very large result set is paged this far: each page further costs more index reading. */
export const LARGE_RESULT_PAGES = 10;
/** Most rows a stream of a large result set may cost to read (see StreamMode). */
const MAX_TIER_ROWS = 20_000;


type Filters = Pick<BusinessFilters, "region" | "category">;
/** Page size (default 20); the thresholds are the defaults above, smaller in tests. */
export type SearchOptions = { pageSize?: number; exactMatchLimit?: number; sampleTarget?: number };
type FacetRow = {
  regions: [string | null, number][] | null;
  categories: [string | null, number][] | null;
  total: number | null;
  matches: number | null;
  name_matches?: number | null;
  public_count?: number | null;
};
type Counted = { facets: BusinessFacets; total: number };

const featuredNow = isCurrentlyFeatured();
const notFeaturedNow = sql`not ${featuredNow}`;

/** "and state = … and category = …" for the filters in use, on the businesses table or (onColumns) a CTE's columns. */
function filterSql({ region, category }: Filters, onColumns = false): SQL {
  const state = onColumns ? sql`state` : sql`${businesses.state}`;
  const categoryColumn = onColumns ? sql`category` : sql`${businesses.category}`;
  return sql`${region ? sql`and ${state} = ${region}` : sql``} ${category ? sql`and ${categoryColumn} = ${category}` : sql``}`;
}

/**
 * Columns regions and categories (json [[name, count], …]), total and matches, aggregated from
 * `counts`, a CTE of (state, category, n): per region with the category filter, per category with the
 * region filter, total with both, matches with neither. Aggregated in the database so only a few dozen
 * numbers travel.
 */
function facetColumns({ region, category }: Filters): SQL {
  const inRegion = region ? sql`and state = ${region}` : sql``;
  const inCategory = category ? sql`and category = ${category}` : sql``;
  return sql`
    (select json_agg(json_build_array(state, n)) from (select state, sum(n)::int as n from counts where n > 0 ${inCategory} group by state) r) as regions,
    (select json_agg(json_build_array(category, n)) from (select category, sum(n)::int as n from counts where n > 0 ${inRegion} group by category) c) as categories,
    (select coalesce(sum(n), 0)::int from counts where true ${inRegion} ${inCategory}) as total,
    (select coalesce(sum(n), 0)::int from counts) as matches`;
}

/** The sidebar's lists in the reference lists' order (unknown values dropped), counts multiplied by scale. */
function toCounted(row: FacetRow | undefined, scale = 1): Counted {
  const list = (pairs: [string | null, number][] | null | undefined, names: readonly string[], find: (value: string) => string | null): Facet[] => {
    const counts = new Map<string, number>();
    for (const [value, n] of pairs ?? []) {
      const name = value ? find(value) : null;
      if (name) counts.set(name, (counts.get(name) ?? 0) + Number(n));
    }
    return names.filter((name) => counts.has(name)).map((name) => ({ name, count: Math.round(counts.get(name)! * scale) }));
  };
  return {
    facets: { regions: list(row?.regions, REGIONS, findRegion), categories: list(row?.categories, CATEGORIES, findCategory) },
    total: Math.round(Number(row?.total ?? 0) * scale),
  };
}

/**
 * Page ids from streams that are each read newest first: the streams are concatenated in the order
 * given, then the page is cut. Each reads at most offset + take rows.
 */
async function pageFromStreams(streams: SQL[], offset: number, take: number): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    getDb(),
    sql`select id from (${sql.join(
      streams.map((where, tier) => streamSql(where, tier, offset + take)),
      sql` union all `,
    )}) s order by tier, created_at desc nulls last, id limit ${take} offset ${offset}`,
  );
  return rows.map((row) => row.id);
}

function streamSql(where: SQL, tier: number, limit: number): SQL {
  // created_at is never null; "nulls last" matches the indexes' order so they can be read as they are.
  return sql`(select ${businesses.id} as id, ${tier}::int as tier, ${businesses.createdAt} as created_at from ${businesses} where ${where} order by ${businesses.createdAt} desc nulls last, ${businesses.id} limit ${limit})`;
}

/**
 * How a stream of a large result set is read. 'ordered': listings newest first through a btree index,
 * testing each, until enough match (cheap when matches are dense). 'bitmap': every match found through
 * the text or trigram indexes, then sorted (cheap when they are few). The planner's estimates for
 * text conditions are too coarse to choose well here, while the sample counted them, so the choice is
 * made here and enforced with transaction-local planner settings.
 */
type StreamMode = "ordered" | "bitmap";
function planFor(mode: StreamMode): SQL {
  const ordered = mode === "ordered" ? "on" : "off";
  const bitmap = mode === "ordered" ? "off" : "on";
  // Ordered: an index that yields date order, never a sort. Bitmap: bitmap scans only, then a sort.
  return sql`select set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', ${bitmap}, true),
    set_config('enable_indexscan', ${ordered}, true), set_config('enable_sort', ${bitmap}, true),
    set_config('max_parallel_workers_per_gather', '0', true)`;
}

async function pageFromPlannedStreams(streams: { where: SQL; mode: StreamMode }[], offset: number, take: number): Promise<string[]> {
  const rows = await getDb().transaction(async (tx) => {
    const found: { id: string; tier: number; created_at: string }[] = [];
    for (const [tier, { where, mode }] of streams.entries()) {
      await tx.execute(planFor(mode));
      found.push(...(await queryRows<{ id: string; tier: number; created_at: string }>(tx, sql`select * from ${streamSql(where, tier, offset + take)} s`)));
    }
    return found;
  });
  // Streams are already in order; concatenating them is the page order.
  return rows.slice(offset, offset + take).map((row) => row.id);
}

/** The name has every word at the start of one of its words (the name's trigram index can serve it). */
function nameHasAll(terms: readonly string[]): SQL {
  return sql.join(
    terms.map((term) => sql`${businesses.name} ~* ${`\\m${term}`}`),
    sql` and `,
  );
}

async function toResult(
  ids: string[],
  filters: BusinessFilters,
  pageSize: number,
  counted: Counted,
  isEstimate: boolean,
  lastPage: number | null = null,
): Promise<BusinessSearchResult> {
  const hasNext = ids.length > pageSize && (lastPage === null || filters.page < lastPage);
  return {
    items: await cardsFor(ids.slice(0, pageSize)),
    page: filters.page,
    hasPrevious: filters.page > 1,
    hasNext,
    total: counted.total,
    facets: counted.facets,
    isEstimate,
    lastPage,
  };
}

/** No search text: featured placements then newest, counts from the maintained per-region/category table. */
async function browse(filters: BusinessFilters, pageSize: number): Promise<BusinessSearchResult> {
  const where = sql`${isPublicBusiness} ${filterSql(filters)}`;
  const ids = await pageFromStreams([sql`${where} and ${featuredNow}`, sql`${where} and ${notFeaturedNow}`], (filters.page - 1) * pageSize, pageSize + 1);
  const [row] = await queryRows<FacetRow>(
    getDb(),
    sql`with counts as (select state, category, count as n from business_facet_counts) select ${facetColumns(filters)}`,
  );
  return toResult(ids, filters, pageSize, toCounted(row), false);
}

type ExactOptions = { text: string; tsquery: string; fuzzy: boolean; withCounts: boolean };

/**
 * Every match ranked (and counted) in one statement: featured placements first, then relevance, then
 * newest. Relevance is the weighted full-text rank: name, then category and products, then state and
 * address, then description. With fuzzy, names that resemble the text are matches too (a misspelt
 * name), and how closely the name resembles the text adds to the rank.
 */
async function exactSearch(filters: BusinessFilters, pageSize: number, { text, tsquery, fuzzy, withCounts }: ExactOptions) {
  const query = sql`to_tsquery('simple', ${tsquery})`;
  // Resemblance is costly to compute (trigrams of every name), so only the few rows of a fuzzy search pay it.
  const score = fuzzy ? sql`ts_rank(${businesses.searchVector}, ${query}) + word_similarity(${text}, ${businesses.name})` : sql`ts_rank(${businesses.searchVector}, ${query})`;
  const columns = sql`${businesses.id} as id, ${businesses.state} as state, ${businesses.category} as category,
    ${businesses.createdAt} as created_at, ${featuredNow} as featured, ${score} as score`;
  // Counting needs every match; a page alone needs only those in the filters.
  const scope = withCounts ? sql`` : filterSql(filters);
  const matches = fuzzy
    ? sql`select ${columns} from ${businesses} where ${isPublicBusiness} ${scope} and ${businesses.searchVector} @@ ${query}
        union
        (select ${columns} from ${businesses} where ${isPublicBusiness} ${scope} and ${text} <% ${businesses.name} limit ${FUZZY_LIMIT})`
    : sql`select ${columns} from ${businesses} where ${isPublicBusiness} ${scope} and ${businesses.searchVector} @@ ${query}`;
  const [row] = await queryRows<FacetRow & { ids: string[] | null }>(
    getDb(),
    sql`with m as materialized (${matches})${withCounts ? sql`, counts as (select state, category, count(*)::int as n from m group by state, category)` : sql``}
      select
        (select json_agg(p.id order by p.featured desc, p.score desc, p.created_at desc, p.id) from (
          select id, featured, score, created_at from m where true ${withCounts ? filterSql(filters, true) : sql``}
          order by featured desc, score desc, created_at desc, id limit ${pageSize + 1} offset ${(filters.page - 1) * pageSize}
        ) p) as ids
        ${withCounts ? sql`, ${facetColumns(filters)}` : sql``}`,
  );
  return { ids: row?.ids ?? [], counted: toCounted(row), matches: Number(row?.matches ?? 0) };
}

/**
 * One page of public businesses for the listing page (spec 01 §2; decisions page: server-side search).
 * Without text: featured first, then newest. With text, every word must match (as a word prefix) in
 * name, category, products, state, address or description; when nothing does, names resembling the
 * text match instead (a misspelt name). Featured first, then relevance, then newest. Counts per region and per
 * category are for the current text with the other filter applied.
 *
 * The work per request is bounded, whatever the size of the directory: a text matching more than about
 * EXACT_MATCH_LIMIT listings (a word like 'shop' or 'Lagos' in a large directory) is counted from a
 * hash sample of its matches (isEstimate), and its page is read in index order instead of ranking every
 * match: featured placements, then listings whose name has the words, then the others, newest first.
 */
export async function searchBusinesses(filters: BusinessFilters, options: SearchOptions = {}): Promise<BusinessSearchResult> {
  const { pageSize = LIMITS.searchPageSize, exactMatchLimit = EXACT_MATCH_LIMIT, sampleTarget = SAMPLE_TARGET } = options;
  const terms = searchTerms(filters.q);
  const tsquery = prefixTsQuery(terms);
  if (!tsquery) return browse(filters, pageSize);
  const text = terms.join(" ");
  const query = sql`to_tsquery('simple', ${tsquery})`;
  /** Counts over the matches in a sample of `steps`/4096 of all listings (see SAMPLE_STEPS). */
  const sampleCounts = async (steps: number) => {
    const markers = (prefix: string, n: number) => `(${Array.from({ length: n }, (_, i) => `${prefix}${i}`).join(" | ")})`;
    const sample = steps < 64 ? `_b0 & ${markers("_s", steps)}` : markers("_b", steps / 64);
    const [row] = await queryRows<FacetRow>(
      getDb(),
      sql`with counts as (
          select ${businesses.state} as state, ${businesses.category} as category, count(*)::int as n,
            count(*) filter (where ${businesses.searchVector} @@ to_tsquery('simple', ${prefixTsQuery(terms, { nameOnly: true })}) ${filterSql(filters)})::int as nm
          from ${businesses}
          where ${isPublicBusiness} and ${businesses.searchVector} @@ (${query} && ${sample}::tsquery)
          group by 1, 2)
        select ${facetColumns(filters)}, (select coalesce(sum(nm), 0)::int from counts) as name_matches,
          (select coalesce(sum(count), 0)::int from business_facet_counts) as public_count`,
    );
    return { row, steps };
  };

  // How many listings match: first from 1/4096 of them, which settles very common words cheaply, else
  // from 1/64 of them.
  let probe = await sampleCounts(1);
  if (Number(probe.row?.matches ?? 0) < 16) probe = await sampleCounts(64);
  const estimate = (Number(probe.row?.matches ?? 0) * SAMPLE_STEPS) / probe.steps;
  if (estimate <= exactMatchLimit) {
    const exact = await exactSearch(filters, pageSize, { text, tsquery, fuzzy: false, withCounts: true });
    // Nothing has the words: perhaps a typo, so names that resemble the text match instead.
    if (exact.matches > 0) return toResult(exact.ids, filters, pageSize, exact.counted, false);
    const fuzzy = await exactSearch(filters, pageSize, { text, tsquery, fuzzy: true, withCounts: true });
    return toResult(fuzzy.ids, filters, pageSize, fuzzy.counted, false);
  }

  // A large result set: count a sample of about sampleTarget matches and scale.
  const wanted = Math.ceil((SAMPLE_STEPS * sampleTarget) / estimate);
  const steps = Math.min(SAMPLE_STEPS, wanted < 64 ? wanted : Math.ceil(wanted / 64) * 64);
  const { row: sampled } = steps === probe.steps ? probe : await sampleCounts(steps);
  const scale = SAMPLE_STEPS / steps;
  const counted = toCounted(sampled, scale);
  const isEstimate = steps < SAMPLE_STEPS;

  // The filters may leave few enough to rank exactly.
  if (counted.total <= exactMatchLimit) {
    const exact = await exactSearch(filters, pageSize, { text, tsquery, fuzzy: false, withCounts: false });
    return toResult(exact.ids, filters, pageSize, counted, isEstimate);
  }
  if (filters.page > LARGE_RESULT_PAGES) return toResult([], filters, pageSize, counted, isEstimate, LARGE_RESULT_PAGES);
  // Listings whose name has the words come before the others. Each stream is read the way that costs
  // less for the number of matches the sample found in it (see StreamMode).
  const inName = sql`${businesses.searchVector} @@ to_tsquery('simple', ${prefixTsQuery(terms, { nameOnly: true })})`;
  const nameMatches = Number(sampled?.name_matches ?? 0) * scale;
  const matches = counted.total;
  const publicCount = Math.max(1, Number(sampled?.public_count ?? 0));
  const needed = filters.page * pageSize + 1;
  // Rows read: in date order, about needed × publicCount / (matches in the stream); as a bitmap, every
  // candidate the index gives (the name's trigrams need words of 3 letters or more).
  const costs = (n: number, bitmap: number) => ({ ordered: (needed * publicCount) / Math.max(n, 1), bitmap });
  const cheaper = (c: { ordered: number; bitmap: number }): StreamMode => (c.ordered <= c.bitmap ? "ordered" : "bitmap");
  const nameCosts = costs(nameMatches, terms.every((t) => t.length >= 3) ? nameMatches * 2 : matches);
  // When names with the words are too rare to find cheaply, they are not put first.
  const hasNameTier = Math.min(nameCosts.ordered, nameCosts.bitmap) <= MAX_TIER_ROWS;
  const listed = sql`${isPublicBusiness} ${filterSql(filters)}`;
  const matching = sql`${listed} and ${businesses.searchVector} @@ ${query}`;
  const nameMode = cheaper(nameCosts);
  // No condition repeats another: the planner multiplies their selectivities as if independent.
  const streams: { where: SQL; mode: StreamMode }[] = [{ where: sql`${matching} and ${featuredNow}`, mode: "ordered" }];
  if (hasNameTier) {
    streams.push(
      { where: sql`${listed} and ${notFeaturedNow} and ${inName} ${nameMode === "bitmap" ? sql`and ${nameHasAll(terms)}` : sql``}`, mode: nameMode },
      { where: sql`${matching} and ${notFeaturedNow} and not ${inName}`, mode: cheaper(costs(matches - nameMatches, matches)) },
    );
  } else {
    streams.push({ where: sql`${matching} and ${notFeaturedNow}`, mode: cheaper(costs(matches, matches)) });
  }
  const ids = await pageFromPlannedStreams(streams, (filters.page - 1) * pageSize, pageSize + 1);
  return toResult(ids, filters, pageSize, counted, isEstimate, LARGE_RESULT_PAGES);
}
