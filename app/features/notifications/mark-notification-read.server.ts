import { and, eq, isNull, sql } from "drizzle-orm";
import { notifications } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb } from "../../lib/db.server";
import { IdSchema } from "../../lib/id-schema";
import { publishEvent, REALTIME_TYPES } from "../../lib/realtime.server";
import type { SessionUser } from "../accounts/session-user";
import { countUnread } from "./count-unread.server";
import { NOTIFICATION_TEXTS, type UnreadChangedPayload } from "./notification.schemas";

/**
 * Mark Read on /notifications for a notification an admin sent to the viewer (anyone else's is not
 * found). Returns the bell count after it; the viewer's other tabs hear it live.
 */
export async function markNotificationRead(actor: SessionUser | null, notificationId: unknown): Promise<{ unreadCount: number }> {
  if (!actor) throw new AppError("unauthenticated", NOTIFICATION_TEXTS.markReadFailed);
  const id = IdSchema.safeParse(notificationId);
  if (!id.success) throw new AppError("not-found", NOTIFICATION_TEXTS.markReadFailed);
  return getDb().transaction(async (tx) => {
    const [found] = await tx
      .select({ id: notifications.id, readAt: notifications.readAt })
      .from(notifications)
      .where(and(eq(notifications.id, id.data), eq(notifications.userId, actor.id)))
      .limit(1);
    if (!found) throw new AppError("not-found", NOTIFICATION_TEXTS.markReadFailed);
    const changed = !found.readAt;
    if (changed) {
      await tx
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(and(eq(notifications.id, id.data), isNull(notifications.readAt)));
    }
    const unreadCount = await countUnread(tx, actor.id);
    if (changed) {
      const payload: UnreadChangedPayload = { unreadCount };
      await publishEvent(tx, { userId: actor.id, type: REALTIME_TYPES.unreadChanged, payload });
    }
    return { unreadCount };
  });
}
