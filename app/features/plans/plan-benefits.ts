import { formatDate, formatNaira } from "../../lib/format";
import { t } from "../../lib/i18n/i18n";
import { FEATURED_PLANS, LIMITS, PLANS, type PlanId } from "../../lib/reference";
import { PLAN_EXPLAINED_TEXTS } from "./plan-texts";

export type Plan = (typeof PLANS)[number];
export type FeaturedPlan = (typeof FEATURED_PLANS)[number];

/** The plan with this id; Free for anything unknown (a plan that no longer exists gives no benefit). */
export function planById(id: string | null | undefined): Plan {
  return PLANS.find((p) => p.id === id) ?? PLANS[0];
}

/**
 * How many listings a plan lets an owner hold: Free 1, Standard and Premium 3, never more than three
 * (spec 01 §1, decisions page). When a paid plan lapses the owner keeps what they have but cannot add more.
 */
export function listingLimitOf(plan: { listingLimit: number }): number {
  return Math.min(plan.listingLimit, LIMITS.maxListingsPerOwner);
}

export type CurrentPlan = { id: PlanId; name: string; listingLimit: number; endsAt: Date | null };

/**
 * The plan whose running subscription features all the owner's listings and ranks them first among equals (ADR 16):
 * migration 0011's triggers copy the end of a running 'premium' subscription onto every listing of its owner.
 */
export const FEATURING_PLAN_ID = "premium" satisfies PlanId;

/** The plan that features all its owner's listings (Premium). */
export function featuringPlan(): Plan {
  return planById(FEATURING_PLAN_ID);
}

/** What a plan gives that the product enforces (the listing limit, ADR 16's featured status and search priority). */
export type PlanBenefits = { listingLimit: number; featuresAllListings: boolean; searchPriority: boolean };

export function benefitsOf(plan: { id: string; listingLimit: number }): PlanBenefits {
  const featuring = plan.id === FEATURING_PLAN_ID;
  return { listingLimit: listingLimitOf(plan), featuresAllListings: featuring, searchPriority: featuring };
}

/**
 * The periods of analytics each plan may read, as `analytics`' ANALYTICS_TIERS enforces them. Passed in by the
 * caller: analytics imports plans, so plans may not import analytics.
 */
export type AnalyticsReach = Record<PlanId, { periods: readonly number[] }>;

type PlanLike = { id: PlanId; name: string; listingLimit: number; priceKobo: number };

const T = PLAN_EXPLAINED_TEXTS;

/** A text's {{placeholders}} filled in, in the current language (issue 36: the templates are catalog keys). */
function fill(template: string, values: Record<string, string | number>): string {
  return t(template, values);
}

/** 'a', 'a and b', 'a, b and c' (or 'a or b' with `or`), in the current language. */
export function listOf(items: readonly string[], joiner: "and" | "or" = "and"): string {
  if (items.length <= 1) return items[0] ?? "";
  const values = { items: items.slice(0, -1).join(", "), last: items.at(-1)! };
  return joiner === "or" ? t("{{items}} or {{last}}", values) : t("{{items}} and {{last}}", values);
}

const analyticsDaysOf = (plan: { id: PlanId }, analytics: AnalyticsReach) => Math.max(0, ...analytics[plan.id].periods);

/**
 * What a plan gives, in one line of plain words beside the spec's feature list (issue 32): the cheapest plan what it
 * has, any other what it adds over `previous`, the next cheaper one. Built from the benefit data only (benefitsOf, the
 * analytics periods), never from the spec's feature texts, so it says only what the product does.
 */
export function planSummary(plan: PlanLike, previous: PlanLike | null, analytics: AnalyticsReach): string {
  const mine = benefitsOf(plan);
  const days = analyticsDaysOf(plan, analytics);
  const listings = fill(mine.listingLimit === 1 ? T.listings : T.listingsUpTo, { limit: mine.listingLimit });
  if (!previous) return fill(T.base, { gains: listOf([listings, fill(T.analyticsDays, { days })]) });
  const theirs = benefitsOf(previous);
  const gains: string[] = [];
  if (mine.listingLimit > theirs.listingLimit) gains.push(fill(T.moreListings, { limit: mine.listingLimit, previous: theirs.listingLimit }));
  if (mine.featuresAllListings && !theirs.featuresAllListings) gains.push(t(T.featuresAll));
  if (mine.searchPriority && !theirs.searchPriority) gains.push(t(T.searchPriority));
  if (days > analyticsDaysOf(previous, analytics)) gains.push(fill(T.analyticsDays, { days }));
  return gains.length > 0 ? fill(T.adds, { previous: previous.name, gains: listOf(gains) }) : fill(T.sameAs, { previous: previous.name });
}

/** Each plan's summary, by id, each compared with the next cheaper plan. */
export function planSummaries(analytics: AnalyticsReach, plans: readonly PlanLike[] = PLANS): Record<string, string> {
  const byPrice = [...plans].sort((a, b) => a.priceKobo - b.priceKobo);
  return Object.fromEntries(byPrice.map((plan, i) => [plan.id, planSummary(plan, byPrice[i - 1] ?? null, analytics)]));
}

/** What a day of a paid period costs, in kobo, and whether that is a whole naira; null for a free plan. */
export function pricePerDay(priceKobo: number, periodDays: number | null): { kobo: number; exact: boolean } | null {
  if (!periodDays || priceKobo <= 0) return null;
  const kobo = priceKobo / periodDays;
  return { kobo, exact: Number.isInteger(kobo / 100) };
}

/** 'about ₦333 a day' (rounded to the naira, as every price is shown), '₦100 a day' when exact; null when free. */
export function perDayLabel(priceKobo: number, periodDays: number | null): string | null {
  const perDay = pricePerDay(priceKobo, periodDays);
  if (!perDay) return null;
  return fill(perDay.exact ? T.perDay : T.perDayAbout, { amount: formatNaira(Math.round(perDay.kobo / 100) * 100) });
}

type FeaturedLike = { priceKobo: number; periodDays: number };

/**
 * A featured plan in one line: the cheapest what it gives, any other how much longer it runs than the next cheaper
 * one and what that does to the price per day. Names the other plan by its days: the featured plans' names
 * (Basic, Premium) are also the subscription plans' words.
 */
export function featuredPlanSummary(plan: FeaturedLike, previous: FeaturedLike | null): string {
  if (!previous || plan.periodDays <= previous.periodDays) return fill(T.featuredFirst, { days: plan.periodDays });
  const saved = Math.round((previous.priceKobo / previous.periodDays - plan.priceKobo / plan.periodDays) / 100);
  const perDay =
    saved > 0 ? fill(T.cheaperPerDay, { amount: formatNaira(saved * 100) }) : saved < 0 ? fill(T.dearerPerDay, { amount: formatNaira(-saved * 100) }) : t(T.samePerDay);
  return fill(T.featuredLonger, { days: plan.periodDays, more: plan.periodDays - previous.periodDays, previousDays: previous.periodDays, perDay });
}

/** Each featured plan's summary, by id, each compared with the next cheaper plan. */
export function featuredPlanSummaries(plans: readonly (FeaturedLike & { id: string })[] = FEATURED_PLANS): Record<string, string> {
  const byPrice = [...plans].sort((a, b) => a.priceKobo - b.priceKobo);
  return Object.fromEntries(byPrice.map((plan, i) => [plan.id, featuredPlanSummary(plan, byPrice[i - 1] ?? null)]));
}

/** /featured-plans: the Premium plan already features every approved listing of its owner. */
export function featuringPlanNote(): string {
  const plan = featuringPlan();
  return fill(T.featuringPlanNote, { plan: plan.name, price: formatNaira(plan.priceKobo), days: plan.periodDays ?? 0 });
}

/**
 * When a featured plan costs what the Premium plan costs (₦9,999 both, spec 02 §9), what sets them apart: one listing
 * for its days against all listings, search priority and longer analytics for the plan's days. Null when no
 * featured plan has that price.
 */
export function samePriceComparison(analytics: AnalyticsReach, plans: readonly (FeaturedPlan | (FeaturedLike & { name: string }))[] = FEATURED_PLANS): string | null {
  const plan = featuringPlan();
  const twin = plans.find((p) => p.priceKobo === plan.priceKobo);
  if (!twin) return null;
  const benefits = benefitsOf(plan);
  const extras = [...(benefits.searchPriority ? [t(T.searchPriority)] : []), fill(T.analyticsDays, { days: analyticsDaysOf(plan, analytics) })];
  return fill(T.samePrice, {
    price: formatNaira(plan.priceKobo),
    featured: twin.name,
    featuredDays: twin.periodDays,
    plan: plan.name,
    planDays: plan.periodDays ?? 0,
    extras: listOf(extras),
  });
}

/** /featured-plans for an owner whose Premium plan features the chosen listing now: said plainly, with its end. */
export function onFeaturingPlanNote(listingName: string, until: Date | string): string {
  return fill(T.onFeaturingPlan, { plan: featuringPlan().name, listing: listingName, date: formatDate(until) });
}

/**
 * Offers (issue 37): how many current offers (waiting for review, scheduled or running) a listing may have at a time
 * under each plan, and how many days one may run. A lapsed plan is Free again: its running offers stay, new ones are
 * refused beyond Free's number.
 */
export const OFFER_ALLOWANCES: Record<PlanId, { current: number; maxDays: number }> = {
  free: { current: 1, maxDays: 14 },
  standard: { current: 3, maxDays: 30 },
  premium: { current: 10, maxDays: 60 },
};

/** The offers a plan allows (Free's for anything unknown). */
export function offerAllowanceOf(plan: { id: string }): { current: number; maxDays: number } {
  return OFFER_ALLOWANCES[plan.id as PlanId] ?? OFFER_ALLOWANCES.free;
}
