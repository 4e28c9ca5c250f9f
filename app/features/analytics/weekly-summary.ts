import { daysBefore, watDay } from "./analytics.schemas";

/**
 * The weekly summary e-mail (issue 18): which week is due and what the e-mail says. Client-safe (no server
 * imports); the sending is app/features/analytics/send-weekly-summaries.server.ts.
 */

/** The hour (WAT) on Monday from which the week that just ended is summed up and sent. */
export const WEEKLY_SUMMARY_HOUR_WAT = 8;

const WAT_OFFSET_MS = 60 * 60 * 1000;

/**
 * The Monday (WAT day) of the latest week whose summary may go out at `now`: from Monday 08:00 WAT the week
 * (Monday–Sunday, WAT) that just ended; before 08:00 on a Monday still the week before that.
 */
export function summaryWeekDue(now: Date): string {
  const wat = new Date(now.getTime() + WAT_OFFSET_MS);
  const sinceMonday = (wat.getUTCDay() + 6) % 7;
  const thisMonday = daysBefore(watDay(now), sinceMonday);
  const sendable = sinceMonday > 0 || wat.getUTCHours() >= WEEKLY_SUMMARY_HOUR_WAT;
  return daysBefore(thisMonday, sendable ? 7 : 14);
}

/** The last day (Sunday) of the week starting on `weekStart`. */
export function weekEnd(weekStart: string): string {
  return daysBefore(weekStart, -6);
}

/** One listing's figures for the week and the week before. */
export type WeeklyListingFigures = {
  name: string;
  views: number;
  impressions: number;
  contacts: number;
  conversations: number;
  messages: number;
  previous: { views: number; impressions: number; contacts: number; conversations: number; messages: number };
};

export type WeeklySummaryContent = {
  ownerName: string | null;
  weekStart: string;
  listings: WeeklyListingFigures[];
  /** Listings with activity not shown in the e-mail (it shows the busiest ones). */
  moreListings: number;
  dashboardUrl: string;
  unsubscribeUrl: string;
};

const FIGURES = [
  ["views", "Page views"],
  ["impressions", "Search appearances"],
  ["contacts", "Contact actions (call, WhatsApp, website, directions)"],
  ["conversations", "Conversations started"],
  ["messages", "Messages received"],
] as const;

const dayFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
const yearFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/** '16 Nov – 22 Nov 2026' for the week starting on `weekStart`. */
export function weekRangeText(weekStart: string): string {
  return `${dayFormat.format(new Date(`${weekStart}T00:00:00Z`))} – ${yearFormat.format(new Date(`${weekEnd(weekStart)}T00:00:00Z`))}`;
}

/** '12 (up 3 on the week before)', '4 (down 1 …)', '5 (same as the week before)'. */
export function changeText(value: number, previous: number): string {
  const n = value.toLocaleString("en-NG");
  if (value === previous) return `${n} (same as the week before)`;
  const by = Math.abs(value - previous).toLocaleString("en-NG");
  return `${n} (${value > previous ? "up" : "down"} ${by} on the week before)`;
}

/** Owner-typed text on one line (no line breaks to forge lines of the e-mail with). */
const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();

/** The e-mail's parts as plain text: a greeting, each listing's lines, the links. Escaping is the HTML's business. */
export function weeklySummaryParts(content: WeeklySummaryContent) {
  return {
    subject: `Your week on Naija Directory: ${weekRangeText(content.weekStart)}`,
    greeting: `Hello ${oneLine(content.ownerName ?? "") || "there"},`,
    intro: `Here is what your listings brought you in the week of ${weekRangeText(content.weekStart)} (Nigerian time).`,
    listings: content.listings.map((listing) => ({
      name: oneLine(listing.name),
      lines: FIGURES.map(([key, label]) => `${label}: ${changeText(listing[key], listing.previous[key])}`),
    })),
    more: content.moreListings > 0 ? `And ${content.moreListings} more listing${content.moreListings === 1 ? "" : "s"} with activity: see them all on your dashboard.` : null,
    dashboardLabel: "See your analytics",
    unsubscribeNote: "You receive this because you own a listing on Naija Directory.",
    unsubscribeLabel: "Unsubscribe",
  };
}
