import { sql } from "drizzle-orm";
import { businesses, notifications, reviews } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { auditActorOf, recordAudit } from "../../lib/audit.server";
import { getDb, queryRows } from "../../lib/db.server";
import { renderFor } from "../../lib/i18n/sent-language.server";
import { requireAdmin } from "../accounts/access";
import type { SessionUser } from "../accounts/session-user";
import { DecideHeldReviewSchema, REVIEW_TEXTS } from "./review.schemas";
import { setReviewVisibility } from "./set-review-visibility.server";

/**
 * An admin decides on a held review (ADR 18): 'publish' makes it public and counts it in the listing's rating
 * (its author is told), 'hide' keeps it from the public for good. In one transaction with its audit row
 * ('review.publish' / 'review.hide'); a review no longer held (another admin decided, its author deleted it)
 * is a conflict and changes nothing.
 */
export async function decideHeldReview(actor: SessionUser | null, input: unknown): Promise<{ status: "published" | "hidden"; businessId: string }> {
  requireAdmin(actor);
  const parsed = DecideHeldReviewSchema.safeParse(input);
  if (!parsed.success) throw new AppError("not-found", REVIEW_TEXTS.reviewNotFound);
  const { reviewId, decision } = parsed.data;
  return getDb().transaction(async (tx) => {
    const [row] = await queryRows<{ status: string; author_id: string; business_name: string }>(
      tx,
      sql`select r.status, r.author_id, b.name as business_name from ${reviews} r join ${businesses} b on b.id = r.business_id
          where r.id = ${reviewId} for update of r`,
    );
    if (!row) throw new AppError("not-found", REVIEW_TEXTS.reviewNotFound);
    if (row.status !== "held") throw new AppError("conflict", REVIEW_TEXTS.heldAlreadyDecided);
    const status = decision === "publish" ? "published" : "hidden";
    const { businessId } = await setReviewVisibility(tx, reviewId, status);
    await recordAudit(tx, auditActorOf(actor), {
      action: `review.${decision}`, targetType: "review", targetId: reviewId, before: { status: "held", businessId }, after: { status },
    });
    if (status === "published") {
      // In the reviewer's language (issue 36).
      const notice = await renderFor(tx, row.author_id, (t) => ({
        title: t(REVIEW_TEXTS.heldPublishedNoticeTitle),
        body: REVIEW_TEXTS.heldPublishedNoticeBody(row.business_name),
      }));
      await tx.insert(notifications).values({ userId: row.author_id, kind: "account", ...notice, priority: "medium" });
    }
    return { status, businessId };
  });
}
