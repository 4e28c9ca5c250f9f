import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { featuredRequests, payments, subscriptions } from "../../../db/schema";
import { createBusiness, createOwner, createSubscription, createVisitor } from "../../../db/seed/factories";
import { createDemoPaymentProvider } from "../../features/payments/demo-payment-provider.server";
import { registerPaymentProvider, resetPaymentProviders } from "../../features/payments/payment-provider.server";
import { PLAN_EXPLAINED_TEXTS, PRICING_FAQ } from "../../features/plans/plan-texts";
import { onFeaturingPlanNote, planSummaries } from "../../features/plans/plan-benefits";
import { ANALYTICS_TIERS } from "../../features/analytics/analytics.schemas";
import { getDb } from "../../lib/db.server";
import { LISTING_TEXTS } from "../../features/listings/listing.schemas";
import * as businessCreateRoute from "../owner/business-create";
import * as dashboardRoute from "../owner/dashboard";
import * as featuredPlansRoute from "./featured-plans";
import * as paymentRoute from "./payment";
import * as pricingRoute from "./pricing";
import { hrefs, renderRoute, sessionCookie, type Rendered } from "../../../tests/support/screen-harness";

beforeEach(() => {
  resetPaymentProviders();
  registerPaymentProvider(createDemoPaymentProvider({ delayMs: 0 }));
});
afterEach(() => resetPaymentProviders());

function page(rendered: Rendered) {
  if (rendered.kind !== "page") throw new Error(`expected a page, got a redirect to ${rendered.location}`);
  return rendered;
}

async function signedInOwner(options: { plan?: "standard" | "premium" } = {}) {
  const owner = await createOwner(getDb());
  // Started a minute ago: Premium's featured status counts plans that have started (migration 0011).
  const subscription = options.plan
    ? await createSubscription(getDb(), { userId: owner.id, planId: options.plan, startsAt: new Date(Date.now() - 60_000) })
    : null;
  return { owner, subscription, cookie: await sessionCookie(owner.email) };
}

/** Where each text starts in the page, in the order given; every one must be there. */
function positions(text: string, parts: string[]): number[] {
  return parts.map((part) => {
    const at = text.indexOf(part);
    expect(at, part).toBeGreaterThan(-1);
    return at;
  });
}

const SAME_PRICE_LINE =
  "Same ₦9,999, different things: the Basic featured plan features one listing for 30 days; the Premium subscription plan features all your approved listings for 30 days, with search priority and 90-day analytics.";

describe("/pricing", () => {
  it("shows three plans with the spec's prices and features, Standard most popular, and four FAQ questions", async () => {
    const shown = page(await renderRoute(pricingRoute, "/pricing"));
    expect(shown.text).toMatch(/Free ₦0 forever/);
    expect(shown.text).toMatch(/Standard ₦2,999 per 30 days/);
    expect(shown.text).toMatch(/Premium ₦9,999 per 30 days/);
    expect(shown.text).toContain("Most Popular");
    expect(shown.text.indexOf("Most Popular")).toBeLessThan(shown.text.indexOf("Standard ₦2,999"));
    expect(shown.text).toContain("1 listing");
    for (const feature of ["Up to 3 listings", "Messaging", "Analytics", "Priority support"]) expect(shown.text).toContain(feature);
    for (const feature of ["Featured status", "Search priority", "Advanced analytics", "Social promotion", "Dedicated support"]) {
      expect(shown.text).toContain(feature);
    }
    expect(PRICING_FAQ).toHaveLength(4);
    expect(shown.html.match(/<details/g)).toHaveLength(4);
    for (const item of PRICING_FAQ) expect(shown.text).toContain(item.question);
  });

  it("promises under each plan what its analytics tier shows (issue 18), in the plans' order", async () => {
    const shown = page(await renderRoute(pricingRoute, "/pricing"));
    const at = (["free", "standard", "premium"] as const).map((id) => shown.text.indexOf(ANALYTICS_TIERS[id].promise));
    for (const i of at) expect(i).toBeGreaterThan(-1);
    expect(at).toEqual([...at].sort((x, y) => x - y));
    expect(shown.text.indexOf(ANALYTICS_TIERS.free.promise)).toBeLessThan(shown.text.indexOf("Standard ₦2,999"));
  });

  it("explains each plan beside the spec's list: what it adds over the cheaper one, the price per day, and that Premium includes featured status (issue 32)", async () => {
    const shown = page(await renderRoute(pricingRoute, "/pricing"));
    const summaries = planSummaries(ANALYTICS_TIERS);
    expect(summaries.standard).toBe("Adds to Free: up to 3 listings instead of 1 and 30-day analytics.");
    expect(summaries.premium).toBe("Adds to Standard: featured status for all your approved listings, search priority and 90-day analytics.");
    // The per-day figure right after each paid price; none for Free.
    expect(shown.text).toMatch(/Standard ₦2,999 per 30 days about ₦100 a day/);
    expect(shown.text).toMatch(/Premium ₦9,999 per 30 days about ₦333 a day/);
    expect(shown.text).not.toMatch(/₦0 a day/);
    // Each summary in its own card: after the plan's price, before the next plan; Premium's featured note and the
    // same-price comparison in Premium's card, before its button.
    const at = positions(shown.text, [
      "Free ₦0 forever",
      summaries.free!,
      "Standard ₦2,999",
      summaries.standard!,
      "Premium ₦9,999",
      summaries.premium!,
      "Featured status", // the spec's list stays, word for word, after the summary
    ]);
    expect(at).toEqual([...at].sort((x, y) => x - y));
    const note = positions(shown.text, [PLAN_EXPLAINED_TEXTS.includesFeatured, SAME_PRICE_LINE, "Choose Premium"]);
    expect(note).toEqual([...note].sort((x, y) => x - y));
    expect(note[0]).toBeGreaterThan(at[5]!);
    expect(shown.text.split(PLAN_EXPLAINED_TEXTS.includesFeatured)).toHaveLength(2);
  });

  it("steers signed-out users to log in, returning to /pricing with the chosen plan", async () => {
    const shown = page(await renderRoute(pricingRoute, "/pricing"));
    const links = hrefs(shown.html);
    for (const plan of ["free", "standard", "premium"]) expect(links).toContain(`/login?redirectTo=${encodeURIComponent(`/pricing?plan=${plan}`)}`);
    expect(links).toContain("/register/business");
    expect(links.some((l) => l.startsWith("/payment"))).toBe(false);
  });

  it("for a Free owner: Free is the current plan and disabled; paid plans go to /payment with the plan id", async () => {
    const { cookie } = await signedInOwner();
    const shown = page(await renderRoute(pricingRoute, "/pricing", { cookie }));
    expect(shown.html).toMatch(/<button[^>]*disabled=""[^>]*>Current Plan<\/button>/);
    const links = hrefs(shown.html);
    expect(links).toContain("/payment?type=subscription&plan=standard");
    expect(links).toContain("/payment?type=subscription&plan=premium");
    expect(links.some((l) => l.startsWith("/login"))).toBe(false);
  });

  it("after signing in with a chosen plan, offers to continue with it; a Standard owner can renew and choose Free (→ /dashboard)", async () => {
    const free = await signedInOwner();
    const chosen = page(await renderRoute(pricingRoute, "/pricing?plan=standard", { cookie: free.cookie }));
    expect(chosen.text).toContain("You chose the Standard plan.");
    expect(chosen.text).toContain("Continue to payment");

    const paid = await signedInOwner({ plan: "standard" });
    const shown = page(await renderRoute(pricingRoute, "/pricing", { cookie: paid.cookie }));
    expect(shown.text).toMatch(/Current Plan · until \d{1,2} \w{3} \d{4}/);
    expect(shown.text).toContain("Renew Standard");
    expect(hrefs(shown.html)).toContain("/dashboard");
  });
});

describe("/payment", () => {
  it("sends signed-out users to log in and back", async () => {
    const result = await renderRoute(paymentRoute, "/payment?type=subscription&plan=standard");
    expect(result).toMatchObject({
      kind: "redirect",
      location: `/login?redirectTo=${encodeURIComponent("/payment?type=subscription&plan=standard")}`,
    });
  });

  it("shows what is being bought and its price, then pays and lands on /dashboard with the plan shown", async () => {
    const { owner, cookie } = await signedInOwner();
    const shown = page(await renderRoute(paymentRoute, "/payment?type=subscription&plan=standard", { cookie }));
    expect(shown.text).toContain("Standard plan");
    expect(shown.text).toContain("30 days");
    expect(shown.text).toContain("Pay ₦2,999");
    expect(shown.text).toContain("Demo payment");

    const paid = await renderRoute(paymentRoute, "/payment", { cookie, form: { type: "subscription", plan: "standard" } });
    const [row] = await getDb().select().from(payments).where(eq(payments.userId, owner.id));
    expect(paid).toEqual({ kind: "redirect", status: 302, location: `/dashboard?payment=subscription&plan=standard&reference=${row!.reference}` });
    expect(row).toMatchObject({ status: "succeeded", amountKobo: 299_900, provider: "demo" });
    expect(await getDb().select().from(subscriptions).where(eq(subscriptions.userId, owner.id))).toHaveLength(1);

    const dashboard = page(await renderRoute(dashboardRoute, `/dashboard?payment=subscription&plan=standard&reference=${row!.reference}`, { cookie }));
    expect(dashboard.text).toContain("Payment successful");
    expect(dashboard.text).toContain("Your Standard plan is now active.");
    expect(dashboard.text).toMatch(/Your plan: Standard Active until \d{1,2} \w{3} \d{4}/);
  });

  it("explains instead of charging: visitors, unknown plans, Free", async () => {
    const visitor = await createVisitor(getDb());
    const vCookie = await sessionCookie(visitor.email);
    const refused = page(await renderRoute(paymentRoute, "/payment?type=subscription&plan=premium", { cookie: vCookie }));
    expect(refused.text).toContain("Business account required");
    expect(refused.text).not.toContain("Pay ₦");
    const posted = page(await renderRoute(paymentRoute, "/payment", { cookie: vCookie, form: { type: "subscription", plan: "premium" } }));
    expect(posted.text).toContain("Business account required");
    expect(await getDb().select().from(payments).where(eq(payments.userId, visitor.id))).toHaveLength(0);

    const { cookie } = await signedInOwner();
    for (const query of ["plan=free", "plan=gold", ""]) {
      expect(page(await renderRoute(paymentRoute, `/payment?${query}`, { cookie })).text).toContain("Plan not found");
    }
  });
});

describe("/featured-plans", () => {
  it("shows basic ₦9,999 / 30 days, premium ₦24,999 / 90 days (popular), enterprise ₦49,999 / 180 days, an order summary and a pay button", async () => {
    const { owner, cookie } = await signedInOwner();
    const listing = await createBusiness(getDb(), { userId: owner.id, name: "Mama Put Corner" });
    await createBusiness(getDb(), { userId: owner.id, name: "Pending Place", status: "pending" });
    const shown = page(await renderRoute(featuredPlansRoute, "/featured-plans", { cookie }));
    expect(shown.text).toMatch(/Basic ₦9,999 30 days/);
    expect(shown.text).toMatch(/Popular Premium ₦24,999 90 days/);
    expect(shown.text).toMatch(/Enterprise ₦49,999 180 days/);
    expect(shown.html.match(/type="radio"/g)).toHaveLength(3);
    expect(shown.text).toContain("Order Summary");
    // The popular plan is selected by default.
    expect(shown.text).toMatch(/Total ₦24,999/);
    expect(shown.text).toContain("Pay ₦24,999");
    expect(shown.html).toContain(`value="${listing.id}"`);
    expect(shown.text).toContain("Mama Put Corner");
    expect(shown.text).not.toContain("Pending Place");
  });

  it("explains each featured plan: the price per day, what a longer one adds, and that the Premium plan already features every listing (issue 32)", async () => {
    const shown = page(await renderRoute(featuredPlansRoute, "/featured-plans"));
    expect(shown.text).toMatch(/Basic ₦9,999 30 days about ₦333 a day One listing featured for 30 days, at the top of search results and on the home page\./);
    expect(shown.text).toMatch(/Premium ₦24,999 90 days about ₦278 a day One listing featured for 90 days: 60 days more than the 30-day plan, about ₦56 less a day\./);
    expect(shown.text).toMatch(/Enterprise ₦49,999 180 days about ₦278 a day One listing featured for 180 days: 90 days more than the 90-day plan, at about the same price a day\./);
    // The order summary gives the chosen plan's figure (the popular one by default).
    expect(shown.text).toMatch(/Duration 90 days Works out at about ₦278 a day/);
    // For everyone: Premium already features all listings, and what sets it apart from Basic at the same ₦9,999.
    expect(shown.text).toContain(
      "The Premium subscription plan (₦9,999 per 30 days) already features all your approved listings while it runs. A featured plan is for one listing without it, or to keep one featured after the plan ends.",
    );
    expect(shown.text).toContain(SAME_PRICE_LINE);
    expect(hrefs(shown.html)).toContain("/pricing");
    // Outside the cards: a card's accessible name stays its own plan (no other plan's name in it).
    const labels = [...shown.html.matchAll(/<label[^>]*class="card[^"]*"[^>]*>([\s\S]*?)<\/label>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, " "));
    expect(labels).toHaveLength(3);
    expect(labels.filter((l) => /basic/i.test(l))).toHaveLength(1);
    expect(labels.filter((l) => /premium/i.test(l))).toHaveLength(1);
  });

  it("tells an owner on the Premium plan plainly that the listing asked about is featured already, until when; not a Standard owner", async () => {
    const { owner, subscription, cookie } = await signedInOwner({ plan: "premium" });
    await createBusiness(getDb(), { userId: owner.id, name: "Adire House" });
    const asked = await createBusiness(getDb(), { userId: owner.id, name: "Bukka Corner" });
    const shown = page(await renderRoute(featuredPlansRoute, `/featured-plans?businessId=${asked.id}`, { cookie }));
    const note = onFeaturingPlanNote("Bukka Corner", subscription!.endsAt!);
    expect(note).toMatch(/^You are on the Premium subscription plan: it already features Bukka Corner and all your other approved listings until \d{1,2} \w{3} \d{4}\./);
    expect(shown.text).toContain(note);
    expect(shown.html).toMatch(/<select[^>]*aria-describedby="featuring-plan-note"/);
    // The listing can still be chosen: a placement bought now starts when the plan's featured status ends (ADR 16).
    expect(shown.html).toMatch(new RegExp(`<option value="${asked.id}" selected=""`));

    const standard = await signedInOwner({ plan: "standard" });
    const listing = await createBusiness(getDb(), { userId: standard.owner.id, name: "Chop Spot" });
    const plain = page(await renderRoute(featuredPlansRoute, `/featured-plans?businessId=${listing.id}`, { cookie: standard.cookie }));
    expect(plain.text).not.toContain("You are on the Premium subscription plan");
    expect(plain.html).not.toContain("featuring-plan-note");
    expect(plain.text).toContain("Chop Spot");
  });

  it("pays for the chosen listing and tier: a pending featured request with the payment reference, then /dashboard", async () => {
    const { owner, cookie } = await signedInOwner();
    const listing = await createBusiness(getDb(), { userId: owner.id });
    const paid = await renderRoute(featuredPlansRoute, "/featured-plans", { cookie, form: { plan: "enterprise", businessId: listing.id } });
    const [payment] = await getDb().select().from(payments).where(eq(payments.userId, owner.id));
    expect(paid).toEqual({ kind: "redirect", status: 302, location: `/dashboard?payment=featured&plan=enterprise&reference=${payment!.reference}` });
    const [request] = await getDb().select().from(featuredRequests).where(eq(featuredRequests.businessId, listing.id));
    expect(payment).toMatchObject({ purpose: "featured", amountKobo: 4_999_900, status: "succeeded" });
    expect(request).toMatchObject({ status: "pending", pricingTier: "enterprise", paymentReference: payment!.reference });

    const dashboard = page(await renderRoute(dashboardRoute, `/dashboard?payment=featured&plan=enterprise&reference=${payment!.reference}`, { cookie }));
    expect(dashboard.text).toContain("Payment successful");
    expect(dashboard.text).toContain("Your featured request was sent.");
    // What happens next, and the receipt (issue 32).
    expect(dashboard.text).toContain("If your request is refused, you are told why and the full amount is refunded.");
    expect(dashboard.html).toContain(`href="/dashboard/payments/${payment!.reference}"`);
    // Already requested: the listing is no longer offered, and paying again for it is refused.
    const again = page(await renderRoute(featuredPlansRoute, "/featured-plans", { cookie, form: { plan: "basic", businessId: listing.id } }));
    expect(again.text).toContain("You already have a pending feature request");
    expect(again.html).not.toContain(`value="${listing.id}"`);
  });

  it("signed out: a sign-in link that returns here; visitors are told it is for business accounts", async () => {
    const anonymous = page(await renderRoute(featuredPlansRoute, "/featured-plans?plan=basic"));
    expect(hrefs(anonymous.html)).toContain(`/login?redirectTo=${encodeURIComponent("/featured-plans?plan=basic")}`);
    const visitor = await createVisitor(getDb());
    const shown = page(await renderRoute(featuredPlansRoute, "/featured-plans", { cookie: await sessionCookie(visitor.email) }));
    expect(shown.text).toContain("Featured placement is for business accounts.");
    expect(shown.html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""/);
  });
});

describe("/dashboard plan card and Add Business at the plan's limit", () => {
  it("shows Free with the listing allowance, a link to /pricing, and still the spec's Add Business button", async () => {
    const { owner, cookie } = await signedInOwner();
    await createBusiness(getDb(), { userId: owner.id });
    const shown = page(await renderRoute(dashboardRoute, "/dashboard", { cookie }));
    expect(shown.text).toContain("Your plan: Free");
    expect(shown.text).toContain("1 of 1 listing used");
    expect(shown.text).toContain("You have reached your plan's listing limit.");
    expect(hrefs(shown.html)).toContain("/pricing");
    expect(hrefs(shown.html)).toContain("/business/create");
    expect(shown.text).toContain("Add Business");
  });

  it("Add Business at the limit leads to the explanation and the way to /pricing, not to a form that would be refused", async () => {
    const { owner, cookie } = await signedInOwner();
    await createBusiness(getDb(), { userId: owner.id });
    const atLimit = page(await renderRoute(businessCreateRoute, "/business/create", { cookie }));
    expect(atLimit.text).toContain(LISTING_TEXTS.limitReached.title);
    expect(atLimit.text).toContain(LISTING_TEXTS.limitReached.text);
    expect(atLimit.text).toContain("You have 1 of 1 listing");
    expect(hrefs(atLimit.html)).toContain("/pricing");
    expect(atLimit.html).not.toContain('name="name"');

    await createSubscription(getDb(), { userId: owner.id, planId: "standard" });
    const withRoom = page(await renderRoute(businessCreateRoute, "/business/create", { cookie }));
    expect(withRoom.text).not.toContain(LISTING_TEXTS.limitReached.title);
    expect(withRoom.html).toContain('name="name"');
  });
});
