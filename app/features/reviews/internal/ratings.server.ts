import { sql } from "drizzle-orm";
import { businesses } from "../../../../db/schema";
import type { Tx } from "../../../lib/db.server";
import { REVIEW_LIMITS } from "../review.schemas";

const starColumn = {
  5: businesses.reviewStars5, 4: businesses.reviewStars4, 3: businesses.reviewStars3, 2: businesses.reviewStars2, 1: businesses.reviewStars1,
} as const;

/**
 * Moves a listing's published-review aggregates (count, sum, the 5..1 breakdown and the Bayesian score) by one
 * review: `removed` is the stars of a review that stops counting (or null), `added` of one that starts. Runs in
 * the caller's transaction, with the review row locked, so the aggregates always equal the published reviews.
 */
export async function moveRating(tx: Tx, businessId: string, removed: number | null, added: number | null): Promise<void> {
  if (removed === added) return;
  const dCount = (added === null ? 0 : 1) - (removed === null ? 0 : 1);
  const dSum = (added ?? 0) - (removed ?? 0);
  const m = REVIEW_LIMITS.priorMean;
  const c = REVIEW_LIMITS.priorWeight;
  const set: Record<string, unknown> = {
    reviewCount: sql`${businesses.reviewCount} + ${dCount}`,
    reviewStarSum: sql`${businesses.reviewStarSum} + ${dSum}`,
    // In an UPDATE every right-hand side reads the row as it was, so the score uses the old values plus the change.
    ratingScore: sql`(${c}::real * ${m}::real + ${businesses.reviewStarSum} + ${dSum}) / (${c} + ${businesses.reviewCount} + ${dCount})::real`,
  };
  const delta = new Map<number, number>();
  if (removed !== null) delta.set(removed, (delta.get(removed) ?? 0) - 1);
  if (added !== null) delta.set(added, (delta.get(added) ?? 0) + 1);
  const keys = { 5: "reviewStars5", 4: "reviewStars4", 3: "reviewStars3", 2: "reviewStars2", 1: "reviewStars1" } as const;
  for (const [stars, d] of delta) {
    if (d === 0) continue;
    const key = keys[stars as 1 | 2 | 3 | 4 | 5];
    set[key] = sql`${starColumn[stars as 1 | 2 | 3 | 4 | 5]} + ${d}`;
  }
  await tx.update(businesses).set(set).where(sql`${businesses.id} = ${businessId}`);
}
