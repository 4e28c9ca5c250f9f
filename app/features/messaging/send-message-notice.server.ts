import { sql } from "drizzle-orm";
import { businesses, businessMessages, profiles, user } from "../../../db/schema";
import { getNoticePreferences } from "../notifications/notice-preferences.server";
import { getDb, queryRows } from "../../lib/db.server";
import { sendEmail } from "../../lib/email.server";
import { enqueueTextNotice, noticeRoute } from "../notifications/deliver-notice.server";
import { ACCOUNT_UPDATE_TEMPLATE } from "../notifications/person-notices.server";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../lib/i18n/locales";
import { renderIn, sentUrl } from "../../lib/i18n/sent-language.server";
import { displayName } from "./internal/message-view.server";
import { chatHref } from "./message.schemas";

/** An owner who has not seen a conversation for this long is told of a new message, at most once per this long. */
export const OWNER_EMAIL_QUIET_MINUTES = 15;

/** The queue of the owner's new-message notices (db/migrations/0031_message_notice_queue.sql, ADR 34). */
export const MESSAGE_NOTICE_QUEUE = "message-notice";

export type MessageNoticeJob = { messageId: string };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);
}

const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();

/**
 * The approved WhatsApp template of the notice (WhatsApp Manager): {{1}} wrote to {{2}}: "{{3}}". Its words are
 * English: a person who reads another language gets the account notices' template instead (Naija Directory: {{1}}),
 * the whole text, in their language, its one parameter.
 */
export const MESSAGE_NOTICE_TEMPLATE = "new_message_notice";

/**
 * The new-message notice job (enqueued by sendMessage's statement, which decides when): tells the message's
 * recipient that a visitor wrote (to the business owner) or that the business answered (to the visitor), written
 * from the message as it is now, on the channels the recipient chose (notice preferences, issue 33): a text — by WhatsApp when chosen, else SMS, to their verified number,
 * held until their quiet hours end, at most their daily number of texts — and an e-mail. Nothing is sent when the
 * message is gone, already read (the owner saw it in the app meanwhile) or its recipient deleted their account. A
 * send that fails throws and the queue tries again; the text's job is keyed by the message, so a retry adds none.
 */
export async function sendMessageNotice({ messageId }: MessageNoticeJob, now: Date = new Date()): Promise<{ sent: boolean }> {
  const [row] = await queryRows<{
    business_id: string; business_name: string; visitor_id: string; recipient_id: string; sender_type: string; message: string; read: boolean;
    email: string | null; deleted: boolean; first_name: string | null; last_name: string | null; phone: string | null; language: string | null;
  }>(
    getDb(),
    sql`select m.business_id, b.name as business_name, m.visitor_id, m.recipient_id, m.sender_type, m.message, m.read_status as read,
          u.email, (u.deleted_at is not null) as deleted, vp.first_name, vp.last_name, rp.phone, rp.language
        from ${businessMessages} m
          join ${businesses} b on b.id = m.business_id
          join ${user} u on u.id = m.recipient_id
          left join ${profiles} vp on vp.id = m.visitor_id
          left join ${profiles} rp on rp.id = m.recipient_id
        where m.id = ${messageId}`,
  );
  if (!row || row.read || row.deleted) return { sent: false };
  // In the recipient's language (issue 36: their choice, else English), links to their language's pages.
  const language: Locale = isLocale(row.language) ? row.language : DEFAULT_LOCALE;
  const link = sentUrl(chatHref({ businessId: row.business_id, businessName: row.business_name, visitorId: row.visitor_id, viewerId: row.recipient_id }), language);
  const business = oneLine(row.business_name);
  const visitor = renderIn(language, () => oneLine(displayName({ firstName: row.first_name, lastName: row.last_name })));
  // To the owner, a visitor wrote; to the visitor, the business answered (issue 33: visitors hear of replies too).
  const toVisitor = row.sender_type === "business";
  const from = toVisitor ? business : visitor;
  const excerpt = row.message.length > 500 ? `${row.message.slice(0, 500)}…` : row.message;
  const prefs = await getNoticePreferences(row.recipient_id);
  let sent = false;

  const route = noticeRoute(prefs, { phone: row.phone, email: row.email });
  if (route.text && row.phone) {
    const phone = row.phone;
    // '...' rather than '…': one character outside the GSM alphabet makes the whole SMS cost more than twice as much.
    const short = oneLine(row.message).slice(0, 100) + (oneLine(row.message).length > 100 ? "..." : "");
    // Who it is from, what, where to answer, and how to stop (issue 33).
    const text = renderIn(language, (t) => {
      const stop = t("Stop these texts: {{link}}", { link: sentUrl("/profile", language) });
      return toVisitor
        ? `Naija Directory: ${t("{{business}} replied to you: \"{{short}}\" Read and answer: {{link}}", { business, short, link })} ${stop}`
        : `Naija Directory: ${t("{{from}} wrote to {{business}}: \"{{short}}\" Reply: {{link}}", { from, business, short, link })} ${stop}`;
    });
    const template =
      language === DEFAULT_LOCALE
        ? { name: MESSAGE_NOTICE_TEMPLATE, params: toVisitor ? [business, visitor, short] : [from, business, short] }
        : { name: ACCOUNT_UPDATE_TEMPLATE, params: [text.replace(/^Naija Directory: /, "")] };
    const channel = route.text;
    sent = await getDb().transaction((tx) =>
      enqueueTextNotice(tx, { userId: row.recipient_id, channel, phone, text, prefs, now, key: `message-notice-text:${messageId}`, template }),
    );
  }
  // E-mail when chosen, and instead of a text that has no verified number to go to.
  if (route.email && row.email) {
    const to = row.email;
    // The HTML's names are escaped before they go into the sentence (i18next does not escape: app/lib/i18n/i18n.ts).
    const email = renderIn(language, (t) => ({
      to,
      subject: toVisitor ? t("{{business}} replied to your message", { business }) : t("New message for {{business}}", { business }),
      text: toVisitor
        ? `${t("{{business}} replied to your message:", { business })}\n\n${excerpt}\n\n${t("Read and answer: {{link}}", { link })}\n`
        : `${t("{{from}} sent a message to {{business}}:", { from, business })}\n\n${excerpt}\n\n${t("Reply: {{link}}", { link })}\n`,
      html:
        (toVisitor
          ? `<p>${t("{{business}} replied to your message:", { business: `<b>${escapeHtml(business)}</b>` })}</p>`
          : `<p>${t("{{from}} sent a message to {{business}}:", { from: escapeHtml(from), business: `<b>${escapeHtml(business)}</b>` })}</p>`) +
        `<blockquote style="white-space:pre-wrap">${escapeHtml(excerpt)}</blockquote>` +
        `<p><a href="${escapeHtml(link)}">${escapeHtml(t("Reply in Naija Directory"))}</a></p>`,
    }));
    await sendEmail(email);
    sent = true;
  }
  return { sent };
}
