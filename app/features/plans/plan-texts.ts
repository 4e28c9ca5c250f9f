/**
 * Texts of the pricing and featured-plans screens. Client-safe and small (no reference lists). Marked with msg() and
 * shown with t() (issue 36): the English text is the catalog key (app/locales/<language>/plans.json).
 */
import { msg } from "../../lib/i18n/i18n";

export const PRICING_TEXTS = {
  title: msg("Choose Your Plan"),
  intro: msg("Start free with one listing. Upgrade to list up to three businesses and reach more customers."),
  mostPopular: msg("Most Popular"),
  popular: msg("Popular"),
  currentPlan: msg("Current Plan"),
  signInPrompt: msg("Sign in or create a business account to choose a plan."),
  chosen: msg("You chose the {{plan}} plan."),
  continueToPayment: msg("Continue to payment"),
  faqTitle: msg("Frequently Asked Questions"),
} as const;

/** The pricing FAQ: four questions (spec 02 §9). */
export const PRICING_FAQ: readonly { question: string; answer: string }[] = [
  {
    question: msg("Can I change my plan later?"),
    answer:
      msg("Yes. You can upgrade at any time: a paid plan starts as soon as your payment is confirmed and runs for 30 days. Paying again for the plan you already have adds 30 days to it."),
  },
  {
    question: msg("What happens when my paid plan ends?"),
    answer:
      msg("Your listings stay online. You can keep editing them, but you can only add new listings within the Free plan's limit of one until you renew."),
  },
  {
    question: msg("How do I pay?"),
    answer:
      msg("Online, on the payment page that follows your choice. Prices are in Naira (NGN); you see the exact amount before you pay, and every payment gets a reference you can quote to our support team."),
  },
  {
    question: msg("What is a featured listing?"),
    answer:
      msg("Featured listings appear first in search results and on the home page. Choose a featured plan for one of your approved listings; an admin reviews the request and the placement runs for the plan's period."),
  },
];

export const FEATURED_TEXTS = {
  title: msg("Featured Plans"),
  intro: msg("Put your business at the top of search results and on the home page."),
  chooseListing: msg("Listing to feature"),
  noListings: msg("You have no approved listing that can be featured right now. Featured or already requested listings are not shown."),
  signIn: msg("Sign in with your business account to feature one of your listings."),
  businessOnly: msg("Featured placement is for business accounts."),
  summary: msg("Order Summary"),
  pay: msg("Pay {{amount}}"),
  processing: msg("Processing payment…"),
} as const;

/**
 * The spec's feature lists of the plans (PLANS in app/lib/reference.ts, which keeps them unmarked), marked here so
 * the catalogs hold them: the pricing and payment pages show each with t(). A feature the list below lacks shows
 * in English.
 */
export const PLAN_FEATURE_TEXTS = [
  msg("1 listing"),
  msg("Up to 3 listings"),
  msg("Messaging"),
  msg("Analytics"),
  msg("Priority support"),
  msg("Featured status"),
  msg("Search priority"),
  msg("Advanced analytics"),
  msg("Social promotion"),
  msg("Dedicated support"),
] as const;

/**
 * What each plan and featured plan adds, what it costs a day, and how the Premium plan differs from a featured plan
 * (issue 32). Templates only: plan-benefits.ts fills them from the benefit data the product enforces (listing limits,
 * Premium's featured status and search priority, the analytics tiers) and the plans' prices, so they cannot drift.
 */
export const PLAN_EXPLAINED_TEXTS = {
  /** The price per day: exact, or rounded to the naira. */
  perDay: msg("{{amount}} a day"),
  perDayAbout: msg("about {{amount}} a day"),
  /** The cheapest plan: what it gives. */
  base: msg("The basics: {{gains}}."),
  /** Any other plan: what it adds over the next cheaper one. */
  adds: msg("Adds to {{previous}}: {{gains}}."),
  /** A plan that adds nothing the product enforces over the next cheaper one. */
  sameAs: msg("What {{previous}} gives."),
  listings: msg("{{limit}} listing"),
  listingsUpTo: msg("up to {{limit}} listings"),
  moreListings: msg("up to {{limit}} listings instead of {{previous}}"),
  featuresAll: msg("featured status for all your approved listings"),
  searchPriority: msg("search priority"),
  analyticsDays: msg("{{days}}-day analytics"),
  /** A featured plan's card: the cheapest, then each over the next cheaper one (named by its days, not its name). */
  featuredFirst: msg("One listing featured for {{days}} days, at the top of search results and on the home page."),
  featuredLonger: msg("One listing featured for {{days}} days: {{more}} days more than the {{previousDays}}-day plan, {{perDay}}."),
  cheaperPerDay: msg("about {{amount}} less a day"),
  dearerPerDay: msg("about {{amount}} more a day"),
  samePerDay: msg("at about the same price a day"),
  /** The order summary's row of the price per day. */
  perDayRow: msg("Works out at"),
  /** On the Premium plan's card (/pricing). */
  includesFeatured:
    msg("Featured status included: all your approved listings are featured for as long as the plan runs, so you need no separate featured plan."),
  /** /featured-plans, for everyone. */
  featuringPlanNote:
    msg("The {{plan}} subscription plan ({{price}} per {{days}} days) already features all your approved listings while it runs. A featured plan is for one listing without it, or to keep one featured after the plan ends."),
  seePlans: msg("See subscription plans"),
  /** Both pages, when a featured plan costs what the Premium plan costs. */
  samePrice:
    msg("Same {{price}}, different things: the {{featured}} featured plan features one listing for {{featuredDays}} days; the {{plan}} subscription plan features all your approved listings for {{planDays}} days, with {{extras}}."),
  /** /featured-plans, for an owner whose Premium plan features the chosen listing now. */
  onFeaturingPlan:
    msg("You are on the {{plan}} subscription plan: it already features {{listing}} and all your other approved listings until {{date}}. You need no featured plan while it lasts; one bought now starts when the plan ends (and runs alongside it if you renew the plan)."),
} as const;
