import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, businesses, notifications, rateLimits, reviews } from "../../../db/schema";
import { createAdmin, createBusiness, createMessage, createOwner, createVisitor, uniqueSuffix } from "../../../db/seed/factories";
import { actorFor } from "../../../tests/support/actors";
import { refusal } from "../../../tests/support/refusals";
import { getDb } from "../../lib/db.server";
import { countUnread } from "../notifications/count-unread.server";
import { decideHeldReview } from "./decide-held-review.server";
import { listHeldReviews } from "./list-held-reviews.server";
import { deleteReview } from "./delete-review.server";
import { listBusinessReviews } from "./list-business-reviews.server";
import { markReviewHelpful } from "./mark-review-helpful.server";
import { replyToReview } from "./reply-to-review.server";
import { bayesianScore, REVIEW_LIMITS, REVIEW_TEXTS } from "./review.schemas";
import { saveReview } from "./save-review.server";
import { setReviewVisibility } from "./set-review-visibility.server";

const db = () => getDb();
const TWO_DAYS_AGO = () => new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
const GOOD = "Lovely jollof, quick service and fair prices.";

/** A visitor whose account is old enough to publish at once. */
async function reviewer(input: { emailVerified?: boolean; banned?: boolean; createdAt?: Date } = {}) {
  const created = await createVisitor(db(), { createdAt: TWO_DAYS_AGO(), ...input });
  return { created, actor: await actorFor(created) };
}

async function scene() {
  const owner = await createOwner(db(), { createdAt: TWO_DAYS_AGO() });
  const business = await createBusiness(db(), { userId: owner.id, name: `Mama Put ${uniqueSuffix()}` });
  return { owner, business, ownerActor: await actorFor(owner) };
}

async function aggregates(businessId: string) {
  const [row] = await db()
    .select({
      count: businesses.reviewCount, sum: businesses.reviewStarSum, s5: businesses.reviewStars5, s4: businesses.reviewStars4,
      s3: businesses.reviewStars3, s2: businesses.reviewStars2, s1: businesses.reviewStars1, score: businesses.ratingScore,
    })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return row!;
}

describe("writing a review", () => {
  it("publishes a verified user's review, counts it, and refuses a second one by editing instead", async () => {
    const { business } = await scene();
    const { actor } = await reviewer();
    const first = await saveReview(actor, { businessId: business.id, stars: "4", body: GOOD });
    expect(first).toMatchObject({ status: "published", created: true });
    expect(await aggregates(business.id)).toMatchObject({ count: 1, sum: 4, s4: 1, s5: 0 });

    // The same author again edits the one review: still one row, the aggregates moved from 4 to 2 stars.
    const again = await saveReview(actor, { businessId: business.id, stars: 2, body: "Cold food this time, sadly." });
    expect(again).toMatchObject({ reviewId: first.reviewId, created: false, status: "published" });
    const rows = await db().select().from(reviews).where(eq(reviews.businessId, business.id));
    expect(rows).toHaveLength(1);
    expect(await aggregates(business.id)).toMatchObject({ count: 1, sum: 2, s4: 0, s2: 1 });
    expect((await aggregates(business.id)).score).toBeCloseTo(bayesianScore(1, 2), 5);
  });

  it("sanitises the text like messages and checks its length and the stars, keeping field messages", async () => {
    const { business } = await scene();
    const { actor } = await reviewer();
    const short = await refusal(saveReview(actor, { businessId: business.id, stars: 5, body: "<b>Good</b>" }));
    expect(short.code).toBe("invalid");
    expect(short.fields).toEqual({ body: REVIEW_TEXTS.length });
    const long = await refusal(saveReview(actor, { businessId: business.id, stars: 5, body: "a".repeat(2001) }));
    expect(long.fields).toEqual({ body: REVIEW_TEXTS.length });
    const stars = await refusal(saveReview(actor, { businessId: business.id, stars: 6, body: GOOD }));
    expect(stars.fields).toEqual({ stars: REVIEW_TEXTS.stars });
    const saved = await saveReview(actor, { businessId: business.id, stars: 5, body: `<script>alert(1)</script><i>${GOOD}</i>` });
    const [row] = await db().select({ body: reviews.body }).from(reviews).where(eq(reviews.id, saved.reviewId));
    expect(row!.body).toBe(GOOD);
  });

  it("refuses anonymous, unverified, suspended users, the owner, and businesses that are not public", async () => {
    const { business, ownerActor } = await scene();
    expect((await refusal(saveReview(null, { businessId: business.id, stars: 5, body: GOOD }))).code).toBe("unauthenticated");
    const unverified = await reviewer({ emailVerified: false });
    const refusedUnverified = await refusal(saveReview(unverified.actor, { businessId: business.id, stars: 5, body: GOOD }));
    expect(refusedUnverified.message).toBe(REVIEW_TEXTS.verifyEmail);
    const suspended = await reviewer({ banned: true });
    expect((await refusal(saveReview(suspended.actor, { businessId: business.id, stars: 5, body: GOOD }))).code).toBe("forbidden");
    const own = await refusal(saveReview(ownerActor, { businessId: business.id, stars: 5, body: GOOD }));
    expect(own.message).toBe(REVIEW_TEXTS.ownBusiness);
    // Another owner reviews like anyone.
    const other = await createOwner(db(), { createdAt: TWO_DAYS_AGO() });
    expect((await saveReview(await actorFor(other), { businessId: business.id, stars: 3, body: GOOD })).status).toBe("published");

    const pending = await createBusiness(db(), { userId: (await createOwner(db())).id, status: "pending" });
    const { actor } = await reviewer();
    expect((await refusal(saveReview(actor, { businessId: pending.id, stars: 5, body: GOOD }))).code).toBe("not-found");
    expect((await refusal(saveReview(actor, { businessId: "not-an-id", stars: 5, body: GOOD }))).code).toBe("not-found");
    expect(await aggregates(business.id)).toMatchObject({ count: 1, sum: 3 });
  });

  it("counts an admin's review (with or without two-factor) like anyone's", async () => {
    const { business } = await scene();
    const withTotp = await createAdmin(db(), { createdAt: TWO_DAYS_AGO() });
    const without = await createAdmin(db(), { createdAt: TWO_DAYS_AGO(), twoFactor: false });
    await saveReview(await actorFor(withTotp), { businessId: business.id, stars: 5, body: GOOD });
    await saveReview(await actorFor(without), { businessId: business.id, stars: 1, body: GOOD });
    expect(await aggregates(business.id)).toMatchObject({ count: 2, sum: 6, s5: 1, s1: 1 });
  });

  it("holds reviews with a link or a phone number, and those of accounts younger than a day", async () => {
    const { business } = await scene();
    const cases = [
      "Great shop, see www.cheap-deals.com for more",
      "Call me on 0803 123 4567 for a better price",
      "Visit https://example.org today please",
    ];
    for (const body of cases) {
      const { actor } = await reviewer();
      expect((await saveReview(actor, { businessId: business.id, stars: 5, body })).status).toBe("held");
    }
    const young = await createVisitor(db());
    expect((await saveReview(await actorFor(young), { businessId: business.id, stars: 5, body: GOOD })).status).toBe("held");
    expect(await aggregates(business.id)).toMatchObject({ count: 0, sum: 0 });
    // Held reviews are not public; the author sees theirs.
    const list = await listBusinessReviews(await actorFor(young), { businessId: business.id });
    expect(list.reviews.rows).toHaveLength(0);
    expect(list.mine).toMatchObject({ status: "held", body: GOOD });
    expect((await listBusinessReviews(null, { businessId: business.id })).mine).toBeNull();
  });

  it("allows a few new reviews per user per day, edits not counted", async () => {
    const { actor } = await reviewer();
    const ids: string[] = [];
    for (let i = 0; i < REVIEW_LIMITS.perDay; i++) {
      const { business } = await scene();
      ids.push(business.id);
      await saveReview(actor, { businessId: business.id, stars: 4, body: GOOD });
    }
    const { business } = await scene();
    const refused = await refusal(saveReview(actor, { businessId: business.id, stars: 4, body: GOOD }));
    expect(refused).toMatchObject({ code: "rate-limited", message: REVIEW_TEXTS.rateLimited });
    // Editing one already written still works.
    expect((await saveReview(actor, { businessId: ids[0]!, stars: 5, body: GOOD })).created).toBe(false);
    await db().delete(rateLimits).where(eq(rateLimits.key, `review:${actor.id}`));
  });
});

describe("deleting, hiding and the aggregates", () => {
  it("keeps count, sum, breakdown and score equal to the published reviews through edit, delete, hide and restore", async () => {
    const { business } = await scene();
    const a = await reviewer();
    const b = await reviewer();
    const c = await reviewer();
    const ra = await saveReview(a.actor, { businessId: business.id, stars: 5, body: GOOD });
    const rb = await saveReview(b.actor, { businessId: business.id, stars: 4, body: GOOD });
    await saveReview(c.actor, { businessId: business.id, stars: 1, body: GOOD });
    expect(await aggregates(business.id)).toMatchObject({ count: 3, sum: 10, s5: 1, s4: 1, s1: 1 });

    await db().transaction((tx) => setReviewVisibility(tx, ra.reviewId, "hidden"));
    expect(await aggregates(business.id)).toMatchObject({ count: 2, sum: 5, s5: 0 });
    // Hiding twice changes nothing; the author's edit keeps it hidden and uncounted.
    await db().transaction((tx) => setReviewVisibility(tx, ra.reviewId, "hidden"));
    expect((await saveReview(a.actor, { businessId: business.id, stars: 3, body: GOOD })).status).toBe("hidden");
    expect(await aggregates(business.id)).toMatchObject({ count: 2, sum: 5, s3: 0 });
    await db().transaction((tx) => setReviewVisibility(tx, ra.reviewId, "published"));
    expect(await aggregates(business.id)).toMatchObject({ count: 3, sum: 8, s3: 1 });

    // Only the author deletes; another user is told it does not exist.
    expect((await refusal(deleteReview(a.actor, { reviewId: rb.reviewId }))).code).toBe("not-found");
    expect((await refusal(deleteReview(null, { reviewId: rb.reviewId }))).code).toBe("unauthenticated");
    await deleteReview(b.actor, { reviewId: rb.reviewId });
    const after = await aggregates(business.id);
    expect(after).toMatchObject({ count: 2, sum: 4, s4: 0, s3: 1, s1: 1 });
    expect(after.score).toBeCloseTo(bayesianScore(2, 4), 5);

    const list = await listBusinessReviews(null, { businessId: business.id });
    expect(list.summary).toEqual({ count: 2, average: "2.0", breakdown: [0, 0, 1, 0, 1] });
  });

  it("publishes a held review when moderation approves it", async () => {
    const { business } = await scene();
    const young = await createVisitor(db());
    const saved = await saveReview(await actorFor(young), { businessId: business.id, stars: 5, body: GOOD });
    expect(await aggregates(business.id)).toMatchObject({ count: 0 });
    expect(await db().transaction((tx) => setReviewVisibility(tx, saved.reviewId, "published"))).toMatchObject({ before: "held" });
    expect(await aggregates(business.id)).toMatchObject({ count: 1, sum: 5, s5: 1 });
  });
});

describe("the admin's queue of held reviews", () => {
  it("lists held reviews newest first with why each waits, for admins with two-factor only", async () => {
    const { business } = await scene();
    const linked = await reviewer();
    const young = await createVisitor(db());
    const first = await saveReview(linked.actor, { businessId: business.id, stars: 2, body: "Cheaper at www.other-shop.com, go there" });
    const second = await saveReview(await actorFor(young), { businessId: business.id, stars: 4, body: GOOD });
    const admin = await actorFor(await createAdmin(db()));
    const page = await listHeldReviews(admin, { page: 1 });
    const mine = page.rows.filter((r) => r.businessId === business.id);
    expect(mine.map((r) => r.id)).toEqual([second.reviewId, first.reviewId]);
    expect(mine[0]).toMatchObject({ stars: 4, body: GOOD, businessName: business.name, reasons: [REVIEW_TEXTS.heldForNewAccount] });
    expect(mine[1]!.reasons).toEqual([REVIEW_TEXTS.heldForLink]);

    expect((await refusal(listHeldReviews(linked.actor, { page: 1 }))).code).toBe("forbidden");
    expect((await refusal(listHeldReviews(await actorFor(await createAdmin(db(), { twoFactor: false })), { page: 1 }))).code).toBe("forbidden");
    expect((await refusal(decideHeldReview(linked.actor, { reviewId: first.reviewId, decision: "publish" }))).code).toBe("forbidden");
    expect((await refusal(decideHeldReview(null, { reviewId: first.reviewId, decision: "publish" }))).code).toBe("unauthenticated");
    expect((await db().select({ status: reviews.status }).from(reviews).where(eq(reviews.id, first.reviewId)))[0]!.status).toBe("held");
  });

  it("publishes one (counted, its author told, audited) and keeps another hidden; a second decision changes nothing", async () => {
    const { business } = await scene();
    const young = await createVisitor(db());
    const younger = await createVisitor(db());
    const good = await saveReview(await actorFor(young), { businessId: business.id, stars: 5, body: GOOD });
    const spam = await saveReview(await actorFor(younger), { businessId: business.id, stars: 1, body: "Call 0803 123 4567 for a better deal" });
    const admin = await actorFor(await createAdmin(db()));

    expect(await decideHeldReview(admin, { reviewId: good.reviewId, decision: "publish" })).toEqual({ status: "published", businessId: business.id });
    expect(await aggregates(business.id)).toMatchObject({ count: 1, sum: 5, s5: 1 });
    const notices = await db().select({ title: notifications.title, body: notifications.body }).from(notifications).where(eq(notifications.userId, young.id));
    expect(notices).toContainEqual({ title: REVIEW_TEXTS.heldPublishedNoticeTitle, body: REVIEW_TEXTS.heldPublishedNoticeBody(business.name) });
    expect((await listBusinessReviews(null, { businessId: business.id })).reviews.rows.map((r) => r.id)).toEqual([good.reviewId]);

    expect(await decideHeldReview(admin, { reviewId: spam.reviewId, decision: "hide" })).toMatchObject({ status: "hidden" });
    expect(await aggregates(business.id)).toMatchObject({ count: 1, sum: 5 });
    const audits = await db().select({ action: auditLog.action, targetId: auditLog.targetId }).from(auditLog).where(eq(auditLog.actorId, admin.id));
    expect(audits).toEqual(expect.arrayContaining([
      { action: "review.publish", targetId: good.reviewId },
      { action: "review.hide", targetId: spam.reviewId },
    ]));

    // Decided already (by this admin or another): a conflict, nothing moves.
    expect((await refusal(decideHeldReview(admin, { reviewId: good.reviewId, decision: "hide" }))).code).toBe("conflict");
    expect((await refusal(decideHeldReview(admin, { reviewId: spam.reviewId, decision: "publish" }))).code).toBe("conflict");
    expect(await aggregates(business.id)).toMatchObject({ count: 1, sum: 5 });
    expect((await refusal(decideHeldReview(admin, { reviewId: spam.reviewId, decision: "delete" }))).code).toBe("not-found");
  });
});

describe("verified contact, replies and helpful votes", () => {
  it("marks a review verified only when the business answered its author", async () => {
    const { business, owner } = await scene();
    const answered = await reviewer();
    const unanswered = await reviewer();
    await createMessage(db(), { businessId: business.id, senderId: answered.created.id });
    await createMessage(db(), { businessId: business.id, senderId: owner.id, senderType: "business", visitorId: answered.created.id });
    await createMessage(db(), { businessId: business.id, senderId: unanswered.created.id });
    await saveReview(answered.actor, { businessId: business.id, stars: 5, body: GOOD });
    await saveReview(unanswered.actor, { businessId: business.id, stars: 4, body: GOOD });
    const list = await listBusinessReviews(null, { businessId: business.id });
    const byStars = Object.fromEntries(list.reviews.rows.map((r) => [r.stars, r.verifiedContact]));
    expect(byStars).toEqual({ 5: true, 4: false });
  });

  it("lets only the owner reply, once per review and editable, and notifies the reviewer once", async () => {
    const { business, ownerActor } = await scene();
    const author = await reviewer();
    const saved = await saveReview(author.actor, { businessId: business.id, stars: 4, body: GOOD });
    const before = await countUnread(db(), author.created.id);

    const stranger = await reviewer();
    const otherOwner = await actorFor(await createOwner(db()));
    const admin = await actorFor(await createAdmin(db()));
    for (const actor of [stranger.actor, otherOwner, admin, author.actor]) {
      expect((await refusal(replyToReview(actor, { reviewId: saved.reviewId, reply: "Thanks!" }))).code).toBe("forbidden");
    }
    expect((await refusal(replyToReview(null, { reviewId: saved.reviewId, reply: "Thanks!" }))).code).toBe("unauthenticated");
    expect((await refusal(replyToReview(ownerActor, { reviewId: saved.reviewId, reply: "  " }))).fields).toEqual({ reply: REVIEW_TEXTS.replyLength });

    expect(await replyToReview(ownerActor, { reviewId: saved.reviewId, reply: "Thank you, <b>come again</b>!" })).toMatchObject({ created: true });
    expect(await replyToReview(ownerActor, { reviewId: saved.reviewId, reply: "Thank you, see you soon!" })).toMatchObject({ created: false });
    const list = await listBusinessReviews(null, { businessId: business.id });
    expect(list.reviews.rows[0]).toMatchObject({ reply: "Thank you, see you soon!" });
    const notices = await db().select().from(notifications).where(eq(notifications.userId, author.created.id));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ kind: "account", title: REVIEW_TEXTS.replyNoticeTitle, body: REVIEW_TEXTS.replyNoticeBody(business.name) });
    expect(await countUnread(db(), author.created.id)).toBe(before + 1);

    // A hidden review takes no reply.
    await db().transaction((tx) => setReviewVisibility(tx, saved.reviewId, "hidden"));
    expect((await refusal(replyToReview(ownerActor, { reviewId: saved.reviewId, reply: "Hello" }))).code).toBe("not-found");
  });

  it("counts one helpful vote per user, never the author's, and sorts most helpful first", async () => {
    const { business, ownerActor } = await scene();
    const a = await reviewer();
    const b = await reviewer();
    const older = await saveReview(a.actor, { businessId: business.id, stars: 3, body: GOOD });
    await db().update(reviews).set({ createdAt: TWO_DAYS_AGO() }).where(eq(reviews.id, older.reviewId));
    const newer = await saveReview(b.actor, { businessId: business.id, stars: 5, body: GOOD });

    const voter = await reviewer();
    expect(await markReviewHelpful(voter.actor, { reviewId: older.reviewId })).toMatchObject({ counted: true });
    expect(await markReviewHelpful(voter.actor, { reviewId: older.reviewId })).toMatchObject({ counted: false });
    expect(await markReviewHelpful(ownerActor, { reviewId: older.reviewId })).toMatchObject({ counted: true });
    expect((await refusal(markReviewHelpful(a.actor, { reviewId: older.reviewId }))).message).toBe(REVIEW_TEXTS.voteOwn);
    expect((await refusal(markReviewHelpful(null, { reviewId: older.reviewId }))).code).toBe("unauthenticated");

    const newest = await listBusinessReviews(voter.actor, { businessId: business.id });
    expect(newest.reviews.rows.map((r) => r.id)).toEqual([newer.reviewId, older.reviewId]);
    const helpful = await listBusinessReviews(voter.actor, { businessId: business.id, sort: "helpful" });
    expect(helpful.reviews.rows.map((r) => [r.id, r.helpfulCount, r.votedHelpful])).toEqual([
      [older.reviewId, 2, true], [newer.reviewId, 0, false],
    ]);
  });

  it("pages the reviews on the server", async () => {
    const { business } = await scene();
    for (let i = 0; i < REVIEW_LIMITS.pageSize + 2; i++) {
      const { actor } = await reviewer();
      await saveReview(actor, { businessId: business.id, stars: 4, body: GOOD });
    }
    const first = await listBusinessReviews(null, { businessId: business.id });
    expect(first.reviews).toMatchObject({ page: 1, hasNext: true });
    expect(first.reviews.rows).toHaveLength(REVIEW_LIMITS.pageSize);
    const second = await listBusinessReviews(null, { businessId: business.id, page: "2" });
    expect(second.reviews).toMatchObject({ page: 2, hasNext: false });
    expect(second.reviews.rows).toHaveLength(2);
    expect(second.summary.count).toBe(REVIEW_LIMITS.pageSize + 2);
  });
});

describe("the Bayesian score", () => {
  it("ranks fifty 4.6-star reviews above one 5-star review", () => {
    expect(bayesianScore(50, 230)).toBeGreaterThan(bayesianScore(1, 5));
    expect(bayesianScore(0, 0)).toBe(REVIEW_LIMITS.priorMean);
  });
});
