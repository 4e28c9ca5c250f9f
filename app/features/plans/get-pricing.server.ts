import { formatNaira } from "../../lib/format";
import { FEATURED_PLANS, PLANS, type PlanId } from "../../lib/reference";
import type { SessionUser } from "../accounts/session-user";
import { currentPlanFor } from "./current-plan.server";

export type PlanCard = {
  id: PlanId;
  name: string;
  priceLabel: string;
  periodLabel: string;
  features: string[];
  popular: boolean;
  isPaid: boolean;
  isCurrent: boolean;
};

export type Pricing = {
  cards: PlanCard[];
  /** The plan in force for a signed-in user (Free when none is paid for); null when signed out. */
  current: { id: PlanId; name: string; endsAt: Date | null } | null;
};

/** The pricing page's cards, with the signed-in user's current plan marked. */
export async function getPricing(actor: SessionUser | null): Promise<Pricing> {
  let current: Pricing["current"] = null;
  if (actor) {
    // Only owners can hold a paid plan; everyone else signed in is on Free.
    const found = actor.role === "business" ? await currentPlanFor(actor.id) : { plan: PLANS[0], endsAt: null };
    current = { id: found.plan.id, name: found.plan.name, endsAt: found.endsAt };
  }
  return {
    current,
    cards: PLANS.map((plan) => ({
      id: plan.id,
      name: plan.name,
      priceLabel: formatNaira(plan.priceKobo),
      periodLabel: plan.periodDays ? `per ${plan.periodDays} days` : "forever",
      features: [...plan.features],
      popular: plan.popular,
      isPaid: plan.priceKobo > 0,
      isCurrent: current?.id === plan.id,
    })),
  };
}

export type FeaturedPlanCard = { id: string; name: string; priceLabel: string; periodLabel: string; periodDays: number; popular: boolean };

/** The featured-plans page's three cards (spec 02 §9). */
export function featuredPlanCards(): FeaturedPlanCard[] {
  return FEATURED_PLANS.map((p) => ({
    id: p.id,
    name: p.name,
    priceLabel: formatNaira(p.priceKobo),
    periodLabel: `${p.periodDays} days`,
    periodDays: p.periodDays,
    popular: p.popular,
  }));
}
