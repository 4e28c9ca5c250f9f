import { and, desc, eq, gt, ne, sql } from "drizzle-orm";
import { businesses, businessMessages, notifications } from "../../../db/schema";
import { getDb, queryRows } from "../../lib/db.server";
import { LIMITS } from "../../lib/reference";
import type { SessionUser } from "../accounts/session-user";
import { chatHref, MESSAGE_TEXTS } from "../messaging/message.schemas";
import { displayNames } from "../messaging/message-view.server";
import type { BroadcastNotification, MessageNotification, NotificationItem } from "./notification.schemas";

export type NotificationsPage = {
  items: NotificationItem[];
  /** Every unread message sent to the viewer (older ones and visitors' replies too): the page links to them. */
  unreadMessages: number;
};

/**
 * The viewer's notifications, newest first: for business users the messages to their businesses not sent by
 * themselves in the last 7 days (at most 20, spec 01 §7); for everyone the latest 20 notifications admins sent.
 */
export async function listNotifications(actor: SessionUser): Promise<NotificationsPage> {
  const db = getDb();
  const since = new Date(Date.now() - LIMITS.notificationWindowDays * 86_400_000);
  const messageRows =
    actor.role === "business"
      ? await db
          .select({
            id: businessMessages.id,
            businessId: businessMessages.businessId,
            businessName: businesses.name,
            visitorId: businessMessages.visitorId,
            senderId: businessMessages.senderId,
            message: businessMessages.message,
            readStatus: businessMessages.readStatus,
            createdAt: businessMessages.createdAt,
          })
          .from(businessMessages)
          .innerJoin(businesses, eq(businesses.id, businessMessages.businessId))
          .where(and(eq(businesses.userId, actor.id), ne(businessMessages.senderId, actor.id), gt(businessMessages.createdAt, since)))
          .orderBy(desc(businessMessages.createdAt), desc(businessMessages.id))
          .limit(LIMITS.notificationLimit)
      : [];
  const broadcastRows = await db
    .select({
      id: notifications.id,
      title: notifications.title,
      body: notifications.body,
      priority: notifications.priority,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(and(eq(notifications.userId, actor.id), eq(notifications.kind, "broadcast")))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(LIMITS.notificationLimit);
  const [unread] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from ${businessMessages} where ${businessMessages.recipientId} = ${actor.id} and not ${businessMessages.readStatus}`,
  );
  const names = await displayNames(
    db,
    messageRows.map((r) => r.senderId),
  );

  const messages: MessageNotification[] = messageRows.map((r) => {
    const businessName = r.businessName ?? MESSAGE_TEXTS.unknownBusiness;
    return {
      kind: "message",
      id: r.id,
      businessId: r.businessId,
      businessName,
      visitorId: r.visitorId,
      senderName: names.get(r.senderId) ?? "Visitor",
      text: r.message,
      isRead: r.readStatus,
      createdAt: r.createdAt.toISOString(),
      href: r.businessId ? chatHref({ businessId: r.businessId, businessName, visitorId: r.visitorId, viewerId: actor.id }) : null,
    };
  });
  const broadcasts: BroadcastNotification[] = broadcastRows.map((r) => ({
    kind: "broadcast",
    id: r.id,
    title: r.title,
    body: r.body,
    priority: r.priority === "low" || r.priority === "high" ? r.priority : "medium",
    isRead: r.readAt !== null,
    createdAt: r.createdAt.toISOString(),
  }));
  const items = [...messages, ...broadcasts].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  return { items, unreadMessages: Number(unread?.count ?? 0) };
}
