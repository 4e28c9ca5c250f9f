import { LIMITS } from "../../lib/reference";
import type { PaymentProvider, ProviderOutcome, ProviderPayment } from "./payment-provider.server";

export type DemoProviderOptions = {
  /** Simulated processing time (spec 02 §9: 2 seconds). Tests pass 0. */
  delayMs?: number;
  /** The outcome to report (default: the full amount succeeded). */
  outcome?: (payment: ProviderPayment) => ProviderOutcome;
  /** Makes `initiate` throw, as a gateway that cannot be reached would. */
  failToInitiate?: boolean;
  /** Called with each refund asked for (tests count them). */
  onRefund?: (payment: ProviderPayment, amountKobo: number | undefined) => void;
};

/**
 * The default provider: no money moves. Every payment succeeds after the spec's 2 seconds of simulated
 * processing. The payment is still recorded like a real one (amount in kobo, reference, status, times).
 */
export function createDemoPaymentProvider(options: DemoProviderOptions = {}): PaymentProvider {
  const delayMs = options.delayMs ?? LIMITS.paymentDemoDelayMs;
  return {
    name: "demo",
    async initiate() {
      if (options.failToInitiate) throw new Error("demo provider: initiate refused");
      return {};
    },
    async confirm(payment) {
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      return options.outcome?.(payment) ?? { status: "succeeded", amountKobo: payment.amountKobo };
    },
    // No money moved, so giving it back is done at once.
    async refund(payment, amountKobo) {
      options.onRefund?.(payment, amountKobo);
      return { status: "refunded" };
    },
  };
}
