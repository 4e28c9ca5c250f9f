import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { getSessionUser } from "../app/features/accounts/session.server";
import { markConversationRead } from "../app/features/messaging/mark-conversation-read.server";
import { MESSAGE_TEXTS } from "../app/features/messaging/message.schemas";
import { sendMessage } from "../app/features/messaging/send-message.server";
import { jsonFailure } from "../app/lib/error-responses.server";

const NO_STORE = { "Cache-Control": "no-store" };

async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return null;
  }
}

/**
 * The chat's JSON endpoints (the page's form posts to /messages when JavaScript is off):
 *   POST /api/messages       {businessId, visitorId?, message, idempotencyKey} → 201 {message} (200 for a retry)
 *   POST /api/messages/read  {businessId, visitorId?} → 200 {unreadCount}
 * Refusals answer {error, code} with the spec's text at the AppError's status (app/lib/error-responses.server.ts).
 */
export function messagesApi() {
  const api = new Hono();
  api.use("*", bodyLimit({ maxSize: 64 * 1024, onError: (c) => c.json({ error: MESSAGE_TEXTS.length, code: "invalid" }, 413, NO_STORE) }));

  api.post("/", async (c) => {
    try {
      const user = await getSessionUser(c.req.raw);
      const result = await sendMessage(user, await readJson(c));
      return c.json({ message: result.message, duplicate: result.duplicate }, result.duplicate ? 200 : 201, NO_STORE);
    } catch (error) {
      return jsonFailure(error, MESSAGE_TEXTS.failed);
    }
  });

  api.post("/read", async (c) => {
    try {
      const user = await getSessionUser(c.req.raw);
      const result = await markConversationRead(user, await readJson(c));
      return c.json({ unreadCount: result.unreadCount }, 200, NO_STORE);
    } catch (error) {
      return jsonFailure(error);
    }
  });
  return api;
}
