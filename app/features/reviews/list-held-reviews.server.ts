import { sql } from "drizzle-orm";
import { businesses, reviews, user } from "../../../db/schema";
import { getDb, queryRows } from "../../lib/db.server";
import { t } from "../../lib/i18n/i18n";
import { ADMIN_PAGE_SIZE, pageWindow, toPaged, type Paged } from "../../lib/pagination";
import { requireAdmin } from "../accounts/access";
import type { SessionUser } from "../accounts/session-user";
import { needsModeration, REVIEW_LIMITS, REVIEW_TEXTS } from "./review.schemas";

export type HeldReview = {
  id: string;
  businessId: string;
  businessName: string;
  authorName: string | null;
  stars: number;
  body: string;
  createdAt: Date;
  /** Why it waits: a link or phone number in the text, an account under a day old (or both). */
  reasons: string[];
};

/**
 * Reviews held for moderation (ADR 18), newest first, paged on the server through `reviews_held_idx`: what the
 * admin approves or keeps hidden from the Reports tab. Admins with two-factor only.
 */
export async function listHeldReviews(actor: SessionUser | null, { page }: { page: number }): Promise<Paged<HeldReview>> {
  requireAdmin(actor);
  const { limit, offset } = pageWindow(page, ADMIN_PAGE_SIZE);
  const rows = await queryRows<{
    id: string; business_id: string; business_name: string; author_name: string | null; stars: number; body: string; created_at: Date | string; young: boolean;
  }>(
    getDb(),
    sql`select r.id, r.business_id, b.name as business_name, u.name as author_name, r.stars, r.body, r.created_at,
          u.created_at > r.created_at - make_interval(hours => ${REVIEW_LIMITS.newAccountHours}) as young
        from ${reviews} r
        join ${businesses} b on b.id = r.business_id
        join ${user} u on u.id = r.author_id
        where r.status = 'held'
        order by r.created_at desc, r.id
        limit ${limit} offset ${offset}`,
  );
  const paged = toPaged(rows, page, ADMIN_PAGE_SIZE);
  return {
    ...paged,
    rows: paged.rows.map((r) => ({
      id: r.id,
      businessId: r.business_id,
      businessName: r.business_name,
      authorName: r.author_name,
      stars: Number(r.stars),
      body: r.body,
      createdAt: new Date(r.created_at),
      // In the admin's language (the tab shows them as they are).
      reasons: [...(needsModeration(r.body) ? [t(REVIEW_TEXTS.heldForLink)] : []), ...(r.young ? [t(REVIEW_TEXTS.heldForNewAccount)] : [])],
    })),
  };
}
