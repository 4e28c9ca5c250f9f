import { eq } from "drizzle-orm";
import { reviews } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import type { Tx } from "../../lib/db.server";
import { moveRating } from "./internal/ratings.server";
import { REVIEW_TEXTS, type ReviewStatus } from "./review.schemas";

/**
 * Moderation's switch: hides a review, or publishes it (a held one approved, a hidden one restored), inside the
 * caller's transaction, keeping the listing's aggregates right. The caller authorizes (an admin with two-factor)
 * and writes the audit log. Returns the review's business and its status before.
 */
export async function setReviewVisibility(
  tx: Tx, reviewId: string, status: Extract<ReviewStatus, "hidden" | "published">,
): Promise<{ businessId: string; before: ReviewStatus }> {
  const [row] = await tx
    .select({ businessId: reviews.businessId, stars: reviews.stars, status: reviews.status })
    .from(reviews)
    .where(eq(reviews.id, reviewId))
    .for("update");
  if (!row) throw new AppError("not-found", REVIEW_TEXTS.reviewNotFound);
  const before = row.status as ReviewStatus;
  if (before !== status) {
    await tx.update(reviews).set({ status }).where(eq(reviews.id, reviewId));
    await moveRating(tx, row.businessId, before === "published" ? row.stars : null, status === "published" ? row.stars : null);
  }
  return { businessId: row.businessId, before };
}
