import { and, eq, sql } from "drizzle-orm";
import { businesses, profiles, reviews, user } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb, queryRows } from "../../lib/db.server";
import { hitRateLimit, refundRateLimit } from "../../lib/rate-limit.server";
import type { SessionUser } from "../accounts/session-user";
import { enqueueNotice } from "../notifications/person-notices.server";
import { moveRating } from "./internal/ratings.server";
import {
  needsModeration, REVIEW_LIMITS, REVIEW_TEXTS, reviewTextProblem, sanitizeReview, SaveReviewSchema, type ReviewStatus,
} from "./review.schemas";

export type SaveReviewResult = { reviewId: string; status: ReviewStatus; created: boolean };

/**
 * Writes the actor's review of a business, or edits the one they wrote (one per author and business).
 * Rules (issue 16, ADR 18): signed in with a verified e-mail and not suspended; the business approved and
 * public; not one's own business (admins review like anyone, with no extra weight); at most
 * REVIEW_LIMITS.perDay new reviews per day. A text with a link or a phone number, or an account younger than a
 * day, is held for moderation (not public, not counted). A review an admin hid stays hidden when edited.
 * The listing's aggregates move in the same transaction.
 */
export async function saveReview(actor: SessionUser | null, input: unknown): Promise<SaveReviewResult> {
  if (!actor) throw new AppError("unauthenticated", REVIEW_TEXTS.loginRequired);
  const parsed = SaveReviewSchema.safeParse(input);
  // Every problem at once (a missing rating and a short text are both said), each beside its field.
  const fields: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      if (issue.path[0] === "stars") fields.stars = REVIEW_TEXTS.stars;
      else if (issue.path[0] === "body") fields.body = REVIEW_TEXTS.length;
      else throw new AppError("not-found", REVIEW_TEXTS.notFound);
    }
  }
  const typedBody = (input as { body?: unknown } | null)?.body;
  const problem = !fields.body && typeof typedBody === "string" ? reviewTextProblem(typedBody) : null;
  if (problem) fields.body = problem;
  if (!parsed.success || problem) throw new AppError("invalid", Object.values(fields)[0] ?? REVIEW_TEXTS.length, { fields });
  const { businessId, stars } = parsed.data;
  const body = sanitizeReview(parsed.data.body);
  const db = getDb();

  // The author and the business in one round trip.
  const [facts] = await queryRows<{
    email_verified: boolean | null; banned: boolean | null; deleted: boolean | null; young: boolean | null;
    owner_id: string | null; is_public: boolean | null; existing: string | null;
  }>(
    db,
    sql`select (u.email_verified or exists (select 1 from ${profiles} p where p.id = u.id and p.phone_verified_at is not null)) as email_verified, u.banned, u.deleted_at is not null as deleted,
          u.created_at > now() - make_interval(hours => ${REVIEW_LIMITS.newAccountHours}) as young,
          b.user_id as owner_id,
          (b.approved and b.approval_status = 'approved' and not b.owner_suspended and (b.user_id is not null or b.source is not null)) as is_public,
          (select r.id from ${reviews} r where r.business_id = b.id and r.author_id = u.id) as existing
        from ${user} u left join ${businesses} b on b.id = ${businessId}
        where u.id = ${actor.id}`,
  );
  if (!facts || facts.deleted || facts.banned) throw new AppError("forbidden", REVIEW_TEXTS.loginRequired);
  // A verified e-mail or a verified phone number (accounts made by phone have no e-mail, issue 33).
  if (!facts.email_verified) throw new AppError("forbidden", REVIEW_TEXTS.verifyEmail, { reason: "unverified" });
  if (!facts.is_public) throw new AppError("not-found", REVIEW_TEXTS.notFound);
  if (facts.owner_id === actor.id) throw new AppError("forbidden", REVIEW_TEXTS.ownBusiness);
  const wanted: ReviewStatus = facts.young || needsModeration(body) ? "held" : "published";

  const limitKey = `review:${actor.id}`;
  if (!facts.existing) {
    const limit = await hitRateLimit(limitKey, REVIEW_LIMITS.perDay, REVIEW_LIMITS.perDayWindowSeconds);
    if (!limit.allowed) throw new AppError("rate-limited", REVIEW_TEXTS.rateLimited);
  }

  const result = await db.transaction(async (tx) => {
    // Lock the actor's review of this business, if any: concurrent edits move the aggregates once each.
    const [old] = await tx
      .select({ id: reviews.id, stars: reviews.stars, status: reviews.status })
      .from(reviews)
      .where(and(eq(reviews.businessId, businessId), eq(reviews.authorId, actor.id)))
      .for("update");
    if (old) {
      const status: ReviewStatus = old.status === "hidden" ? "hidden" : wanted;
      await tx.update(reviews).set({ stars, body, status, updatedAt: new Date() }).where(eq(reviews.id, old.id));
      await moveRating(tx, businessId, old.status === "published" ? old.stars : null, status === "published" ? stars : null);
      return { reviewId: old.id, status, created: false };
    }
    const [row] = await tx
      .insert(reviews)
      .values({ businessId, authorId: actor.id, stars, body, status: wanted })
      .onConflictDoNothing({ target: [reviews.businessId, reviews.authorId] })
      .returning({ id: reviews.id });
    // The same author's other request wrote it a moment ago.
    if (!row) return null;
    await moveRating(tx, businessId, null, wanted === "published" ? stars : null);
    // The owner hears of a new public review (a held one, once an admin publishes it: not told then).
    if (wanted === "published") {
      const [listing] = await tx.select({ ownerId: businesses.userId, name: businesses.name }).from(businesses).where(eq(businesses.id, businessId));
      if (listing?.ownerId) {
        const named = [actor.firstName, actor.lastName ? `${actor.lastName.slice(0, 1)}.` : ""].filter(Boolean).join(" ");
        const name = listing.name;
        const excerpt = body ? (body.length > 300 ? `${body.slice(0, 300)}…` : body) : null;
        await enqueueNotice(tx, {
          userId: listing.ownerId,
          // In the owner's language (issue 36); the review's words as written.
          texts: (t) => {
            const author = named || t("A visitor");
            const gave = excerpt
              ? t("{{author}} gave {{name}} {{count}} stars: \"{{excerpt}}\"", { author, name, count: stars, excerpt })
              : t("{{author}} gave {{name}} {{count}} stars.", { author, name, count: stars });
            return {
              line: t("New {{stars}}-star review of {{name}} from {{author}}.", { stars, name, author }),
              detail: `${gave} ${t("You can reply on the business page.")}`,
              subject: t("New review of {{name}}", { name }),
            };
          },
          path: `/businesses/${businessId}#reviews`,
        });
      }
    }
    return { reviewId: row.id, status: wanted, created: true };
  });
  if (!result) {
    await refundRateLimit(limitKey);
    throw new AppError("conflict", REVIEW_TEXTS.updated);
  }
  return result;
}
