import { and, eq } from "drizzle-orm";
import { payments } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb } from "../../lib/db.server";
import type { SessionUser } from "../accounts/session-user";
import { confirmPayment, type ConfirmPaymentResult } from "./confirm-payment.server";
import { CheckoutSchema, PAYMENT_TEXTS, type CheckoutInput } from "./payment.schemas";

/** The failure reason of a payment its owner cancelled (it stays on record as failed). */
export const PAYMENT_CANCELLED = "Cancelled by you.";

export type CancelPaymentResult =
  /** Cancelled; `checkout` is what it was buying (to start again), null when that can no longer be bought. */
  | { status: "cancelled"; reference: string; checkout: CheckoutInput | null }
  | Extract<ConfirmPaymentResult, { status: "paid" }>;

/**
 * The owner cancels a payment left pending (an abandoned checkout). Only their own payment, only while it
 * is pending. The gateway is asked first, so a payment completed in another tab is granted instead of
 * cancelled; if the gateway cannot be asked, it is cancelled anyway (a charge that succeeds later is
 * refunded by the webhook, handle-paystack-webhook.server.ts). Cancelling is the same conditional UPDATE
 * … WHERE status = 'pending' as settling, so it never undoes a payment settled meanwhile.
 */
export async function cancelPayment(actor: SessionUser | null, reference: string): Promise<CancelPaymentResult> {
  // Someone else's (or no) payment: the same answer as an unknown reference.
  const confirmed = await confirmPayment(actor, reference);
  if (confirmed.status === "paid") return confirmed;
  const [cancelled] = await getDb()
    .update(payments)
    .set({ status: "failed", failureReason: PAYMENT_CANCELLED, updatedAt: new Date() })
    .where(and(eq(payments.reference, reference), eq(payments.userId, actor!.id), eq(payments.status, "pending")))
    .returning({ reference: payments.reference, purpose: payments.purpose, planId: payments.planId, businessId: payments.businessId });
  if (!cancelled) {
    // Settled between the check and the update: report what it became.
    const again = await confirmPayment(actor, reference);
    if (again.status === "paid") return again;
    throw new AppError("conflict", PAYMENT_TEXTS.error);
  }
  const checkout = CheckoutSchema.safeParse({ type: cancelled.purpose, plan: cancelled.planId, businessId: cancelled.businessId ?? undefined });
  return { status: "cancelled", reference, checkout: checkout.success ? checkout.data : null };
}
