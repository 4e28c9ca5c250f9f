import { asc, eq } from "drizzle-orm";
import { notificationBroadcasts, user } from "../../../db/schema";
import { getDb } from "../../lib/db.server";
import type { SessionUser } from "../accounts/session-user";
import { ADMIN_PAGE_SIZE, pageWindow, toPaged } from "../../lib/pagination";
import { newestFirst } from "../../lib/sql.server";
import { requireAdmin } from "../accounts/access";

/** The Notifications tab's recent list: what was sent, to whom, by whom, when and to how many. */
export async function listBroadcasts(actor: SessionUser | null, input: { page: number }) {
  requireAdmin(actor);
  const { limit, offset } = pageWindow(input.page, ADMIN_PAGE_SIZE);
  const rows = await getDb()
    .select({
      id: notificationBroadcasts.id,
      title: notificationBroadcasts.title,
      message: notificationBroadcasts.message,
      targetAudience: notificationBroadcasts.targetAudience,
      priority: notificationBroadcasts.priority,
      recipientCount: notificationBroadcasts.recipientCount,
      createdAt: notificationBroadcasts.createdAt,
      sentByEmail: user.email,
    })
    .from(notificationBroadcasts)
    .leftJoin(user, eq(user.id, notificationBroadcasts.sentBy))
    .orderBy(newestFirst(notificationBroadcasts.createdAt), asc(notificationBroadcasts.id))
    .limit(limit)
    .offset(offset);
  return toPaged(rows, input.page, ADMIN_PAGE_SIZE);
}

export type AdminBroadcast = Awaited<ReturnType<typeof listBroadcasts>>["rows"][number];
