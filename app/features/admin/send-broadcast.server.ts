import { eq, sql } from "drizzle-orm";
import { notificationBroadcasts } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { recordAudit, auditActorOf } from "../../lib/audit.server";
import { getDb, queryRows } from "../../lib/db.server";
import { publishEvent, REALTIME_TYPES } from "../../lib/realtime.server";
import type { SessionUser } from "../accounts/session-user";
import { BroadcastSchema, type BroadcastInput } from "./admin.schemas";
import { requireAdmin } from "../accounts/access";

/** Which profiles an audience means: visitors include the legacy role 'user' (decisions page). */
function audienceFilter(audience: "all" | "visitors" | "businesses") {
  if (audience === "visitors") return sql`where p.role in ('visitor', 'user')`;
  if (audience === "businesses") return sql`where p.role = 'business'`;
  return sql``;
}

/**
 * Sends an admin notification (decisions page: delivered for real): one broadcast row, and with a single
 * INSERT … SELECT one in-app notification per profile in the audience. Returns how many were delivered.
 */
export async function sendBroadcast(actor: SessionUser | null, input: BroadcastInput): Promise<{ broadcastId: string; recipients: number }> {
  requireAdmin(actor);
  const parsed = BroadcastSchema.safeParse(input);
  if (!parsed.success) throw new AppError("invalid", parsed.error.issues[0]?.message);
  const { title, message, targetAudience, priority } = parsed.data;
  return getDb().transaction(async (tx) => {
    const [broadcast] = await tx
      .insert(notificationBroadcasts)
      .values({ title, message, targetAudience, priority, sentBy: actor.id, recipientCount: 0 })
      .returning({ id: notificationBroadcasts.id });
    const [{ count }] = await queryRows<{ count: number | string }>(
      tx,
      sql`with delivered as (
            insert into notifications (user_id, kind, broadcast_id, title, body, priority)
            select p.id, 'broadcast', ${broadcast.id}, ${title}, ${message}, ${priority}
            from profiles p
            ${audienceFilter(targetAudience)}
            returning 1
          )
          select count(*)::int as count from delivered`,
    );
    const recipients = Number(count);
    await tx.update(notificationBroadcasts).set({ recipientCount: recipients }).where(eq(notificationBroadcasts.id, broadcast.id));
    await recordAudit(tx, auditActorOf(actor), {
      action: "notification.broadcast",
      targetType: "notification_broadcast",
      targetId: broadcast.id,
      after: { title, targetAudience, priority, recipientCount: recipients },
    });
    // One public event: each open page in the audience refreshes its own bell (no per-user rows).
    await publishEvent(tx, { userId: null, type: REALTIME_TYPES.notificationsChanged, payload: { audience: targetAudience } });
    return { broadcastId: broadcast.id, recipients };
  });
}
