import { sql } from "drizzle-orm";
import { businesses, businessMessages, profiles, user } from "../../../db/schema";
import { getNoticePreferences } from "../notifications/notice-preferences.server";
import { getDb, queryRows } from "../../lib/db.server";
import { sendEmail } from "../../lib/email.server";
import { enqueueTextNotice, noticeRoute } from "../notifications/deliver-notice.server";
import { getEnv } from "../../lib/env.server";
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

/** The approved WhatsApp template of the notice (WhatsApp Manager): {{1}} wrote to {{2}}: "{{3}}". */
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
    email: string | null; deleted: boolean; first_name: string | null; last_name: string | null; phone: string | null;
  }>(
    getDb(),
    sql`select m.business_id, b.name as business_name, m.visitor_id, m.recipient_id, m.sender_type, m.message, m.read_status as read,
          u.email, (u.deleted_at is not null) as deleted, vp.first_name, vp.last_name, rp.phone
        from ${businessMessages} m
          join ${businesses} b on b.id = m.business_id
          join ${user} u on u.id = m.recipient_id
          left join ${profiles} vp on vp.id = m.visitor_id
          left join ${profiles} rp on rp.id = m.recipient_id
        where m.id = ${messageId}`,
  );
  if (!row || row.read || row.deleted) return { sent: false };
  const link = new URL(
    chatHref({ businessId: row.business_id, businessName: row.business_name, visitorId: row.visitor_id, viewerId: row.recipient_id }),
    getEnv().PUBLIC_URL,
  ).toString();
  const business = oneLine(row.business_name);
  const visitor = oneLine(displayName({ firstName: row.first_name, lastName: row.last_name }));
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
    const stop = `Stop these texts: ${new URL("/profile", getEnv().PUBLIC_URL).toString()}`;
    const text = toVisitor
      ? `Naija Directory: ${business} replied to you: "${short}" Read and answer: ${link} ${stop}`
      : `Naija Directory: ${from} wrote to ${business}: "${short}" Reply: ${link} ${stop}`;
    const channel = route.text;
    sent = await getDb().transaction((tx) =>
      enqueueTextNotice(tx, {
        userId: row.recipient_id, channel, phone, text, prefs, now, key: `message-notice-text:${messageId}`,
        template: { name: MESSAGE_NOTICE_TEMPLATE, params: toVisitor ? [business, visitor, short] : [from, business, short] },
      }),
    );
  }
  // E-mail when chosen, and instead of a text that has no verified number to go to.
  if (route.email && row.email) {
    await sendEmail({
      to: row.email,
      subject: toVisitor ? `${business} replied to your message` : `New message for ${business}`,
      text: toVisitor ? `${business} replied to your message:\n\n${excerpt}\n\nRead and answer: ${link}\n` : `${from} sent a message to ${business}:\n\n${excerpt}\n\nReply: ${link}\n`,
      html:
        (toVisitor ? `<p><b>${escapeHtml(business)}</b> replied to your message:</p>` : `<p>${escapeHtml(from)} sent a message to <b>${escapeHtml(business)}</b>:</p>`) +
        `<blockquote style="white-space:pre-wrap">${escapeHtml(excerpt)}</blockquote>` +
        `<p><a href="${escapeHtml(link)}">Reply in Naija Directory</a></p>`,
    });
    sent = true;
  }
  return { sent };
}
