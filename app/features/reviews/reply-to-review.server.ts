import { eq, sql } from "drizzle-orm";
import { businesses, notifications, reviews } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb, queryRows } from "../../lib/db.server";
import { renderFor } from "../../lib/i18n/sent-language.server";
import type { SessionUser } from "../accounts/session-user";
import { messageLength } from "../messaging/message.schemas";
import { REVIEW_LIMITS, REVIEW_TEXTS, ReplySchema, sanitizeReview } from "./review.schemas";

/**
 * The business owner's public reply to a published review of their listing: one per review, editable (the
 * same call replaces it). The reviewer is notified (bell and /notifications) when the reply is first written.
 */
export async function replyToReview(actor: SessionUser | null, input: unknown): Promise<{ businessId: string; created: boolean }> {
  if (!actor) throw new AppError("unauthenticated", REVIEW_TEXTS.loginRequired);
  const parsed = ReplySchema.safeParse(input);
  if (!parsed.success) throw new AppError("not-found", REVIEW_TEXTS.reviewNotFound);
  const reply = sanitizeReview(parsed.data.reply);
  const length = messageLength(reply);
  if (length < 1 || length > REVIEW_LIMITS.replyMaxLength) {
    throw new AppError("invalid", REVIEW_TEXTS.replyLength, { fields: { reply: REVIEW_TEXTS.replyLength } });
  }
  return getDb().transaction(async (tx) => {
    const [row] = await queryRows<{ id: string; business_id: string; author_id: string; status: string; had_reply: boolean; owner_id: string | null; name: string }>(
      tx,
      sql`select r.id, r.business_id, r.author_id, r.status, r.reply is not null as had_reply, b.user_id as owner_id, b.name
          from ${reviews} r join ${businesses} b on b.id = r.business_id
          where r.id = ${parsed.data.reviewId}
          for update of r`,
    );
    // Held and hidden reviews are not public: nothing to answer in public.
    if (!row || row.status !== "published") throw new AppError("not-found", REVIEW_TEXTS.reviewNotFound);
    if (row.owner_id !== actor.id) throw new AppError("forbidden", REVIEW_TEXTS.replyForbidden);
    const now = new Date();
    await tx
      .update(reviews)
      .set(row.had_reply ? { reply, replyUpdatedAt: now } : { reply, repliedAt: now, replyUpdatedAt: now })
      .where(eq(reviews.id, row.id));
    if (!row.had_reply) {
      // In the reviewer's language (issue 36).
      const notice = await renderFor(tx, row.author_id, (t) => ({ title: t(REVIEW_TEXTS.replyNoticeTitle), body: REVIEW_TEXTS.replyNoticeBody(row.name) }));
      await tx.insert(notifications).values({ userId: row.author_id, kind: "account", ...notice, priority: "medium" });
    }
    return { businessId: row.business_id, created: !row.had_reply };
  });
}
