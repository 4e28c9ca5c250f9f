import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { handlePaystackWebhook } from "../app/features/payments/handle-paystack-webhook.server";

const NO_STORE = { "Cache-Control": "no-store" };
/** Paystack's events are a few kilobytes; nothing bigger is read. */
const WEBHOOK_MAX_BYTES = 256 * 1024;

/**
 * POST /api/payments/paystack/webhook: Paystack's events (docs/decisions/0015-paystack-payments.md). The RAW
 * body is handed over as bytes (the signature is over exactly those), with x-paystack-signature. No session
 * and no Origin are involved: Paystack's servers send neither, so the origin check lets it through, and a
 * browser's cross-site post (with an Origin) is refused there before it reaches this. 401 when the body is
 * not signed with our secret key; otherwise 200 whatever the event was, so Paystack stops retrying.
 */
export function paystackWebhookRoutes() {
  const api = new Hono();
  api.use("*", bodyLimit({ maxSize: WEBHOOK_MAX_BYTES, onError: (c) => c.json({ error: "Too large" }, 413, NO_STORE) }));
  api.post("/webhook", async (c) => {
    const raw = new Uint8Array(await c.req.arrayBuffer());
    const answer = await handlePaystackWebhook(raw, c.req.header("x-paystack-signature"));
    if (!answer.accepted) return c.json({ error: "Invalid signature" }, 401, NO_STORE);
    return c.json({ received: true }, 200, NO_STORE);
  });
  return api;
}
