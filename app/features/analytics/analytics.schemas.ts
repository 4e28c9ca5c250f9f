import { msg, t } from "../../lib/i18n/i18n";
import type { PlanId } from "../../lib/reference";

/**
 * What each plan shows of a listing's analytics (issue 18, ADR 25). The use cases refuse anything beyond
 * it; the pricing page and the dashboard describe it from here, so the promise and the product agree.
 */
export type AnalyticsTier = {
  /** The periods (days back from today, WAT) the plan may read; the last is the longest. */
  periods: readonly number[];
  /** A daily chart of the period. */
  charts: boolean;
  /** Contact actions by channel (call, WhatsApp, website, directions) and messaging figures. */
  channels: boolean;
  /** The search words that showed the listing most. */
  searchWords: boolean;
  /** The period's days as a CSV file. */
  csv: boolean;
  /** What the pricing page promises, in the plan's card (marked with msg(): shown with t()). */
  promise: string;
};

export const ANALYTICS_TIERS: Record<PlanId, AnalyticsTier> = {
  free: {
    periods: [7], charts: false, channels: false, searchWords: false, csv: false,
    promise: msg("Views, search appearances and contacts for the last 7 days"),
  },
  standard: {
    periods: [7, 30], charts: true, channels: false, searchWords: false, csv: false,
    promise: msg("Analytics: 30 days of views, search appearances and contacts, with daily charts"),
  },
  premium: {
    periods: [7, 30, 90], charts: true, channels: true, searchWords: true, csv: true,
    promise: msg("Advanced analytics: 90 days, contacts by channel, reply times, top search words and CSV export"),
  },
};

/** The longest period any plan reads; raw events are kept this long (the rollups longer). */
export const ANALYTICS_MAX_DAYS = 90;

/**
 * 'Usually replies within N hours' (issue 18): shown only when, over the last 90 days, the owner was written to
 * in at least this many conversations and answered most of them (more than half).
 */
export const REPLY_TIME_MIN_CONVERSATIONS = 5;

/** Search words longer than this are not kept (they are not words people type twice). */
export const SEARCH_WORDS_MAX_LENGTH = 60;

/**
 * A search text as analytics keeps it: lower case, single spaces, trimmed; null when empty or too long.
 */
export function normalizeSearchWords(text: string | null | undefined): string | null {
  const words = (text ?? "").toLowerCase().replace(/[\s\u0000-\u001f]+/g, " ").trim();
  if (!words || words.length > SEARCH_WORDS_MAX_LENGTH) return null;
  return words;
}

const WAT_OFFSET_MS = 60 * 60 * 1000;

/** The day (YYYY-MM-DD) in Africa/Lagos (UTC+1 all year, no daylight saving) of an instant. */
export function watDay(at: Date): string {
  return new Date(at.getTime() + WAT_OFFSET_MS).toISOString().slice(0, 10);
}

/** The day `days` before a WAT day (YYYY-MM-DD arithmetic in UTC, so no time zone can shift it). */
export function daysBefore(day: string, days: number): string {
  const t = Date.parse(`${day}T00:00:00Z`) - days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** A median first-reply time in whole hours, rounded up (a promise, not a boast). */
const replyHours = (medianSeconds: number) => Math.max(1, Math.ceil(medianSeconds / 3600));

/** 'Usually replies within …' for a median first-reply time in seconds, in the current language. */
export function replyTimeText(medianSeconds: number): string {
  const hours = replyHours(medianSeconds);
  if (hours === 1) return t("Usually replies within an hour");
  if (hours <= 48) return t("Usually replies within {{hours}} hours", { hours });
  return t("Usually replies within {{days}} days", { days: Math.ceil(hours / 24) });
}

/** The owner's dashboard's shorter form, 'within 3 hours', in the current language. */
export function replyWithinText(medianSeconds: number): string {
  const hours = replyHours(medianSeconds);
  if (hours === 1) return t("within an hour");
  if (hours <= 48) return t("within {{hours}} hours", { hours });
  return t("within {{days}} days", { days: Math.ceil(hours / 24) });
}
