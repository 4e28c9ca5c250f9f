import { sql } from "drizzle-orm";
import { queryRows, type Db, type Tx } from "../../../lib/db.server";
import { lgaCentre } from "../../../lib/nigeria-lga-centres";
import type { Region } from "../../../lib/reference";
import { QUOTE_MAX_BUSINESSES } from "../quote.schemas";

/**
 * Which businesses receive a quote request: the rule of ADR 43 (docs/decisions/0043-choosing-businesses-for-a-quote-request.md),
 * written here and nowhere else.
 *
 * Eligible: an approved public listing of the request's category in its state, with an owner (imported listings
 * nobody claimed cannot answer), not the requester's own, whose owner can receive messages (not suspended, account
 * not deleted, neither side of the conversation blocked), and open this week by its hours when it lists hours
 * (some open time in the week, and not closed on each of the next 7 days).
 *
 * Ranked: the request's LGA first; then listings that received no request in the last 24 hours before those that did
 * (leads are spread); then distance from the LGA's centre in 5 km steps when both have a place (listings without a
 * location after located ones); then the owner's usual first-reply time over 30 days in steps (within 1 hour, 6
 * hours, a day, slower or not known yet); then a random order. Plan, featured status and rating play no part.
 *
 * Bounded at 1,000,000 listings: the candidates are read from the public (state, category, created_at) and
 * (state, lga, category, created_at) partial indexes in their order (the orderings below are the indexes' own,
 * NULLS included, so each window is an index range scan that stops at its limit), at most CANDIDATE_WINDOW rows each
 * side of a random point in time between the first and the last public listing of the category in the state (read
 * through the same index: so every listing of a busy category gets its turn, the newest and the oldest, however young
 * the category is next to the directory), then ranked: per candidate one index probe for its last request, one for a
 * block, one for closures and at most 31 rollup rows by primary key.
 */

/** Rows read each side of the random point, per index (same LGA, whole state). */
export const CANDIDATE_WINDOW = 150;
/** A listing that received a request this recently ranks after those that did not. */
export const RECENT_LEAD_HOURS = 24;
/** The reply-time steps, in seconds. */
const REPLY_STEPS = [3600, 6 * 3600, 24 * 3600] as const;
/** Distance steps (km), so that a little farther does not outweigh a much quicker reply. */
const DISTANCE_STEP_KM = 5;
const KM_PER_DEGREE = 111.32;
const PLANE_X_SCALE = 0.98769;

export type MatchQuery = { requesterId: string; category: string; state: Region; lga: string | null; limit?: number };
export type MatchedBusiness = { businessId: string; name: string; ownerId: string; sameLga: boolean; km: number | null; recentLead: boolean; replySeconds: number | null };

/** The public-listing predicate of the partial indexes (db/schema/directory.ts), word for word so the planner uses them. */
const PUBLIC = sql.raw(`approved and approval_status = 'approved' and not owner_suspended and (user_id is not null or source is not null)`);

export function matchingSql(query: MatchQuery) {
  const limit = Math.min(query.limit ?? QUOTE_MAX_BUSINESSES, QUOTE_MAX_BUSINESSES);
  const lga = query.lga || null;
  const centre = lga ? lgaCentre(query.state, lga) : null;
  const lat = centre ? centre[0] : null;
  const lon = centre ? centre[1] : null;
  const columns = sql.raw(`id, name, user_id, lga, latitude, longitude, open_minutes, created_at`);
  const owned = sql`user_id is not null and user_id <> ${query.requesterId}`;
  const stateWhere = sql`state = ${query.state} and category = ${query.category} and ${PUBLIC} and ${owned}`;
  // The span the random point is drawn in: the category's own public listings in the state, its first and its last
  // (one index probe each, through the same index), not the whole directory's age, so a young category is read all
  // along its span too and not only from its oldest end.
  const spanWhere = sql`state = ${query.state} and category = ${query.category} and ${PUBLIC}`;
  const lgaWhere = sql`state = ${query.state} and lga = ${lga} and category = ${query.category} and ${PUBLIC} and lga is not null and ${owned}`;
  const window = (where: ReturnType<typeof sql>) => sql`
    (select ${columns} from businesses where ${where} and created_at <= (select at from cut) order by created_at desc nulls last, id asc limit ${CANDIDATE_WINDOW})
    union all
    (select ${columns} from businesses where ${where} and created_at > (select at from cut) order by created_at asc nulls first, id desc limit ${CANDIDATE_WINDOW})`;
  return sql`
    with bounds as (
      select
        (select created_at from businesses where ${spanWhere} order by created_at asc nulls first, id desc limit 1) as first_at,
        (select created_at from businesses where ${spanWhere} order by created_at desc nulls last, id asc limit 1) as last_at
    ), cut as (
      select coalesce(first_at + random() * (last_at - first_at), now()) as at from bounds
    ), pool as (
      ${window(stateWhere)}
      ${lga ? sql`union all ${window(lgaWhere)}` : sql``}
    ), candidates as (
      select distinct on (id) * from pool order by id
    ), ranked as materialized (
      select c.id, c.name, c.user_id,
        (${lga}::text is not null and c.lga = ${lga}) as same_lga,
        case when ${lat}::float8 is not null and c.latitude is not null
          then sqrt(power((c.longitude - ${lon}::float8) * ${PLANE_X_SCALE}, 2) + power(c.latitude - ${lat}::float8, 2)) * ${KM_PER_DEGREE}
        end as km,
        exists (select 1 from quote_recipients r where r.business_id = c.id and r.created_at > now() - make_interval(hours => ${RECENT_LEAD_HOURS})) as recent_lead,
        (select avg(s)::float8 from listing_daily_stats d, unnest(d.reply_seconds) as s
          where d.business_id = c.id and d.day >= (now() at time zone 'Africa/Lagos')::date - 30) as reply_seconds
      from candidates c
        join "user" u on u.id = c.user_id
      where not coalesce(u.banned, false) and u.deleted_at is null
        and not exists (select 1 from conversation_blocks cb where cb.business_id = c.id and cb.visitor_id = ${query.requesterId})
        and (c.open_minutes is null or not isempty(c.open_minutes))
        and (select count(*) from business_closures bc where bc.business_id = c.id
          and bc.closed_on between (now() at time zone 'Africa/Lagos')::date and (now() at time zone 'Africa/Lagos')::date + 6) < 7
    )
    select id, name, user_id, same_lga, km, recent_lead, reply_seconds
    from ranked
    order by same_lga desc, recent_lead asc, floor(km / ${DISTANCE_STEP_KM}) asc nulls last,
      case when reply_seconds is null then ${REPLY_STEPS.length}::int
        ${sql.join(REPLY_STEPS.map((s, i) => sql` when reply_seconds <= ${s}::float8 then ${i}::int`), sql``)}
        else ${REPLY_STEPS.length}::int end asc,
      random()
    limit ${limit}`;
}

/** Up to 5 businesses for a request, best first (ADR 43). In the caller's transaction when given one. */
export async function matchBusinesses(db: Db | Tx, query: MatchQuery): Promise<MatchedBusiness[]> {
  const rows = await queryRows<{
    id: string; name: string; user_id: string; same_lga: boolean; km: number | null; recent_lead: boolean; reply_seconds: number | null;
  }>(db, matchingSql(query));
  return rows.map((r) => ({
    businessId: r.id, name: r.name, ownerId: r.user_id, sameLga: Boolean(r.same_lga), km: r.km === null ? null : Number(r.km),
    recentLead: Boolean(r.recent_lead), replySeconds: r.reply_seconds === null ? null : Number(r.reply_seconds),
  }));
}
