import type { SessionUser } from "../accounts/session-user";
import { confirmPayment, type ConfirmPaymentResult } from "./confirm-payment.server";
import type { CheckoutInput } from "./payment.schemas";
import { startPayment } from "./start-payment.server";

export type PayForPlanResult =
  /** A hosted checkout page (a real gateway): send the browser there; it comes back to /payment?reference=…. */
  | { status: "redirect"; url: string }
  | ConfirmPaymentResult;

/**
 * The pay button: records and starts the payment, then (for providers without a hosted page, such as the
 * demo provider with its 2 seconds of processing) confirms and settles it at once.
 */
export async function payForPlan(actor: SessionUser | null, input: CheckoutInput): Promise<PayForPlanResult> {
  const started = await startPayment(actor, input);
  if (started.redirectUrl) return { status: "redirect", url: started.redirectUrl };
  return confirmPayment(actor, started.reference);
}

/** Where the owner lands after paying: the dashboard, which shows the success message, what happens next and the receipt. */
export function afterPaymentHref(result: { type: "subscription" | "featured"; planId: string; reference: string }): string {
  return `/dashboard?${new URLSearchParams({ payment: result.type, plan: result.planId, reference: result.reference })}`;
}
