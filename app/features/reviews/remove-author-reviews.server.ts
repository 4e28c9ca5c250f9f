import { eq, inArray, sql } from "drizzle-orm";
import { reviewHelpfulVotes, reviews } from "../../../db/schema";
import type { Tx } from "../../lib/db.server";
import { moveRating } from "./internal/ratings.server";

/**
 * Account deletion (NDPA 2023, right to erasure; `deleteMyAccount`): every review the person wrote goes, each
 * listing's rating moved as if they had deleted it themselves, and their 'Helpful' votes go, the reviews they
 * voted for counting one fewer. Runs in the caller's transaction; the reviews are locked before they move.
 */
export async function removeAuthorReviews(tx: Tx, userId: string): Promise<{ reviewsRemoved: number; votesRemoved: number }> {
  const mine = await tx
    .select({ id: reviews.id, businessId: reviews.businessId, stars: reviews.stars, status: reviews.status })
    .from(reviews)
    .where(eq(reviews.authorId, userId))
    .orderBy(reviews.id)
    .for("update");
  for (const review of mine) {
    if (review.status === "published") await moveRating(tx, review.businessId, review.stars, null);
  }
  if (mine.length > 0) await tx.delete(reviews).where(inArray(reviews.id, mine.map((r) => r.id)));

  const votes = await tx.delete(reviewHelpfulVotes).where(eq(reviewHelpfulVotes.userId, userId)).returning({ reviewId: reviewHelpfulVotes.reviewId });
  if (votes.length > 0) {
    await tx
      .update(reviews)
      .set({ helpfulCount: sql`greatest(${reviews.helpfulCount} - 1, 0)` })
      .where(inArray(reviews.id, votes.map((v) => v.reviewId)));
  }
  return { reviewsRemoved: mine.length, votesRemoved: votes.length };
}
