import { eq } from "drizzle-orm";
import { reviews } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb } from "../../lib/db.server";
import type { SessionUser } from "../accounts/session-user";
import { moveRating } from "./internal/ratings.server";
import { REVIEW_TEXTS, ReviewRefSchema } from "./review.schemas";

/** Deletes the actor's own review (nobody else's: an admin hides a review instead); the aggregates follow. */
export async function deleteReview(actor: SessionUser | null, input: unknown): Promise<{ businessId: string }> {
  if (!actor) throw new AppError("unauthenticated", REVIEW_TEXTS.loginRequired);
  const parsed = ReviewRefSchema.safeParse(input);
  if (!parsed.success) throw new AppError("not-found", REVIEW_TEXTS.reviewNotFound);
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .select({ id: reviews.id, authorId: reviews.authorId, businessId: reviews.businessId, stars: reviews.stars, status: reviews.status })
      .from(reviews)
      .where(eq(reviews.id, parsed.data.reviewId))
      .for("update");
    // Another person's review reads as missing: its existence is not the actor's business.
    if (!row || row.authorId !== actor.id) throw new AppError("not-found", REVIEW_TEXTS.reviewNotFound);
    await tx.delete(reviews).where(eq(reviews.id, row.id));
    await moveRating(tx, row.businessId, row.status === "published" ? row.stars : null, null);
    return { businessId: row.businessId };
  });
}
