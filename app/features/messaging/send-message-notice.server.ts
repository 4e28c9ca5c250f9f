import { sql } from "drizzle-orm";
import { businesses, businessMessages, profiles, user } from "../../../db/schema";
import { getDb, queryRows } from "../../lib/db.server";
import { sendEmail } from "../../lib/email.server";
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

/**
 * The new-message notice job (enqueued by sendMessage's statement, which decides when): tells the message's
 * recipient, the business owner, that a visitor wrote, written from the message as it is now. Nothing is sent when
 * the message is gone, already read (the owner saw it in the app meanwhile, say
 * while the mail server was down) or its recipient deleted their account. A send that fails throws: the queue tries
 * again later.
 */
export async function sendMessageNotice({ messageId }: MessageNoticeJob): Promise<{ sent: boolean }> {
  const [row] = await queryRows<{
    business_id: string; business_name: string; visitor_id: string; recipient_id: string; message: string; read: boolean;
    email: string | null; deleted: boolean; first_name: string | null; last_name: string | null;
  }>(
    getDb(),
    sql`select m.business_id, b.name as business_name, m.visitor_id, m.recipient_id, m.message, m.read_status as read,
          u.email, (u.deleted_at is not null) as deleted, vp.first_name, vp.last_name
        from ${businessMessages} m
          join ${businesses} b on b.id = m.business_id
          join ${user} u on u.id = m.recipient_id
          left join ${profiles} vp on vp.id = m.visitor_id
        where m.id = ${messageId}`,
  );
  if (!row || row.read || row.deleted || !row.email) return { sent: false };
  const link = new URL(
    chatHref({ businessId: row.business_id, businessName: row.business_name, visitorId: row.visitor_id, viewerId: row.recipient_id }),
    getEnv().PUBLIC_URL,
  ).toString();
  const business = oneLine(row.business_name);
  const from = oneLine(displayName({ firstName: row.first_name, lastName: row.last_name }));
  const excerpt = row.message.length > 500 ? `${row.message.slice(0, 500)}…` : row.message;
  await sendEmail({
    to: row.email,
    subject: `New message for ${business}`,
    text: `${from} sent a message to ${business}:\n\n${excerpt}\n\nReply: ${link}\n`,
    html:
      `<p>${escapeHtml(from)} sent a message to <b>${escapeHtml(business)}</b>:</p>` +
      `<blockquote style="white-space:pre-wrap">${escapeHtml(excerpt)}</blockquote>` +
      `<p><a href="${escapeHtml(link)}">Reply in Naija Directory</a></p>`,
  });
  return { sent: true };
}
