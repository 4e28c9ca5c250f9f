import { and, eq, sql } from "drizzle-orm";
import { businesses, businessMessages, conversationStates } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb } from "../../lib/db.server";
import { publishEvent, REALTIME_TYPES } from "../../lib/realtime.server";
import type { SessionUser } from "../accounts/session-user";
import { countUnread } from "../notifications/count-unread.server";
import type { UnreadChangedPayload } from "../notifications/notification.schemas";
import { ConversationRefSchema, MESSAGE_TEXTS } from "./message.schemas";

/**
 * The viewer has seen a conversation they take part in (its visitor, or the business owner): the messages sent
 * to them in it become read and their last-seen time is recorded (no e-mail while they watch it). Returns the
 * bell count after it; the viewer's other tabs hear it live.
 */
export async function markConversationRead(actor: SessionUser | null, input: unknown): Promise<{ unreadCount: number; marked: number }> {
  if (!actor) throw new AppError("unauthenticated", MESSAGE_TEXTS.loginRequired);
  const parsed = ConversationRefSchema.safeParse(input);
  if (!parsed.success) throw new AppError("invalid");
  const { businessId } = parsed.data;
  const visitorId = parsed.data.visitorId ?? actor.id;
  const db = getDb();
  const [business] = await db.select({ userId: businesses.userId }).from(businesses).where(eq(businesses.id, businessId)).limit(1);
  if (!business) throw new AppError("not-found");
  const isParticipant = visitorId === actor.id || business.userId === actor.id;
  if (!isParticipant) throw new AppError("not-found");

  return db.transaction(async (tx) => {
    // Only messages addressed to the viewer: reading never marks what the other side has not read.
    const marked = await tx
      .update(businessMessages)
      .set({ readStatus: true })
      .where(
        and(
          eq(businessMessages.businessId, businessId),
          eq(businessMessages.visitorId, visitorId),
          eq(businessMessages.recipientId, actor.id),
          eq(businessMessages.readStatus, false),
        ),
      )
      .returning({ id: businessMessages.id });
    await tx
      .insert(conversationStates)
      .values({ businessId, visitorId, userId: actor.id, lastSeenAt: sql`now()` })
      .onConflictDoUpdate({
        target: [conversationStates.businessId, conversationStates.visitorId, conversationStates.userId],
        set: { lastSeenAt: sql`now()` },
      });
    const unreadCount = await countUnread(tx, actor.id);
    if (marked.length > 0) {
      const payload: UnreadChangedPayload = { unreadCount, businessId, visitorId, conversationUnread: 0 };
      await publishEvent(tx, { userId: actor.id, type: REALTIME_TYPES.unreadChanged, payload });
    }
    return { unreadCount, marked: marked.length };
  });
}
