import { and, desc, eq, gt, ne } from "drizzle-orm";
import { businesses, businessMessages } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb } from "../../lib/db.server";
import { t } from "../../lib/i18n/i18n";
import { LIMITS } from "../../lib/reference";
import type { SessionUser } from "../accounts/session-user";
import type { MessageNotification } from "../notifications/notification.schemas";
import { countUnreadMessages } from "./count-unread-messages.server";
import { chatHref, MESSAGE_TEXTS } from "./message.schemas";
import { displayNames, messageColumns } from "./internal/message-view.server";

export type MessageNotifications = {
  /** Messages to the viewer's businesses not sent by the viewer, last 7 days, at most 20 (spec 01 §7). */
  items: MessageNotification[];
  /** Every unread message sent to the viewer (older ones and visitors' replies too): the page links to them. */
  unreadMessages: number;
};

/** The message half of /notifications: what visitors wrote to the viewer's businesses, newest first. */
export async function listMessageNotifications(actor: SessionUser | null): Promise<MessageNotifications> {
  if (!actor) throw new AppError("unauthenticated");
  const db = getDb();
  const since = new Date(Date.now() - LIMITS.notificationWindowDays * 86_400_000);
  const rows =
    actor.role === "business"
      ? await db
          .select(messageColumns)
          .from(businessMessages)
          .innerJoin(businesses, eq(businesses.id, businessMessages.businessId))
          .where(and(eq(businesses.userId, actor.id), ne(businessMessages.senderId, actor.id), gt(businessMessages.createdAt, since)))
          .orderBy(desc(businessMessages.createdAt), desc(businessMessages.id))
          .limit(LIMITS.notificationLimit)
      : [];
  const unreadMessages = await countUnreadMessages(actor);
  const names = await displayNames(
    db,
    rows.map((r) => r.senderId),
  );
  const items: MessageNotification[] = rows.map((r) => {
    const businessName = r.businessName ?? t(MESSAGE_TEXTS.unknownBusiness);
    return {
      kind: "message",
      id: r.id,
      businessId: r.businessId,
      businessName,
      visitorId: r.visitorId,
      senderName: names.get(r.senderId) ?? t("Visitor"),
      text: r.message,
      isRead: r.readStatus,
      createdAt: r.createdAt.toISOString(),
      href: r.businessId ? chatHref({ businessId: r.businessId, businessName, visitorId: r.visitorId, viewerId: actor.id }) : null,
    };
  });
  return { items, unreadMessages };
}
