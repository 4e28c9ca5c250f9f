import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { featuredRequests, payments, profiles, subscriptions, user } from "../../../db/schema";
import { getDb, type Tx } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";
import { PLANS, type PlanId } from "../../lib/reference";
import type { SessionUser } from "../accounts/session-user";
import { requestFeature } from "../listings/request-feature.server";
import { PAYMENT_TEXTS, type PaymentFailure } from "./payment.schemas";
import { paymentProviderNamed, type ProviderOutcome } from "./payment-provider.server";
import { providerPayment } from "./start-payment.server";

const DAY_MS = 86_400_000;

/** What a succeeded payment gave the owner. */
export type PaymentGrant =
  | { kind: "subscription"; planId: PlanId; planName: string; endsAt: Date }
  | { kind: "featured"; requestId: string; tier: string; businessId: string }
  | { kind: "not-applied"; reason: string };

export type SettleResult =
  /** This call moved the payment out of pending (and granted the plan when it succeeded). */
  | { changed: true; status: "succeeded"; grant: PaymentGrant }
  | { changed: true; status: "failed"; reason: string }
  /** Nothing changed: already settled (a replay), still pending at the provider, or unknown. */
  | { changed: false; status: "pending" | "succeeded" | "failed" | "unknown" };

/**
 * Records a provider's outcome for a payment exactly once. In one transaction: the payment leaves pending
 * with a conditional UPDATE … WHERE status = 'pending' RETURNING, and only when that returned a row is the
 * plan granted. A repeated confirmation with the same reference changes nothing. Used by confirmPayment
 * and by any gateway webhook.
 */
export async function settlePayment(reference: string, outcome: ProviderOutcome): Promise<SettleResult> {
  if (outcome.status === "pending") return { changed: false, status: "pending" };
  return getDb().transaction(async (tx) => {
    const [payment] = await tx
      .select({
        id: payments.id,
        userId: payments.userId,
        purpose: payments.purpose,
        planId: payments.planId,
        businessId: payments.businessId,
        amountKobo: payments.amountKobo,
        status: payments.status,
      })
      .from(payments)
      .where(eq(payments.reference, reference))
      .limit(1);
    if (!payment) return { changed: false, status: "unknown" } as const;
    if (payment.status !== "pending") return { changed: false, status: payment.status as "succeeded" | "failed" } as const;

    let failure: string | null = null;
    if (outcome.status === "failed") failure = outcome.reason || "The payment was declined.";
    else if (outcome.amountKobo !== payment.amountKobo) {
      failure = `The amount paid (${outcome.amountKobo} kobo) does not match the price (${payment.amountKobo} kobo).`;
    }
    const now = new Date();
    const [moved] = await tx
      .update(payments)
      .set({ status: failure ? "failed" : "succeeded", failureReason: failure, confirmedAt: failure ? null : now, updatedAt: now })
      .where(and(eq(payments.reference, reference), eq(payments.status, "pending")))
      .returning({ id: payments.id });
    // Another confirmation settled it between our read and our update.
    if (!moved) return { changed: false, status: "unknown" } as const;
    if (failure) return { changed: true, status: "failed", reason: failure } as const;

    const grant = await grantPaidPlan(tx, payment, reference, now);
    if (grant.kind === "not-applied") {
      logger.error({ reference, reason: grant.reason }, "payment succeeded but its plan could not be applied: refund or apply by hand");
      await tx
        .update(payments)
        .set({ failureReason: `Paid but not applied: ${grant.reason}` })
        .where(eq(payments.id, payment.id));
    }
    return { changed: true, status: "succeeded", grant } as const;
  });
}

type PaidRow = { id: string; userId: string | null; purpose: string; planId: string; businessId: string | null };

async function grantPaidPlan(tx: Tx, payment: PaidRow, reference: string, now: Date): Promise<PaymentGrant> {
  if (!payment.userId) return { kind: "not-applied", reason: "the account no longer exists" };
  if (payment.purpose === "subscription") {
    const plan = PLANS.find((p) => p.id === payment.planId);
    if (!plan?.periodDays) return { kind: "not-applied", reason: `unknown plan ${payment.planId}` };
    // Renewing the plan in force adds the period to its end instead of wasting the days left.
    const [running] = await tx
      .select({ endsAt: subscriptions.endsAt })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, payment.userId),
          eq(subscriptions.planId, plan.id),
          eq(subscriptions.status, "active"),
          gt(subscriptions.endsAt, now),
        ),
      )
      .orderBy(desc(subscriptions.endsAt))
      .limit(1);
    const from = running?.endsAt && running.endsAt > now ? running.endsAt : now;
    const endsAt = new Date(from.getTime() + plan.periodDays * DAY_MS);
    await tx.insert(subscriptions).values({ userId: payment.userId, planId: plan.id, status: "active", startsAt: now, endsAt, paymentId: payment.id });
    return { kind: "subscription", planId: plan.id, planName: plan.name, endsAt };
  }

  if (!payment.businessId) return { kind: "not-applied", reason: "the listing no longer exists" };
  // A free request already waiting for review takes the paid tier instead of blocking the payment.
  const [waiting] = await tx
    .update(featuredRequests)
    .set({ pricingTier: payment.planId, paymentReference: reference, requestedBy: payment.userId, updatedAt: now })
    .where(
      and(eq(featuredRequests.businessId, payment.businessId), eq(featuredRequests.status, "pending"), isNull(featuredRequests.paymentReference)),
    )
    .returning({ id: featuredRequests.id });
  if (waiting) return { kind: "featured", requestId: waiting.id, tier: payment.planId, businessId: payment.businessId };
  const [owner] = await tx.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, payment.userId)).limit(1);
  const result = await requestFeature({ id: payment.userId, role: owner?.role === "business" ? "business" : "visitor" }, payment.businessId, {
    tier: payment.planId,
    paymentReference: reference,
    db: tx,
  });
  if (!result.ok) return { kind: "not-applied", reason: result.message };
  return { kind: "featured", requestId: result.requestId, tier: payment.planId, businessId: payment.businessId };
}

export type ConfirmPaymentResult =
  | { ok: true; type: "subscription" | "featured"; planId: string; grant: PaymentGrant | null; replay: boolean }
  | { ok: false; failure: PaymentFailure; pending?: boolean };

/**
 * The payer confirms their own payment: the provider is asked how it ended (outside any transaction:
 * the demo provider takes 2 seconds), then the outcome is settled once. Confirming a payment that is
 * already settled reports it again and changes nothing.
 */
export async function confirmPayment(actor: SessionUser | null, reference: string): Promise<ConfirmPaymentResult> {
  if (!actor || typeof reference !== "string" || reference.length > 100) return { ok: false, failure: PAYMENT_TEXTS.error };
  const [payment] = await getDb()
    .select({
      reference: payments.reference,
      purpose: payments.purpose,
      planId: payments.planId,
      amountKobo: payments.amountKobo,
      provider: payments.provider,
      status: payments.status,
      failureReason: payments.failureReason,
      email: user.email,
    })
    .from(payments)
    .innerJoin(user, eq(user.id, payments.userId))
    .where(and(eq(payments.reference, reference), eq(payments.userId, actor.id)))
    .limit(1);
  if (!payment) return { ok: false, failure: PAYMENT_TEXTS.error };
  const type = payment.purpose === "featured" ? "featured" : "subscription";
  if (payment.status !== "pending") return settledAlready(payment, type);

  const provider = paymentProviderNamed(payment.provider);
  if (!provider) {
    logger.error({ reference, provider: payment.provider }, "payment recorded with an unknown provider");
    return { ok: false, failure: PAYMENT_TEXTS.error };
  }
  let outcome: ProviderOutcome;
  try {
    outcome = await provider.confirm(providerPayment(payment, payment.email, `${payment.purpose} ${payment.planId}`));
  } catch (error) {
    // The payment stays pending: confirming again (or the gateway's webhook) settles it later.
    logger.error({ err: error, reference }, "payment provider could not confirm the payment");
    return { ok: false, failure: PAYMENT_TEXTS.stillProcessing, pending: true };
  }
  let settled: SettleResult;
  try {
    settled = await settlePayment(reference, outcome);
  } catch (error) {
    logger.error({ err: error, reference }, "payment outcome not recorded");
    return { ok: false, failure: PAYMENT_TEXTS.error, pending: true };
  }
  if (!settled.changed) {
    if (settled.status === "pending") return { ok: false, failure: PAYMENT_TEXTS.stillProcessing, pending: true };
    // Settled by a concurrent confirmation: report what it recorded.
    const [now] = await getDb()
      .select({ status: payments.status, failureReason: payments.failureReason })
      .from(payments)
      .where(eq(payments.reference, reference))
      .limit(1);
    return settledAlready({ ...payment, status: now?.status ?? "failed", failureReason: now?.failureReason ?? null }, type);
  }
  if (settled.status === "failed") return { ok: false, failure: PAYMENT_TEXTS.failed };
  if (settled.grant.kind === "not-applied") {
    return { ok: false, failure: { ...PAYMENT_TEXTS.paidNotApplied, text: PAYMENT_TEXTS.paidNotApplied.text.replace("{reference}", reference) } };
  }
  return { ok: true, type, planId: payment.planId, grant: settled.grant, replay: false };
}

function settledAlready(
  payment: { reference: string; planId: string; status: string; failureReason: string | null },
  type: "subscription" | "featured",
): ConfirmPaymentResult {
  if (payment.status === "succeeded") {
    if (payment.failureReason?.startsWith("Paid but not applied")) {
      return { ok: false, failure: { ...PAYMENT_TEXTS.paidNotApplied, text: PAYMENT_TEXTS.paidNotApplied.text.replace("{reference}", payment.reference) } };
    }
    return { ok: true, type, planId: payment.planId, grant: null, replay: true };
  }
  return { ok: false, failure: PAYMENT_TEXTS.failed };
}
