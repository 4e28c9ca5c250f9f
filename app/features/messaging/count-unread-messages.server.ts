import { sql } from "drizzle-orm";
import { businessMessages } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb, queryRows } from "../../lib/db.server";
import type { SessionUser } from "../accounts/session-user";

/**
 * How many messages sent to the viewer they have not read (to their businesses, or businesses' replies to them):
 * the owner dashboard's 'Needs you now' and the notifications page. One count on `business_messages_unread_idx`.
 */
export async function countUnreadMessages(actor: SessionUser | null): Promise<number> {
  if (!actor) throw new AppError("unauthenticated");
  const [row] = await queryRows<{ count: number }>(
    getDb(),
    sql`select count(*)::int as count from ${businessMessages} where ${businessMessages.recipientId} = ${actor.id} and not ${businessMessages.readStatus}`,
  );
  return Number(row?.count ?? 0);
}
