/**
 * WhatsApp messages through the WhatsApp Business Platform's Cloud API (issue 33, ADR 36).
 *
 * Sending (https://developers.facebook.com/docs/whatsapp/cloud-api/reference/messages): `POST
 * {graph}/{phone-number-id}/messages` with `Authorization: Bearer <access token>` and `{messaging_product: "whatsapp",
 * recipient_type: "individual", to, type, …}`; the answer names the message: `{messages: [{id: "wamid.…"}]}`. A
 * message that starts a conversation must be an approved template (`type: "template"`, billed per message); a reply
 * within 24 hours of the person's last message to us may be plain text (`type: "text"`) and is free. `sendWhatsApp`
 * sends the free one when the window is open (`whatsapp_windows`, kept by the webhook), else the template.
 *
 * The webhook (https://developers.facebook.com/docs/graph-api/webhooks/getting-started): a GET handshake echoing
 * `hub.challenge` for our verify token; POSTed events signed `X-Hub-Signature-256: sha256=<HMAC-SHA256 of the raw
 * body with the app secret>`, carrying `statuses` (sent, delivered, read, failed) and incoming `messages`.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import { emailOutbox, whatsappMessages, WHATSAPP_STATUSES, type WHATSAPP_CATEGORIES } from "../../db/schema";
import { getDb, queryRows, type Tx } from "./db.server";
import { recipientRef } from "./email.server";
import { getEnv, type Env } from "./env.server";
import { enqueue, PermanentJobFailure } from "./jobs.server";
import { logger } from "./logger.server";
import { getMetrics } from "./metrics.server";

/**
 * A WhatsApp message to one number (E.164): the approved template to start a conversation with (its name and the
 * body's parameters, in order) and the same words as plain text, sent instead inside the 24-hour window.
 */
export type OutgoingWhatsApp = {
  to: string;
  template: { name: string; language: string; category: Exclude<(typeof WHATSAPP_CATEGORIES)[number], "service">; params: string[] };
  text: string;
};

export type WhatsAppReceipt = { wamid: string; category: (typeof WHATSAPP_CATEGORIES)[number] };

/** The queue of WhatsApp messages (db/migrations/0034_whatsapp.sql). */
export const WHATSAPP_QUEUE = "whatsapp";
/** How long one call to the Graph API may take before it counts as failed (tried again later). */
export const WHATSAPP_TIMEOUT_MS = 10_000;
/** The customer service window: replies within this long of the person's last message are free text. */
export const WHATSAPP_WINDOW_HOURS = 24;

/**
 * Graph API error codes that say 'not now' (https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes):
 * throttling (4, 80007, 130429), pair rate limit (131056), service unavailable (131016), temporary (2, 1).
 */
const RETRYABLE_CODES = new Set([1, 2, 4, 80007, 130429, 131016, 131056]);
/** Codes that are the operator's to fix (the token, permissions): tried again meanwhile, not given up. */
const CONFIG_CODES = new Set([0, 3, 10, 190, 200]);

type GraphError = { error?: { message?: unknown; code?: unknown } };

export type WhatsAppClient = {
  send(to: string, body: Record<string, unknown>): Promise<string>;
};

/** The Cloud API's messages endpoint (see the top of this file). */
export function cloudApiClient(config: { accessToken: string; phoneNumberId: string; graphUrl?: string; timeoutMs?: number }): WhatsAppClient {
  const base = (config.graphUrl ?? "https://graph.facebook.com/v21.0").replace(/\/+$/, "");
  const timeoutMs = config.timeoutMs ?? WHATSAPP_TIMEOUT_MS;
  return {
    async send(to, body) {
      if (!/^\+\d{10,15}$/.test(to)) throw new PermanentJobFailure("not a phone number in international form");
      let response: Response;
      try {
        response = await fetch(`${base}/${config.phoneNumberId}/messages`, {
          method: "POST",
          headers: { authorization: `Bearer ${config.accessToken}`, "content-type": "application/json" },
          body: JSON.stringify({ messaging_product: "whatsapp", recipient_type: "individual", to: to.slice(1), ...body }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
        throw new Error(timedOut ? `the WhatsApp Cloud API did not answer within ${timeoutMs} ms` : "the WhatsApp Cloud API could not be reached");
      }
      const answer = (await response.json().catch(() => ({}))) as GraphError & { messages?: { id?: unknown }[] };
      if (response.ok) {
        const wamid = answer.messages?.[0]?.id;
        if (typeof wamid !== "string") throw new Error("the WhatsApp Cloud API answered without a message id");
        return wamid;
      }
      const code = typeof answer.error?.code === "number" ? answer.error.code : null;
      const said = `WhatsApp refused the message (${response.status}${code === null ? "" : `, code ${code}`})${typeof answer.error?.message === "string" ? `: ${answer.error.message.slice(0, 200)}` : ""}`;
      if (response.status === 429 || response.status >= 500 || (code !== null && (RETRYABLE_CODES.has(code) || CONFIG_CODES.has(code)))) throw new Error(said);
      // Anything else (an undeliverable number, a template that does not exist, a bad parameter): trying again cannot help.
      throw new PermanentJobFailure(said);
    },
  };
}

/** The configured client, or null (no WhatsApp settings). */
export function whatsAppClient(env: Env = getEnv()): WhatsAppClient | null {
  if (!env.WHATSAPP_ACCESS_TOKEN || !env.WHATSAPP_PHONE_NUMBER_ID) return null;
  return cloudApiClient({ accessToken: env.WHATSAPP_ACCESS_TOKEN, phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID, graphUrl: env.WHATSAPP_GRAPH_URL });
}

/** Whether the number wrote to us within the last 24 hours: a reply is then free text. */
async function windowOpen(to: string): Promise<boolean> {
  const [row] = await queryRows<{ open: boolean }>(
    getDb(),
    sql`select last_inbound_at > now() - make_interval(hours => ${WHATSAPP_WINDOW_HOURS}) as open from whatsapp_windows where number = ${to}`,
  );
  return Boolean(row?.open);
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);
}

/**
 * The `whatsapp` queue's job: the free text inside the person's 24-hour window, else the approved template; the
 * message is recorded with its WhatsApp id and billing category (what it costs), for the webhook's statuses. On a
 * local trial without WhatsApp settings it is kept in the development outbox; production without them sends none.
 */
export async function sendWhatsApp(message: OutgoingWhatsApp): Promise<WhatsAppReceipt | null> {
  const env = getEnv();
  const client = whatsAppClient(env);
  if (!client) {
    if (env.isProduction) throw new PermanentJobFailure("WhatsApp is not configured (WHATSAPP_ACCESS_TOKEN and the rest)");
    await getDb().insert(emailOutbox).values({ channel: "whatsapp", to: message.to, subject: "", text: message.text, html: `<p>${escapeHtml(message.text)}</p>` });
    logger.info({ recipient: recipientRef(message.to) }, "whatsapp message kept in the outbox (no WhatsApp settings): see /dev/mailbox");
    return null;
  }
  const free = await windowOpen(message.to);
  const wamid = free
    ? await client.send(message.to, { type: "text", text: { preview_url: false, body: message.text } })
    : await client.send(message.to, {
        type: "template",
        template: {
          name: message.template.name,
          language: { code: message.template.language },
          components: [{ type: "body", parameters: message.template.params.map((text) => ({ type: "text", text })) }],
        },
      });
  const category = free ? "service" : message.template.category;
  await getDb()
    .insert(whatsappMessages)
    .values({ wamid, to: message.to, template: free ? null : message.template.name, category })
    .onConflictDoNothing();
  getMetrics().textsBilled.inc({ channel: "whatsapp", unit: category });
  logger.info({ recipient: recipientRef(message.to), category }, "whatsapp message sent");
  return { wamid, category };
}

/** Enqueues a WhatsApp message in the caller's transaction (ADR 34). */
export async function enqueueWhatsApp(tx: Tx, message: OutgoingWhatsApp, options: { key?: string; startAfter?: Date } = {}): Promise<string | null> {
  return enqueue(tx, WHATSAPP_QUEUE, message, options);
}

/** Compares two secrets in constant time (their lengths may differ: hashed first). */
function sameSecret(a: string, b: string): boolean {
  const key = "whatsapp-compare";
  return timingSafeEqual(createHmac("sha256", key).update(a).digest(), createHmac("sha256", key).update(b).digest());
}

/**
 * The webhook's GET handshake: the challenge back for `hub.mode=subscribe` with our verify token, null otherwise
 * (the route answers 403). Null too when WhatsApp is not configured.
 */
export function whatsAppHandshake(query: { mode?: string; token?: string; challenge?: string }, env: Env = getEnv()): string | null {
  if (!env.WHATSAPP_VERIFY_TOKEN || query.mode !== "subscribe" || !query.token || !query.challenge) return null;
  return sameSecret(query.token, env.WHATSAPP_VERIFY_TOKEN) ? query.challenge : null;
}

/** Whether `signature` (`sha256=<hex>`) is the HMAC-SHA256 of exactly these bytes with the app secret. */
export function whatsAppSignatureValid(raw: Uint8Array, signature: string | undefined, env: Env = getEnv()): boolean {
  if (!env.WHATSAPP_APP_SECRET || !signature?.startsWith("sha256=")) return false;
  const given = Buffer.from(signature.slice(7), "hex");
  const expected = createHmac("sha256", env.WHATSAPP_APP_SECRET).update(raw).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

type WebhookStatus = { id?: unknown; status?: unknown; timestamp?: unknown; errors?: { code?: unknown; title?: unknown }[] };
type WebhookMessage = { from?: unknown; timestamp?: unknown };
type WebhookBody = { object?: unknown; entry?: { changes?: { field?: unknown; value?: { statuses?: WebhookStatus[]; messages?: WebhookMessage[] } }[] }[] };

const epoch = (value: unknown) => (typeof value === "string" && /^\d{9,11}$/.test(value) ? new Date(Number(value) * 1000) : new Date());

/**
 * A signed webhook event (the route has checked the signature): each status moves its message forward (sent →
 * delivered → read; failed ends it, with WhatsApp's error), never back, so a retried or late event changes nothing;
 * each incoming message opens the sender's 24-hour window. Unknown messages and fields are ignored. Returns what
 * changed, for the log.
 */
export async function recordWhatsAppEvent(body: unknown): Promise<{ statuses: number; windows: number }> {
  const event = (body ?? {}) as WebhookBody;
  if (event.object !== "whatsapp_business_account") return { statuses: 0, windows: 0 };
  let statuses = 0;
  let windows = 0;
  for (const entry of event.entry ?? []) {
    for (const change of entry.changes ?? []) {
      if (change.field !== "messages") continue;
      for (const status of change.value?.statuses ?? []) {
        const rank = WHATSAPP_STATUSES.indexOf(status.status as (typeof WHATSAPP_STATUSES)[number]);
        if (typeof status.id !== "string" || rank < 0) continue;
        const failure = status.status === "failed" ? status.errors?.[0] : undefined;
        const error = failure ? `${String(failure.code ?? "")} ${String(failure.title ?? "")}`.trim().slice(0, 300) : null;
        const ranks = sql.raw(`array[${WHATSAPP_STATUSES.map((s) => `'${s}'`).join(", ")}]`);
        const updated = await queryRows<{ id: string }>(
          getDb(),
          sql`update whatsapp_messages set status = ${status.status}, status_at = ${epoch(status.timestamp)}, error = coalesce(${error}, error)
              where wamid = ${status.id} and status <> 'failed' and array_position(${ranks}, status) < ${rank + 1}
              returning id`,
        );
        statuses += updated.length;
      }
      for (const message of change.value?.messages ?? []) {
        if (typeof message.from !== "string" || !/^\d{10,15}$/.test(message.from)) continue;
        await getDb().execute(
          sql`insert into whatsapp_windows (number, last_inbound_at) values (${`+${message.from}`}, ${epoch(message.timestamp)})
              on conflict (number) do update set last_inbound_at = greatest(whatsapp_windows.last_inbound_at, excluded.last_inbound_at)`,
        );
        windows++;
      }
    }
  }
  return { statuses, windows };
}
