import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { businesses, businessMessages, conversationBlocks } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb, queryRows } from "../../lib/db.server";
import { t } from "../../lib/i18n/i18n";
import { LIMITS } from "../../lib/reference";
import { hasAdminAccess } from "../accounts/access";
import type { SessionUser } from "../accounts/session-user";
import { chatHref, conversationKey, MESSAGE_TEXTS, type ConversationSummary } from "./message.schemas";
import { displayNames, messageColumns, type MessageRow } from "./internal/message-view.server";

type Row = MessageRow;

async function latestMessages(where: SQL | undefined, limit: number): Promise<Row[]> {
  return getDb()
    .select(messageColumns)
    .from(businessMessages)
    .leftJoin(businesses, eq(businesses.id, businessMessages.businessId))
    .where(where)
    .orderBy(desc(businessMessages.createdAt), desc(businessMessages.id))
    .limit(limit);
}

/**
 * The viewer's conversations, newest activity first (spec 01 §3 Conversation, §6, §7): built from the latest
 * 500 messages for an admin (all conversations), the latest 200 of an owner's businesses (plus the owner's own
 * conversations with other businesses), and a visitor's own latest 200. Unread counts are exact.
 */
export async function listConversations(actor: SessionUser | null, options: { businessId?: string } = {}): Promise<ConversationSummary[]> {
  if (!actor) throw new AppError("unauthenticated", MESSAGE_TEXTS.loginRequired);
  const onlyBusiness = options.businessId ? eq(businessMessages.businessId, options.businessId) : undefined;
  let rows: Row[];
  if (hasAdminAccess(actor)) {
    rows = await latestMessages(onlyBusiness, LIMITS.messageListLimitAdmin);
  } else {
    const limit = LIMITS.messageListLimitBusiness;
    const own = await latestMessages(and(eq(businessMessages.visitorId, actor.id), onlyBusiness), limit);
    const forMyBusinesses =
      actor.role === "business"
        ? await latestMessages(
            and(
              inArray(businessMessages.businessId, getDb().select({ id: businesses.id }).from(businesses).where(eq(businesses.userId, actor.id))),
              onlyBusiness,
            ),
            limit,
          )
        : [];
    const byId = new Map<string, Row>();
    for (const row of [...own, ...forMyBusinesses]) byId.set(row.id, row);
    rows = [...byId.values()]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .slice(0, limit);
  }

  const unread = await queryRows<{ business_id: string | null; visitor_id: string; unread: number }>(
    getDb(),
    sql`select ${businessMessages.businessId} as business_id, ${businessMessages.visitorId} as visitor_id, count(*)::int as unread
        from ${businessMessages}
        where ${businessMessages.recipientId} = ${actor.id} and not ${businessMessages.readStatus}
        group by 1, 2`,
  );
  const unreadByKey = new Map(unread.map((u) => [conversationKey(u.business_id, u.visitor_id), Number(u.unread)]));
  const names = await displayNames(
    getDb(),
    rows.map((r) => r.visitorId),
  );

  // The conversations where the viewer's side blocked the other: the visitor's own, or (owners) their businesses'.
  const myBlocks = await queryRows<{ business_id: string; visitor_id: string }>(
    getDb(),
    sql`select cb.business_id, cb.visitor_id from ${conversationBlocks} cb
        left join ${businesses} b on b.id = cb.business_id
        where (cb.blocked_by = 'visitor' and cb.visitor_id = ${actor.id}) or (cb.blocked_by = 'business' and b.user_id = ${actor.id})`,
  );
  const blockedKeys = new Set(myBlocks.map((b) => conversationKey(b.business_id, b.visitor_id)));

  const conversations = new Map<string, ConversationSummary>();
  // Rows are newest first: the first row of a conversation is its last message.
  for (const row of rows) {
    const key = conversationKey(row.businessId, row.visitorId);
    if (conversations.has(key)) continue;
    const businessName = row.businessName ?? t(MESSAGE_TEXTS.unknownBusiness);
    conversations.set(key, {
      key,
      businessId: row.businessId,
      businessName,
      visitorId: row.visitorId,
      visitorName: names.get(row.visitorId) ?? t("Visitor"),
      isOwnConversation: row.visitorId === actor.id,
      lastMessage: row.message,
      lastMessageTime: row.createdAt.toISOString(),
      lastSenderId: row.senderId,
      unreadCount: unreadByKey.get(key) ?? 0,
      blockedByMe: blockedKeys.has(key),
      href: row.businessId ? chatHref({ businessId: row.businessId, businessName, visitorId: row.visitorId, viewerId: actor.id }) : null,
    });
  }
  return [...conversations.values()];
}
