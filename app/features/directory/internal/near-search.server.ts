import { sql, type SQL } from "drizzle-orm";
import { businesses } from "../../../../db/schema";
import { getDb, queryRows, type Tx } from "../../../lib/db.server";
import { EARTH_RADIUS_M, distanceMeters, formatDistance, type LatLng } from "../../../lib/geo";
import { CATEGORIES, REGIONS, findCategory, findRegion } from "../../../lib/reference";
import type { BusinessFilters } from "../parse-business-filters";
import type { BusinessSearchResult } from "../search-businesses.server";
import type { Facet } from "../types";
import { openAtTested } from "./open-now.server";
import { plannerRows } from "./planner-rows.server";
import { cardsFor, isPublicBusiness, verifiedSql } from "./public-business.server";

/**
 * 'Near me' (issue 17, ADR 23): /businesses?near=lat,lng. Public listings with a location within NEAR_RADIUS_KM of
 * the point, nearest first (sort=rating: best rated first among them); with text, the matches within the radius,
 * nearest first. The work is bounded whatever the size of the directory:
 * - without text, or with a text many listings have: the nearest listings are read through the location index
 *   (businesses_public_location_idx, a GiST KNN scan on a flat map of Nigeria: `PLANE_POINT <-> point` within a
 *   box around the point), testing each for the text and filters, until NEAR_RESULT_LIMIT + 1 match or NEAREST_READ
 *   listings were read;
 * - with a rare text (at most RARE_TEXT_LIMIT matches in the whole directory; one the planner expects more than
 *   five times as many of is not tried): its matches are found through the text index and their distances computed.
 * Counts are exact up to NEAR_RESULT_LIMIT; beyond it, or when the nearest NEAREST_READ listings were read without
 * reaching the edge of the radius, the result is 'at least' that many (`near.capped`), pages stop there.
 */
export const NEAR_RADIUS_KM = 25;
/** Results of one near search, counted exactly (10 pages of 20). */
export const NEAR_RESULT_LIMIT = 200;
/** Most listings a near search reads in distance order (about 40 ms on PGlite at 100,000 listings). */
export const NEAREST_READ = 1000;
/** A text with at most this many matches is searched through the text index, then measured. */
export const RARE_TEXT_LIMIT = 2000;

export type NearOptions = { pageSize: number; radiusKm?: number; nearestRead?: number; resultLimit?: number; rareTextLimit?: number };

type Row = {
  id: string; state: string | null; category: string | null; latitude: number; longitude: number;
  rating_score: number; review_count: number;
};
type Candidate = Row & { meters: number };

/**
 * The flat map the location index is built on (migration 0018): x = longitude × cos 9° (Nigeria's middle
 * latitude), y = latitude, so one unit is a degree of latitude in both directions. Between latitudes 4° and 14°,
 * a plane distance is 0.99–1.02 times the great-circle distance: KNN order on the map is distance order to within
 * 2%, and a box of half-side PLANE_MARGIN × radius holds every place within the radius. Written as the index's
 * expression, word for word, so the planner uses the index.
 */
export const PLANE_X_SCALE = 0.98769;
const PLANE_POINT = sql.raw(`point(longitude * ${PLANE_X_SCALE}, latitude)`);
const PLANE_MARGIN = 1.03;
/** Metres per degree of latitude on the sphere distanceMeters measures on. */
const METERS_PER_DEGREE = (Math.PI * EARTH_RADIUS_M) / 180;
/** Written like the location index's predicate so the planner can use it. */
const LOCATED = sql`${businesses.latitude} is not null and ${isPublicBusiness}`;

function planePoint({ latitude, longitude }: LatLng): SQL {
  return sql`point(${longitude * PLANE_X_SCALE}::float8, ${latitude}::float8)`;
}

/** The box around `from` on the flat map that holds every place within `meters` of it. */
function planeBox(from: LatLng, meters: number): SQL {
  const half = (meters / METERS_PER_DEGREE) * PLANE_MARGIN;
  const x = from.longitude * PLANE_X_SCALE;
  return sql`box(point(${x - half}::float8, ${from.latitude - half}::float8), point(${x + half}::float8, ${from.latitude + half}::float8))`;
}

/** The other filters within the radius: region, LGA, category, 'Rated 4+' (ADR 18) and 'Open now' (ADR 21). */
function filterSql({ region, lga, category, minRating, verified, open, now }: BusinessFilters & { now?: Date }): SQL {
  return sql`${region ? sql`and ${businesses.state} = ${region}` : sql``} ${region && lga ? sql`and ${businesses.lga} = ${lga}` : sql``}
    ${category ? sql`and ${businesses.category} = ${category}` : sql``}
    ${minRating ? sql`and ${businesses.reviewCount} > 0 and ${businesses.reviewStarSum} >= 4 * ${businesses.reviewCount}` : sql``}
    ${verifiedSql({ verified })}
    ${open === "now" ? sql`and ${openAtTested(now ?? new Date())}` : sql``}`;
}

// Exact distances (great circle, distanceMeters) are computed here from the coordinates of the rows read.
const ROW_COLUMNS = sql`${businesses.id} as id, ${businesses.state} as state, ${businesses.category} as category,
  ${businesses.latitude} as latitude, ${businesses.longitude} as longitude, ${businesses.ratingScore} as rating_score,
  ${businesses.reviewCount} as review_count`;

function measured(rows: Row[], from: LatLng, meters: number): Candidate[] {
  return rows
    .map((row) => ({ ...row, meters: distanceMeters(from, { latitude: Number(row.latitude), longitude: Number(row.longitude) }) }))
    .filter((row) => row.meters <= meters);
}

/**
 * Transaction-local planner settings: 'knn' reads the location index in distance order (never a sort of the
 * radius); 'bitmap' finds a rare text's matches through the text index.
 */
async function plan(tx: Tx, mode: "knn" | "bitmap"): Promise<void> {
  const index = mode === "knn" ? "on" : "off";
  const bitmap = mode === "knn" ? "off" : "on";
  await tx.execute(sql`select set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', ${bitmap}, true),
    set_config('enable_indexscan', ${index}, true), set_config('max_parallel_workers_per_gather', '0', true)`);
}

/** The matches of a rare text within the radius, or null when the text has more than `limit` matches. */
async function rareTextCandidates(tx: Tx, from: LatLng, meters: number, filters: BusinessFilters, query: SQL, limit: number): Promise<Candidate[] | null> {
  await plan(tx, "bitmap");
  const rows = await queryRows<Row>(
    tx,
    sql`select ${ROW_COLUMNS} from ${businesses} where ${LOCATED} ${filterSql(filters)} and ${businesses.searchVector} @@ ${query} limit ${limit + 1}`,
  );
  if (rows.length > limit) return null;
  return measured(rows, from, meters);
}

/**
 * The nearest listings within the radius's box, read in distance order through the location index and tested one
 * by one: at most `read` of them, stopping at `limit` matches. `exhausted` tells whether the box was read to its
 * end (the matches are all of them) or the read limit stopped it.
 */
async function nearestCandidates(tx: Tx, from: LatLng, meters: number, filters: BusinessFilters, query: SQL | null, read: number, limit: number) {
  await plan(tx, "knn");
  const here = planePoint(from);
  const matches = sql`true ${filterSql(filters)} ${query ? sql`and ${businesses.searchVector} @@ ${query}` : sql``}`;
  // The last listing the read limit allows (rn = read) comes back whatever it is: it says the limit was reached.
  const rows = await queryRows<Row & { rn: number; matched: boolean }>(
    tx,
    sql`select * from (
        select ${ROW_COLUMNS}, ${matches} as matched, row_number() over (order by ${PLANE_POINT} <-> ${here}) as rn
        from ${businesses}
        where ${LOCATED} and ${PLANE_POINT} <@ ${planeBox(from, meters)}
        order by ${PLANE_POINT} <-> ${here} limit ${read}
      ) n where matched or rn = ${read} limit ${limit + 1}`,
  );
  const reachedReadLimit = rows.some((row) => Number(row.rn) === read);
  // The box's corners and margin are farther than the radius: those are left out here (they come last in order).
  return { rows: measured(rows.filter((row) => row.matched), from, meters), exhausted: !reachedReadLimit };
}

function facetsOf(rows: Candidate[]): { regions: Facet[]; categories: Facet[] } {
  const count = (values: (string | null)[], names: readonly string[], find: (value: string) => string | null): Facet[] => {
    const counts = new Map<string, number>();
    for (const value of values) {
      const name = value ? find(value) : null;
      if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    return names.filter((name) => counts.has(name)).map((name) => ({ name, count: counts.get(name)! }));
  };
  return { regions: count(rows.map((r) => r.state), REGIONS, findRegion), categories: count(rows.map((r) => r.category), CATEGORIES, findCategory) };
}

/**
 * One page of a near search. `query` is the search text's tsquery (null without text). The facets are those of
 * the results (the filters apply to the search itself, so a chosen region or category lists only itself).
 */
export async function nearSearch(filters: BusinessFilters & { near: LatLng; now?: Date }, query: SQL | null, options: NearOptions): Promise<BusinessSearchResult> {
  const {
    pageSize, radiusKm = NEAR_RADIUS_KM, nearestRead = NEAREST_READ, resultLimit = NEAR_RESULT_LIMIT, rareTextLimit = RARE_TEXT_LIMIT,
  } = options;
  const meters = radiusKm * 1000;
  // A text the planner expects more than five times the limit of is common: reading `limit` + 1 of its matches only
  // to learn so would cost more than the whole near search (2,001 rows at 1,000,000 listings for 'bread', which it
  // expects 40,707 times). Words its statistics do not list get a fixed share (4,351 at 1,000,000 listings), so
  // those are still tried. Asked before the transaction: on the embedded database it holds the only connection.
  const maybeRare = query !== null && (await plannerRows(sql`${businesses.searchVector} @@ ${query}`)) <= 5 * rareTextLimit;
  const { candidates, exhausted } = await getDb().transaction(async (tx) => {
    const rare = query && maybeRare ? await rareTextCandidates(tx, filters.near, meters, filters, query, rareTextLimit) : null;
    if (rare) return { candidates: rare, exhausted: true };
    const nearest = await nearestCandidates(tx, filters.near, meters, filters, query, nearestRead, resultLimit);
    return { candidates: nearest.rows, exhausted: nearest.exhausted };
  });
  const byDistance = (a: Candidate, b: Candidate) => a.meters - b.meters || a.id.localeCompare(b.id);
  const byRating = (a: Candidate, b: Candidate) =>
    Number(b.rating_score) - Number(a.rating_score) || b.review_count - a.review_count || byDistance(a, b);
  const ordered = [...candidates].sort(filters.sort === "rating" ? byRating : byDistance).slice(0, resultLimit);
  const capped = candidates.length > resultLimit || !exhausted;
  const lastPage = capped ? Math.max(1, Math.ceil(ordered.length / pageSize)) : null;
  const offset = (filters.page - 1) * pageSize;
  const page = ordered.slice(offset, offset + pageSize);
  const distance = new Map(page.map((row) => [row.id, Math.round(row.meters)]));
  const cards = await cardsFor(page.map((row) => row.id), filters.now);
  return {
    items: cards.map((card) => {
      const meters = distance.get(card.id) ?? 0;
      return { ...card, distanceMeters: meters, distance: formatDistance(meters) };
    }),
    page: filters.page,
    hasPrevious: filters.page > 1,
    hasNext: offset + pageSize < ordered.length,
    total: ordered.length,
    facets: facetsOf(ordered),
    isEstimate: false,
    lastPage,
    near: { radiusKm, capped },
  };
}
