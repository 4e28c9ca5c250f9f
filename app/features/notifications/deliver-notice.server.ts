/**
 * How a notice reaches a person on the channels they chose (issue 33), shared by every kind of notice (a new message,
 * a reply, a review, a listing decision): which channels, and the text's job — by WhatsApp (an approved template, ADR
 * 36) or SMS (ADR 35) to their verified number, held until their quiet hours end, at most their texts a day, keyed so
 * that a retried notice adds no second text.
 */
import { jobExists } from "../../lib/jobs.server";
import { queryRows, type Tx } from "../../lib/db.server";
import { undeliverable } from "../../lib/email.server";
import { watDate } from "../../lib/opening-hours";
import { rateLimitHitSql } from "../../lib/rate-limit.server";
import { enqueueSms, SMS_QUEUE } from "../../lib/sms.server";
import { enqueueWhatsApp, WHATSAPP_QUEUE } from "../../lib/whatsapp.server";
import { quietHoursEnd, type NoticePreferences } from "./notice-preferences";

export type NoticeRoute = { text: "whatsapp" | "sms" | null; email: boolean };

/**
 * The channels a notice takes: a text by WhatsApp when chosen, else SMS when chosen — or when the account has no
 * e-mail address (made with a phone number); an e-mail when chosen, and instead of a text that has no verified number.
 */
export function noticeRoute(prefs: NoticePreferences, to: { phone: string | null; email: string | null }): NoticeRoute {
  const hasEmail = Boolean(to.email && !undeliverable(to.email));
  const text = prefs.channels.includes("whatsapp") ? "whatsapp" : prefs.channels.includes("sms") || !hasEmail ? "sms" : null;
  const email = hasEmail && (prefs.channels.includes("email") || (text !== null && !to.phone));
  return { text: to.phone ? text : null, email };
}

/**
 * Enqueues the text of a notice in `tx`, by `channel`: returns false when the person's texts for today (WAT) are used
 * up. A notice whose `key` was already enqueued (a retried job) is not counted or enqueued again.
 */
export async function enqueueTextNotice(
  tx: Tx,
  input: {
    userId: string;
    channel: "whatsapp" | "sms";
    phone: string;
    text: string;
    template: { name: string; params: string[] };
    key: string;
    prefs: NoticePreferences;
    now?: Date;
  },
): Promise<boolean> {
  const now = input.now ?? new Date();
  if (await jobExists(tx, input.channel === "whatsapp" ? WHATSAPP_QUEUE : SMS_QUEUE, input.key)) return true;
  // The day's count, in this transaction (PGlite has one connection: a statement outside it would wait for it).
  const [counted] = await queryRows<{ count: number }>(tx, rateLimitHitSql(`text-notices:${input.userId}:${watDate(now)}`, 86_400));
  if (Number(counted?.count ?? 1) > input.prefs.dailyTextCap) return false;
  const startAfter = quietHoursEnd(input.prefs, now) ?? undefined;
  if (input.channel === "whatsapp") {
    // The templates are approved in English; a person who reads another language gets one whose only fixed words are
    // the site's name, the text in their language its parameter (issue 36; the callers choose it).
    await enqueueWhatsApp(tx, { to: input.phone, text: input.text, template: { ...input.template, language: "en", category: "utility" } }, { key: input.key, startAfter });
  } else {
    await enqueueSms(tx, { to: input.phone, text: input.text }, { key: input.key, startAfter });
  }
  return true;
}
