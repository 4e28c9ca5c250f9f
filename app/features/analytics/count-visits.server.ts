import { sql, type SQL } from "drizzle-orm";
import { BURST_LIMIT } from "./counting";

/**
 * Counting.ts's rules 2 and 3 in SQL, for every counter's write (the event batch, directory's view counter): CTEs to
 * put after a CTE named `candidates` with columns (bucket, business_id, kind, visitor, source). They define
 * `fresh` (the visitors new in `counted_visits` for their listing, kind and window: inserted, so every process
 * agrees) and `judged` (bucket, business_id, kind, visitor, held): held when the source had already brought
 * BURST_LIMIT visitors to the listing for that kind in the window. A visitor seen before is in neither.
 */
export function onceAndBurstCtes(): SQL {
  return sql`fresh as (
      insert into counted_visits (bucket, business_id, kind, visitor, source)
      select bucket, business_id, kind, visitor, source from candidates order by 1, 2, 3, 4
      on conflict do nothing
      returning bucket, business_id, kind, visitor, source
    ), earlier as (
      -- What each source had already brought (a data-modifying CTE's own rows are not seen by the rest of its statement).
      select f.bucket, f.source, f.business_id, f.kind, count(c.visitor)::int as n
      from (select distinct bucket, source, business_id, kind from fresh) f
      left join counted_visits c on c.bucket = f.bucket and c.source = f.source and c.business_id = f.business_id and c.kind = f.kind
      group by 1, 2, 3, 4
    ), judged as (
      select f.bucket, f.business_id, f.kind, f.visitor,
        coalesce(earlier.n, 0) + row_number() over (partition by f.bucket, f.source, f.business_id, f.kind order by f.visitor) > ${BURST_LIMIT} as held
      from fresh f left join earlier using (bucket, source, business_id, kind)
    )`;
}

/** Forgets the visitors of windows before the previous one (the 'purge-listing-events' job, every 10 minutes). */
export function purgeCountedVisitsSql(currentBucket: number): SQL {
  return sql`with gone as (delete from counted_visits where bucket < ${currentBucket - 1} returning 1),
    spent as (delete from spent_count_tokens where expires_at < now() returning 1)
    select (select count(*) from gone)::int as visits, (select count(*) from spent)::int as tokens`;
}
