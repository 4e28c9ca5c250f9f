import { AppError } from "../../lib/app-error";
import { msg } from "../../lib/i18n/i18n";
import { getEnv } from "../../lib/env.server";
import { singleton, setSingleton } from "../../lib/singleton.server";
import { createDemoPaymentProvider } from "./demo-payment-provider.server";
import { createPaystackProvider } from "./paystack-provider.server";

/**
 * The payment gateway behind every checkout.
 *
 * Flow (app/features/payments/):
 *   1. start-payment.server.ts records the payment (status pending, amount in kobo, a fresh reference)
 *      BEFORE the provider is called, then calls `initiate`.
 *   2. If `initiate` answers a `redirectUrl`, the browser is sent there (hosted checkout page) and the
 *      gateway brings it back to `/payment?reference=…`; otherwise the payment is confirmed at once.
 *   3. confirm-payment.server.ts calls `confirm` OUTSIDE any database transaction (it may take seconds),
 *      then settles the outcome in one transaction: `UPDATE payments … WHERE reference = $1 AND
 *      status = 'pending' RETURNING …`; only when that returned a row is the plan granted (subscription or
 *      featured request). A replayed confirmation therefore changes nothing.
 *
 * Paystack is built this way (paystack-provider.server.ts, its webhook in handle-paystack-webhook.server.ts,
 * docs/decisions/0015-paystack-payments.md) and made the default by PAYMENT_PROVIDER=paystack below.
 * Plugging in another Nigerian gateway (Flutterwave): write a `PaymentProvider` whose
 *   - `initiate` calls the gateway's "initialize transaction" endpoint (Paystack: POST
 *     https://api.paystack.co/transaction/initialize with email, amount in kobo, reference,
 *     callback_url = PUBLIC_URL + "/payment?reference=" + reference; Flutterwave: POST /v3/payments with
 *     tx_ref and redirect_url) and returns the hosted page's URL as `redirectUrl`;
 *   - `confirm` calls the gateway's verify endpoint (Paystack: GET /transaction/verify/:reference;
 *     Flutterwave: GET /v3/transactions/verify_by_reference?tx_ref=…) and maps its answer to
 *     succeeded / failed / pending, reporting the amount actually paid (settling refuses a mismatch).
 *   Register it with `registerPaymentProvider` at start-up and make it the default with
 *   `setDefaultPaymentProvider(name)` (e.g. from a PAYMENT_PROVIDER setting with the secret key in the
 *   environment; never log the key). A webhook endpoint (Paystack: POST with an x-paystack-signature
 *   HMAC-SHA512 of the body) would verify the signature and call `settlePayment` with the same
 *   reference: settling is idempotent, so the webhook and the browser's return may both arrive.
 */
export interface PaymentProvider {
  /** Stored in payments.provider; also the prefix of the references it issues. */
  readonly name: string;
  /** Starts a payment that is already recorded as pending. */
  initiate(payment: ProviderPayment): Promise<{ redirectUrl?: string }>;
  /** Asks the gateway how the payment ended. May take a while; never called inside a transaction. */
  confirm(payment: ProviderPayment): Promise<ProviderOutcome>;
  /** Gives the money back (all of it when amountKobo is unset). Optional: without it, refunds are done by hand. */
  refund?(payment: ProviderPayment, amountKobo?: number): Promise<{ status: "refunded" | "pending" }>;
}

export type ProviderPayment = {
  reference: string;
  amountKobo: number;
  currency: "NGN";
  email: string;
  description: string;
};

export type ProviderOutcome =
  | { status: "succeeded"; amountKobo: number }
  | { status: "failed"; reason: string }
  | { status: "pending" };

type Registry = { providers: Map<string, PaymentProvider>; defaultName: string | undefined };

/** What a checkout says when no gateway is configured (a public site without PAYMENT_PROVIDER). */
export const PAYMENTS_UNAVAILABLE = msg("Payments are not available right now. Please try again later or contact support.");

function registry(): Registry {
  return singleton<Registry>("payment-providers", () => {
    // Security finding 8: the demo provider (every payment succeeds) exists only where PAYMENT_PROVIDER says
    // demo; the configuration sets that by itself only for a local trial (app/lib/env.server.ts).
    const env = getEnv();
    if (env.PAYMENT_PROVIDER === "paystack" && env.PAYSTACK_SECRET_KEY) {
      // Paystack (docs/decisions/0015-paystack-payments.md): the key stays in this closure, never in a log.
      const paystack = createPaystackProvider({ secretKey: env.PAYSTACK_SECRET_KEY, baseUrl: env.PAYSTACK_BASE_URL, publicUrl: env.PUBLIC_URL });
      return { providers: new Map([[paystack.name, paystack]]), defaultName: paystack.name };
    }
    if (env.PAYMENT_PROVIDER !== "demo") return { providers: new Map(), defaultName: undefined };
    const demo = createDemoPaymentProvider();
    return { providers: new Map([[demo.name, demo]]), defaultName: demo.name };
  });
}

/** Adds (or replaces) a provider by its name. */
export function registerPaymentProvider(provider: PaymentProvider): void {
  registry().providers.set(provider.name, provider);
}

/** Makes a registered provider the one new payments go through. */
export function setDefaultPaymentProvider(name: string): void {
  if (!registry().providers.has(name)) throw new Error(`Unknown payment provider '${name}'`);
  registry().defaultName = name;
}

/**
 * The provider new payments go through: the configured one (PAYMENT_PROVIDER), or one a test made the
 * default. With none configured, checkouts are refused ('unavailable') instead of faked.
 */
export function defaultPaymentProvider(): PaymentProvider {
  const r = registry();
  const provider = r.defaultName === undefined ? undefined : r.providers.get(r.defaultName);
  if (!provider) throw new AppError("unavailable", PAYMENTS_UNAVAILABLE, { reason: "no-payment-provider" });
  return provider;
}

/** The provider that recorded a payment, by the name stored with it. */
export function paymentProviderNamed(name: string): PaymentProvider | undefined {
  return registry().providers.get(name);
}

/** Forgets registered providers (tests): the next call starts again with the demo provider. */
export function resetPaymentProviders(): void {
  setSingleton("payment-providers", undefined);
}
