import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { businesses, businessMessages, notifications } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb } from "../../lib/db.server";
import { publishEvent, REALTIME_TYPES } from "../../lib/realtime.server";
import type { SessionUser } from "../accounts/session-user";
import type { UnreadChangedPayload } from "../messaging/message.schemas";
import { countUnread } from "./count-unread.server";
import { MarkReadSchema, NOTIFICATION_TEXTS } from "./notification.schemas";

/**
 * Mark Read on /notifications: a message to one of the viewer's businesses not sent by the viewer (spec 01 §7:
 * UPDATE read_status by id), or a notification addressed to the viewer. Anything else is not found.
 * Returns the bell count after it; the viewer's other tabs hear it live.
 */
export async function markNotificationRead(actor: SessionUser, input: unknown): Promise<{ unreadCount: number }> {
  const parsed = MarkReadSchema.safeParse(input);
  if (!parsed.success) throw new AppError("invalid", NOTIFICATION_TEXTS.markReadFailed);
  const { kind, id } = parsed.data;
  return getDb().transaction(async (tx) => {
    let changed = false;
    if (kind === "message") {
      const ownBusinesses = tx.select({ id: businesses.id }).from(businesses).where(eq(businesses.userId, actor.id));
      const [found] = await tx
        .select({ id: businessMessages.id, readStatus: businessMessages.readStatus })
        .from(businessMessages)
        .where(and(eq(businessMessages.id, id), inArray(businessMessages.businessId, ownBusinesses), ne(businessMessages.senderId, actor.id)))
        .limit(1);
      if (!found) throw new AppError("not-found", NOTIFICATION_TEXTS.markReadFailed);
      if (!found.readStatus) {
        await tx.update(businessMessages).set({ readStatus: true }).where(eq(businessMessages.id, id));
        changed = true;
      }
    } else {
      const [found] = await tx
        .select({ id: notifications.id, readAt: notifications.readAt })
        .from(notifications)
        .where(and(eq(notifications.id, id), eq(notifications.userId, actor.id)))
        .limit(1);
      if (!found) throw new AppError("not-found", NOTIFICATION_TEXTS.markReadFailed);
      if (!found.readAt) {
        await tx
          .update(notifications)
          .set({ readAt: sql`now()` })
          .where(and(eq(notifications.id, id), isNull(notifications.readAt)));
        changed = true;
      }
    }
    const unreadCount = await countUnread(tx, actor.id);
    if (changed) {
      const payload: UnreadChangedPayload = { unreadCount };
      await publishEvent(tx, { userId: actor.id, type: REALTIME_TYPES.unreadChanged, payload });
    }
    return { unreadCount };
  });
}
