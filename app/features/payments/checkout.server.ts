import { and, eq, sql } from "drizzle-orm";
import { businesses, featuredRequests } from "../../../db/schema";
import { getDb, type Db, type Tx } from "../../lib/db.server";
import { FEATURED_PLANS, PLANS, formatNaira } from "../../lib/reference";
import type { SessionUser } from "../accounts/session-user";
import { PAYMENT_TEXTS, type CheckoutInput, type PaymentFailure } from "./payment.schemas";

/** What a checkout buys, priced on the server (never from the browser). */
export type CheckoutItem = {
  type: CheckoutInput["type"];
  planId: string;
  /** 'Standard plan', 'Premium featured placement'. */
  title: string;
  planName: string;
  periodDays: number;
  amountKobo: number;
  priceLabel: string;
  features: string[];
  businessId: string | null;
  businessName: string | null;
};

export type CheckoutResolution = { ok: true; item: CheckoutItem } | { ok: false; failure: PaymentFailure };

/**
 * A listing counts as featured only until its featured period ends (decisions page). Single-table
 * queries only: drizzle leaves columns in a select list unqualified.
 */
export const featuredNow = sql<boolean>`(${businesses.featured} and (${businesses.featuredUntil} is null or ${businesses.featuredUntil} > now()))`;

/**
 * Checks that the actor may buy this and prices it: business accounts only; a featured placement only
 * for the actor's own approved listing that is not featured and has no pending request.
 */
export async function resolveCheckout(actor: SessionUser | null, input: CheckoutInput, db: Db | Tx = getDb()): Promise<CheckoutResolution> {
  if (!actor || actor.role !== "business") return { ok: false, failure: PAYMENT_TEXTS.businessOnly };
  if (input.type === "subscription") {
    const plan = PLANS.find((p) => p.id === input.plan);
    if (!plan || plan.priceKobo === 0 || !plan.periodDays) return { ok: false, failure: PAYMENT_TEXTS.invalidPlan };
    return {
      ok: true,
      item: {
        type: "subscription",
        planId: plan.id,
        title: `${plan.name} plan`,
        planName: plan.name,
        periodDays: plan.periodDays,
        amountKobo: plan.priceKobo,
        priceLabel: formatNaira(plan.priceKobo),
        features: [...plan.features],
        businessId: null,
        businessName: null,
      },
    };
  }
  const tier = FEATURED_PLANS.find((p) => p.id === input.plan);
  if (!tier) return { ok: false, failure: PAYMENT_TEXTS.invalidPlan };
  const [listing] = await db
    .select({ name: businesses.name, status: businesses.approvalStatus, featured: featuredNow })
    .from(businesses)
    .where(and(eq(businesses.id, input.businessId), eq(businesses.userId, actor.id)))
    .limit(1);
  if (!listing) return { ok: false, failure: PAYMENT_TEXTS.listingNotFound };
  if (listing.status !== "approved") return { ok: false, failure: PAYMENT_TEXTS.notApproved };
  if (listing.featured) return { ok: false, failure: PAYMENT_TEXTS.alreadyFeatured };
  const [pending] = await db
    .select({ id: featuredRequests.id })
    .from(featuredRequests)
    .where(and(eq(featuredRequests.businessId, input.businessId), eq(featuredRequests.status, "pending")))
    .limit(1);
  if (pending) return { ok: false, failure: PAYMENT_TEXTS.alreadyPending };
  return {
    ok: true,
    item: {
      type: "featured",
      planId: tier.id,
      title: `${tier.name} featured placement`,
      planName: tier.name,
      periodDays: tier.periodDays,
      amountKobo: tier.priceKobo,
      priceLabel: formatNaira(tier.priceKobo),
      features: [`Featured for ${tier.periodDays} days`, "Shown first in search results and on the home page"],
      businessId: input.businessId,
      businessName: listing.name,
    },
  };
}
