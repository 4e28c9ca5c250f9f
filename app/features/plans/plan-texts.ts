/** Texts of the pricing and featured-plans screens. Client-safe and small (no reference lists). */
export const PRICING_TEXTS = {
  title: "Choose Your Plan",
  intro: "Start free with one listing. Upgrade to list up to three businesses and reach more customers.",
  mostPopular: "Most Popular",
  popular: "Popular",
  currentPlan: "Current Plan",
  signInPrompt: "Sign in or create a business account to choose a plan.",
  chosen: "You chose the {plan} plan.",
  continueToPayment: "Continue to payment",
  faqTitle: "Frequently Asked Questions",
} as const;

/** The pricing FAQ: four questions (spec 02 §9). */
export const PRICING_FAQ: readonly { question: string; answer: string }[] = [
  {
    question: "Can I change my plan later?",
    answer:
      "Yes. You can upgrade at any time: a paid plan starts as soon as your payment is confirmed and runs for 30 days. Paying again for the plan you already have adds 30 days to it.",
  },
  {
    question: "What happens when my paid plan ends?",
    answer:
      "Your listings stay online. You can keep editing them, but you can only add new listings within the Free plan's limit of one until you renew.",
  },
  {
    question: "How do I pay?",
    answer:
      "Online, on the payment page that follows your choice. Prices are in Naira (NGN); you see the exact amount before you pay, and every payment gets a reference you can quote to our support team.",
  },
  {
    question: "What is a featured listing?",
    answer:
      "Featured listings appear first in search results and on the home page. Choose a featured plan for one of your approved listings; an admin reviews the request and the placement runs for the plan's period.",
  },
];

export const FEATURED_TEXTS = {
  title: "Featured Plans",
  intro: "Put your business at the top of search results and on the home page.",
  chooseListing: "Listing to feature",
  noListings: "You have no approved listing that can be featured right now. Featured or already requested listings are not shown.",
  signIn: "Sign in with your business account to feature one of your listings.",
  businessOnly: "Featured placement is for business accounts.",
  summary: "Order Summary",
  pay: "Pay",
  processing: "Processing payment…",
} as const;

/**
 * What each plan and featured plan adds, what it costs a day, and how the Premium plan differs from a featured plan
 * (issue 32). Templates only: plan-benefits.ts fills them from the benefit data the product enforces (listing limits,
 * Premium's featured status and search priority, the analytics tiers) and the plans' prices, so they cannot drift.
 */
export const PLAN_EXPLAINED_TEXTS = {
  /** The price per day: exact, or rounded to the naira. */
  perDay: "{amount} a day",
  perDayAbout: "about {amount} a day",
  /** The cheapest plan: what it gives. */
  base: "The basics: {gains}.",
  /** Any other plan: what it adds over the next cheaper one. */
  adds: "Adds to {previous}: {gains}.",
  /** A plan that adds nothing the product enforces over the next cheaper one. */
  sameAs: "What {previous} gives.",
  listings: "{count} listing",
  listingsUpTo: "up to {count} listings",
  moreListings: "up to {count} listings instead of {previous}",
  featuresAll: "featured status for all your approved listings",
  searchPriority: "search priority",
  analyticsDays: "{days}-day analytics",
  /** A featured plan's card: the cheapest, then each over the next cheaper one (named by its days, not its name). */
  featuredFirst: "One listing featured for {days} days, at the top of search results and on the home page.",
  featuredLonger: "One listing featured for {days} days: {more} days more than the {previousDays}-day plan, {perDay}.",
  cheaperPerDay: "about {amount} less a day",
  dearerPerDay: "about {amount} more a day",
  samePerDay: "at about the same price a day",
  /** The order summary's row of the price per day. */
  perDayRow: "Works out at",
  /** On the Premium plan's card (/pricing). */
  includesFeatured:
    "Featured status included: all your approved listings are featured for as long as the plan runs, so you need no separate featured plan.",
  /** /featured-plans, for everyone. */
  featuringPlanNote:
    "The {plan} subscription plan ({price} per {days} days) already features all your approved listings while it runs. A featured plan is for one listing without it, or to keep one featured after the plan ends.",
  seePlans: "See subscription plans",
  /** Both pages, when a featured plan costs what the Premium plan costs. */
  samePrice:
    "Same {price}, different things: the {featured} featured plan features one listing for {featuredDays} days; the {plan} subscription plan features all your approved listings for {planDays} days, with {extras}.",
  /** /featured-plans, for an owner whose Premium plan features the chosen listing now. */
  onFeaturingPlan:
    "You are on the {plan} subscription plan: it already features {listing} and all your other approved listings until {date}. You need no featured plan while it lasts; one bought now starts when the plan ends (and runs alongside it if you renew the plan).",
} as const;
