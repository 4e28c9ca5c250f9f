import { sql } from "drizzle-orm";
import { businesses, businessMessages, conversationStates, profiles } from "../../../db/schema";
import { queryRows, type Tx } from "../../lib/db.server";
import { t } from "../../lib/i18n/i18n";
import { enqueueSql } from "../../lib/jobs.server";
import { publishedEventsCtes, REALTIME_TYPES } from "../../lib/realtime.server";
import { unreadCountSql } from "../notifications/count-unread.server";
import { MESSAGE_TEXTS, type SenderType } from "./message.schemas";
import { MESSAGE_NOTICE_QUEUE, OWNER_EMAIL_QUIET_MINUTES } from "./send-message-notice.server";

export type ConversationMessage = {
  businessId: string;
  /** The conversation's visitor. */
  visitorId: string;
  senderId: string;
  recipientId: string;
  senderType: SenderType;
  /** Already cleaned and at most 1,000 characters (the table's check). */
  text: string;
};

/**
 * Adds a message another feature composed (a quote request, an owner's quote: app/features/quotes) to the
 * conversation (business, visitor), in the caller's transaction: the message, the sender's 'seen', the recipient's
 * new-message notice job (queue `message-notice`, by the channel they chose; claimed as sendMessage claims it: at
 * most one per conversation per OWNER_EMAIL_QUIET_MINUTES, none while the recipient has the conversation open) and the live events of the chat and the
 * bell (the recipient's, with their counts, and the sender's echo, as sendMessage's), all or nothing. The
 * caller has authorized the sender and checked blocking. Returns the message's id and time, and whether the
 * conversation existed before it (for the owner's analytics).
 */
export async function addConversationMessage(
  tx: Tx,
  m: ConversationMessage,
): Promise<{ id: string; createdAt: Date; firstMessageAt: Date | null; businessAnsweredBefore: boolean }> {
  const quiet = sql`make_interval(mins => ${OWNER_EMAIL_QUIET_MINUTES})`;
  // c: the message as its readers see it (MessageView), and the recipient's counts: the statement's parts do not see
  // the row it inserts, so they add it (unread, addressed to the recipient).
  const [row] = await queryRows<{ id: string; created_at: string | Date; first_at: string | Date | null; answered: boolean }>(
    tx,
    sql`with before as (
          select min(${businessMessages.createdAt}) as first_at,
            bool_or(${businessMessages.senderType} = 'business') as answered
          from ${businessMessages} where ${businessMessages.businessId} = ${m.businessId} and ${businessMessages.visitorId} = ${m.visitorId}
        ), ins as (
          insert into ${businessMessages} (business_id, sender_id, recipient_id, visitor_id, message, sender_type, read_status)
          values (${m.businessId}, ${m.senderId}, ${m.recipientId}, ${m.visitorId}, ${m.text}, ${m.senderType}, false)
          returning id, created_at
        ), seen as (
          insert into ${conversationStates} (business_id, visitor_id, user_id, last_seen_at)
          select ${m.businessId}, ${m.visitorId}, ${m.senderId}, now() from ins
          on conflict (business_id, visitor_id, user_id) do update set last_seen_at = now()
          returning 1
        ), told as (
          insert into ${conversationStates} (business_id, visitor_id, user_id, last_emailed_at)
          select ${m.businessId}, ${m.visitorId}, ${m.recipientId}, now() from ins
          on conflict (business_id, visitor_id, user_id) do update set last_emailed_at = now()
          where (${conversationStates.lastSeenAt} is null or ${conversationStates.lastSeenAt} < now() - ${quiet})
            and (${conversationStates.lastEmailedAt} is null or ${conversationStates.lastEmailedAt} < now() - ${quiet})
          returning 1
        ), notice as (${enqueueSql(MESSAGE_NOTICE_QUEUE, sql`select jsonb_build_object('messageId', ins.id) as data from ins where exists (select 1 from told)`)}),
        c as (
          select ins.id, ins.created_at,
            jsonb_build_object('id', ins.id, 'businessId', ${m.businessId}::uuid,
              'businessName', coalesce((select name from ${businesses} where id = ${m.businessId}), ${t(MESSAGE_TEXTS.unknownBusiness)}::text),
              'visitorId', ${m.visitorId}::text, 'senderId', ${m.senderId}::text, 'senderType', ${m.senderType}::text, 'text', ${m.text}::text,
              'readStatus', false, 'createdAt', to_char(ins.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) as message,
            coalesce((select nullif(trim(concat_ws(' ', nullif(trim(first_name), ''), nullif(trim(last_name), ''))), '')
              from ${profiles} where id = ${m.visitorId}), ${t("Visitor")}::text) as visitor_name,
            ((select count(*) from ${businessMessages} where ${businessMessages.recipientId} = ${m.recipientId} and not ${businessMessages.readStatus}
              and ${businessMessages.businessId} = ${m.businessId} and ${businessMessages.visitorId} = ${m.visitorId}) + 1)::int as conversation_unread,
            (${unreadCountSql(m.recipientId)} + 1) as unread
          from ins
        ),
        events (user_id, type, payload, ord) as (
          select ${m.recipientId}::text, ${REALTIME_TYPES.messageCreated}::text, jsonb_build_object('message', c.message,
            'visitorName', c.visitor_name, 'unreadCount', c.unread, 'conversationUnread', c.conversation_unread), 0 from c
          union all
          select ${m.senderId}::text, ${REALTIME_TYPES.messageCreated}::text, jsonb_build_object('message', c.message, 'visitorName', c.visitor_name), 1 from c
        ),
        ${publishedEventsCtes(sql`events`)}
        select c.id, c.created_at, (select first_at from before) as first_at, coalesce((select answered from before), false) as answered,
          (select count(*) from seen) + (select count(*) from told) + (select count(*) from notice) as written, (select notified from notified) as notified
        from c`,
  );
  if (!row) throw new Error("the conversation message was not stored");
  return {
    id: row.id, createdAt: new Date(row.created_at), firstMessageAt: row.first_at ? new Date(row.first_at) : null, businessAnsweredBefore: Boolean(row.answered),
  };
}
