import { and, eq } from "drizzle-orm";
import { payments, user } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb, type Tx } from "../../lib/db.server";
import { t } from "../../lib/i18n/i18n";
import { logger } from "../../lib/logger.server";
import { FEATURED_PLANS, PLANS, type PlanId } from "../../lib/reference";
import type { SessionUser } from "../accounts/session-user";
import { grantPaidFeature } from "../featured/grant-paid-feature.server";
import { enqueueNotice } from "../notifications/person-notices.server";
import { grantSubscription } from "../plans/grant-subscription.server";
import { PAYMENT_TEXTS } from "./payment.schemas";
import { formatNairaExact, receiptHref } from "./payment-ledger";
import { paymentProviderNamed, type ProviderOutcome } from "./payment-provider.server";
import { enqueuePaymentReceipt } from "./send-payment-receipt.server";
import { providerPayment } from "./start-payment.server";

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
  const settled: SettleResult = await getDb().transaction(async (tx) => {
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
    // The receipt e-mail, in this transaction: it is sent (and retried) only if this success commits.
    await enqueuePaymentReceipt(tx, { id: payment.id, reference });
    // And a text to an owner who hears by text (issue 33): the e-mail above is the receipt.
    if (payment.userId) {
      const plan =
        payment.purpose === "featured"
          ? (FEATURED_PLANS.find((p) => p.id === payment.planId)?.name ?? payment.planId)
          : (PLANS.find((p) => p.id === payment.planId)?.name ?? payment.planId);
      const featured = payment.purpose === "featured";
      await enqueueNotice(tx, {
        userId: payment.userId,
        // In the payer's language (issue 36), the amount written its way.
        texts: (t) => {
          const what = featured ? t("{{plan}} featured placement", { plan }) : t("the {{plan}} plan", { plan });
          // 'NGN', not '₦': outside the GSM alphabet, the naira sign makes the SMS cost more than twice as much.
          const amount = formatNairaExact(payment.amountKobo).replace("₦", "NGN ");
          return {
            line: t("Payment received: {{amount}} for {{what}}. Thank you.", { amount, what }),
            detail: t("Payment received: {{amount}} for {{what}}.", { amount, what }),
            subject: t("Payment received"),
          };
        },
        path: receiptHref(reference),
        textOnly: true,
      });
    }
    return { changed: true, status: "succeeded", grant } as const;
  });
  return settled;
}

type PaidRow = { id: string; userId: string | null; purpose: string; planId: string; businessId: string | null };

/** What the payment bought, granted in the payment's transaction: a plan, or a featured request. */
async function grantPaidPlan(tx: Tx, payment: PaidRow, reference: string, now: Date): Promise<PaymentGrant> {
  if (!payment.userId) return { kind: "not-applied", reason: "the account no longer exists" };
  if (payment.purpose === "subscription") {
    const granted = await grantSubscription(tx, { userId: payment.userId, planId: payment.planId, paymentId: payment.id, now });
    return "notApplied" in granted ? { kind: "not-applied", reason: granted.notApplied } : { kind: "subscription", ...granted };
  }
  if (!payment.businessId) return { kind: "not-applied", reason: "the listing no longer exists" };
  const granted = await grantPaidFeature(tx, { userId: payment.userId, businessId: payment.businessId, tier: payment.planId, reference, now });
  if ("notApplied" in granted) return { kind: "not-applied", reason: granted.notApplied };
  return { kind: "featured", requestId: granted.requestId, tier: payment.planId, businessId: payment.businessId };
}

export type ConfirmPaymentResult =
  /** Paid: the plan or request it bought (null on a replay of an already settled payment). */
  | { status: "paid"; reference: string; type: "subscription" | "featured"; planId: string; grant: PaymentGrant | null; replay: boolean }
  /** Not known yet at the gateway: confirming again (or its webhook) settles it later. */
  | { status: "pending"; reference: string };

function paidNotApplied(reference: string): AppError {
  // Written in the request's language with its reference in it (issue 36); the title is translated by describeError.
  return new AppError("conflict", { ...PAYMENT_TEXTS.paidNotApplied, text: t(PAYMENT_TEXTS.paidNotApplied.text, { reference }) });
}

/**
 * The payer confirms their own payment: the provider is asked how it ended (outside any transaction:
 * the demo provider takes 2 seconds), then the outcome is settled once. Confirming a payment that is
 * already settled reports it again and changes nothing. Refuses with the payment screen's texts: a
 * declined payment, a payment received but not applied (quote the reference), anyone else's reference.
 */
export async function confirmPayment(actor: SessionUser | null, reference: string): Promise<ConfirmPaymentResult> {
  if (!actor || typeof reference !== "string" || reference.length > 100) throw new AppError("not-found", PAYMENT_TEXTS.error);
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
  if (!payment) throw new AppError("not-found", PAYMENT_TEXTS.error);
  const type = payment.purpose === "featured" ? "featured" : "subscription";
  if (payment.status !== "pending") return settledAlready(payment, type);

  const provider = paymentProviderNamed(payment.provider);
  // A payment recorded by a provider this process does not know: a fault of ours (configuration).
  if (!provider) throw new Error(`payment ${reference} was recorded with an unknown provider '${payment.provider}'`);
  let outcome: ProviderOutcome;
  try {
    outcome = await provider.confirm(providerPayment(payment, payment.email, `${payment.purpose} ${payment.planId}`));
  } catch (error) {
    // The payment stays pending: confirming again (or the gateway's webhook) settles it later.
    logger.error({ err: error, reference }, "payment provider could not confirm the payment");
    return { status: "pending", reference };
  }
  const settled = await settlePayment(reference, outcome);
  if (!settled.changed) {
    if (settled.status === "pending") return { status: "pending", reference };
    // Settled by a concurrent confirmation: report what it recorded.
    const [now] = await getDb()
      .select({ status: payments.status, failureReason: payments.failureReason })
      .from(payments)
      .where(eq(payments.reference, reference))
      .limit(1);
    return settledAlready({ ...payment, status: now?.status ?? "failed", failureReason: now?.failureReason ?? null }, type);
  }
  if (settled.status === "failed") throw new AppError("conflict", PAYMENT_TEXTS.failed);
  if (settled.grant.kind === "not-applied") throw paidNotApplied(reference);
  return { status: "paid", reference, type, planId: payment.planId, grant: settled.grant, replay: false };
}

function settledAlready(
  payment: { reference: string; planId: string; status: string; failureReason: string | null },
  type: "subscription" | "featured",
): ConfirmPaymentResult {
  if (payment.status !== "succeeded") throw new AppError("conflict", PAYMENT_TEXTS.failed);
  if (payment.failureReason?.startsWith("Paid but not applied")) throw paidNotApplied(payment.reference);
  return { status: "paid", reference: payment.reference, type, planId: payment.planId, grant: null, replay: true };
}
