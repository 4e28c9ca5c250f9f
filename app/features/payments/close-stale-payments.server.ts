import { and, asc, eq, lt } from "drizzle-orm";
import { payments, user } from "../../../db/schema";
import { getDb } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";
import { settlePayment } from "./confirm-payment.server";
import { paymentProviderNamed, type ProviderOutcome } from "./payment-provider.server";
import { providerPayment } from "./start-payment.server";

/** A payment still pending after this long is checked with the gateway once and closed. */
export const STALE_PAYMENT_AFTER_MS = 24 * 60 * 60 * 1000;
/** The failure reason of a payment the gateway never completed. */
export const PAYMENT_NOT_COMPLETED = "Not completed within a day.";
/** Payments looked at per batch; a run stops after a few batches or this much time, the rest wait. */
export const STALE_PAYMENT_BATCH = 20;
export const STALE_PAYMENT_MAX_BATCHES = 5;
export const STALE_PAYMENT_BUDGET_MS = 60_000;

export type StaleRun = { checked: number; succeeded: number; closed: number };

/**
 * The scheduler's `close-stale-payments` (server/scheduler.ts): each payment pending for more than a day is
 * asked about once (the provider's verify, outside any transaction) and closed: settled when it was paid
 * (granted, as a return from checkout would), otherwise failed with 'Not completed within a day.' (also
 * when the gateway cannot be asked: a charge that succeeds later is refunded by the webhook). Oldest first,
 * in bounded batches; every close is the conditional UPDATE … WHERE status = 'pending' of settlePayment,
 * so a webhook or a browser settling the same payment meanwhile wins and nothing is done twice.
 */
export async function closeStalePayments(now: Date = new Date()): Promise<StaleRun> {
  const run: StaleRun = { checked: 0, succeeded: 0, closed: 0 };
  const started = Date.now();
  const before = new Date(now.getTime() - STALE_PAYMENT_AFTER_MS);
  for (let batch = 0; batch < STALE_PAYMENT_MAX_BATCHES; batch++) {
    const stale = await getDb()
      .select({ reference: payments.reference, amountKobo: payments.amountKobo, provider: payments.provider, purpose: payments.purpose, planId: payments.planId, email: user.email })
      .from(payments)
      .leftJoin(user, eq(user.id, payments.userId))
      .where(and(eq(payments.status, "pending"), lt(payments.createdAt, before)))
      .orderBy(asc(payments.createdAt))
      .limit(STALE_PAYMENT_BATCH);
    for (const payment of stale) {
      run.checked++;
      const outcome = await askOnce(payment);
      const settled = await settlePayment(payment.reference, outcome.status === "pending" ? { status: "failed", reason: PAYMENT_NOT_COMPLETED } : outcome);
      if (settled.changed && settled.status === "succeeded") run.succeeded++;
      else if (settled.changed) run.closed++;
    }
    if (stale.length < STALE_PAYMENT_BATCH || Date.now() - started > STALE_PAYMENT_BUDGET_MS) break;
  }
  return run;
}

async function askOnce(payment: { reference: string; amountKobo: number; provider: string; purpose: string; planId: string; email: string | null }): Promise<ProviderOutcome> {
  const provider = paymentProviderNamed(payment.provider);
  if (!provider) return { status: "pending" };
  try {
    const outcome = await provider.confirm(providerPayment(payment, payment.email ?? "", `${payment.purpose} ${payment.planId}`));
    // Paid: settled (and granted, when the amount is the price); anything else is closed as not completed.
    return outcome.status === "succeeded" ? outcome : { status: "pending" };
  } catch (error) {
    logger.warn({ err: error, reference: payment.reference }, "could not ask the payment provider about a stale payment: closing it");
    return { status: "pending" };
  }
}
