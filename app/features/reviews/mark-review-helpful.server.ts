import { eq, sql } from "drizzle-orm";
import { businesses, reviewHelpfulVotes, reviews } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb, queryRows } from "../../lib/db.server";
import type { SessionUser } from "../accounts/session-user";
import { REVIEW_TEXTS, ReviewRefSchema } from "./review.schemas";

/**
 * A 'Helpful' vote on a published review of a public listing: one per user per review (the table's primary
 * key), never on one's own. A second vote changes nothing. The review's helpful_count moves in the same
 * transaction, so 'most helpful first' reads an index.
 */
export async function markReviewHelpful(actor: SessionUser | null, input: unknown): Promise<{ businessId: string; counted: boolean }> {
  if (!actor) throw new AppError("unauthenticated", REVIEW_TEXTS.loginRequired);
  const parsed = ReviewRefSchema.safeParse(input);
  if (!parsed.success) throw new AppError("not-found", REVIEW_TEXTS.reviewNotFound);
  const reviewId = parsed.data.reviewId;
  return getDb().transaction(async (tx) => {
    const [row] = await queryRows<{ business_id: string; author_id: string; status: string; is_public: boolean }>(
      tx,
      sql`select r.business_id, r.author_id, r.status,
            (b.approved and b.approval_status = 'approved' and not b.owner_suspended and (b.user_id is not null or b.source is not null)) as is_public
          from ${reviews} r join ${businesses} b on b.id = r.business_id where r.id = ${reviewId}`,
    );
    if (!row || row.status !== "published" || !row.is_public) throw new AppError("not-found", REVIEW_TEXTS.reviewNotFound);
    if (row.author_id === actor.id) throw new AppError("forbidden", REVIEW_TEXTS.voteOwn);
    const inserted = await tx
      .insert(reviewHelpfulVotes)
      .values({ reviewId, userId: actor.id })
      .onConflictDoNothing()
      .returning({ reviewId: reviewHelpfulVotes.reviewId });
    if (inserted.length > 0) {
      await tx.update(reviews).set({ helpfulCount: sql`${reviews.helpfulCount} + 1` }).where(eq(reviews.id, reviewId));
    }
    return { businessId: row.business_id, counted: inserted.length > 0 };
  });
}
