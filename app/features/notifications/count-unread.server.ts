import { sql, type SQL } from "drizzle-orm";
import { businessMessages, notifications, realtimeEvents } from "../../../db/schema";
import { getDb, queryRows, type Db, type Tx } from "../../lib/db.server";
import { logger } from "../../lib/logger.server";
import type { SessionUser } from "../accounts/session-user";

/** The bell's number as an SQL expression: unread messages sent to the user plus unread admin notifications. */
export function unreadCountSql(userId: string): SQL {
  return sql`(
    (select count(*) from ${businessMessages} where ${businessMessages.recipientId} = ${userId} and not ${businessMessages.readStatus})
    + (select count(*) from ${notifications} where ${notifications.userId} = ${userId} and ${notifications.kind} in ('broadcast', 'account') and ${notifications.readAt} is null)
  )::int`;
}

/** The bell's number (both counts use partial indexes of unread rows). */
export async function countUnread(db: Db | Tx, userId: string): Promise<number> {
  const [row] = await queryRows<{ total: number }>(db, sql`select ${unreadCountSql(userId)} as total`);
  return Number(row?.total ?? 0);
}

export type UnreadSummary = {
  unreadCount: number;
  /** The newest realtime event id when the count was taken: the browser's live stream starts after it. */
  realtimeCursor: number;
};

/**
 * The header's bell count with the realtime cursor, read in one statement (one snapshot), so the live stream
 * applies exactly the changes the count does not include yet. Never fails the page: 0 when the query fails.
 */
export async function getUnreadSummary(actor: SessionUser | null): Promise<UnreadSummary> {
  if (!actor) return { unreadCount: 0, realtimeCursor: 0 };
  try {
    const [row] = await queryRows<{ total: number; cursor: unknown }>(
      getDb(),
      sql`select ${unreadCountSql(actor.id)} as total,
          (select max(${realtimeEvents.id}) from ${realtimeEvents}) as cursor`,
    );
    return { unreadCount: Number(row?.total ?? 0), realtimeCursor: row?.cursor == null ? 0 : Number(row.cursor) };
  } catch (error) {
    logger.error({ err: error }, "could not count unread notifications");
    return { unreadCount: 0, realtimeCursor: 0 };
  }
}
