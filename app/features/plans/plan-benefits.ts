import { LIMITS, PLANS, type PlanId } from "../../lib/reference";

export type Plan = (typeof PLANS)[number];

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
