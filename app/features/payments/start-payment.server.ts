import { randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { payments } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { undeliverable } from "../../lib/email.server";
import { getDb } from "../../lib/db.server";
import { isUniqueViolation } from "../../lib/db-errors.server";
import { logger } from "../../lib/logger.server";
import { hitRateLimit } from "../../lib/rate-limit.server";
import type { SessionUser } from "../accounts/session-user";
import { resolveCheckout, type CheckoutItem } from "./checkout.server";
import { PAYMENT_TEXTS, type CheckoutInput } from "./payment.schemas";
import { defaultPaymentProvider, type ProviderPayment } from "./payment-provider.server";

/** Payment attempts one account may start per window (stops a script from flooding the gateway). */
export const PAYMENT_START_LIMIT = { count: 10, windowSeconds: 10 * 60 };
/**
 * A second pay press for the same thing within this time waits for the first (no double charge). The
 * database holds at most one pending payment per account and thing bought (partial unique indexes
 * payments_one_pending_*); one left pending for longer gives way to a new attempt and is marked failed.
 */
export const PAYMENT_IN_PROGRESS_SECONDS = 2 * 60;
/** The failure reason of a pending payment that a new attempt for the same thing replaced. */
export const PAYMENT_SUPERSEDED = "Not completed: a new payment for the same thing was started.";

export type StartedPayment = { reference: string; item: CheckoutItem; redirectUrl: string | null };

/** What the provider is told about a recorded payment. */
export function providerPayment(row: { reference: string; amountKobo: number }, email: string, description: string): ProviderPayment {
  return { reference: row.reference, amountKobo: row.amountKobo, currency: "NGN", email, description };
}

/**
 * An owner starts paying for a plan or a featured placement: the payment is recorded as pending (amount
 * in kobo, provider, a fresh reference) before the provider is called; a provider that cannot start it
 * marks it failed. Checking for a payment in flight and recording this one happen in one transaction, and
 * a unique index settles two presses at the same moment: one is recorded, the other told to wait.
 */
export async function startPayment(actor: SessionUser | null, input: CheckoutInput): Promise<StartedPayment> {
  const item = await resolveCheckout(actor, input);
  const owner = actor!;
  // The payment provider e-mails its own receipt and needs an address: an account made with a phone number adds one
  // first (issue 33).
  if (undeliverable(owner.email)) throw new AppError("invalid", PAYMENT_TEXTS.needsEmail);
  const limit = await hitRateLimit(`payment-start:${owner.id}`, PAYMENT_START_LIMIT.count, PAYMENT_START_LIMIT.windowSeconds);
  if (!limit.allowed) throw new AppError("rate-limited", PAYMENT_TEXTS.tooMany);

  const db = getDb();
  const provider = defaultPaymentProvider();
  // The provider's name and 24 hex digits: only letters, digits and '-', which every gateway accepts in a
  // reference (Paystack allows letters, digits, '-', '.' and '=').
  const reference = `${provider.name}-${randomBytes(12).toString("hex")}`;
  const sameThing = and(
    eq(payments.userId, owner.id),
    eq(payments.status, "pending"),
    eq(payments.purpose, item.type),
    eq(payments.planId, item.planId),
    item.businessId ? eq(payments.businessId, item.businessId) : isNull(payments.businessId),
  );
  try {
    await db.transaction(async (tx) => {
      const [inFlight] = await tx.select({ id: payments.id, createdAt: payments.createdAt }).from(payments).where(sameThing).limit(1).for("update");
      if (inFlight) {
        if (inFlight.createdAt.getTime() > Date.now() - PAYMENT_IN_PROGRESS_SECONDS * 1000) {
          throw new AppError("conflict", PAYMENT_TEXTS.inProgress);
        }
        // Left pending long ago (the page was closed): it gives way, so the index has room for this one.
        await tx
          .update(payments)
          .set({ status: "failed", failureReason: PAYMENT_SUPERSEDED, updatedAt: new Date() })
          .where(and(eq(payments.id, inFlight.id), eq(payments.status, "pending")));
      }
      await tx.insert(payments).values({
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
    });
  } catch (error) {
    // Two presses at the same moment: both found nothing in flight, and the index let only one insert.
    if (isUniqueViolation(error)) throw new AppError("conflict", PAYMENT_TEXTS.inProgress);
    throw error;
  }

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
