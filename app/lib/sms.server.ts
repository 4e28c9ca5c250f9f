/**
 * Text messages (issue 33, ADR 35): enqueued in the transaction of the change that causes them (`enqueueSms`), sent
 * by the job queue's workers (`sendSms`) through the configured provider, retried while it is down, slow or
 * rate-limiting, failed for good when it refuses the message itself. Termii's Messaging API is the first provider
 * (https://developers.termii.com/messaging-api): `POST {base}/api/sms/send` with the API key in the JSON body, the
 * number international without its plus, and the route: always `dnd`, the transactional route that reaches numbers
 * on Do-Not-Disturb (the cheaper `generic` route is for promotions, does not reach them and some networks block it
 * at night). A code can also go by voice call (`POST {base}/api/sms/otp/call`, https://developers.termii.com/voice-call),
 * which reads out a code we chose, so ours stays the only copy that can be checked.
 *
 * Without a provider, a local trial keeps each SMS in the development outbox (channel 'sms', /dev/mailbox);
 * production sends none (the job fails for good, naming SMS_PROVIDER).
 */
import { emailOutbox } from "../../db/schema";
import { getDb, type Tx } from "./db.server";
import { getEnv, type Env } from "./env.server";
import { enqueue, PermanentJobFailure } from "./jobs.server";
import { logger } from "./logger.server";
import { getMetrics } from "./metrics.server";
import { smsPages } from "./sms-pages";
import { recipientRef } from "./email.server";

/**
 * A text message to one number (E.164, '+2348031234567'); with `voiceCode`, a voice call that reads out that code
 * instead (the fallback for a person whose SMS does not arrive), `text` saying the same in writing.
 */
export type OutgoingSms = { to: string; text: string; voiceCode?: string };

/** What a provider says about a message it took. */
export type SmsReceipt = { provider: string; messageId: string | null };

export type SmsProvider = {
  name: string;
  /** Sends a text; throws when it was not taken (PermanentJobFailure when trying again cannot help). */
  send(sms: OutgoingSms): Promise<SmsReceipt>;
  /** Calls the number and reads out `code` (4–8 digits). */
  callWithCode(to: string, code: string): Promise<SmsReceipt>;
};

/** How long one call to the provider may take before it counts as failed (and is tried again later). */
export const SMS_TIMEOUT_MS = 10_000;

/** The queue of text messages (db/migrations/0033_outbox_channels.sql). */
export const SMS_QUEUE = "sms";

/** A number as Termii wants it: international digits without the plus ('2348031234567'). */
function termiiNumber(e164: string): string {
  if (!/^\+\d{10,15}$/.test(e164)) throw new PermanentJobFailure("not a phone number in international form");
  return e164.slice(1);
}

type TermiiAnswer = { code?: unknown; message_id?: unknown; message?: unknown };

/** Termii's Messaging and Voice Call APIs (see the top of this file). */
export function termiiProvider(config: { apiKey: string; senderId: string; baseUrl?: string; timeoutMs?: number }): SmsProvider {
  const base = (config.baseUrl ?? "https://api.ng.termii.com").replace(/\/+$/, "");
  const timeoutMs = config.timeoutMs ?? SMS_TIMEOUT_MS;

  async function post(path: string, body: Record<string, unknown>): Promise<SmsReceipt> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ ...body, api_key: config.apiKey }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      throw new Error(timedOut ? `Termii did not answer within ${timeoutMs} ms` : "Termii could not be reached");
    }
    const answer = (await response.json().catch(() => ({}))) as TermiiAnswer;
    const said = typeof answer.message === "string" ? `: ${answer.message.slice(0, 200)}` : "";
    if (response.status === 429) throw new Error(`Termii is limiting the rate (429)${said}`);
    if (response.status >= 500) throw new Error(`Termii failed (${response.status})${said}`);
    // 400, 404, 422: this message is refused as it is (a number Termii cannot deliver to, a bad field): trying again
    // cannot help. 401/403 (the key or the sender ID) is the operator's to fix: tried again meanwhile.
    if ([400, 404, 422].includes(response.status)) throw new PermanentJobFailure(`Termii refused the message (${response.status})${said}`);
    if (!response.ok) throw new Error(`Termii refused the request (${response.status})${said}`);
    const messageId = typeof answer.message_id === "string" || typeof answer.message_id === "number" ? String(answer.message_id) : null;
    if (answer.code !== "ok" && !messageId) throw new Error(`Termii did not take the message${said}`);
    return { provider: "termii", messageId };
  }

  return {
    name: "termii",
    send: (sms) => post("/api/sms/send", { to: termiiNumber(sms.to), from: config.senderId, sms: sms.text, type: "plain", channel: "dnd" }),
    callWithCode: (to, code) => {
      if (!/^\d{4,8}$/.test(code)) throw new PermanentJobFailure("a voice code must be 4 to 8 digits");
      return post("/api/sms/otp/call", { phone_number: termiiNumber(to), code: Number(code) });
    },
  };
}

/** The configured provider, or null (no SMS_PROVIDER). */
export function smsProvider(env: Env = getEnv()): SmsProvider | null {
  if (env.SMS_PROVIDER === "termii" && env.TERMII_API_KEY && env.TERMII_SENDER_ID) {
    return termiiProvider({ apiKey: env.TERMII_API_KEY, senderId: env.TERMII_SENDER_ID, baseUrl: env.TERMII_BASE_URL });
  }
  return null;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);
}

/**
 * The `sms` queue's job: sends the text through the provider, or keeps it in the development outbox on a local
 * trial. A provider that is down, slow or limiting the rate throws (tried again later); one that refuses the message
 * throws PermanentJobFailure. Production without a provider fails the job for good.
 */
export async function sendSms(sms: OutgoingSms): Promise<SmsReceipt | null> {
  const env = getEnv();
  const provider = smsProvider(env);
  if (provider) {
    const receipt = sms.voiceCode ? await provider.callWithCode(sms.to, sms.voiceCode) : await provider.send({ to: sms.to, text: sms.text });
    // What it costs: a call, or the text's pages (issue 33).
    if (sms.voiceCode) getMetrics().textsBilled.inc({ channel: "voice", unit: "call" });
    else getMetrics().textsBilled.inc({ channel: "sms", unit: "page" }, smsPages(sms.text));
    logger.info({ recipient: recipientRef(sms.to), provider: receipt.provider, messageId: receipt.messageId }, sms.voiceCode ? "voice code call placed" : "sms sent");
    return receipt;
  }
  if (env.isProduction) throw new PermanentJobFailure("no SMS provider is configured (SMS_PROVIDER)");
  await getDb().insert(emailOutbox).values({ channel: "sms", to: sms.to, subject: sms.voiceCode ? "Voice call" : "", text: sms.text, html: `<p>${escapeHtml(sms.text)}</p>` });
  logger.info({ recipient: recipientRef(sms.to) }, "sms kept in the outbox (no SMS_PROVIDER): see /dev/mailbox");
  return null;
}

/** Enqueues a text in the caller's transaction (ADR 34): it exists only if the change that causes it commits. */
export async function enqueueSms(tx: Tx, sms: OutgoingSms, options: { key?: string; startAfter?: Date } = {}): Promise<string | null> {
  return enqueue(tx, SMS_QUEUE, sms, options);
}
