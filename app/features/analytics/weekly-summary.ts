import { formatNumber } from "../../lib/format";
import { currentLocale, msg, t } from "../../lib/i18n/i18n";
import { INTL_TAGS, type Locale } from "../../lib/i18n/locales";
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
  ["views", msg("Page views")],
  ["impressions", msg("Search appearances")],
  ["contacts", msg("Contact actions (call, WhatsApp, website, directions)")],
  ["conversations", msg("Conversations started")],
  ["messages", msg("Messages received")],
] as const;

// The e-mail is written in the owner's language (issue 36: send-weekly-summaries.server.ts renders it in it), its
// dates that language's way.
const rangeFormats = new Map<Locale, { day: Intl.DateTimeFormat; year: Intl.DateTimeFormat }>();
function rangeFormat(): { day: Intl.DateTimeFormat; year: Intl.DateTimeFormat } {
  const locale = currentLocale();
  let made = rangeFormats.get(locale);
  if (!made) {
    const tag = INTL_TAGS[locale].dates;
    made = {
      day: new Intl.DateTimeFormat(tag, { day: "numeric", month: "short", timeZone: "UTC" }),
      year: new Intl.DateTimeFormat(tag, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }),
    };
    rangeFormats.set(locale, made);
  }
  return made;
}

/** '16 Nov – 22 Nov 2026' for the week starting on `weekStart`. */
export function weekRangeText(weekStart: string): string {
  const { day, year } = rangeFormat();
  return `${day.format(new Date(`${weekStart}T00:00:00Z`))} – ${year.format(new Date(`${weekEnd(weekStart)}T00:00:00Z`))}`;
}

/** '12 (up 3 on the week before)', '4 (down 1 …)', '5 (same as the week before)'. */
export function changeText(value: number, previous: number): string {
  const n = formatNumber(value);
  if (value === previous) return t("{{n}} (same as the week before)", { n });
  const by = formatNumber(Math.abs(value - previous));
  return value > previous ? t("{{n}} (up {{by}} on the week before)", { n, by }) : t("{{n}} (down {{by}} on the week before)", { n, by });
}

/** Owner-typed text on one line (no line breaks to forge lines of the e-mail with). */
const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();

/**
 * The e-mail's parts as plain text: a greeting, each listing's lines, the links. Escaping is the HTML's business. In
 * the language of the moment (the owner's, where it is sent).
 */
export function weeklySummaryParts(content: WeeklySummaryContent) {
  const range = weekRangeText(content.weekStart);
  const name = oneLine(content.ownerName ?? "");
  return {
    subject: t("Your week on Naija Directory: {{range}}", { range }),
    greeting: name ? t("Hello {{name}},", { name }) : t("Hello there,"),
    intro: t("Here is what your listings brought you in the week of {{range}} (Nigerian time).", { range }),
    listings: content.listings.map((listing) => ({
      name: oneLine(listing.name),
      lines: FIGURES.map(([key, label]) => `${t(label)}: ${changeText(listing[key], listing.previous[key])}`),
    })),
    more: content.moreListings > 0 ? t("And {{count}} more listings with activity: see them all on your dashboard.", { count: content.moreListings }) : null,
    dashboardLabel: t("See your analytics"),
    unsubscribeNote: t("You receive this because you own a listing on Naija Directory."),
    unsubscribeLabel: t("Unsubscribe"),
    /** The plain text's unsubscribe line, its link last. */
    unsubscribeLine: (link: string) => t("Unsubscribe from weekly summaries: {{link}}", { link }),
  };
}
