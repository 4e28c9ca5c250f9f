import { sql, type SQL } from "drizzle-orm";
import { businesses } from "../../../db/schema";
import { singleton } from "../../lib/singleton.server";
import { getDb, queryRows } from "../../lib/db.server";
import { CATEGORIES, LIMITS, REGIONS, findCategory, findRegion } from "../../lib/reference";
import type { BusinessFilters } from "./parse-business-filters";
import { cardsFor, cardsOfPage, isPublicBusiness, verifiedSql } from "./internal/public-business.server";
import { browseCountsSql, lgaFacetColumn, lgaFilterSql, toLgaFacets } from "./internal/lga-facets.server";
import { correctTerms, findSynonyms, prefixTsQuery, searchTerms, wordsBound, type SynonymGroup } from "./internal/search-terms";
import type { BusinessCardData, BusinessFacets, Facet } from "./types";
import { hasPlacementNow, hasPriorityNow, isFeaturedNow } from "../featured/featured-now.server";
import { findOpenNow } from "./internal/open-now.server";
import { plannerRows } from "./internal/planner-rows.server";
import { nearSearch } from "./internal/near-search.server";
import { TtlCache } from "./internal/directory-caches.server";
import { facetRowFrom, type CountRow } from "./internal/facet-counts.server";

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
  /** Set when nothing matched the text as typed and these are the results for this spelling instead. */
  correctedQuery?: string;
  /** A near= search (ADR 23): within this radius, nearest first; capped: 'at least' total (more may be farther). */
  near?: { radiusKm: number; capped: boolean };
};

/**
 * Sampling markers: a listing's search vector carries '_L' (L = 1…12) when the low 12 bits of a hash of
 * its id are a multiple of 2^L (migration 0006). '_L' marks a fixed, unbiased 1/2^L of all listings, so
 * the matches carrying it are an exact count of a known fraction of all matches, found in the index.
 */
const MAX_SAMPLE_LEVEL = 12;
/** Up to this many matches, counts and the relevance order are exact, over every match. */
export const EXACT_MATCH_LIMIT = 2000;
/** Listings a block sample reads to tell a common text from a rare one. */
const PROBE_ROWS = 2000;
/**
 * A text matching at least this share of all listings is common: counted from a block sample, which
 * reads about SAMPLE_TARGET / share rows, rather than through the text index, which for a word prefix
 * gathers every match first (measured break-even near 1% at a million listings).
 */
const DENSE_SHARE = 0.01;
/** Beyond the exact limit, counts are estimated from a sample of about this many matches. */
const SAMPLE_TARGET = 300;
/** At most this many resembling names are considered (a typo of a common word resembles thousands). */
const FUZZY_LIMIT = 500;
/** A very large result set is paged this far: each page further costs more index reading. */
export const LARGE_RESULT_PAGES = 10;
/**
 * Browsing without text is paged this far (1,000 listings): a page further down costs reading every
 * listing above it, so /businesses?page=40000 would cost seconds. The sitemap lists every business page.
 */
export const BROWSE_PAGES = 50;
/** Most rows a stream of a large result set may cost to read (see StreamMode). */
const MAX_TIER_ROWS = 20_000;

type Filters = Pick<BusinessFilters, "region" | "category" | "lga">;

/**
 * 'Rated 4+' (rating=4): published reviews averaging four stars or more, in whole numbers so the
 * condition is businesses_public_rated4_idx's (migration 0013) and business_rated4_counts' (migration 0020).
 * It narrows what matches rather than being a facet: the region, LGA and category counts are of rated listings.
 */
function ratingSql({ minRating }: Pick<BusinessFilters, "minRating">): SQL {
  return minRating ? sql`and ${businesses.reviewCount} > 0 and ${businesses.reviewStarSum} >= 4 * ${businesses.reviewCount}` : sql``;
}

/** Public listings the rating and verification filters leave (the universe every search and count draws from). */
function listedSql(filters: Pick<BusinessFilters, "minRating" | "verified">): SQL {
  return sql`${isPublicBusiness} ${ratingSql(filters)} ${verifiedSql(filters)}`;
}
/** Page size (default 20); the thresholds are the defaults above, smaller in tests. */
export type SearchOptions = {
  pageSize?: number;
  exactMatchLimit?: number;
  sampleTarget?: number;
  probeRows?: number;
  denseShare?: number;
  /** Pages of browsing without text (BROWSE_PAGES unless given). */
  browsePages?: number;
  /** Set on the search for a corrected text, so it is not corrected again. */
  isCorrection?: boolean;
  /** The instant 'Open now' means (the request's time unless given: tests). */
  now?: Date;
};
type FacetRow = {
  regions: [string | null, number][] | null;
  categories: [string | null, number][] | null;
  lgas?: [string | null, number][] | null;
  total: number | null;
  matches: number | null;
  name_matches?: number | null;
  /** The planner's row count of the table: what reading in date order may have to go through. */
  public_count?: number | null;
};
type Counted = { facets: BusinessFacets; total: number };

const featuredNow = isFeaturedNow();
const notFeaturedNow = sql`not ${featuredNow}`;
/**
 * Featured listings as two streams, each readable in date order from its own index (ADR 16): the listings of
 * running Premium plans (search priority) first, then the other running placements.
 */
const priorityNow = hasPriorityNow();
const placementOnly = sql`${hasPlacementNow()} and not ${priorityNow}`;

/** "and state = … and lga = … and category = …" for the filters in use, on the businesses table or (onColumns) a CTE's columns. */
function filterSql({ region, lga, category }: Filters, onColumns = false): SQL {
  const state = onColumns ? sql`state` : sql`${businesses.state}`;
  const categoryColumn = onColumns ? sql`category` : sql`${businesses.category}`;
  const inLga = lgaFilterSql({ region, lga }, onColumns ? sql`lga` : sql`${businesses.lga}`);
  return sql`${region ? sql`and ${state} = ${region}` : sql``} ${inLga} ${category ? sql`and ${categoryColumn} = ${category}` : sql``}`;
}

/**
 * Columns regions and categories (json [[name, count], …]), total and matches, aggregated from
 * `counts`, a CTE of (state, lga, category, n): per region with the category filter, per category with the
 * region (and LGA) filter, per LGA of the region with the category filter (lgas), total with all, matches with
 * none. Aggregated in the database so only a few dozen numbers travel.
 */
function facetColumns({ region, lga, category }: Filters): SQL {
  const inRegion = region ? sql`and state = ${region} ${lgaFilterSql({ region, lga }, sql`lga`)}` : sql``;
  const inCategory = category ? sql`and category = ${category}` : sql``;
  return sql`
    (select json_agg(json_build_array(state, n)) from (select state, sum(n)::int as n from counts where n > 0 ${inCategory} group by state) r) as regions,
    (select json_agg(json_build_array(category, n)) from (select category, sum(n)::int as n from counts where n > 0 ${inRegion} group by category) c) as categories,
    ${lgaFacetColumn({ region, lga }, inCategory)},
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
    facets: { regions: list(row?.regions, REGIONS, findRegion), categories: list(row?.categories, CATEGORIES, findCategory), lgas: toLgaFacets(row?.lgas, scale) },
    total: Math.round(Number(row?.total ?? 0) * scale),
  };
}

/**
 * Page ids from streams that are each read newest first: the streams are concatenated in the order
 * given, then the page is cut. Each reads at most offset + take rows.
 */
async function pageFromStreams(streams: SQL[], offset: number, take: number): Promise<BusinessCardData[]> {
  // The page's cards come with it, in one statement (ADR 27).
  return cardsOfPage(
    sql`select id, row_number() over (order by tier, created_at desc nulls last, id) as ord from (${sql.join(
      streams.map((where, tier) => streamSql(where, tier, offset + take)),
      sql` union all `,
    )}) s order by tier, created_at desc nulls last, id limit ${take} offset ${offset}`,
  );
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
    let planned: StreamMode | undefined;
    for (const [tier, { where, mode }] of streams.entries()) {
      // The streams are concatenated: each only needs what the earlier ones left to fill.
      const limit = offset + take - found.length;
      if (limit <= 0) break;
      // The settings last the transaction: sent again only when a stream is read another way (a round trip saved).
      if (mode !== planned) await tx.execute(planFor(mode));
      planned = mode;
      found.push(...(await queryRows<{ id: string; tier: number; created_at: string }>(tx, sql`select * from ${streamSql(where, tier, limit)} s`)));
    }
    return found;
  });
  // Streams are already in order; concatenating them is the page order.
  return rows.slice(offset, offset + take).map((row) => row.id);
}

/** sort=rating's order: the stored Bayesian score (ADR 18), more reviews among equals, then newest. */
const RATING_ORDER = sql`${businesses.ratingScore} desc, ${businesses.reviewCount} desc, ${businesses.createdAt} desc, ${businesses.id}`;

/**
 * One page by rating: 'ordered' reads businesses_public_rating_idx in its order, testing each row, until the page
 * is full (cheap when matches are dense); 'bitmap' finds every match through the other indexes, then sorts.
 */
async function pageByRating(where: SQL, mode: StreamMode, offset: number, take: number): Promise<string[]> {
  const rows = await getDb().transaction(async (tx) => {
    await tx.execute(planFor(mode));
    return queryRows<{ id: string }>(tx, sql`select ${businesses.id} as id from ${businesses} where ${where} order by ${RATING_ORDER} limit ${take} offset ${offset}`);
  });
  return rows.map((row) => row.id);
}

/** The name has every word at the start of one of its words (the name's trigram index can serve it). */
function nameHasAll(terms: readonly string[]): SQL {
  return sql.join(
    terms.map((term) => sql`${businesses.name} ~* ${`\\m${term}`}`),
    sql` and `,
  );
}

async function toResult(
  ids: string[] | { cards: BusinessCardData[] },
  filters: BusinessFilters,
  pageSize: number,
  counted: Counted,
  isEstimate: boolean,
  lastPage: number | null = null,
  now?: Date,
): Promise<BusinessSearchResult> {
  // Ids (up to pageSize + 1) whose cards are read here, or the cards already read with the page.
  const found = Array.isArray(ids) ? ids : ids.cards;
  const hasNext = found.length > pageSize && (lastPage === null || filters.page < lastPage);
  return {
    items: Array.isArray(ids) ? await cardsFor(ids.slice(0, pageSize), now) : ids.cards.slice(0, pageSize),
    page: filters.page,
    hasPrevious: filters.page > 1,
    hasNext,
    total: counted.total,
    facets: counted.facets,
    isEstimate,
    lastPage,
  };
}

/**
 * No search text: featured listings (Premium plans' first: every listing here is of equal relevance, so search
 * priority decides), then newest; counts from the maintained per-region/category table.
 */
async function browse(filters: BusinessFilters, pageSize: number, browsePages: number): Promise<BusinessSearchResult> {
  // The maintained counts of the region (or of all, without one), the same for every visitor: kept a short while
  // (ADR 27) and summed here for the filters.
  const countRows = await browseCounts.through(`${filters.minRating ? 4 : 0}|${filters.verified ? "v" : ""}|${filters.region ?? ""}`, () =>
    queryRows<CountRow>(getDb(), sql`${browseCountsSql(filters)}`),
  );
  const row = facetRowFrom(countRows, filters);
  const counted = toCounted(row);
  const lastPage = counted.total > browsePages * pageSize ? browsePages : null;
  // Past the last listing, or past the pages browsed, there is nothing to read (the counts are exact).
  if ((filters.page - 1) * pageSize >= counted.total || (lastPage !== null && filters.page > lastPage)) {
    return toResult([], filters, pageSize, counted, false, lastPage);
  }
  // The counts say how dense the filtered listings are: reading in date order until enough pass the
  // filter costs about needed × all / matching rows; the region or category index (a bitmap), the
  // matching rows themselves. Region and category together, and region and LGA (with or without the
  // category), have their own indexes in date order.
  const needed = filters.page * pageSize + 1;
  // Reading in date order goes through every public listing, rated or not (verified ones have an index of their own).
  const readThrough = filters.minRating && !filters.verified ? await publicListings() : Number(row?.matches ?? 0);
  const sparse = (needed * readThrough) / Math.max(counted.total, 1) > counted.total;
  const hasLga = Boolean(filters.region && filters.lga);
  const isSparse = !(filters.region && filters.category) && !hasLga && Boolean(filters.region || filters.category || filters.minRating) && sparse;
  const where = sql`${listedSql(filters)} ${filterSql(filters)}`;
  const offset = (filters.page - 1) * pageSize;
  const streams = [sql`${where} and ${priorityNow}`, sql`${where} and ${placementOnly}`, sql`${where} and ${notFeaturedNow}`];
  if (filters.sort === "rating") {
    // The rating index has no region, LGA or category in it: read in its order, a page costs about needed × all /
    // matching rows whatever the filters, so a sparse pair or an LGA's few listings are found and sorted instead.
    const sparseForRating = Boolean(filters.region || filters.category || filters.minRating) && sparse;
    const ids = await pageByRating(where, sparseForRating ? "bitmap" : "ordered", offset, pageSize + 1);
    return toResult(ids, filters, pageSize, counted, false, lastPage);
  }
  const ids = isSparse
    ? await pageFromPlannedStreams(streams.map((stream) => ({ where: stream, mode: "bitmap" as const })), offset, pageSize + 1)
    : { cards: await pageFromStreams(streams, offset, pageSize + 1) };
  return toResult(ids, filters, pageSize, counted, false, lastPage);
}

type ExactOptions = { text: string; tsquery: string; fuzzy: boolean; withCounts: boolean; cap?: number };

/**
 * Every match ranked (and counted) in one statement: featured listings first, then relevance, then search
 * priority (a running Premium plan: ADR 16), then newest. Relevance is the weighted full-text rank: name, then category and products, then state and
 * address, then description. With fuzzy, names that resemble the text are matches too (a misspelt
 * name), and how closely the name resembles the text adds to the rank.
 */
async function exactSearch(filters: BusinessFilters, pageSize: number, { text, tsquery, fuzzy, withCounts, cap }: ExactOptions) {
  const query = sql`to_tsquery('simple', ${tsquery})`;
  // Resemblance is costly to compute (trigrams of every name), so only the few rows of a fuzzy search pay it.
  const score = fuzzy ? sql`ts_rank(${businesses.searchVector}, ${query}) + word_similarity(${text}, ${businesses.name})` : sql`ts_rank(${businesses.searchVector}, ${query})`;
  const columns = sql`${businesses.id} as id, ${businesses.state} as state, ${businesses.lga} as lga, ${businesses.category} as category,
    ${businesses.createdAt} as created_at, ${featuredNow} as featured, ${priorityNow} as priority, ${score} as score,
    ${businesses.ratingScore} as rating_score, ${businesses.reviewCount} as review_count`;
  // sort=rating: the matches by rating (ADR 18); otherwise featured, relevance, search priority, newest.
  const order = filters.sort === "rating"
    ? sql`rating_score desc, review_count desc, created_at desc, id`
    : sql`featured desc, score desc, priority desc, created_at desc, id`;
  // Counting needs every match; a page alone needs only those in the filters.
  const scope = withCounts ? sql`` : filterSql(filters);
  const matches = fuzzy
    ? sql`select ${columns} from ${businesses} where ${listedSql(filters)} ${scope} and ${businesses.searchVector} @@ ${query}
        union
        (select ${columns} from ${businesses} where ${listedSql(filters)} ${scope} and ${text} <% ${businesses.name} limit ${FUZZY_LIMIT})`
    : sql`select ${columns} from ${businesses} where ${listedSql(filters)} ${scope} and ${businesses.searchVector} @@ ${query} ${cap ? sql`limit ${cap}` : sql``}`;
  const [row] = await queryRows<FacetRow & { ids: string[] | null }>(
    getDb(),
    sql`with m as materialized (${matches})${withCounts ? sql`, counts as (select state, lga, category, count(*)::int as n from m group by state, lga, category)` : sql``}
      select
        (select json_agg(p.id order by p.n) from (
          select id, row_number() over (order by ${order}) as n from m where true ${withCounts ? filterSql(filters, true) : sql``}
          order by ${order} limit ${pageSize + 1} offset ${(filters.page - 1) * pageSize}
        ) p) as ids
        ${withCounts ? sql`, ${facetColumns(filters)}` : sql``}`,
  );
  return { ids: row?.ids ?? [], counted: toCounted(row), matches: Number(row?.matches ?? 0) };
}

/**
 * One page of public businesses for the listing page (spec 01 §2; decisions page: server-side search).
 * Without text: featured first, then newest. With text, every word must match (as a word prefix) in
 * name, category, products, state, address or description; when nothing does, names resembling the
 * text match instead (a misspelt name). Featured first, then relevance, then newest. Counts per region
 * and per category are for the current text with the other filter applied.
 *
 * The work per request is bounded, whatever the size of the directory. A text matching more than
 * EXACT_MATCH_LIMIT listings (a word like 'shop' or 'Lagos' in a large directory) is counted from a
 * sample (isEstimate), and its page is read in index order instead of ranking every match: featured
 * placements, then listings whose name has the words, then the others, newest first. Which way a text
 * goes is told by a block sample first: a text common enough to be in DENSE_SHARE of all listings never
 * touches the full-text index, whose cost grows with the number of matches of a word prefix.
 */
export async function searchBusinesses(filters: BusinessFilters, options: SearchOptions = {}): Promise<BusinessSearchResult> {
  const {
    pageSize = LIMITS.searchPageSize, exactMatchLimit = EXACT_MATCH_LIMIT, sampleTarget = SAMPLE_TARGET, probeRows = PROBE_ROWS, denseShare = DENSE_SHARE,
  } = options;
  // The names people give kinds of business, in any of our languages ('chemist', 'mama put'; issue 36): each finds
  // the words listings carry; the rest of the text is searched word by word.
  const { rest, groups: synonyms } = findSynonyms(filters.q);
  const terms = searchTerms(rest, { othersFound: synonyms.length > 0 });
  const hasText = terms.length > 0 || synonyms.length > 0;
  const near = filters.near;
  // 'Near me' (ADR 23) first: it keeps every other filter ('Open now' too) within its radius.
  if (near) {
    const query = hasText ? sql`to_tsquery('simple', ${prefixTsQuery(terms, { common: await commonWords(), synonyms })})` : null;
    return nearSearch({ ...filters, near, now: options.now }, query, { pageSize });
  }
  if (filters.open === "now") {
    // 'Open now' (ADR 21): its own sampled counts and streams, in app/features/directory/internal/open-now.server.ts.
    const tsquery = hasText ? prefixTsQuery(terms, { common: await commonWords(), synonyms }) : null;
    const browsePages = options.browsePages ?? BROWSE_PAGES;
    const now = options.now ?? new Date();
    const found = await findOpenNow({ filters, pageSize, now, tsquery, exactMatchLimit, browsePages, largeResultPages: LARGE_RESULT_PAGES });
    return toResult(found.ids, filters, pageSize, toCounted(found.counts, found.scale), found.isEstimate, found.lastPage, now);
  }
  if (!hasText) return browse(filters, pageSize, options.browsePages ?? BROWSE_PAGES);
  const common = await commonWords();
  const tsquery = prefixTsQuery(terms, { common, synonyms })!;
  // Names resembling the text (a misspelt name) are looked for with every word as typed.
  const text = searchTerms(filters.q).join(" ");
  const query = sql`to_tsquery('simple', ${tsquery})`;
  const nameTsquery = prefixTsQuery(terms, { nameOnly: true, common, synonyms })!;
  const nameQuery = sql`to_tsquery('simple', ${nameTsquery})`;
  const search: TextSearch = { filters, pageSize, exactMatchLimit, terms, synonyms, text, tsquery, query, nameQuery, nameTsquery };

  // 1. A common text? The planner's statistics of the search vectors tell (from the most common words,
  // which is what a common text is made of); a block sample confirms it and counts.
  const [publicCount, estimated] = [await publicListings(), await textEstimates.through(tsquery, () => plannerRows(sql`${businesses.searchVector} @@ ${query}`))];
  // The planner multiplies the words' shares as if independent, so a phrase whose words go together ('pounded
  // yam', 'mobile phone accessories') looks rare to it; its least common word bounds it from above, so a sample
  // tells (issue 19: ranking 2,001 of its matches, then a marker sample, was the slowest path of the search).
  // (A name of a kind of business is an alternative of words, which the planner estimates well: no bound needed.)
  const likely = Math.max(estimated, synonyms.length > 0 ? 0 : wordsBound(terms, common) * publicCount);
  let share = 0;
  if (likely >= denseShare * publicCount && likely > exactMatchLimit) {
    let block = await blockSample(search, probeRows);
    share = block.matches / Math.max(block.listed, 1);
    if (share >= denseShare && share * block.publicCount > exactMatchLimit) {
      // A larger sample for better estimates, within twice the probe's size (the block sample is the
      // largest cost of a common word's search: 4x measured 5-7 ms slower per search at 100,000 on PGlite).
      if (block.matches < sampleTarget && block.percent < 100) {
        block = await blockSample(search, Math.min(2 * probeRows, (probeRows * sampleTarget) / Math.max(block.matches, 1)));
      }
      const scale = block.publicCount / Math.max(block.listed, 1);
      return largeResult(search, toCounted(block.row, scale), block.nameMatches * scale, block.publicCount, block.percent < 100);
    }
  }

  // 2. Few enough to rank and count exactly? When the planner expects many, a count that stops past the
  // limit says so before any ranking work; otherwise the ranking itself stops reading past the limit.
  let matches = 0;
  if (estimated >= 2 * exactMatchLimit) matches = exactMatchLimit + 1;
  else if (estimated > exactMatchLimit / 2) {
    // Through the text index (a bitmap): the planner, expecting many, would read the table in some
    // index order testing every row until enough match.
    const [row] = await getDb().transaction(async (tx) => {
      await tx.execute(planFor("bitmap"));
      return queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from (select 1 from ${businesses} where ${listedSql(filters)} and ${businesses.searchVector} @@ ${query} limit ${exactMatchLimit + 1}) m`,
      );
    });
    matches = Number(row?.n ?? 0);
  }
  const exact =
    matches > exactMatchLimit ? { ids: [], counted: null, matches } : await exactSearch(filters, pageSize, { text, tsquery, fuzzy: false, withCounts: true, cap: exactMatchLimit + 1 });
  if (exact.matches <= exactMatchLimit && exact.counted) {
    if (exact.matches > 0) return toResult(exact.ids, filters, pageSize, exact.counted, false);
    // Nothing has the words: perhaps a typo. First the directory's common words, spelt right
    // ('hotl' → 'hotel'); else names that resemble the text.
    // (A text with a name of a kind of business is not corrected: the name alone found nothing.)
    const corrected = synonyms.length > 0 ? terms : await correctUnknownTerms(terms, common);
    if (!options.isCorrection && synonyms.length === 0 && corrected.join(" ") !== text) {
      const result = await searchBusinesses({ ...filters, q: corrected.join(" ") }, { ...options, isCorrection: true });
      if (result.total > 0 || result.items.length > 0) return { ...result, correctedQuery: corrected.join(" ") };
    }
    const fuzzy = await exactSearch(filters, pageSize, { text, tsquery, fuzzy: true, withCounts: true });
    return toResult(fuzzy.ids, filters, pageSize, fuzzy.counted, false);
  }

  // 3. In between (only in a large directory): count a hash sample of the matches, found in the index.
  const estimate = Math.max(exact.matches, share * publicCount, estimated);
  const level = Math.min(MAX_SAMPLE_LEVEL, Math.max(1, Math.floor(Math.log2(estimate / sampleTarget))));
  const sampled = await markerSample(search, level);
  const scale = 2 ** level;
  return largeResult(search, toCounted(sampled, scale), Number(sampled?.name_matches ?? 0) * scale, publicCount, true);
}

/**
 * The words corrected against the common words (correctTerms), but only those no public listing has:
 * 'Cass' of 'Mama Cass Kitchen' is one letter from the common 'cash' and must stay as typed.
 */
async function correctUnknownTerms(terms: string[], common: ReadonlyMap<string, number>): Promise<string[]> {
  const candidates = correctTerms(terms, common);
  const unsure = candidates.flatMap((candidate, i) => (candidate === terms[i] ? [] : [i]));
  if (unsure.length === 0) return terms;
  const found = await wordsFound.through(JSON.stringify(unsure.map((i) => terms[i])), () => getDb().transaction(async (tx) => {
    // Through the text index only: expecting many matches, the planner would otherwise read listings in
    // date order looking for one, and a word no listing has would cost reading them all.
    await tx.execute(planFor("bitmap"));
    const [row] = await queryRows<{ found: boolean[] }>(
      tx,
      sql`select array[${sql.join(
        unsure.map((i) => sql`exists (select 1 from ${businesses} where ${isPublicBusiness} and ${businesses.searchVector} @@ to_tsquery('simple', ${prefixTsQuery([terms[i]])}))`),
        sql`, `,
      )}] as found`,
    );
    return row?.found ?? [];
  }));
  return terms.map((term, i) => (unsure.includes(i) && !found[unsure.indexOf(i)] ? candidates[i] : term));
}

/**
 * The most common words of the listings with how often each appears (the planner's statistics of the
 * search vectors, from the last ANALYZE), kept ten minutes.
 */
/** Process-wide (ADR 1): the server's copy of this module resets what the app build's copy reads. */
const statistics = singleton("directory.search-statistics", () => ({
  common: undefined as { words: ReadonlyMap<string, number>; at: number } | undefined,
  public: undefined as { count: number; at: number } | undefined,
}));

async function commonWords(): Promise<ReadonlyMap<string, number>> {
  let commonCache = statistics.common;
  if (!commonCache || Date.now() - commonCache.at > 600_000) {
    const [row] = await queryRows<{ words: string[] | null; frequencies: number[] | null }>(
      getDb(),
      sql`select most_common_elems::text::text[] as words, most_common_elem_freqs as frequencies from pg_stats
        where schemaname = current_schema() and tablename = 'businesses' and attname = 'search_vector'`,
    );
    const words = new Map<string, number>();
    (row?.words ?? []).forEach((word, i) => {
      if (!word.startsWith("_")) words.set(word, Number(row?.frequencies?.[i] ?? 0));
    });
    commonCache = statistics.common = { words, at: Date.now() };
  }
  return commonCache.words;
}

/** Forgets the cached statistics (tests, or right after a bulk load and ANALYZE). */
export function resetSearchCaches(): void {
  statistics.common = undefined;
  statistics.public = undefined;
}

/** Public listings (the maintained counts' total), kept ten seconds: it only sizes samples and plans. */
async function publicListings(): Promise<number> {
  let publicCache = statistics.public;
  if (!publicCache || Date.now() - publicCache.at > 10_000) {
    const [row] = await queryRows<{ n: number }>(getDb(), sql`select coalesce(sum(count), 0)::int as n from business_facet_counts`);
    publicCache = statistics.public = { count: Math.max(1, Number(row?.n ?? 0)), at: Date.now() };
  }
  return publicCache.count;
}

/** Browsing's maintained counts per region and 'Rated 4+' (ADR 27): at most 38 × 2 entries. */
const browseCounts = new TtlCache<CountRow[]>(100);
/** A common text's block sample per size, its counts per (state, LGA, category). */
const blockSamples = new TtlCache<{ counts: CountRow[]; listed?: number; public_count?: number; percent?: number }>(500);
/** The planner's estimate of a text's matches. */
const textEstimates = new TtlCache<number>(2000);
/** Whether public listings have these typed words (a spelling correction's check). */
const wordsFound = new TtlCache<boolean[]>(1000);

type TextSearch = {
  filters: BusinessFilters;
  pageSize: number;
  exactMatchLimit: number;
  terms: string[];
  /** Names of kinds of business in the text (findSynonyms), searched as the words listings carry. */
  synonyms: SynonymGroup[];
  text: string;
  tsquery: string;
  query: SQL;
  nameQuery: SQL;
  nameTsquery: string;
};

/**
 * Counts over a block sample of about `rows` listings (TABLESAMPLE SYSTEM, always the same blocks for
 * a given size, so the same search shows the same estimates): listings read, matches, matches per
 * region and category, name matches, the exact number of public listings and the percentage read.
 */
async function blockSample({ filters, query, nameQuery, tsquery, nameTsquery }: TextSearch, rows: number) {
  // The sample's counts per (state, LGA, category) do not depend on the filters: kept a short while for the text
  // (ADR 27), and summed here for the filters, as facetColumns would.
  const sampled = await blockSamples.through(`${tsquery}|${nameTsquery}|${filters.minRating ? 4 : 0}|${filters.verified ? "v" : ""}|${rows}`, async () => {
    const [found] = await queryRows<{ counts: CountRow[] | null; listed: number; public_count: number; percent: number }>(
      getDb(),
      sql`with p as (select coalesce(sum(count), 0)::int as public_count from business_facet_counts),
        s as materialized (
          select ${businesses.state} as state, ${businesses.lga} as lga, ${businesses.category} as category, ${isPublicBusiness} as listed,
            ${businesses.searchVector} @@ ${query} ${ratingSql(filters)} ${verifiedSql(filters)} as matches, ${businesses.searchVector} @@ ${nameQuery} as in_name
          from ${businesses} tablesample system ((select least(100, 100.0 * ${rows} / greatest(public_count, 1))::real from p)) repeatable (20240601)),
        counts as (
          select state, lga, category, count(*)::int as n, count(*) filter (where in_name)::int as nm
          from s where listed and matches group by state, lga, category)
        select (select json_agg(json_build_object('state', state, 'lga', lga, 'category', category, 'n', n, 'nm', nm)) from counts) as counts,
          (select count(*)::int from s where listed) as listed,
          (select public_count from p) as public_count,
          (select least(100, 100.0 * ${rows} / greatest(public_count, 1))::float8 from p) as percent`,
    );
    return { counts: found?.counts ?? [], listed: found?.listed, public_count: found?.public_count, percent: found?.percent };
  });
  const row = { ...facetRowFrom(sampled.counts, filters), listed: sampled.listed, public_count: sampled.public_count, percent: sampled.percent };
  return {
    row,
    listed: Number(row?.listed ?? 0),
    matches: Number(row?.matches ?? 0),
    nameMatches: Number(row?.name_matches ?? 0),
    publicCount: Math.max(1, Number(row?.public_count ?? 0)),
    percent: Number(row?.percent ?? 100),
  };
}

/** Counts per region and category (and of name matches) over the matches among the 1/2^level marked listings. */
async function markerSample({ filters, query, nameQuery }: TextSearch, level: number) {
  const [row] = await queryRows<FacetRow>(
    getDb(),
    sql`with counts as (
        select ${businesses.state} as state, ${businesses.lga} as lga, ${businesses.category} as category, count(*)::int as n,
          count(*) filter (where ${businesses.searchVector} @@ ${nameQuery} ${filterSql(filters)})::int as nm
        from ${businesses}
        where ${listedSql(filters)} and ${businesses.searchVector} @@ (${query} && ${`_${level}`}::tsquery)
        group by 1, 2, 3)
      select ${facetColumns(filters)}, (select coalesce(sum(nm), 0)::int from counts) as name_matches`,
  );
  return row;
}

/**
 * A large result set's page, read in index order: featured listings (Premium plans' first, search
 * priority among equals), then listings whose name has the words, then the others, each newest first. Each stream is read the way that costs less for the
 * number of matches the sample found in it (see StreamMode).
 */
async function largeResult(search: TextSearch, counted: Counted, nameMatches: number, publicCount: number, isEstimate: boolean): Promise<BusinessSearchResult> {
  const { filters, pageSize, terms, query, nameQuery, text, tsquery, exactMatchLimit } = search;
  // The filters may leave few enough to rank exactly (and a page of an empty result costs nothing).
  if (counted.total <= exactMatchLimit) {
    const exact = await exactSearch(filters, pageSize, { text, tsquery, fuzzy: false, withCounts: false });
    return toResult(exact.ids, filters, pageSize, counted, isEstimate);
  }
  if (filters.page > LARGE_RESULT_PAGES) return toResult([], filters, pageSize, counted, isEstimate, LARGE_RESULT_PAGES);
  if (filters.sort === "rating") {
    // Matches are dense here (a large result): reading the rating index in order finds a page quickly.
    const listedMatching = sql`${listedSql(filters)} ${filterSql(filters)} and ${businesses.searchVector} @@ ${query}`;
    const ids = await pageByRating(listedMatching, "ordered", (filters.page - 1) * pageSize, pageSize + 1);
    return toResult(ids, filters, pageSize, counted, isEstimate, LARGE_RESULT_PAGES);
  }
  const needed = filters.page * pageSize + 1;
  // Rows read: in date order, about needed × publicCount / (matches in the stream); as a bitmap, every
  // candidate the index gives (the name's trigrams need words of 3 letters or more).
  const costs = (n: number, bitmap: number) => ({ ordered: (needed * publicCount) / Math.max(n, 1), bitmap });
  const cheaper = (c: { ordered: number; bitmap: number }): StreamMode => (c.ordered <= c.bitmap ? "ordered" : "bitmap");
  // Through the name's trigrams only for words as typed (a name of a kind of business is several words).
  const nameCosts = costs(nameMatches, search.synonyms.length === 0 && terms.every((t) => t.length >= 3) ? nameMatches * 2 : Infinity);
  const nameMode = cheaper(nameCosts);
  // When names with the words are too rare to find cheaply, they are not put first.
  const hasNameTier = Math.min(nameCosts.ordered, nameCosts.bitmap) <= MAX_TIER_ROWS;
  const listed = sql`${listedSql(filters)} ${filterSql(filters)}`;
  const matching = sql`${listed} and ${businesses.searchVector} @@ ${query}`;
  // As a bitmap, names are found through their trigrams only: "|| ''" keeps the planner from also
  // reading the full-text index, whose cost for a common word prefix is every match.
  const inName = sql`${businesses.searchVector} @@ ${nameQuery}`;
  const inNameOnly = sql`(${businesses.searchVector} || ''::tsvector) @@ ${nameQuery}`;
  // No condition repeats another: the planner multiplies their selectivities as if independent.
  const streams: { where: SQL; mode: StreamMode }[] = [
    { where: sql`${matching} and ${priorityNow}`, mode: "ordered" },
    { where: sql`${matching} and ${placementOnly}`, mode: "ordered" },
  ];
  if (hasNameTier) {
    streams.push(
      nameMode === "bitmap"
        ? { where: sql`${listed} and ${notFeaturedNow} and ${nameHasAll(terms)} and ${inNameOnly}`, mode: "bitmap" }
        : { where: sql`${listed} and ${notFeaturedNow} and ${inName}`, mode: "ordered" },
      { where: sql`${matching} and ${notFeaturedNow} and not ${inName}`, mode: "ordered" },
    );
  } else {
    streams.push({ where: sql`${matching} and ${notFeaturedNow}`, mode: "ordered" });
  }
  const ids = await pageFromPlannedStreams(streams, (filters.page - 1) * pageSize, pageSize + 1);
  return toResult(ids, filters, pageSize, counted, isEstimate, LARGE_RESULT_PAGES);
}
