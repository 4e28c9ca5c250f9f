import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { payments } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";
import { hitRateLimit } from "../../lib/rate-limit.server";
import type { SessionUser } from "../accounts/session-user";
import { resolveCheckout, type CheckoutItem } from "./checkout.server";
import { PAYMENT_TEXTS, type CheckoutInput } from "./payment.schemas";
import { defaultPaymentProvider, type ProviderPayment } from "./payment-provider.server";

/** Payment attempts one account may start per window (stops a script from flooding the gateway). */
export const PAYMENT_START_LIMIT = { count: 10, windowSeconds: 10 * 60 };
/** A second pay press for the same thing within this time waits for the first (no double charge). */
export const PAYMENT_IN_PROGRESS_SECONDS = 2 * 60;

export type StartedPayment = { reference: string; item: CheckoutItem; redirectUrl: string | null };

/** What the provider is told about a recorded payment. */
export function providerPayment(row: { reference: string; amountKobo: number }, email: string, description: string): ProviderPayment {
  return { reference: row.reference, amountKobo: row.amountKobo, currency: "NGN", email, description };
}

/**
 * An owner starts paying for a plan or a featured placement: the payment is recorded as pending (amount
 * in kobo, provider, a fresh reference) before the provider is called; a provider that cannot start it
 * marks it failed.
 */
export async function startPayment(actor: SessionUser | null, input: CheckoutInput): Promise<StartedPayment> {
  const item = await resolveCheckout(actor, input);
  const owner = actor!;
  const limit = await hitRateLimit(`payment-start:${owner.id}`, PAYMENT_START_LIMIT.count, PAYMENT_START_LIMIT.windowSeconds);
  if (!limit.allowed) throw new AppError("rate-limited", PAYMENT_TEXTS.tooMany);

  const db = getDb();
  const [inFlight] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.userId, owner.id),
        eq(payments.status, "pending"),
        eq(payments.purpose, item.type),
        eq(payments.planId, item.planId),
        item.businessId ? eq(payments.businessId, item.businessId) : isNull(payments.businessId),
        gt(payments.createdAt, new Date(Date.now() - PAYMENT_IN_PROGRESS_SECONDS * 1000)),
      ),
    )
    .limit(1);
  if (inFlight) throw new AppError("conflict", PAYMENT_TEXTS.inProgress);

  const provider = defaultPaymentProvider();
  const reference = `${provider.name}_${randomBytes(12).toString("hex")}`;
  await db.insert(payments).values({
    userId: owner.id,
    purpose: item.type,
    planId: item.planId,
    businessId: item.businessId,
    amountKobo: item.amountKobo,
    currency: "NGN",
    provider: provider.name,
    reference,
    status: "pending",
  });

  try {
    const started = await provider.initiate(providerPayment({ reference, amountKobo: item.amountKobo }, owner.email, item.title));
    return { reference, item, redirectUrl: started.redirectUrl ?? null };
  } catch (error) {
    logger.error({ err: error, reference, provider: provider.name }, "payment provider refused to start the payment");
    await db
      .update(payments)
      .set({ status: "failed", failureReason: "The payment provider could not start the payment.", updatedAt: new Date() })
      .where(and(eq(payments.reference, reference), eq(payments.status, "pending")));
    throw new AppError("unavailable", PAYMENT_TEXTS.failed);
  }
}
