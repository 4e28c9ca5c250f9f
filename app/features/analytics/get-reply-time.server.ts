import { sql } from "drizzle-orm";
import { getDb, queryRows } from "../../lib/db.server";
import { isUuid } from "../../lib/ids";
import { ANALYTICS_MAX_DAYS, daysBefore, REPLY_TIME_MIN_CONVERSATIONS, replyTimeText, watDay } from "./analytics.schemas";

export type ReplyTime = { text: string; medianSeconds: number; conversations: number; replies: number };

/**
 * A public listing's 'Usually replies within N hours' (issue 18), from its daily rollups of the last 90 days
 * (at most 91 rows by primary key): only when at least REPLY_TIME_MIN_CONVERSATIONS conversations were started
 * and the business answered more than half of them; the median of the first replies' times. Public data: the
 * caller shows it on the business page of a listing it already found public.
 */
export async function getReplyTime(businessId: string, now = new Date()): Promise<ReplyTime | null> {
  if (!isUuid(businessId)) return null;
  const from = daysBefore(watDay(now), ANALYTICS_MAX_DAYS);
  const [row] = await queryRows<{ conversations: number; replies: number; median: number | null }>(
    getDb(),
    sql`select coalesce(sum(conversations), 0)::int as conversations, coalesce(sum(replies), 0)::int as replies,
          (select percentile_cont(0.5) within group (order by s) from listing_daily_stats d, unnest(d.reply_seconds) as s
            where d.business_id = ${businessId} and d.day >= ${from}::date) as median
        from listing_daily_stats where business_id = ${businessId} and day >= ${from}::date`,
  );
  if (!row) return null;
  const conversations = Number(row.conversations);
  const replies = Number(row.replies);
  if (conversations < REPLY_TIME_MIN_CONVERSATIONS || replies * 2 <= conversations || row.median === null) return null;
  const medianSeconds = Number(row.median);
  return { text: replyTimeText(medianSeconds), medianSeconds, conversations, replies };
}
