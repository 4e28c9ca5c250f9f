import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { businesses, featuredRequests, subscriptions } from "../../../db/schema";
import { createAdmin, createBusiness, createOwner, createSubscription, uniqueSuffix } from "../../../db/seed/factories";
import { actorFor } from "../../../tests/support/actors";
import { refusal } from "../../../tests/support/refusals";
import { getDb } from "../../lib/db.server";
import { parseBusinessFilters } from "../directory/parse-business-filters";
import { listFeaturedBusinesses } from "../directory/list-featured-businesses.server";
import { resetSearchCaches, searchBusinesses } from "../directory/search-businesses.server";
import { getPublicBusiness } from "../directory/get-public-business.server";
import { clearEndedPremium } from "../featured/expire-featured.server";
import { FEATURE_TEXTS } from "../featured/featured.schemas";
import { listFeaturableListings } from "../featured/list-featurable-listings.server";
import { requestFeature } from "../featured/request-feature.server";
import { reviewFeaturedRequest } from "../featured/review-featured-request.server";
import { createDemoPaymentProvider } from "../payments/demo-payment-provider.server";
import { payForPlan } from "../payments/pay-for-plan.server";
import { registerPaymentProvider, resetPaymentProviders } from "../payments/payment-provider.server";

const DAY = 86_400_000;
const uniqueWord = () => `zq${uniqueSuffix()}`;
const search = (query: string, options?: Parameters<typeof searchBusinesses>[1]) => searchBusinesses(parseBusinessFilters(new URLSearchParams(query)), options);
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

async function premiumUntilOf(businessId: string) {
  const [row] = await getDb().select({ premiumUntil: businesses.premiumUntil }).from(businesses).where(eq(businesses.id, businessId));
  return row?.premiumUntil ?? null;
}

/** An owner on a running Premium plan (as a paid plan leaves it), ending in `days`. */
async function premiumOwner(days = 20) {
  const owner = await createOwner(getDb());
  const sub = await createSubscription(getDb(), { userId: owner.id, planId: "premium", startsAt: new Date(Date.now() - DAY), endsAt: new Date(Date.now() + days * DAY) });
  return { owner, sub };
}

/** As if the clock passed the plan's end: the copied end is in the past, and nothing has cleared it yet. */
async function planEndPassed(ownerId: string) {
  await getDb().update(businesses).set({ premiumUntil: new Date(Date.now() - 60_000) }).where(eq(businesses.userId, ownerId));
}

beforeEach(() => {
  resetPaymentProviders();
  registerPaymentProvider(createDemoPaymentProvider({ delayMs: 0 }));
});
afterEach(() => resetPaymentProviders());

describe("Premium's featured status", () => {
  it("features every listing of a Premium owner (old and new) on search, the home page and the business page, and stops at the plan's end", async () => {
    const word = uniqueWord();
    const { owner, sub } = await premiumOwner();
    const before = await createBusiness(getDb(), { userId: owner.id, name: `Premium Old ${word}`, createdAt: minutesAgo(50) });
    // A listing made while the plan runs gets it too (the trigger copies the owner's end).
    const after = await createBusiness(getDb(), { userId: owner.id, name: `Premium New ${word}` });
    const plain = await createBusiness(getDb(), { userId: (await createOwner(getDb())).id, name: `Plain ${word}`, createdAt: minutesAgo(1) });
    expect((await premiumUntilOf(before.id))?.getTime()).toBe(sub.endsAt!.getTime());
    expect((await premiumUntilOf(after.id))?.getTime()).toBe(sub.endsAt!.getTime());
    expect(await premiumUntilOf(plain.id)).toBeNull();

    const found = await search(`q=${word}`);
    expect(found.items.map((i) => [i.id, i.featured])).toEqual([
      [after.id, true],
      [before.id, true],
      [plain.id, false],
    ]);
    const home = await listFeaturedBusinesses(50);
    expect(home.map((c) => c.id)).toEqual(expect.arrayContaining([before.id, after.id]));
    expect(home.map((c) => c.id)).not.toContain(plain.id);
    expect((await getPublicBusiness(before.id)).featured).toBe(true);
    // The featured-plans page still offers them: a placement would carry on after the plan.
    expect((await listFeaturableListings(await actorFor(owner))).map((l) => l.id).sort()).toEqual([before.id, after.id].sort());

    // The plan's end passes: nothing has to run for the benefits to stop.
    await planEndPassed(owner.id);
    const later = await search(`q=${word}`);
    expect(later.items.map((i) => i.featured)).toEqual([false, false, false]);
    // Without priority, newest first at equal relevance.
    expect(later.items.map((i) => i.id)).toEqual([after.id, plain.id, before.id]);
    expect((await listFeaturedBusinesses(50)).map((c) => c.id)).not.toContain(before.id);
    expect((await getPublicBusiness(before.id)).featured).toBe(false);
    // The job then clears the passed ends (the partial index of Premium listings holds only running plans).
    expect((await clearEndedPremium()).cleared).toBeGreaterThanOrEqual(2);
    expect(await premiumUntilOf(before.id)).toBeNull();
    expect(await clearEndedPremium()).toEqual({ cleared: 0 });
  });

  it("comes with a paid Premium plan in the payment's transaction, and a Standard plan gives none", async () => {
    const premium = await createOwner(getDb());
    const standard = await createOwner(getDb());
    const listing = await createBusiness(getDb(), { userId: premium.id });
    const other = await createBusiness(getDb(), { userId: standard.id });
    const paid = await payForPlan(await actorFor(premium), { type: "subscription", plan: "premium" });
    expect(paid).toMatchObject({ status: "paid" });
    await payForPlan(await actorFor(standard), { type: "subscription", plan: "standard" });
    const [sub] = await getDb().select().from(subscriptions).where(eq(subscriptions.userId, premium.id));
    expect((await premiumUntilOf(listing.id))?.getTime()).toBe(sub!.endsAt!.getTime());
    expect(await premiumUntilOf(other.id)).toBeNull();
    // Renewing moves the end of every listing with it.
    await payForPlan(await actorFor(premium), { type: "subscription", plan: "premium" });
    expect((await premiumUntilOf(listing.id))!.getTime()).toBe(sub!.endsAt!.getTime() + 30 * DAY);
  });

  it("is not given by an expired, cancelled or not yet started Premium subscription", async () => {
    const owner = await createOwner(getDb());
    const listing = await createBusiness(getDb(), { userId: owner.id });
    await createSubscription(getDb(), { userId: owner.id, planId: "premium", status: "expired", startsAt: new Date(Date.now() - DAY) });
    await createSubscription(getDb(), { userId: owner.id, planId: "premium", status: "cancelled", startsAt: new Date(Date.now() - DAY) });
    await createSubscription(getDb(), { userId: owner.id, planId: "premium", startsAt: new Date(Date.now() - 40 * DAY) });
    await createSubscription(getDb(), { userId: owner.id, planId: "premium", startsAt: new Date(Date.now() + DAY) });
    expect(await premiumUntilOf(listing.id)).toBeNull();
  });
});

describe("Premium's search priority", () => {
  it("ranks a Premium owner's listing above other featured listings of equal relevance, newer or not, but not above a better match", async () => {
    const word = uniqueWord();
    const { owner } = await premiumOwner();
    const placementOwner = (await createOwner(getDb())).id;
    const premiumListing = await createBusiness(getDb(), { userId: owner.id, name: `Alpha ${word}`, createdAt: minutesAgo(90) });
    const placed = await createBusiness(getDb(), { userId: placementOwner, name: `Beta ${word}`, featured: true, createdAt: minutesAgo(1) });
    // The word in the name (weight A) is more relevant than in the description (weight D).
    const better = await createBusiness(getDb(), { userId: placementOwner, name: `Gamma ${word} ${word}`, featured: true, createdAt: minutesAgo(2) });
    const described = await createBusiness(getDb(), { userId: owner.id, name: `Delta Shop`, description: `We sell ${word}.`, createdAt: minutesAgo(3) });

    const ranked = (await search(`q=${word}`)).items.map((i) => i.id);
    expect(ranked.indexOf(premiumListing.id)).toBeLessThan(ranked.indexOf(placed.id));
    expect(ranked.indexOf(better.id)).toBeLessThan(ranked.indexOf(premiumListing.id));
    expect(ranked.at(-1)).toBe(described.id);

    await planEndPassed(owner.id);
    const after = (await search(`q=${word}`)).items.map((i) => i.id);
    expect(after.indexOf(placed.id)).toBeLessThan(after.indexOf(premiumListing.id));
  });

  it("puts Premium listings first when browsing (every listing of equal relevance); the home page shows featured listings newest first", async () => {
    const { owner } = await premiumOwner();
    const premiumListing = await createBusiness(getDb(), { userId: owner.id, createdAt: minutesAgo(60 * 24 * 400) });
    const placed = await createBusiness(getDb(), { userId: (await createOwner(getDb())).id, featured: true });
    const browse = (await search("")).items.map((i) => i.id);
    // The placement is the newest featured listing, yet the year-old Premium listing comes before it.
    expect(browse).toContain(premiumListing.id);
    expect(browse.indexOf(premiumListing.id)).toBeLessThan(browse.indexOf(placed.id));
    const home = (await listFeaturedBusinesses(50)).map((c) => c.id);
    expect(home.indexOf(placed.id)).toBeLessThan(home.indexOf(premiumListing.id));
    expect(home).toContain(premiumListing.id);
  });

  it("puts Premium listings first in a large result read in index order", async () => {
    const word = uniqueWord();
    const ownerId = (await createOwner(getDb())).id;
    await getDb().execute(sql`
      insert into businesses (user_id, name, description, state, category, approved, approval_status, approved_at, created_at, updated_at)
      select ${ownerId}, 'Bulk listing ' || g, 'We sell ' || ${word} || ' every day.', 'Oyo', 'Bakery', true, 'approved', now(), now() - make_interval(mins => 1000 + g), now()
      from generate_series(1, 300) as g`);
    const { owner } = await premiumOwner();
    const premiumListing = await createBusiness(getDb(), { userId: owner.id, description: `${word} deals`, createdAt: minutesAgo(9000) });
    const placed = await createBusiness(getDb(), { userId: ownerId, description: `${word} deals`, featured: true, createdAt: minutesAgo(10) });
    await getDb().execute(sql`analyze businesses`);
    resetSearchCaches();
    const result = await search(`q=${word}`, { exactMatchLimit: 100, sampleTarget: 300, denseShare: 1.01 });
    expect(result.isEstimate).toBe(true);
    expect(result.items.slice(0, 2).map((i) => i.id)).toEqual([premiumListing.id, placed.id]);
  });
});

describe("placements and the Premium plan's end", () => {
  it("lets an owner keep a Premium listing featured: the placement starts where the plan's featured status ends", async () => {
    const { owner, sub } = await premiumOwner(5);
    const listing = await createBusiness(getDb(), { userId: owner.id });
    const admin = await actorFor(await createAdmin(getDb()));
    const { requestId } = await requestFeature(await actorFor(owner), listing.id);
    const reviewed = await reviewFeaturedRequest(admin, { requestId, status: "approved" });
    expect(reviewed.startDate!.getTime()).toBe(sub.endsAt!.getTime());
    const [row] = await getDb().select({ featuredUntil: businesses.featuredUntil }).from(businesses).where(eq(businesses.id, listing.id));
    expect(row!.featuredUntil!.getTime()).toBe(reviewed.endDate!.getTime());
    expect(reviewed.endDate!.getTime()).toBeGreaterThan(sub.endsAt!.getTime() + 27 * DAY);
    // After the plan, the listing stays featured by its own placement.
    await planEndPassed(owner.id);
    expect((await getPublicBusiness(listing.id)).featured).toBe(true);
  });

  it("lets a placement be renewed from 7 days before its end (added to its end), not earlier", async () => {
    const owner = await createOwner(getDb());
    const actor = await actorFor(owner);
    const admin = await actorFor(await createAdmin(getDb()));
    const far = await createBusiness(getDb(), { userId: owner.id, featured: true, featuredUntil: new Date(Date.now() + 20 * DAY) });
    const soon = await createBusiness(getDb(), { userId: owner.id, featured: true, featuredUntil: new Date(Date.now() + 3 * DAY) });
    const forever = await createBusiness(getDb(), { userId: owner.id, featured: true, featuredUntil: null });
    expect(await refusal(requestFeature(actor, far.id))).toMatchObject({ code: "conflict", message: FEATURE_TEXTS.alreadyFeatured });
    expect(await refusal(requestFeature(actor, forever.id))).toMatchObject({ code: "conflict", message: FEATURE_TEXTS.alreadyFeatured });
    const { requestId } = await requestFeature(actor, soon.id);
    const reviewed = await reviewFeaturedRequest(admin, { requestId, status: "approved" });
    expect(reviewed.startDate!.getTime()).toBe(soon.featuredUntil!.getTime());
    const [request] = await getDb().select().from(featuredRequests).where(eq(featuredRequests.id, requestId));
    expect(request!.status).toBe("approved");
  });
});
