import { and, desc, eq, inArray } from "drizzle-orm";
import { notifications } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb } from "../../lib/db.server";
import { LIMITS } from "../../lib/reference";
import type { SessionUser } from "../accounts/session-user";
import type { BroadcastNotification } from "./notification.schemas";

/**
 * The latest 20 notifications admins sent to the viewer, newest first (the /notifications page shows
 * them beside the messages to the viewer's businesses, which messaging lists).
 */
export async function listNotifications(actor: SessionUser | null): Promise<BroadcastNotification[]> {
  if (!actor) throw new AppError("unauthenticated");
  const rows = await getDb()
    .select({
      id: notifications.id,
      title: notifications.title,
      body: notifications.body,
      priority: notifications.priority,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(and(eq(notifications.userId, actor.id), inArray(notifications.kind, ["broadcast", "account"])))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(LIMITS.notificationLimit);
  return rows.map((r) => ({
    kind: "broadcast",
    id: r.id,
    title: r.title,
    body: r.body,
    priority: r.priority === "low" || r.priority === "high" ? r.priority : "medium",
    isRead: r.readAt !== null,
    createdAt: r.createdAt.toISOString(),
  }));
}
