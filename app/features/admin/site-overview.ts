/**
 * The admin overview (issue 18): what it shows and how, shared by the use case and the tab. Client-safe.
 */
import { msg, t } from "../../lib/i18n/i18n";
import type { HeldBack } from "../analytics/held-back-counts.server";

/** The days the overview charts, and the last SITE_OVERVIEW_DAYS days the job keeps filled. */
export const SITE_OVERVIEW_DAYS = 90;
/** The periods whose totals the overview compares with the period before. */
export const SITE_OVERVIEW_PERIODS = [7, 30, 90] as const;

export const SITE_FIGURES = [
  { id: "signups", label: msg("Sign-ups") },
  { id: "listings", label: msg("New listings") },
  { id: "messages", label: msg("Messages") },
  { id: "payments", label: msg("Payments") },
  { id: "revenueKobo", label: msg("Revenue") },
] as const;
export type SiteFigure = (typeof SITE_FIGURES)[number]["id"];
export type SiteFigures = Record<SiteFigure, number>;

/** One WAT day's figures ('YYYY-MM-DD'); a day the job has not counted reads as zeros. */
export type SiteDay = { day: string } & SiteFigures;

export type SitePeriod = {
  days: number;
  totals: SiteFigures;
  /** The period just before, when every one of its days was counted; else null (no change shown). */
  previous: SiteFigures | null;
};

export type SiteOverview = {
  /** The last SITE_OVERVIEW_DAYS WAT days, oldest first, today last. */
  days: SiteDay[];
  periods: SitePeriod[];
  /** When the newest figures were counted; null before the job's first run. */
  computedAt: Date | null;
  /** Views, appearances and taps held back from owners' figures in the last HELD_BACK_DAYS days (issue 38). */
  heldBack: HeldBack;
};

/** The days the overview's 'Held back' covers. */
export const HELD_BACK_DAYS = 7;

export const SITE_OVERVIEW_TEXTS = {
  title: msg("Overview"),
  notYet: msg("The figures have not been counted yet. They are counted every 10 minutes."),
  updatedAt: (when: string) => t("Updated at {{when}} (Nigerian time)", { when }),
  revenueNote: msg("Revenue is what succeeded payments brought on the day they were paid, before refunds."),
  heldTitle: msg("Held back from owners' figures"),
  heldNote: msg(
    "In the last 7 days: views, search appearances and contact taps past 20 visitors from one address for one listing in 30 minutes. They are kept, but not counted for the owner or on the business page.",
  ),
  heldNone: msg("Nothing was held back in the last 7 days."),
} as const;

/**
 * The change from the period before, said in words: '+25% on the 7 days before', '−10% on …', 'same as the
 * 7 days before', 'none in the 7 days before' (from nothing); null when the period before was not counted.
 */
export function changeText(current: number, previous: number | undefined, days: number): string | null {
  if (previous === undefined) return null;
  if (current === previous) return t("same as the {{days}} days before", { days });
  if (previous === 0) return t("none in the {{days}} days before", { days });
  const percent = Math.round(((current - previous) / previous) * 100);
  const sign = current > previous ? "+" : "−";
  return t("{{change}} on the {{days}} days before", { change: `${sign}${percent === 0 ? "<1" : Math.abs(percent)}%`, days });
}
