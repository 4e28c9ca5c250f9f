import { sql, type SQL } from "drizzle-orm";
import { businesses } from "../../../../db/schema";
import { getDb, queryRows } from "../../../lib/db.server";
import { minuteOfWeek, watDate } from "../../../lib/opening-hours";
import { hasPlacementNow, hasPriorityNow, isFeaturedNow } from "../../featured/featured-now.server";
import type { BusinessFilters } from "../parse-business-filters";
import { plannerRows } from "./planner-rows.server";
import { isPublicBusiness, verifiedSql } from "./public-business.server";

/**
 * The 'Open now' filter (issue 17, ADR 21). A listing is open at an instant when its WAT minutes of the week
 * (businesses.open_minutes, written with its hours) contain the minute, and the day (WAT) is not one of its
 * closures. Exact at the minute: a listing closing at 18:00 is open at 17:59 and not at 18:00.
 */
export function openAt(now: Date): SQL {
  return sql`${businesses.openMinutes} @> ${minuteOfWeek(now)}::int4 and ${notClosedOn(now)}`;
}

/** The same test written so no index can serve it: for reading rows another index found (or a sample). */
export function openAtTested(now: Date): SQL {
  return sql`coalesce(${businesses.openMinutes}, '{}'::int4multirange) @> ${minuteOfWeek(now)}::int4 and ${notClosedOn(now)}`;
}

function notClosedOn(now: Date): SQL {
  // Through business_closures' primary key (business_id, closed_on): one probe per row tested.
  return sql`not exists (select 1 from business_closures bc where bc.business_id = ${businesses.id} and bc.closed_on = ${watDate(now)}::date)`;
}

/**
 * The hours of the day (WAT) whose open listings carry a marker in the search vector (migration 0021): 20:00 to
 * 07:00, when few listings are open. The migration's function writes out the same hours of the week.
 */
export const NIGHT_HOURS: readonly number[] = [20, 21, 22, 23, 0, 1, 2, 3, 4, 5, 6];

/**
 * The search vector's marker of the night hour `now` falls in: '_o' and the hour of the week (0 = Monday
 * 00:00–00:59 WAT), carried by every listing open at some minute of that hour; null in the daytime. A listing with
 * the marker may still be closed at the minute (it opens at 20:30, or has a closure today): openAtTested decides.
 */
export function openMarker(now: Date): string | null {
  const hourOfWeek = Math.floor(minuteOfWeek(now) / 60);
  return NIGHT_HOURS.includes(hourOfWeek % 24) ? `_o${hourOfWeek}` : null;
}

/** For cards: true or false when the listing lists hours, null when it does not (nothing is shown). */
export function openNowColumn(now: Date) {
  return sql<boolean | null>`case when ${businesses.openMinutes} is null then null else (${openAtTested(now)}) end`;
}

/** A sample of about this many listings (of those the text matches) counts open-now results. */
const SAMPLE_ROWS = 2000;
/** A text with at most about this many matches (the planner's estimate) is rare enough to count its open ones exactly by day. */
const EXACT_COUNT_ROWS = 10_000;
/** Most rows a stream may cost to read in date order before reading it as a bitmap instead. */
const MAX_ORDERED_ROWS = 20_000;
const MAX_SAMPLE_LEVEL = 12;

export type OpenNowSearch = {
  filters: BusinessFilters;
  pageSize: number;
  now: Date;
  /** The text's tsquery (prefix words), or null when browsing. */
  tsquery: string | null;
  exactMatchLimit: number;
  /** How far a result too large to count exactly is paged (the use case's limits). */
  browsePages: number;
  largeResultPages: number;
};

/** Counts as the use case's facet lists read them: pairs per region, LGA (of the chosen region) and category, the total and all matches. */
export type OpenNowCounts = {
  regions: [string | null, number][];
  categories: [string | null, number][];
  lgas: [string | null, number][] | null;
  total: number;
  matches: number;
};

export type OpenNowPage = { ids: string[]; counts: OpenNowCounts; scale: number; isEstimate: boolean; lastPage: number | null };

type CountRow = { state: string | null; lga: string | null; category: string | null; n: number };

/**
 * Regions with the category filter, the chosen region's LGAs with the category filter, categories with the
 * region (and LGA) filter, the total with all of them, matches with none: as the use case's facetColumns does.
 */
function countsFrom(rows: CountRow[], { region, lga, category }: Pick<BusinessFilters, "region" | "lga" | "category">): OpenNowCounts {
  const sum = (keep: (row: CountRow) => boolean) => rows.filter(keep).reduce((n, row) => n + Number(row.n), 0);
  const group = (key: "state" | "lga" | "category", keep: (row: CountRow) => boolean) => {
    const totals = new Map<string | null, number>();
    for (const row of rows.filter(keep)) totals.set(row[key], (totals.get(row[key]) ?? 0) + Number(row.n));
    return [...totals].filter(([, n]) => n > 0);
  };
  const inCategory = (row: CountRow) => !category || row.category === category;
  const inPlace = (row: CountRow) => !region || (row.state === region && (!lga || row.lga === lga));
  return {
    regions: group("state", inCategory),
    lgas: region ? group("lga", (row) => row.state === region && row.lga !== null && inCategory(row)) : null,
    categories: group("category", inPlace),
    total: sum((row) => inCategory(row) && inPlace(row)),
    matches: sum(() => true),
  };
}

/** The counts of the rows a condition keeps, if there are at most `limit` (read through the text index), else null. */
async function countUpTo(where: SQL, limit: number): Promise<CountRow[] | null> {
  const rows = await getDb().transaction(async (tx) => {
    await tx.execute(planFor("bitmap"));
    return queryRows<CountRow>(
      tx,
      sql`select state, lga, category, count(*)::int as n from (
          select ${businesses.state} as state, ${businesses.lga} as lga, ${businesses.category} as category from ${businesses} where ${where} limit ${limit + 1}
        ) m group by 1, 2, 3`,
    );
  });
  return rows.reduce((n, row) => n + Number(row.n), 0) <= limit ? rows : null;
}

/** The planner's estimate for each word of a text ('a & (b | bs) & c:*'), the fewest: an upper bound of the text's matches. */
async function fewestOfAnyWord(tsquery: string): Promise<number> {
  let fewest = Number.POSITIVE_INFINITY;
  for (const word of tsquery.split(" & ")) {
    fewest = Math.min(fewest, await plannerRows(sql`${businesses.searchVector} @@ to_tsquery('simple', ${word})`));
  }
  return fewest;
}

/** Transaction-local planner settings: 'ordered' reads a date-ordered index testing rows, 'bitmap' gathers then sorts. */
function planFor(mode: "ordered" | "bitmap"): SQL {
  const ordered = mode === "ordered" ? "on" : "off";
  const bitmap = mode === "ordered" ? "off" : "on";
  return sql`select set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', ${bitmap}, true),
    set_config('enable_indexscan', ${ordered}, true), set_config('enable_sort', ${bitmap}, true),
    set_config('max_parallel_workers_per_gather', '0', true)`;
}

function filterSql({ region, lga, category }: Pick<BusinessFilters, "region" | "lga" | "category">): SQL {
  return sql`${region ? sql`and ${businesses.state} = ${region}` : sql``} ${region && lga ? sql`and ${businesses.lga} = ${lga}` : sql``} ${category ? sql`and ${businesses.category} = ${category}` : sql``}`;
}

/** Public listings, and with 'Rated 4+' (rating=4) only those averaging four stars or more (ADR 18). */
function listedSql({ minRating, verified }: Pick<BusinessFilters, "minRating" | "verified">): SQL {
  const listed = minRating ? sql`${isPublicBusiness} and ${businesses.reviewCount} > 0 and ${businesses.reviewStarSum} >= 4 * ${businesses.reviewCount}` : isPublicBusiness;
  return sql`${listed} ${verifiedSql({ verified })}`;
}

/** sort=rating's order (the stored Bayesian score, ADR 18), as the use case's. */
const RATING_ORDER = sql`${businesses.ratingScore} desc, ${businesses.reviewCount} desc, ${businesses.createdAt} desc, ${businesses.id}`;

/**
 * One page of public listings open at `now`, with counts, in bounded work at any size:
 *
 * 1. Counting: the listings the text matches (all public ones when browsing) are sampled through the search
 *    vector's hash markers ('_L', a fixed 1/2^L of all listings, found in the text index: ADR 7), about
 *    SAMPLE_ROWS of them, and each is tested; the counts are scaled by 2^L (an estimate). A small directory
 *    (L = 0) is counted exactly, and so is a result the sample shows to be small, through the open-hours index.
 * 2. The page: featured streams first (Premium plans', then placements), then the others, newest first; with
 *    text and few enough matches, ranked by relevance. A stream is read in date order testing each row when
 *    open listings are dense (daytime), or gathered through the GiST index of the open minutes and sorted when
 *    they are sparse (3 am: only 24-hour places).
 * 3. At night (NIGHT_HOURS) every gathering goes through the text index with the hour's marker (openMarker): the
 *    text and the hour together, so a common word with almost none of its matches open costs the few that are,
 *    not a test of every match; browsing, the marker alone instead of the open-hours GiST index (whose
 *    multiranges are indexed by their bounds, so it finds nearly every listing with hours).
 */
export async function findOpenNow(search: OpenNowSearch): Promise<OpenNowPage> {
  const { filters, pageSize, now, tsquery, exactMatchLimit } = search;
  const db = getDb();
  const query = tsquery ? sql`to_tsquery('simple', ${tsquery})` : null;
  const textMatch = query ? sql`and ${businesses.searchVector} @@ ${query}` : sql``;
  const marker = openMarker(now);
  /** The text (if any) and further markers in one search of the text index; the night hour's marker when there is one. */
  const vectorMatch = (...markers: string[]): SQL => {
    const all = marker ? [...markers, marker] : markers;
    if (all.length === 0) return textMatch;
    const tsqueries = all.map((m) => sql`${m}::tsquery`);
    return sql`and ${businesses.searchVector} @@ (${sql.join(query ? [query, ...tsqueries] : tsqueries, sql` && `)})`;
  };
  /** For gathering through an index (a bitmap): the text with the night marker. Rows read in an order test the text only. */
  const gathered = vectorMatch();
  const [publicRow] = await queryRows<{ n: number }>(db, sql`select coalesce(sum(count), 0)::int as n from business_facet_counts`);
  const publicCount = Math.max(1, Number(publicRow?.n ?? 0));
  const base = query ? Math.min(publicCount, await plannerRows(sql`${businesses.searchVector} @@ ${query}`)) : publicCount;
  // The sample's size from the most the text can match: the planner multiplies words' shares as if independent,
  // so words that go together ('jollof rice', 'Divine Favour') it underestimates tenfold, and a sample sized
  // from that read 19,000 rows. The fewest matches of any one word bounds the whole text from above.
  const most = query && tsquery && tsquery.includes(" & ") ? Math.min(publicCount, Math.max(base, await fewestOfAnyWord(tsquery))) : base;
  const level = most > SAMPLE_ROWS ? Math.min(MAX_SAMPLE_LEVEL, Math.ceil(Math.log2(most / SAMPLE_ROWS))) : 0;

  // 1. Counts per region and category, over a marked sample (or every listing when small). At night with text,
  // the text and the hour's marker together are mostly few: first counted exactly in one pass through the text
  // index, reading at most exactMatchLimit + 1 of them; the sample only when there are more.
  // (Tried when the planner expects at most that many: its estimate of the marker is good, and a word is about as
  // likely open at night as any listing; a word with thousands open at night goes straight to the sample.)
  const tryExact = marker && query && level > 0 && (await plannerRows(sql`true ${gathered}`)) <= exactMatchLimit;
  const exactAtNight = tryExact ? await countUpTo(sql`${listedSql(filters)} ${gathered} and ${openAtTested(now)}`, exactMatchLimit) : null;
  const sampled = level > 0 && !exactAtNight ? vectorMatch(`_${level}`) : gathered;
  let rows = exactAtNight ?? await db.transaction(async (tx) => {
    // Through the text index (the markers): the open-hours index would gather every open listing first.
    await tx.execute(planFor("bitmap"));
    return queryRows<CountRow>(
      tx,
      sql`select ${businesses.state} as state, ${businesses.lga} as lga, ${businesses.category} as category, count(*)::int as n from ${businesses}
        where ${listedSql(filters)} ${sampled} and ${openAtTested(now)} group by 1, 2, 3`,
    );
  });
  let scale = exactAtNight ? 1 : 2 ** level;
  let counts = countsFrom(rows, filters);
  // Few open now: counted exactly, gathered through the night marker (or by day the open-hours index), up to
  // exactMatchLimit as a text search counts (at 100,000 on the embedded database, counting the 8,600 open at
  // 23:30 one by one cost 90 ms); with text by day only when the text itself is rare enough to read every match.
  // (At night, a one-pass count that found more is final.)
  const exactUpTo = exactMatchLimit;
  if (scale > 1 && !tryExact && counts.matches * scale <= exactUpTo && (!query || marker || base <= EXACT_COUNT_ROWS)) {
    rows = await db.transaction(async (tx) => {
      await tx.execute(planFor("bitmap"));
      return queryRows<CountRow>(
        tx,
        sql`select ${businesses.state} as state, ${businesses.lga} as lga, ${businesses.category} as category, count(*)::int as n from ${businesses}
          where ${listedSql(filters)} and ${query || marker ? openAtTested(now) : openAt(now)} ${gathered} group by 1, 2, 3`,
      );
    });
    scale = 1;
    counts = countsFrom(rows, filters);
  }
  const isEstimate = scale > 1;
  const estimatedTotal = counts.total * scale;
  const estimatedMatches = counts.matches * scale;
  const pages = query ? search.largeResultPages : search.browsePages;
  const lastPage = isEstimate || estimatedTotal > pages * pageSize ? pages : null;
  const offset = (filters.page - 1) * pageSize;
  const empty = { ids: [], counts, scale, isEstimate, lastPage };
  if ((!isEstimate && offset >= estimatedTotal) || (lastPage !== null && filters.page > lastPage)) return empty;

  const where = sql`${listedSql(filters)} ${filterSql(filters)} ${textMatch}`;
  const whereGathered = sql`${listedSql(filters)} ${filterSql(filters)} ${gathered}`;
  const featured = isFeaturedNow();
  // 2a. Text with few matches: ranked by relevance (featured first), every match tested.
  if (query && !isEstimate && base <= exactMatchLimit) {
    const ids = await db.transaction(async (tx) => {
      await tx.execute(planFor("bitmap"));
      return queryRows<{ id: string }>(
        tx,
        sql`select ${businesses.id} as id from ${businesses} where ${whereGathered} and ${openAtTested(now)}
          order by ${filters.sort === "rating" ? RATING_ORDER : sql`${featured} desc, ts_rank(${businesses.searchVector}, ${query}) desc, ${hasPriorityNow()} desc, ${businesses.createdAt} desc, ${businesses.id}`}
          limit ${pageSize + 1} offset ${offset}`,
      );
    });
    return { ...empty, ids: ids.map((row) => row.id) };
  }
  // 2b. Streams, newest first: ordered when open listings are dense among those read, else as a bitmap.
  const needed = offset + pageSize + 1;
  const orderedCost = (needed * publicCount) / Math.max(estimatedTotal, 1);
  const mode = orderedCost <= Math.min(MAX_ORDERED_ROWS, Math.max(estimatedMatches, 1)) ? "ordered" : "bitmap";
  if (filters.sort === "rating") {
    // By rating (ADR 18): one stream in the rating index's order when open listings are dense, else gathered and sorted.
    const ids = await db.transaction(async (tx) => {
      await tx.execute(planFor(mode));
      return queryRows<{ id: string }>(
        tx,
        sql`select ${businesses.id} as id from ${businesses} where ${mode === "bitmap" ? sql`${whereGathered} and ${marker || query ? openAtTested(now) : openAt(now)}` : sql`${where} and ${openAtTested(now)}`}
          order by ${RATING_ORDER} limit ${needed}`,
      );
    });
    return { ...empty, ids: ids.slice(offset, offset + pageSize + 1).map((row) => row.id) };
  }
  const priority = hasPriorityNow();
  const streams: { where: SQL; mode: "ordered" | "bitmap" }[] = [
    { where: sql`${where} and ${openAtTested(now)} and ${priority}`, mode: "ordered" },
    { where: sql`${where} and ${openAtTested(now)} and ${hasPlacementNow()} and not ${priority}`, mode: "ordered" },
    // As a bitmap: through the text index (with the night marker), or the open-hours index when browsing by day.
    { where: sql`${mode === "bitmap" ? sql`${whereGathered} and ${marker || query ? openAtTested(now) : openAt(now)}` : sql`${where} and ${openAtTested(now)}`} and not ${featured}`, mode },
  ];
  const found = await db.transaction(async (tx) => {
    const ids: string[] = [];
    let planned: "ordered" | "bitmap" | undefined;
    for (const stream of streams) {
      const limit = needed - ids.length;
      if (limit <= 0) break;
      // Settings last the transaction: sent again only when the way of reading changes.
      if (stream.mode !== planned) await tx.execute(planFor(stream.mode));
      planned = stream.mode;
      const rows = await queryRows<{ id: string }>(
        tx,
        sql`select ${businesses.id} as id from ${businesses} where ${stream.where}
          order by ${businesses.createdAt} desc nulls last, ${businesses.id} limit ${limit}`,
      );
      ids.push(...rows.map((row) => row.id));
    }
    return ids;
  });
  return { ...empty, ids: found.slice(offset, offset + pageSize + 1) };
}
