import { sql } from "drizzle-orm";
import { getDb, queryRows } from "../../lib/db.server";
import type { SessionUser } from "../accounts/session-user";
import { requireAdmin } from "../accounts/access";
import { daysBefore, watDay } from "../analytics/analytics.schemas";
import { heldBackSince } from "../analytics/held-back-counts.server";
import { HELD_BACK_DAYS, SITE_FIGURES, SITE_OVERVIEW_DAYS, SITE_OVERVIEW_PERIODS, type SiteDay, type SiteFigures, type SiteOverview } from "./site-overview";

const zeros = (): SiteFigures => ({ signups: 0, listings: 0, messages: 0, payments: 0, revenueKobo: 0 });

function sum(days: readonly (SiteDay | undefined)[]): SiteFigures {
  const totals = zeros();
  for (const d of days) if (d) for (const f of SITE_FIGURES) totals[f.id] += d[f.id];
  return totals;
}

/**
 * The admin overview (issue 18): sign-ups, new listings, messages, payments and revenue per WAT day for the
 * last 90 days, and the totals of the last 7, 30 and 90 days with those of the period before. Admins with
 * two-factor sign-in only. Reads site_daily_stats (at most 180 rows by its primary key; the scheduled job counts
 * them: refresh-site-stats.server.ts) and the week's events held back from owners' figures (issue 38).
 */
export async function getSiteOverview(actor: SessionUser | null, now: Date = new Date()): Promise<SiteOverview> {
  requireAdmin(actor);
  const today = watDay(now);
  const longest = Math.max(...SITE_OVERVIEW_PERIODS);
  const oldest = daysBefore(today, 2 * longest - 1);
  const rows = await queryRows<{
    day: string; signups: number; listings: number; messages: number; payments: number; revenue_kobo: string | number; computed_at: string | Date;
  }>(
    getDb(),
    sql`select day::text as day, signups, listings, messages, payments, revenue_kobo, computed_at
        from site_daily_stats where day between ${oldest}::date and ${today}::date`,
  );
  const byDay = new Map<string, SiteDay>();
  let computedAt: Date | null = null;
  for (const r of rows) {
    byDay.set(String(r.day), {
      day: String(r.day), signups: Number(r.signups), listings: Number(r.listings), messages: Number(r.messages),
      payments: Number(r.payments), revenueKobo: Number(r.revenue_kobo),
    });
    const at = new Date(r.computed_at);
    if (!computedAt || at > computedAt) computedAt = at;
  }
  // Day i back from today (0 = today).
  const back = (i: number) => daysBefore(today, i);
  const days: SiteDay[] = [];
  for (let i = SITE_OVERVIEW_DAYS - 1; i >= 0; i--) days.push(byDay.get(back(i)) ?? { day: back(i), ...zeros() });
  const periods = SITE_OVERVIEW_PERIODS.map((n) => {
    const current = Array.from({ length: n }, (_, i) => byDay.get(back(i)));
    const before = Array.from({ length: n }, (_, i) => byDay.get(back(n + i)));
    return { days: n, totals: sum(current), previous: before.every(Boolean) ? sum(before) : null };
  });
  const heldBack = await heldBackSince(new Date(now.getTime() - HELD_BACK_DAYS * 86_400_000));
  return { days, periods, computedAt, heldBack };
}
