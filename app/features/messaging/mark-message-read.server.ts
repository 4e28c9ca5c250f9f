import { and, eq, inArray, ne } from "drizzle-orm";
import { businesses, businessMessages } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb } from "../../lib/db.server";
import { IdSchema } from "../../lib/id-schema";
import { publishEvent, REALTIME_TYPES } from "../../lib/realtime.server";
import type { SessionUser } from "../accounts/session-user";
import { countUnread } from "../notifications/count-unread.server";
import { NOTIFICATION_TEXTS, type UnreadChangedPayload } from "../notifications/notification.schemas";

/**
 * Mark Read on /notifications for a message to one of the viewer's businesses not sent by the viewer
 * (spec 01 §7: UPDATE read_status by id). Anything else is not found. Returns the bell count after it; the
 * viewer's other tabs hear it live.
 */
export async function markMessageRead(actor: SessionUser | null, messageId: unknown): Promise<{ unreadCount: number }> {
  if (!actor) throw new AppError("unauthenticated", NOTIFICATION_TEXTS.markReadFailed);
  const id = IdSchema.safeParse(messageId);
  if (!id.success) throw new AppError("not-found", NOTIFICATION_TEXTS.markReadFailed);
  return getDb().transaction(async (tx) => {
    const ownBusinesses = tx.select({ id: businesses.id }).from(businesses).where(eq(businesses.userId, actor.id));
    const [found] = await tx
      .select({ id: businessMessages.id, readStatus: businessMessages.readStatus })
      .from(businessMessages)
      .where(and(eq(businessMessages.id, id.data), inArray(businessMessages.businessId, ownBusinesses), ne(businessMessages.senderId, actor.id)))
      .limit(1);
    if (!found) throw new AppError("not-found", NOTIFICATION_TEXTS.markReadFailed);
    const changed = !found.readStatus;
    if (changed) await tx.update(businessMessages).set({ readStatus: true }).where(eq(businessMessages.id, id.data));
    const unreadCount = await countUnread(tx, actor.id);
    if (changed) {
      const payload: UnreadChangedPayload = { unreadCount };
      await publishEvent(tx, { userId: actor.id, type: REALTIME_TYPES.unreadChanged, payload });
    }
    return { unreadCount };
  });
}
