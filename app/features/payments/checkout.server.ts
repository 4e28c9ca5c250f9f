import { AppError, type AppErrorCode } from "../../lib/app-error";
import { getDb, type Db, type Tx } from "../../lib/db.server";
import { formatNaira } from "../../lib/format";
import { t, translateIfKnown } from "../../lib/i18n/i18n";
import { FEATURED_PLANS, PLANS } from "../../lib/reference";
import type { SessionUser } from "../accounts/session-user";
import { featureRefusal } from "../featured/featured.policy";
import { FEATURE_TEXTS } from "../featured/featured.schemas";
import { featurableState } from "../featured/request-feature.server";
import { PAYMENT_TEXTS, type CheckoutInput, type PaymentFailure } from "./payment.schemas";

/** What a checkout buys, priced on the server (never from the browser). */
export type CheckoutItem = {
  type: CheckoutInput["type"];
  planId: string;
  /** 'Standard plan', 'Premium featured placement': in English, for the payment provider (screens use paymentWhat). */
  title: string;
  planName: string;
  periodDays: number;
  amountKobo: number;
  priceLabel: string;
  features: string[];
  businessId: string | null;
  businessName: string | null;
};

/** The payment page's words for each reason featured placement is refused (featured.policy.ts). */
const FEATURE_REFUSALS: Record<string, { code: AppErrorCode; failure: PaymentFailure }> = {
  [FEATURE_TEXTS.failed]: { code: "not-found", failure: PAYMENT_TEXTS.listingNotFound },
  [FEATURE_TEXTS.notApproved]: { code: "conflict", failure: PAYMENT_TEXTS.notApproved },
  [FEATURE_TEXTS.alreadyFeatured]: { code: "conflict", failure: PAYMENT_TEXTS.alreadyFeatured },
  [FEATURE_TEXTS.alreadyPending]: { code: "conflict", failure: PAYMENT_TEXTS.alreadyPending },
};

/**
 * Checks that the actor may buy this and prices it: business accounts only; a featured placement only
 * for the actor's own approved listing that is not featured and has no pending request.
 */
export async function resolveCheckout(actor: SessionUser | null, input: CheckoutInput, db: Db | Tx = getDb()): Promise<CheckoutItem> {
  if (!actor || actor.role !== "business") throw new AppError("forbidden", PAYMENT_TEXTS.businessOnly);
  if (input.type === "subscription") {
    const plan = PLANS.find((p) => p.id === input.plan);
    if (!plan || plan.priceKobo === 0 || !plan.periodDays) throw new AppError("invalid", PAYMENT_TEXTS.invalidPlan);
    return {
      type: "subscription",
      planId: plan.id,
      title: `${plan.name} plan`,
      planName: plan.name,
      periodDays: plan.periodDays,
      amountKobo: plan.priceKobo,
      priceLabel: formatNaira(plan.priceKobo),
      // The spec's feature texts, in the current language where plan-texts.ts marks them.
      features: plan.features.map((feature) => translateIfKnown(feature)),
      businessId: null,
      businessName: null,
    };
  }
  const tier = FEATURED_PLANS.find((p) => p.id === input.plan);
  if (!tier) throw new AppError("invalid", PAYMENT_TEXTS.invalidPlan);
  const listing = await featurableState(db, input.businessId);
  const refusal = featureRefusal(actor, listing);
  if (refusal) {
    const { code, failure } = FEATURE_REFUSALS[refusal] ?? { code: "conflict", failure: PAYMENT_TEXTS.error };
    throw new AppError(code, failure);
  }
  return {
    type: "featured",
    planId: tier.id,
    title: `${tier.name} featured placement`,
    planName: tier.name,
    periodDays: tier.periodDays,
    amountKobo: tier.priceKobo,
    priceLabel: formatNaira(tier.priceKobo),
    features: [t("Featured for {{days}} days", { days: tier.periodDays }), t("Shown first in search results and on the home page")],
    businessId: input.businessId,
    businessName: listing!.name,
  };
}
