import { sql } from "drizzle-orm";
import { AppError } from "../../lib/app-error";
import { getDb, queryRows } from "../../lib/db.server";
import { msg, t } from "../../lib/i18n/i18n";
import { isUuid } from "../../lib/ids";
import { PLANS, type PlanId } from "../../lib/reference";
import type { SessionUser } from "../accounts/session-user";
import { currentPlanFor } from "../plans/current-plan.server";
import { ANALYTICS_TIERS, daysBefore, watDay, type AnalyticsTier } from "./analytics.schemas";

/**
 * The owner's analytics dashboard (issue 18, ADR 25): what people did with the owner's listings over the last
 * 7, 30 or 90 WAT days, as far as the plan in force shows it (ANALYTICS_TIERS). Reads the daily rollups only
 * (listing_daily_stats, listing_search_words) by primary key ranges: for an owner with 3 listings and a year
 * of rollups that is at most 3 × 180 rows, in three small queries after the listings and the plan.
 */

/** The periods the dashboard offers (the longest plan's). */
export const ANALYTICS_PERIODS = ANALYTICS_TIERS.premium.periods;

export type AnalyticsTotals = {
  views: number;
  impressions: number;
  contacts: number;
  conversations: number;
  messages: number;
  /** Quote requests the listing received (issue 37). */
  quotes: number;
};
export type AnalyticsMetric = keyof AnalyticsTotals;
export type TotalWithChange = { value: number; previous: number; /** Percent change, null when the previous was 0. */ change: number | null };
export type ChannelFigures = { call: TotalWithChange; whatsapp: TotalWithChange; website: TotalWithChange; directions: TotalWithChange };
export type DailyRow = { day: string } & AnalyticsTotals;

export type ListingAnalytics = {
  /** The owner's listings, for the picker (by name). */
  listings: { id: string; name: string }[];
  /** "all" or the chosen listing's id. */
  listing: string;
  days: number;
  from: string;
  to: string;
  planId: PlanId;
  planName: string;
  tier: AnalyticsTier;
  totals: Record<AnalyticsMetric, TotalWithChange>;
  /** One row per day of the period, zeros for days without activity; null when the tier has no charts. */
  series: DailyRow[] | null;
  /** Contacts by channel; null when the tier has no channels. */
  channels: ChannelFigures | null;
  /** Messaging figures; null when the tier has no channels. */
  messaging: { conversations: number; answeredShare: number | null; medianReplySeconds: number | null } | null;
  /** The top 10 search texts that showed the listings; null when the tier has no search words. */
  searchWords: { words: string; count: number }[] | null;
};

export type AnalyticsQuery = { listing?: string | null; days?: string | null };

/** The name of the cheapest plan whose tier satisfies `wanted`. */
export function planUnlocking(wanted: (tier: AnalyticsTier) => boolean): string {
  const plan = PLANS.find((p) => wanted(ANALYTICS_TIERS[p.id]));
  return plan?.name ?? "Premium";
}

/** The period a dashboard opens with when none is asked for: 30 days, or the plan's longest if shorter. */
export function defaultDays(tier: AnalyticsTier): number {
  return Math.min(30, tier.periods[tier.periods.length - 1]!);
}

/** 'Analytics for 30 days come with the Standard plan.' with the way to /pricing (written in the request's language). */
export function periodRefusal(days: number): AppError {
  const plan = planUnlocking((tier) => tier.periods.includes(days));
  return new AppError(
    "forbidden",
    {
      title: msg("Not in your plan"),
      text: t("Analytics for the last {{days}} days come with the {{plan}} plan.", { days, plan }),
      link: { href: "/pricing", label: msg("View plans") },
    },
    { reason: "analytics-period" },
  );
}

/** Parses the period from the URL: empty → the default, else one of 7, 30, 90. */
export function parseDays(value: string | null | undefined, tier: AnalyticsTier): number {
  const text = (value ?? "").trim();
  if (text === "") return defaultDays(tier);
  const days = /^\d{1,3}$/.test(text) ? Number(text) : NaN;
  if (!ANALYTICS_PERIODS.includes(days)) {
    throw new AppError("invalid", t("Choose a period of {{periods}} days.", { periods: ANALYTICS_PERIODS.join(", ") }), { reason: "analytics-period" });
  }
  return days;
}

/** Signed-in business owners and admins read their own listings' figures; everyone else is refused. */
export function requireAnalyticsReader(actor: SessionUser | null | undefined): asserts actor is SessionUser {
  if (!actor) throw new AppError("unauthenticated");
  if (actor.role !== "business" && !actor.isAdmin) throw new AppError("forbidden", msg("Analytics are for business owners."));
}

/** The owner's listings, and which of them the request names ("all" or one id; another's id is not found). */
export async function ownListingsFor(actor: SessionUser, listing: string | null | undefined) {
  const listings = await queryRows<{ id: string; name: string }>(
    getDb(),
    sql`select id, name from businesses where user_id = ${actor.id} order by name, id`,
  );
  const wanted = (listing ?? "").trim() || "all";
  if (wanted !== "all" && (!isUuid(wanted) || !listings.some((l) => l.id === wanted))) {
    throw new AppError("not-found", msg("We could not find that listing among yours."));
  }
  const ids = wanted === "all" ? listings.map((l) => l.id) : [wanted];
  return { listings, listing: wanted, ids };
}

type DayRow = {
  day: string; views: number; impressions: number; calls: number; whatsapp: number; website: number; directions: number;
  conversations: number; messages: number; replies: number; quotes: number;
};

const withChange = (value: number, previous: number): TotalWithChange => ({
  value,
  previous,
  change: previous === 0 ? null : Math.round(((value - previous) / previous) * 100),
});

export async function getListingAnalytics(actor: SessionUser | null | undefined, query: AnalyticsQuery, now = new Date()): Promise<ListingAnalytics> {
  requireAnalyticsReader(actor);
  const { listings, listing, ids } = await ownListingsFor(actor, query.listing);
  const { plan } = await currentPlanFor(actor.id);
  const tier = ANALYTICS_TIERS[plan.id];
  const days = parseDays(query.days, tier);
  if (!tier.periods.includes(days)) throw periodRefusal(days);

  const to = watDay(now);
  const from = daysBefore(to, days - 1);
  const previousFrom = daysBefore(from, days);
  const previousTo = daysBefore(from, 1);
  const rows = ids.length === 0 ? [] : await dailyRows(ids, previousFrom, to);

  const sum = (range: "current" | "previous", pick: (r: DayRow) => number) =>
    rows.filter((r) => (range === "current" ? r.day >= from : r.day <= previousTo)).reduce((n, r) => n + pick(r), 0);
  const contactsOf = (r: DayRow) => r.calls + r.whatsapp + r.website + r.directions;
  const pickers: Record<AnalyticsMetric, (r: DayRow) => number> = {
    views: (r) => r.views, impressions: (r) => r.impressions, contacts: contactsOf, conversations: (r) => r.conversations, messages: (r) => r.messages,
    quotes: (r) => r.quotes,
  };
  const totals = Object.fromEntries(
    (Object.keys(pickers) as AnalyticsMetric[]).map((k) => [k, withChange(sum("current", pickers[k]), sum("previous", pickers[k]))]),
  ) as Record<AnalyticsMetric, TotalWithChange>;

  let series: DailyRow[] | null = null;
  if (tier.charts) {
    const byDay = new Map(rows.map((r) => [r.day, r]));
    series = [];
    for (let i = days - 1; i >= 0; i--) {
      const day = daysBefore(to, i);
      const r = byDay.get(day);
      series.push({
        day, views: r?.views ?? 0, impressions: r?.impressions ?? 0, contacts: r ? contactsOf(r) : 0,
        conversations: r?.conversations ?? 0, messages: r?.messages ?? 0, quotes: r?.quotes ?? 0,
      });
    }
  }

  let channels: ChannelFigures | null = null;
  let messaging: ListingAnalytics["messaging"] = null;
  if (tier.channels) {
    const ch = (k: "calls" | "whatsapp" | "website" | "directions") => withChange(sum("current", (r) => r[k]), sum("previous", (r) => r[k]));
    channels = { call: ch("calls"), whatsapp: ch("whatsapp"), website: ch("website"), directions: ch("directions") };
    const conversations = totals.conversations.value;
    const replies = sum("current", (r) => r.replies);
    messaging = {
      conversations,
      answeredShare: conversations === 0 ? null : Math.min(1, replies / conversations),
      medianReplySeconds: ids.length === 0 ? null : await medianReplySeconds(ids, from, to),
    };
  }

  const searchWords = tier.searchWords ? (ids.length === 0 ? [] : await topSearchWords(ids, from, to)) : null;

  return {
    listings, listing, days, from, to, planId: plan.id, planName: plan.name, tier, totals, series, channels, messaging, searchWords,
  };
}

/** The listings' figures per day (summed over the listings), from `from` to `to`: one index range scan per listing. */
async function dailyRows(ids: string[], from: string, to: string): Promise<DayRow[]> {
  const rows = await queryRows<DayRow>(
    getDb(),
    sql`select to_char(day, 'YYYY-MM-DD') as day, sum(views)::int as views, sum(impressions)::int as impressions,
          sum(calls)::int as calls, sum(whatsapp)::int as whatsapp, sum(website)::int as website, sum(directions)::int as directions,
          sum(conversations)::int as conversations, sum(messages)::int as messages, sum(replies)::int as replies,
          sum(quotes)::int as quotes
        from listing_daily_stats
        where business_id in ${ids} and day between ${from}::date and ${to}::date
        group by day order by day`,
  );
  return rows.map((r) => ({
    day: String(r.day), views: Number(r.views), impressions: Number(r.impressions), calls: Number(r.calls), whatsapp: Number(r.whatsapp),
    website: Number(r.website), directions: Number(r.directions), conversations: Number(r.conversations), messages: Number(r.messages),
    replies: Number(r.replies), quotes: Number(r.quotes),
  }));
}

/** The median of the period's first replies (seconds), or null when there was none. */
async function medianReplySeconds(ids: string[], from: string, to: string): Promise<number | null> {
  const [row] = await queryRows<{ median: number | null }>(
    getDb(),
    sql`select percentile_cont(0.5) within group (order by s) as median
        from listing_daily_stats d, unnest(d.reply_seconds) as s
        where d.business_id in ${ids} and d.day between ${from}::date and ${to}::date`,
  );
  return row?.median === null || row?.median === undefined ? null : Math.round(Number(row.median));
}

/** The 10 search texts that showed the listings most in the period. */
async function topSearchWords(ids: string[], from: string, to: string): Promise<{ words: string; count: number }[]> {
  const rows = await queryRows<{ words: string; count: number }>(
    getDb(),
    sql`select words, sum(count)::int as count from listing_search_words
        where business_id in ${ids} and day between ${from}::date and ${to}::date
        group by words order by 2 desc, words limit 10`,
  );
  return rows.map((r) => ({ words: r.words, count: Number(r.count) }));
}
