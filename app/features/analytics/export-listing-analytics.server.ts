import { sql } from "drizzle-orm";
import { AppError } from "../../lib/app-error";
import { getDb, queryRows } from "../../lib/db.server";
import { msg, t } from "../../lib/i18n/i18n";
import type { SessionUser } from "../accounts/session-user";
import { currentPlanFor } from "../plans/current-plan.server";
import { ANALYTICS_TIERS, daysBefore, watDay } from "./analytics.schemas";
import { ownListingsFor, parseDays, periodRefusal, planUnlocking, requireAnalyticsReader, type AnalyticsQuery } from "./get-listing-analytics.server";

/**
 * The owner's analytics as a CSV file (issue 18): Premium only, refused here whatever the page shows. One line
 * per day and listing of the period (zeros where nothing happened), from the daily rollups (at most 90 × the owner's listings).
 */

/**
 * The file's column headers stay in English in every language (issue 36): a CSV is read by spreadsheets and other
 * tools, which look its columns up by name. The refusals around it are translated.
 */
export const CSV_COLUMNS = [
  "day", "listing", "views", "impressions", "calls", "whatsapp", "website", "directions", "conversations", "messages", "replies", "quotes",
] as const;

/**
 * One CSV field: quoted when it holds a comma, quote or line break; a text a spreadsheet would read as a formula
 * (starting with = + - @, a tab or a carriage return) gets a leading apostrophe (OWASP 'CSV injection').
 */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export type AnalyticsCsv = { filename: string; body: string };

export async function exportListingAnalytics(actor: SessionUser | null | undefined, query: AnalyticsQuery, now = new Date()): Promise<AnalyticsCsv> {
  requireAnalyticsReader(actor);
  const { listings, listing, ids } = await ownListingsFor(actor, query.listing);
  const { plan } = await currentPlanFor(actor.id);
  const tier = ANALYTICS_TIERS[plan.id];
  if (!tier.csv) {
    throw new AppError("forbidden", {
      title: msg("Not in your plan"),
      text: t("CSV export comes with the {{plan}} plan.", { plan: planUnlocking((tier) => tier.csv) }),
      link: { href: "/pricing", label: msg("View plans") },
    }, { reason: "analytics-csv" });
  }
  const days = parseDays(query.days, tier);
  if (!tier.periods.includes(days)) throw periodRefusal(days);
  const to = watDay(now);
  const from = daysBefore(to, days - 1);
  const rows = ids.length === 0 ? [] : await queryRows<Record<string, string | number>>(
    getDb(),
    sql`select to_char(day, 'YYYY-MM-DD') as day, business_id, views, impressions, calls, whatsapp, website, directions,
          conversations, messages, replies, quotes
        from listing_daily_stats where business_id in ${ids} and day between ${from}::date and ${to}::date
        order by day, business_id`,
  );
  const found = new Map(rows.map((r) => [`${r.day}|${r.business_id}`, r]));
  const chosen = listings.filter((l) => ids.includes(l.id));
  const lines = [CSV_COLUMNS.join(",")];
  // Every day of the period for every listing, zeros where nothing happened (a spreadsheet sums what it sees).
  for (let i = days - 1; i >= 0; i--) {
    const day = daysBefore(to, i);
    for (const l of chosen) {
      const r = found.get(`${day}|${l.id}`);
      lines.push(CSV_COLUMNS.map((c) => (c === "day" ? day : c === "listing" ? csvField(l.name) : Number(r?.[c] ?? 0))).join(","));
    }
  }
  const scope = listing === "all" ? "all-listings" : "listing";
  return { filename: `analytics-${scope}-${from}-to-${to}.csv`, body: `${lines.join("\r\n")}\r\n` };
}
