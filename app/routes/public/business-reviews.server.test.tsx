import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { businesses, notifications, reviews } from "../../../db/schema";
import { createBusiness, createMessage, createOwner, createVisitor, uniqueSuffix } from "../../../db/seed/factories";
import { renderRoute, sessionCookie, type Rendered } from "../../../tests/support/screen-harness";
import { getDb } from "~/lib/db.server";
import { REVIEW_TEXTS } from "~/features/reviews/review.schemas";
import * as route from "./business-detail";

const db = () => getDb();
const OLD = () => new Date(Date.now() - 3 * 24 * 60 * 60 * 1000);
const page = (r: Rendered) => {
  if (r.kind !== "page") throw new Error(`expected a page, got a redirect to ${r.location}`);
  return r;
};
const pattern = "businesses/:id";

async function scene() {
  const owner = await createOwner(db(), { createdAt: OLD() });
  const business = await createBusiness(db(), { userId: owner.id, name: `Buka ${uniqueSuffix()}` });
  return { owner, business, path: `/businesses/${business.id}` };
}

describe("reviews on the business page", () => {
  it("shows no rating and no AggregateRating without reviews, and a login link to anonymous visitors", async () => {
    const { path } = await scene();
    const shown = page(await renderRoute(route, path, { pattern }));
    expect(shown.text).toContain("No reviews yet.");
    expect(shown.text).toContain("Log in to write a review");
    expect(shown.html).not.toContain("<textarea");
    const loaded = (await route.loader({ request: new Request(`http://localhost${path}`), params: { id: path.split("/")[2]! }, context: {} } as never)) as { jsonLd: string };
    expect(loaded.jsonLd).not.toContain("AggregateRating");
  });

  it("lets a visitor the business answered review it (verified contact), the owner reply, and shows the rating and JSON-LD", async () => {
    const { owner, business, path } = await scene();
    const visitor = await createVisitor(db(), { createdAt: OLD(), firstName: "Chioma", lastName: "Eze" });
    await createMessage(db(), { businessId: business.id, senderId: visitor.id });
    await createMessage(db(), { businessId: business.id, senderId: owner.id, senderType: "business", visitorId: visitor.id });
    const visitorCookie = await sessionCookie(visitor.email);

    // Bad input keeps what was typed and says why.
    // Before writing: no rating is chosen for them, and the form says when a review waits for a moderator (issue 32).
    const form = page(await renderRoute(route, path, { pattern, cookie: visitorCookie }));
    expect(form.html).toMatch(/<form [^>]*noValidate=""[^>]*><input type="hidden" name="intent" value="save-review"/);
    expect(form.html).not.toMatch(/name="stars"[^>]*checked/);
    expect(form.text).toContain(REVIEW_TEXTS.moderationNote);
    // Nothing chosen and a short text: both said, each beside its field, and the text kept.
    const both = page(await renderRoute(route, path, { pattern, cookie: visitorCookie, form: { intent: "save-review", body: "Too short" } }));
    expect(both.html).toMatch(/id="review-stars-error"[^>]*>Please choose a rating from 1 to 5 stars</);
    expect(both.html).toMatch(/id="review-body-error"[^>]*>Review must be between/);
    expect(both.html).toContain(">Too short</textarea>");
    const refused = page(await renderRoute(route, path, { pattern, cookie: visitorCookie, form: { intent: "save-review", stars: "4", body: "Too short" } }));
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(REVIEW_TEXTS.length);
    expect(refused.html).toContain(">Too short</textarea>");

    const hostile = `<img src=x onerror=alert(1)>Great suya & fast service, "really" good`;
    const saved = await renderRoute(route, path, { pattern, cookie: visitorCookie, form: { intent: "save-review", stars: "4", body: hostile } });
    expect(saved).toMatchObject({ kind: "redirect", location: `${path}#reviews` });

    const ownerCookie = await sessionCookie(owner.email);
    const [row] = await db().select({ id: reviews.id }).from(reviews).where(eq(reviews.businessId, business.id));
    const replied = await renderRoute(route, path, { pattern, cookie: ownerCookie, form: { intent: "reply", reviewId: row!.id, reply: "Thank you, Chioma!" } });
    expect(replied.kind).toBe("redirect");
    const [notice] = await db().select().from(notifications).where(eq(notifications.userId, visitor.id));
    expect(notice?.title).toBe(REVIEW_TEXTS.replyNoticeTitle);

    const anonymous = page(await renderRoute(route, path, { pattern }));
    expect(anonymous.text).toContain("4.0 ★ 1 review");
    expect(anonymous.text).toContain("Chioma E.");
    expect(anonymous.text).toContain("Verified contact");
    expect(anonymous.text).toContain("Response from the owner Thank you, Chioma!");
    expect(anonymous.text).toContain('Great suya & fast service, "really" good');
    expect(anonymous.html).not.toContain("<img src=x");
    // The order being read is shown as chosen, the other is a link (issue 32).
    expect(anonymous.html).toMatch(/<span class="sort-option" aria-current="true">Newest<\/span>/);
    expect(anonymous.html).toMatch(/<a class="sort-option" href="[^"]*reviews=helpful[^"]*"[^>]*>Most helpful<\/a>/);
    const helpfulFirst = page(await renderRoute(route, `${path}?reviews=helpful`, { pattern }));
    expect(helpfulFirst.html).toMatch(/<span class="sort-option" aria-current="true">Most helpful<\/span>/);
    expect(helpfulFirst.html).toMatch(/<a class="sort-option" href="[^"]*reviews=newest[^"]*"[^>]*>Newest<\/a>/);

    // The owner sees reply forms, not a review form.
    const ownerView = page(await renderRoute(route, path, { pattern, cookie: ownerCookie }));
    expect(ownerView.text).toContain("Edit your public reply");
    expect(ownerView.text).not.toContain("Write a review");
    const ownerRefused = page(await renderRoute(route, path, { pattern, cookie: ownerCookie, form: { intent: "save-review", stars: "5", body: "Best business in Lagos!" } }));
    expect(ownerRefused.text).toContain(REVIEW_TEXTS.ownBusiness);

    const loaded = (await route.loader({ request: new Request(`http://localhost${path}`), params: { id: business.id }, context: {} } as never)) as { jsonLd: string };
    const [ld] = JSON.parse(loaded.jsonLd) as [{ aggregateRating: unknown; review: { reviewBody: string }[] }];
    expect(ld.aggregateRating).toEqual({ "@type": "AggregateRating", ratingValue: "4.0", reviewCount: 1, bestRating: 5, worstRating: 1 });
    expect(ld.review).toHaveLength(1);
    expect(loaded.jsonLd).not.toContain("<");

    // The author edits, then deletes; the listing's aggregates follow.
    const visitorView = page(await renderRoute(route, path, { pattern, cookie: visitorCookie }));
    expect(visitorView.text).toContain("Update review");
    await renderRoute(route, path, { pattern, cookie: visitorCookie, form: { intent: "delete-review", reviewId: row!.id } });
    const [after] = await db().select({ count: businesses.reviewCount }).from(businesses).where(eq(businesses.id, business.id));
    expect(after?.count).toBe(0);
    expect(page(await renderRoute(route, path, { pattern })).text).toContain("No reviews yet.");
  });

  it("refuses anonymous posts with the login text", async () => {
    const { path } = await scene();
    const refused = page(await renderRoute(route, path, { pattern, form: { intent: "save-review", stars: "5", body: "Lovely place to eat." } }));
    expect(refused.status).toBe(401);
    expect(refused.text).toContain(REVIEW_TEXTS.loginRequired);
  });
});
