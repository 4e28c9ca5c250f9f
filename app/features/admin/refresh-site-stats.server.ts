import { sql, type SQL } from "drizzle-orm";
import { getDb, queryRows } from "../../lib/db.server";
import { daysBefore, watDay } from "../analytics/analytics.schemas";
import { SITE_OVERVIEW_DAYS } from "./site-overview";

/**
 * The admin overview's figures (issue 18): one site_daily_stats row per WAT day, recomputed by the scheduled
 * job 'site-stats' (server/scheduler.ts). A system chore, no session: it only counts, and only admins read
 * the rows (get-site-overview.server.ts).
 *
 * Each run recomputes today and yesterday (WAT) — late rows of yesterday are caught the morning after — and
 * any of the last 2 × SITE_OVERVIEW_DAYS days without a row, so the first run fills 180 days back (the 90-day
 * change needs the 90 days before). Older days
 * keep what was counted then. A day is [00:00 WAT, +24 h), i.e. [the previous day 23:00 UTC, +24 h), and each
 * figure is a range scan on an index over that interval:
 * - sign-ups: new accounts, `user.created_at` (user_created_idx). The account row is the sign-up; the profile
 *   row is written by a hook after it and may be missing or re-made later, so its created_at is not used.
 * - new listings: `businesses.created_at`, whatever their approval status (businesses_created_idx).
 * - messages: every `business_messages` row, visitors' and owners' (business_messages_created_idx).
 * - payments and revenue: payments that succeeded, counted on the day they were confirmed (`confirmed_at`,
 *   payments_succeeded_confirmed_idx), and their amounts in kobo. Revenue is what was paid: a payment
 *   refunded later stays in its day (past days are not recomputed), the refunds are in the Payments view.
 * The whole run is one upsert, so running it twice gives the same rows.
 */
export async function refreshSiteStats(now: Date = new Date()): Promise<{ days: number }> {
  const db = getDb();
  const today = watDay(now);
  // Twice the charted days: the 90-day total's change compares with the 90 days before (the first run fills both).
  const filled = 2 * SITE_OVERVIEW_DAYS;
  const oldest = daysBefore(today, filled - 1);
  const stored = await queryRows<{ day: string }>(
    db,
    sql`select day::text as day from site_daily_stats where day between ${oldest}::date and ${today}::date`,
  );
  const have = new Set(stored.map((r) => String(r.day)));
  const days = [today, daysBefore(today, 1)];
  for (let back = 2; back < filled; back++) {
    const day = daysBefore(today, back);
    if (!have.has(day)) days.push(day);
  }
  await queryRows(
    db,
    sql`insert into site_daily_stats (day, signups, listings, messages, payments, revenue_kobo, computed_at)
        ${countDays(days, now)}
        on conflict (day) do update set
          signups = excluded.signups, listings = excluded.listings, messages = excluded.messages,
          payments = excluded.payments, revenue_kobo = excluded.revenue_kobo, computed_at = excluded.computed_at
        returning day`,
  );
  return { days: days.length };
}

/** The figures of these WAT days, one row each, from a range scan per figure and day (exported for the plan test). */
export function countDays(days: readonly string[], now: Date): SQL {
  return sql`select d.day,
               (select count(*)::int from "user" u where u.created_at >= d.starts and u.created_at < d.ends),
               (select count(*)::int from businesses b where b.created_at >= d.starts and b.created_at < d.ends),
               (select count(*)::int from business_messages m where m.created_at >= d.starts and m.created_at < d.ends),
               p.n, p.kobo, ${now.toISOString()}::timestamptz
        from (
          select day, (day::timestamp - interval '1 hour') at time zone 'UTC' as starts,
                 (day::timestamp + interval '23 hours') at time zone 'UTC' as ends
          from unnest(string_to_array(${days.join(",")}, ',')::date[]) as day
        ) d
        cross join lateral (
          select count(*)::int as n, coalesce(sum(p.amount_kobo), 0)::bigint as kobo
          from payments p
          where p.status = 'succeeded' and p.confirmed_at >= d.starts and p.confirmed_at < d.ends
        ) p`;
}
