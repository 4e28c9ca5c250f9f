import { logger } from "../../lib/logger.server";
import type { PaymentProvider, ProviderOutcome, ProviderPayment } from "./payment-provider.server";

/** Paystack's API (https://paystack.com/docs/api/). Tests point PAYSTACK_BASE_URL at the local fake. */
export const PAYSTACK_DEFAULT_BASE_URL = "https://api.paystack.co";
/** No call to Paystack may hold a request (or a scheduled job) longer than this. */
export const PAYSTACK_TIMEOUT_MS = 8_000;

/** Where Paystack's hosted checkout page is (authorization_url). */
export const PAYSTACK_CHECKOUT_ORIGIN = "https://checkout.paystack.com";

/**
 * The origins the pay button's post may be redirected to (the CSP's form-action): Paystack's checkout, and
 * PAYSTACK_BASE_URL's origin when set (the tests' fake serves its checkout page there).
 */
export function checkoutOrigins(env: { PAYMENT_PROVIDER?: string; PAYSTACK_BASE_URL?: string }): string[] {
  if (env.PAYMENT_PROVIDER !== "paystack") return [];
  const origins = [PAYSTACK_CHECKOUT_ORIGIN];
  if (env.PAYSTACK_BASE_URL && URL.canParse(env.PAYSTACK_BASE_URL)) origins.push(new URL(env.PAYSTACK_BASE_URL).origin);
  return origins;
}

export type PaystackOptions = {
  secretKey: string;
  /** https://api.paystack.co unless told otherwise (the fake in tests). */
  baseUrl?: string;
  /** PUBLIC_URL: the callback brings the browser back to PUBLIC_URL/payment?reference=…. */
  publicUrl: string;
  timeoutMs?: number;
};

/** A call to Paystack that did not give a usable answer. Its message never holds the key or the body. */
export class PaystackError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "PaystackError";
  }
}

/** Paystack's `data.status` of a transaction, mapped (transaction/verify). */
const FAILED_STATUSES = new Set(["failed", "reversed"]);
const PENDING_STATUSES = new Set(["abandoned", "ongoing", "pending", "processing", "queued"]);

/** The part of a verified transaction (or a charge.success event's data) that decides an outcome. */
export type PaystackTransaction = { status?: unknown; reference?: unknown; amount?: unknown; currency?: unknown; gateway_response?: unknown };

/**
 * What a Paystack transaction means for one of our payments. Success counts only when the transaction is
 * the one we recorded (same reference) in naira; the amount actually paid is reported, and settlePayment
 * refuses it unless it is the price. Used for verify's answer and for a signed charge.success event alike.
 */
export function outcomeOfTransaction(payment: { reference: string }, data: PaystackTransaction): ProviderOutcome {
  const status = typeof data.status === "string" ? data.status : "";
  if (status === "success") {
    if (data.reference !== payment.reference) {
      logger.error({ reference: payment.reference }, "paystack answered a success for another reference");
      return { status: "failed", reason: "The payment provider reported a different transaction." };
    }
    if (data.currency !== "NGN") {
      logger.error({ reference: payment.reference, currency: String(data.currency).slice(0, 8) }, "paystack reported a success in another currency");
      return { status: "failed", reason: "The payment was not made in naira." };
    }
    if (typeof data.amount !== "number" || !Number.isSafeInteger(data.amount) || data.amount < 0) {
      logger.error({ reference: payment.reference }, "paystack reported a success without a valid amount");
      return { status: "failed", reason: "The payment provider reported no valid amount." };
    }
    return { status: "succeeded", amountKobo: data.amount };
  }
  if (FAILED_STATUSES.has(status)) {
    const said = typeof data.gateway_response === "string" && data.gateway_response.length <= 200 ? data.gateway_response : "";
    return { status: "failed", reason: said ? `Declined: ${said}` : status === "reversed" ? "The payment was reversed." : "The payment was declined." };
  }
  if (PENDING_STATUSES.has(status)) return { status: "pending" };
  // A status Paystack may add later: not a success, not a failure we can be sure of.
  logger.warn({ reference: payment.reference, status: status.slice(0, 20) }, "paystack answered an unknown transaction status");
  return { status: "pending" };
}

/**
 * The Paystack gateway (test and live keys work the same way): a hosted checkout page, the outcome from
 * transaction/verify, refunds through POST /refund. Every call carries the secret key as a Bearer token,
 * times out after a few seconds, and fails with a PaystackError that names the endpoint and status only.
 */
export function createPaystackProvider(options: PaystackOptions): PaymentProvider {
  const baseUrl = (options.baseUrl ?? PAYSTACK_DEFAULT_BASE_URL).replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? PAYSTACK_TIMEOUT_MS;
  const publicUrl = options.publicUrl.replace(/\/+$/, "");

  async function call(method: "GET" | "POST", path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${options.secretKey}`,
          Accept: "application/json",
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: "error",
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      const endpoint = path.split("/").slice(0, 3).join("/");
      // The network's own code (ECONNREFUSED, ENOTFOUND…), never the request: it carries the key.
      const code = (error as { cause?: { code?: unknown } })?.cause?.code;
      throw new PaystackError(
        timedOut ? `paystack ${method} ${endpoint}: no answer within ${timeoutMs} ms` : `paystack ${method} ${endpoint}: unreachable${typeof code === "string" ? ` (${code})` : ""}`,
      );
    }
    let json: Record<string, unknown>;
    try {
      const parsed: unknown = await response.json();
      json = parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
    } catch {
      json = {};
    }
    return { status: response.status, json };
  }

  /** A `{ status: true, data }` envelope, or a PaystackError with the HTTP status. */
  function dataOf(what: string, answer: { status: number; json: Record<string, unknown> }): Record<string, unknown> {
    const data = answer.json.data;
    if (answer.status < 200 || answer.status >= 300 || answer.json.status !== true || !data || typeof data !== "object") {
      // Paystack's message ('Invalid key', 'Transaction reference not found') is short and holds no secret.
      const message = typeof answer.json.message === "string" ? answer.json.message.slice(0, 120) : "";
      throw new PaystackError(`paystack ${what} refused (HTTP ${answer.status})${message ? `: ${message}` : ""}`, answer.status);
    }
    return data as Record<string, unknown>;
  }

  return {
    name: "paystack",

    async initiate(payment: ProviderPayment) {
      const answer = await call("POST", "/transaction/initialize", {
        email: payment.email,
        amount: payment.amountKobo,
        currency: payment.currency,
        reference: payment.reference,
        callback_url: `${publicUrl}/payment?reference=${encodeURIComponent(payment.reference)}`,
        // What is bought, for Paystack's dashboard; nothing secret.
        metadata: { description: payment.description, cancel_action: `${publicUrl}/payment?reference=${encodeURIComponent(payment.reference)}` },
      });
      const data = dataOf("initialize", answer);
      const url = data.authorization_url;
      if (typeof url !== "string" || !/^https?:\/\//.test(url)) throw new PaystackError("paystack initialize: no authorization_url in the answer");
      return { redirectUrl: url };
    },

    async confirm(payment: ProviderPayment) {
      const answer = await call("GET", `/transaction/verify/${encodeURIComponent(payment.reference)}`);
      return outcomeOfTransaction(payment, dataOf("verify", answer) as PaystackTransaction);
    },

    async refund(payment: ProviderPayment, amountKobo?: number) {
      const answer = await call("POST", "/refund", { transaction: payment.reference, ...(amountKobo === undefined ? {} : { amount: amountKobo }) });
      const data = dataOf("refund", answer);
      const status = typeof data.status === "string" ? data.status : "";
      if (status === "processed") return { status: "refunded" as const };
      if (status === "pending" || status === "processing" || status === "needs-attention") return { status: "pending" as const };
      throw new PaystackError(`paystack refund answered status '${status.slice(0, 20)}'`);
    },
  };
}
