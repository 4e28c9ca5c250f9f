import { sql } from "drizzle-orm";
import { businesses, businessMessages, profiles, reviewHelpfulVotes, reviews } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb, queryRows } from "../../lib/db.server";
import { isUuid } from "../../lib/ids";
import { pageWindow, toPaged } from "../../lib/pagination";
import type { SessionUser } from "../accounts/session-user";
import { formatDate } from "../../lib/format-dates";
import { t } from "../../lib/i18n/i18n";
import {
  formatAverage, REVIEW_LIMITS, REVIEW_TEXTS, type BusinessReviews, type RatingSummary, type ReviewSort, type ReviewStatus, type ReviewView,
} from "./review.schemas";


type Row = {
  id: string; first_name: string | null; last_name: string | null; stars: number; body: string; status: string; helpful_count: number;
  verified: boolean; created_at: Date | string; updated_at: Date | string; reply: string | null; replied_at: Date | string | null;
  mine: boolean; voted: boolean;
};

const iso = (value: Date | string) => new Date(value).toISOString();

/** 'Ada O.': a first name and an initial; nobody's e-mail. */
function authorName(first: string | null, last: string | null): string {
  const name = first?.trim();
  if (!name) return t("Naija Directory user");
  const initial = last?.trim().charAt(0);
  return initial ? `${name} ${initial.toUpperCase()}.` : name;
}

function toView(row: Row): ReviewView {
  return {
    id: row.id, authorName: authorName(row.first_name, row.last_name), stars: Number(row.stars), body: row.body,
    status: row.status as ReviewStatus, helpfulCount: Number(row.helpful_count), verifiedContact: Boolean(row.verified),
    createdAt: iso(row.created_at), date: formatDate(row.created_at), updatedAt: iso(row.updated_at), reply: row.reply, repliedAt: row.replied_at ? iso(row.replied_at) : null,
    mine: Boolean(row.mine), votedHelpful: Boolean(row.voted),
  };
}

function columns(viewerId: string | null) {
  // 'Verified contact': the business answered the author in a conversation (business_messages_answered_idx).
  return sql`r.id, p.first_name, p.last_name, r.stars, r.body, r.status, r.helpful_count,
    exists (select 1 from ${businessMessages} m where m.business_id = r.business_id and m.visitor_id = r.author_id and m.sender_type = 'business') as verified,
    r.created_at, r.updated_at, r.reply, r.replied_at,
    (r.author_id = ${viewerId}) as mine,
    exists (select 1 from ${reviewHelpfulVotes} v where v.review_id = r.id and v.user_id = ${viewerId}) as voted`;
}

/**
 * The reviews of a public business, for anyone (signed in or not): its rating summary (read from the listing's
 * stored aggregates, never counted), one page of published reviews (newest first, or most helpful first), and
 * the viewer's own review. Anything but a public listing is 'not found'.
 */
export async function listBusinessReviews(
  actor: SessionUser | null, input: { businessId: string; sort?: string | null; page?: number | string | null },
): Promise<BusinessReviews> {
  if (!isUuid(input.businessId)) throw new AppError("not-found", REVIEW_TEXTS.notFound);
  const sort: ReviewSort = input.sort === "helpful" ? "helpful" : "newest";
  const pageNumber = Math.min(1000, Math.max(1, Math.trunc(Number(input.page)) || 1));
  const db = getDb();
  const viewerId = actor?.id ?? null;

  const [business] = await queryRows<{ user_id: string; c: number; s5: number; s4: number; s3: number; s2: number; s1: number; sum: number }>(
    db,
    sql`select user_id, review_count as c, review_star_sum as sum, review_stars_5 as s5, review_stars_4 as s4, review_stars_3 as s3,
          review_stars_2 as s2, review_stars_1 as s1
        from ${businesses} b
        where b.id = ${input.businessId}
          and b.approved and b.approval_status = 'approved' and not b.owner_suspended and (b.user_id is not null or b.source is not null)`,
  );
  if (!business) throw new AppError("not-found", REVIEW_TEXTS.notFound);
  const count = Number(business.c);
  const summary: RatingSummary = {
    count,
    average: formatAverage(count, Number(business.sum)),
    breakdown: [Number(business.s5), Number(business.s4), Number(business.s3), Number(business.s2), Number(business.s1)],
  };

  const { limit, offset } = pageWindow(pageNumber, REVIEW_LIMITS.pageSize);
  const order = sort === "helpful" ? sql`r.helpful_count desc, r.created_at desc, r.id` : sql`r.created_at desc, r.id`;
  const rows = count === 0 ? [] : await queryRows<Row>(
    db,
    sql`select ${columns(viewerId)}
        from ${reviews} r left join ${profiles} p on p.id = r.author_id
        where r.business_id = ${input.businessId} and r.status = 'published'
        order by ${order} limit ${limit} offset ${offset}`,
  );
  const [own] = viewerId
    ? await queryRows<Row>(
        db,
        sql`select ${columns(viewerId)} from ${reviews} r left join ${profiles} p on p.id = r.author_id
            where r.business_id = ${input.businessId} and r.author_id = ${viewerId}`,
      )
    : [];
  return {
    summary,
    reviews: toPaged(rows.map(toView), pageNumber, REVIEW_LIMITS.pageSize),
    sort,
    mine: own ? toView(own) : null,
    viewerIsOwner: viewerId !== null && business.user_id === viewerId,
    moderationNote: t(REVIEW_TEXTS.moderationNote),
  };
}
