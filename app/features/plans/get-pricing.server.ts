import { formatNaira } from "../../lib/format";
import { t, translateIfKnown } from "../../lib/i18n/i18n";
import { FEATURED_PLANS, PLANS, type PlanId } from "../../lib/reference";
import type { SessionUser } from "../accounts/session-user";
import { currentPlanFor } from "./current-plan.server";
import {
  benefitsOf,
  featuredPlanSummaries,
  featuringPlanNote,
  perDayLabel,
  planSummaries,
  samePriceComparison,
  type AnalyticsReach,
} from "./plan-benefits";
import { PLAN_EXPLAINED_TEXTS } from "./plan-texts";

export type PlanCard = {
  id: PlanId;
  name: string;
  priceLabel: string;
  periodLabel: string;
  features: string[];
  /** What the plan gives (the cheapest) or adds over the next cheaper plan, in plain words (issue 32). */
  summary: string;
  /** 'about ₦333 a day'; null for Free. */
  perDayLabel: string | null;
  /** The Premium plan: that it already features all approved listings, and how it differs from a featured plan of its price. */
  featuredNote: { included: string; comparison: string | null } | null;
  popular: boolean;
  isPaid: boolean;
  isCurrent: boolean;
};

export type Pricing = {
  cards: PlanCard[];
  /** The plan in force for a signed-in user (Free when none is paid for); null when signed out. */
  current: { id: PlanId; name: string; endsAt: Date | null } | null;
};

/**
 * The pricing page's cards, with the signed-in user's current plan marked and what each plan adds explained.
 * `analytics`: the periods each plan's analytics may read (analytics' ANALYTICS_TIERS; plans may not import it).
 */
export async function getPricing(actor: SessionUser | null, analytics: AnalyticsReach): Promise<Pricing> {
  let current: Pricing["current"] = null;
  if (actor) {
    // Only owners can hold a paid plan; everyone else signed in is on Free.
    const found = actor.role === "business" ? await currentPlanFor(actor.id) : { plan: PLANS[0], endsAt: null };
    current = { id: found.plan.id, name: found.plan.name, endsAt: found.endsAt };
  }
  const summaries = planSummaries(analytics);
  return {
    current,
    cards: PLANS.map((plan) => ({
      id: plan.id,
      name: plan.name,
      priceLabel: formatNaira(plan.priceKobo),
      periodLabel: plan.periodDays ? t("per {{days}} days", { days: plan.periodDays }) : t("forever"),
      // The spec's feature texts, in the current language where plan-texts.ts marks them (PLAN_FEATURE_TEXTS).
      features: plan.features.map((feature) => translateIfKnown(feature)),
      summary: summaries[plan.id] ?? "",
      perDayLabel: perDayLabel(plan.priceKobo, plan.periodDays),
      featuredNote:
        benefitsOf(plan).featuresAllListings ? { included: t(PLAN_EXPLAINED_TEXTS.includesFeatured), comparison: samePriceComparison(analytics) } : null,
      popular: plan.popular,
      isPaid: plan.priceKobo > 0,
      isCurrent: current?.id === plan.id,
    })),
  };
}

export type FeaturedPlanCard = {
  id: string;
  name: string;
  priceLabel: string;
  periodLabel: string;
  periodDays: number;
  /** What it gives (the cheapest) or adds over the next cheaper featured plan (issue 32). */
  summary: string;
  /** 'about ₦333 a day'. */
  perDayLabel: string | null;
  popular: boolean;
};

/** The featured-plans page's three cards (spec 02 §9), each with its summary and price per day. */
export function featuredPlanCards(): FeaturedPlanCard[] {
  const summaries = featuredPlanSummaries();
  return FEATURED_PLANS.map((p) => ({
    id: p.id,
    name: p.name,
    priceLabel: formatNaira(p.priceKobo),
    periodLabel: t("{{days}} days", { days: p.periodDays }),
    periodDays: p.periodDays,
    summary: summaries[p.id] ?? "",
    perDayLabel: perDayLabel(p.priceKobo, p.periodDays),
    popular: p.popular,
  }));
}

/**
 * The featured-plans page's word on the Premium plan: it already features all its owner's approved listings, and
 * how it differs from the featured plan of the same price (issue 32). `analytics` as for getPricing.
 */
export function featuringPlanExplained(analytics: AnalyticsReach): { note: string; comparison: string | null } {
  return { note: featuringPlanNote(), comparison: samePriceComparison(analytics) };
}
