import { sql } from "drizzle-orm";
import { businesses, reviews } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb, queryRows } from "../../lib/db.server";
import type { SessionUser } from "../accounts/session-user";
import { REVIEW_LIMITS } from "./review.schemas";

export type ListingAwaitingReply = { businessId: string; businessName: string; reviews: number };

/**
 * The viewer's approved listings with published reviews they have not answered yet, written in the last
 * `awaitingReplyDays` days (the owner dashboard's 'Needs you now'): newest review first, at most
 * `awaitingReplyListings` listings. Only the owner's own listings (businesses_user_id_idx), each read through
 * reviews_business_newest_idx.
 */
export async function listReviewsAwaitingReply(actor: SessionUser | null): Promise<ListingAwaitingReply[]> {
  if (!actor) throw new AppError("unauthenticated");
  if (actor.role !== "business") return [];
  const since = new Date(Date.now() - REVIEW_LIMITS.awaitingReplyDays * 86_400_000);
  const rows = await queryRows<{ business_id: string; name: string; waiting: number }>(
    getDb(),
    sql`select b.id as business_id, b.name, count(*)::int as waiting
        from ${businesses} b
        join ${reviews} r on r.business_id = b.id and r.status = 'published' and r.reply is null and r.created_at > ${since}
        where b.user_id = ${actor.id} and b.approval_status = 'approved'
        group by b.id, b.name
        order by max(r.created_at) desc, b.id
        limit ${REVIEW_LIMITS.awaitingReplyListings}`,
  );
  return rows.map((r) => ({ businessId: r.business_id, businessName: r.name, reviews: Number(r.waiting) }));
}
