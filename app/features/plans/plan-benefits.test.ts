import { describe, expect, it } from "vitest";
import { ANALYTICS_TIERS } from "../analytics/analytics.schemas";
import { FEATURED_PLANS, PLANS } from "../../lib/reference";
import {
  benefitsOf,
  featuredPlanSummaries,
  featuredPlanSummary,
  featuringPlan,
  featuringPlanNote,
  onFeaturingPlanNote,
  perDayLabel,
  planSummaries,
  planSummary,
  pricePerDay,
  samePriceComparison,
} from "./plan-benefits";

const [free, standard, premium] = PLANS;

describe("the price per day (issue 32)", () => {
  it("divides the price by the days, rounds to the naira and says 'about' unless exact", () => {
    expect(perDayLabel(299_900, 30)).toBe("about ₦100 a day");
    expect(perDayLabel(999_900, 30)).toBe("about ₦333 a day");
    expect(perDayLabel(2_499_900, 90)).toBe("about ₦278 a day");
    expect(perDayLabel(4_999_900, 180)).toBe("about ₦278 a day");
    expect(perDayLabel(300_000, 30)).toBe("₦100 a day");
    expect(pricePerDay(300_000, 30)).toEqual({ kobo: 10_000, exact: true });
    expect(pricePerDay(999_900, 30)).toEqual({ kobo: 33_330, exact: false });
  });

  it("has none for a free plan or one without a period", () => {
    expect(perDayLabel(0, null)).toBeNull();
    expect(perDayLabel(0, 30)).toBeNull();
    expect(perDayLabel(299_900, null)).toBeNull();
  });
});

describe("what each plan adds, from the benefit data (issue 32)", () => {
  it("Free gives its listing and its analytics; Standard and Premium say what they add over the cheaper plan", () => {
    expect(planSummaries(ANALYTICS_TIERS)).toEqual({
      free: "The basics: 1 listing and 7-day analytics.",
      standard: "Adds to Free: up to 3 listings instead of 1 and 30-day analytics.",
      premium: "Adds to Standard: featured status for all your approved listings, search priority and 90-day analytics.",
    });
  });

  it("follows the data the product enforces, not the spec's feature texts", () => {
    // Only Premium features all listings and gives search priority (migration 0011's triggers).
    expect(benefitsOf(premium)).toEqual({ listingLimit: 3, featuresAllListings: true, searchPriority: true });
    expect(benefitsOf(standard)).toEqual({ listingLimit: 3, featuresAllListings: false, searchPriority: false });
    expect(featuringPlan().id).toBe("premium");
    // A longer analytics period or a higher listing limit shows at once; the limit is capped as listingLimitOf caps it.
    const longer = { ...ANALYTICS_TIERS, standard: { periods: [7, 30, 60] } };
    expect(planSummary(standard, free, longer)).toBe("Adds to Free: up to 3 listings instead of 1 and 60-day analytics.");
    expect(planSummary({ ...standard, listingLimit: 10 }, free, ANALYTICS_TIERS)).toContain("up to 3 listings instead of 1");
    // Nothing enforced added: said so rather than invented.
    expect(planSummary({ ...standard, id: "standard" }, { ...standard, name: "Other" }, ANALYTICS_TIERS)).toBe("What Other gives.");
  });

  it("compares each plan with the next cheaper one, whatever the order it is listed in", () => {
    expect(planSummaries(ANALYTICS_TIERS, [premium, free, standard])).toEqual(planSummaries(ANALYTICS_TIERS));
  });
});

describe("featured plans explained (issue 32)", () => {
  it("the cheapest says what it gives; longer ones how many more days and what that does to the price per day", () => {
    expect(featuredPlanSummaries()).toEqual({
      basic: "One listing featured for 30 days, at the top of search results and on the home page.",
      premium: "One listing featured for 90 days: 60 days more than the 30-day plan, about ₦56 less a day.",
      enterprise: "One listing featured for 180 days: 90 days more than the 90-day plan, at about the same price a day.",
    });
    // Dearer a day is said too (₦200 against ₦100).
    expect(featuredPlanSummary({ priceKobo: 1_200_000, periodDays: 60 }, { priceKobo: 300_000, periodDays: 30 })).toBe(
      "One listing featured for 60 days: 30 days more than the 30-day plan, about ₦100 more a day.",
    );
  });

  it("never names another featured plan inside a card: 'Basic' and 'Premium' are also the subscription plans' words", () => {
    for (const summary of Object.values(featuredPlanSummaries())) {
      for (const plan of [...FEATURED_PLANS, ...PLANS]) expect(summary.toLowerCase()).not.toContain(plan.name.toLowerCase());
    }
  });

  it("Premium already features every listing; at the same ₦9,999 the difference is said in one line", () => {
    expect(featuringPlanNote()).toBe(
      "The Premium subscription plan (₦9,999 per 30 days) already features all your approved listings while it runs. A featured plan is for one listing without it, or to keep one featured after the plan ends.",
    );
    expect(samePriceComparison(ANALYTICS_TIERS)).toBe(
      "Same ₦9,999, different things: the Basic featured plan features one listing for 30 days; the Premium subscription plan features all your approved listings for 30 days, with search priority and 90-day analytics.",
    );
    // No featured plan at Premium's price: no comparison.
    expect(samePriceComparison(ANALYTICS_TIERS, FEATURED_PLANS.filter((p) => p.id !== "basic"))).toBeNull();
  });

  it("tells a Premium owner plainly that the listing is featured already, until when", () => {
    expect(onFeaturingPlanNote("Mama Put Corner", new Date("2026-12-20T12:00:00Z"))).toBe(
      "You are on the Premium subscription plan: it already features Mama Put Corner and all your other approved listings until 20 Dec 2026. You need no featured plan while it lasts; one bought now starts when the plan ends (and runs alongside it if you renew the plan).",
    );
  });
});
