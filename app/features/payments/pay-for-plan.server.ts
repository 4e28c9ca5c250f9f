import type { SessionUser } from "../accounts/session-user";
import { confirmPayment, type ConfirmPaymentResult } from "./confirm-payment.server";
import type { CheckoutInput, PaymentFailure } from "./payment.schemas";
import { startPayment } from "./start-payment.server";

export type PayForPlanResult =
  /** A hosted checkout page (a real gateway): send the browser there; it comes back to /payment?reference=…. */
  | { ok: true; kind: "redirect"; url: string }
  | (Extract<ConfirmPaymentResult, { ok: true }> & { kind: "paid"; reference: string })
  | { ok: false; failure: PaymentFailure };

/**
 * The pay button: records and starts the payment, then (for providers without a hosted page, such as the
 * demo provider with its 2 seconds of processing) confirms and settles it at once.
 */
export async function payForPlan(actor: SessionUser | null, input: CheckoutInput): Promise<PayForPlanResult> {
  const started = await startPayment(actor, input);
  if (!started.ok) return started;
  if (started.redirectUrl) return { ok: true, kind: "redirect", url: started.redirectUrl };
  const confirmed = await confirmPayment(actor, started.reference);
  if (!confirmed.ok) return { ok: false, failure: confirmed.failure };
  return { ...confirmed, kind: "paid", reference: started.reference };
}

/** Where the owner lands after paying: the dashboard, which shows the success message and the plan. */
export function afterPaymentHref(result: { type: "subscription" | "featured"; planId: string }): string {
  return `/dashboard?${new URLSearchParams({ payment: result.type, plan: result.planId })}`;
}
