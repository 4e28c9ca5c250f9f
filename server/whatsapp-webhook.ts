import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { logger } from "../app/lib/logger.server";
import { recordWhatsAppEvent, whatsAppHandshake, whatsAppSignatureValid } from "../app/lib/whatsapp.server";

const NO_STORE = { "Cache-Control": "no-store" };
/** Meta's events are a few kilobytes (it batches up to a thousand updates); nothing bigger is read. */
const WEBHOOK_MAX_BYTES = 1024 * 1024;

/**
 * /api/whatsapp/webhook (issue 33, ADR 36): Meta's WhatsApp events, server to server (no session, no Origin).
 *  GET: the verification handshake: `hub.challenge` back as text for `hub.mode=subscribe` and our
 *       WHATSAPP_VERIFY_TOKEN, else 403.
 *  POST: believed only with a valid `X-Hub-Signature-256` over the raw body (else 401); then 200 whatever it held,
 *       so Meta stops retrying. Statuses move our messages forward, incoming messages open the 24-hour window.
 */
export function whatsAppWebhookRoutes() {
  const api = new Hono();
  api.use("*", bodyLimit({ maxSize: WEBHOOK_MAX_BYTES, onError: (c) => c.json({ error: "Too large" }, 413, NO_STORE) }));
  api.get("/webhook", (c) => {
    const challenge = whatsAppHandshake({ mode: c.req.query("hub.mode"), token: c.req.query("hub.verify_token"), challenge: c.req.query("hub.challenge") });
    if (challenge === null) return c.text("Forbidden", 403, NO_STORE);
    return c.text(challenge, 200, { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" });
  });
  api.post("/webhook", async (c) => {
    const raw = new Uint8Array(await c.req.arrayBuffer());
    if (!whatsAppSignatureValid(raw, c.req.header("x-hub-signature-256"))) return c.json({ error: "Invalid signature" }, 401, NO_STORE);
    let body: unknown;
    try {
      body = JSON.parse(new TextDecoder().decode(raw));
    } catch {
      return c.json({ received: true }, 200, NO_STORE);
    }
    const changed = await recordWhatsAppEvent(body);
    logger.info(changed, "whatsapp webhook event");
    return c.json({ received: true }, 200, NO_STORE);
  });
  return api;
}
