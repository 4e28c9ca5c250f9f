import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { payments, user } from "../../../db/schema";
import { runInBackground } from "../../lib/background.server";
import { getDb, queryRows } from "../../lib/db.server";
import { getEnv } from "../../lib/env.server";
import { logger } from "../../lib/logger.server";
import { settlePayment } from "./confirm-payment.server";
import { paymentProviderNamed } from "./payment-provider.server";
import { outcomeOfTransaction, type PaystackTransaction } from "./paystack-provider.server";
import { providerPayment } from "./start-payment.server";

/** What the webhook endpoint answers: 401 for anything not signed with our key, else 200 (Paystack stops retrying). */
export type WebhookAnswer =
  | { accepted: false }
  | { accepted: true; handled: "settled" | "declined" | "refunding" | "already-settled" | "ignored-event" | "unknown-reference" | "not-success" };

/** Paystack's signature: HMAC-SHA512 of the raw body with the secret key, as 128 hex digits. */
export function paystackSignature(rawBody: string | Uint8Array, secretKey: string): string {
  return createHmac("sha512", secretKey).update(rawBody).digest("hex");
}

/** Whether `signature` is the body's signature with our key, compared in constant time. */
export function isSignedByPaystack(rawBody: string | Uint8Array, signature: string | undefined, secretKey: string): boolean {
  if (typeof signature !== "string" || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = Buffer.from(paystackSignature(rawBody, secretKey), "hex");
  const given = Buffer.from(signature, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * POST /api/payments/paystack/webhook (server/paystack-webhook.ts parses, this decides). Only a body signed
 * with our secret key is read at all. A `charge.success` event is trusted as Paystack's word (it is signed:
 * no verify call, so the answer is fast), and held against our record exactly as verify's answer is: our
 * reference, naira, the amount paid (settlePayment refuses any other amount). Settling is the one
 * conditional UPDATE … WHERE status = 'pending', so a retried or duplicated event changes nothing. Other
 * events and references we never issued are acknowledged (200) and logged, so Paystack stops retrying. A
 * success that grants nothing (a wrong amount, or a payment we had already closed: cancelled by the owner,
 * superseded by a newer attempt, closed by the stale job) is money taken for nothing: it is refunded in
 * full through Paystack, once, in the background.
 */
export async function handlePaystackWebhook(rawBody: Uint8Array, signature: string | undefined): Promise<WebhookAnswer> {
  const secretKey = getEnv().PAYMENT_PROVIDER === "paystack" ? getEnv().PAYSTACK_SECRET_KEY : undefined;
  if (!secretKey || !isSignedByPaystack(rawBody, signature, secretKey)) {
    // Nothing of the body is logged: it is not known to come from Paystack.
    logger.warn({ signed: typeof signature === "string", configured: Boolean(secretKey), bytes: rawBody.length }, "paystack webhook refused: not signed with our key");
    return { accepted: false };
  }
  type PaystackEvent = { event?: unknown; data?: PaystackTransaction } | null;
  const event = parseJson(rawBody) as PaystackEvent;
  const name = typeof event?.event === "string" ? event.event.slice(0, 60) : "";
  if (name !== "charge.success" || !event?.data || typeof event.data !== "object") {
    logger.info({ event: name || "(unreadable)" }, "paystack webhook: event ignored");
    return { accepted: true, handled: "ignored-event" };
  }
  const data = event.data;
  const reference = typeof data.reference === "string" && data.reference.length <= 100 ? data.reference : null;
  const [payment] = reference
    ? await getDb()
        .select({ reference: payments.reference, amountKobo: payments.amountKobo, email: user.email, purpose: payments.purpose, planId: payments.planId })
        .from(payments)
        .leftJoin(user, eq(user.id, payments.userId))
        .where(and(eq(payments.reference, reference), eq(payments.provider, "paystack")))
        .limit(1)
    : [];
  if (!payment) {
    logger.warn({ event: name, hasReference: Boolean(reference) }, "paystack webhook: charge for a reference we did not issue");
    return { accepted: true, handled: "unknown-reference" };
  }
  const outcome = outcomeOfTransaction(payment, data);
  if (outcome.status === "pending") {
    logger.warn({ reference: payment.reference }, "paystack webhook: charge.success whose transaction is not a success");
    return { accepted: true, handled: "not-success" };
  }
  const settled = await settlePayment(payment.reference, outcome);
  if (settled.changed && settled.status === "succeeded") {
    logger.info({ reference: payment.reference }, "paystack webhook: payment settled");
    return { accepted: true, handled: "settled" };
  }
  if (settled.changed) logger.error({ reference: payment.reference, reason: settled.reason }, "paystack webhook: charge refused, nothing granted");
  // Money was taken (the event is a success) but our record is failed: refused above, or closed before
  // (cancelled, superseded, stale). It goes back, once: claiming the refund is a conditional UPDATE.
  if (settled.status === "failed" && (await claimRefund(payment.reference))) {
    refundInBackground(payment);
    return { accepted: true, handled: "refunding" };
  }
  if (settled.changed) return { accepted: true, handled: "declined" };
  logger.info({ reference: payment.reference, status: settled.status }, "paystack webhook: already settled, nothing changed");
  return { accepted: true, handled: "already-settled" };
}

function parseJson(raw: Uint8Array): unknown {
  try {
    return JSON.parse(Buffer.from(raw).toString("utf8"));
  } catch {
    return null;
  }
}

/** The words a payment's failure reason ends with once its money is being given back. */
export const REFUND_NOTES = { pending: "Refund pending.", requested: "Refund requested.", made: "Refund made.", byHand: "Refund by hand." } as const;

/** Marks a failed payment's refund as started; false when another delivery of the event already did. */
async function claimRefund(reference: string): Promise<boolean> {
  const claimed = await queryRows<{ reference: string }>(
    getDb(),
    sql`update payments set failure_reason = coalesce(failure_reason, 'Not completed.') || ' ' || ${REFUND_NOTES.pending}, updated_at = now()
        where reference = ${reference} and status = 'failed' and coalesce(failure_reason, '') not like '%Refund %'
        returning reference`,
  );
  return claimed.length > 0;
}

/**
 * A charge that succeeded for a payment we hold as failed: nothing was granted (a newer payment may have
 * bought the same thing), so all of it is refunded through Paystack; the reason says so, visibly.
 */
function refundInBackground(payment: { reference: string; amountKobo: number; email: string | null; purpose: string; planId: string }): void {
  logger.error({ reference: payment.reference }, "paystack webhook: paid but not granted; refunding");
  runInBackground("refunding a payment that was paid but not granted", async () => {
    const provider = paymentProviderNamed("paystack");
    let note: string = REFUND_NOTES.byHand;
    if (provider?.refund) {
      try {
        const refund = await provider.refund(providerPayment(payment, payment.email ?? "", `${payment.purpose} ${payment.planId}`));
        note = refund.status === "refunded" ? REFUND_NOTES.made : REFUND_NOTES.requested;
      } catch (error) {
        logger.error({ err: error, reference: payment.reference }, "paystack refund failed: refund by hand");
      }
    }
    await queryRows(
      getDb(),
      sql`update payments set failure_reason = replace(failure_reason, ${REFUND_NOTES.pending}, ${note}), updated_at = now()
          where reference = ${payment.reference} and status = 'failed' returning reference`,
    );
  });
}
