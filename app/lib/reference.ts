/**
 * The product's reference lists and constants (spec 01 §3 and §9, spec 02 §9, decisions page).
 * Client-safe: no server imports. Every screen, schema and seed reads these instead of repeating them.
 */
import { msg, t } from "./i18n/i18n";

/** The 36 states plus FCT, used by filters and listings (decisions page: 37 regions). */
export const REGIONS = [
  "Abia", "Adamawa", "Akwa Ibom", "Anambra", "Bauchi", "Bayelsa", "Benue", "Borno",
  "Cross River", "Delta", "Ebonyi", "Edo", "Ekiti", "Enugu", "FCT", "Gombe", "Imo",
  "Jigawa", "Kaduna", "Kano", "Katsina", "Kebbi", "Kogi", "Kwara", "Lagos", "Nasarawa",
  "Niger", "Ogun", "Ondo", "Osun", "Oyo", "Plateau", "Rivers", "Sokoto", "Taraba",
  "Yobe", "Zamfara",
] as const;
export type Region = (typeof REGIONS)[number];

/** The sign-up list: the same states with FCT labelled 'FCT - Abuja', plus 'Other' (38 options). */
// Computed lists are marked pure so the browser bundle drops them (and what they read) where unused.
export const SIGNUP_REGIONS = /* @__PURE__ */ (() => [...REGIONS.map((r) => (r === "FCT" ? "FCT - Abuja" : r)), "Other"] as const)();

/** Maps a sign-up region label back to the directory's region (FCT - Abuja → FCT); null for Other. */
export function regionFromSignupLabel(label: string): Region | null {
  if (label === "FCT - Abuja") return "FCT";
  return (REGIONS as readonly string[]).includes(label) ? (label as Region) : null;
}

/**
 * 63 business categories, including every one the spec names. The stored values and addresses are these English
 * names; people read them through categoryName() (issue 36). Marked pure, as the computed lists above.
 */
export const CATEGORIES = /* @__PURE__ */ (() => [
  msg("Accounting firm"), msg("Agricultural tools store"), msg("Auto parts store"), msg("Bakery"), msg("Bank"),
  msg("Barber shop"), msg("Beauty salon"), msg("Bookshop"), msg("Boutique"), msg("Building materials store"),
  msg("Car dealer"), msg("Car wash"), msg("Carpenter"), msg("Caterer"), msg("Cinema"), msg("Clinic"), msg("Computer repair"),
  msg("Cosmetics store"), msg("Courier service"), msg("Dentist"), msg("Driving school"), msg("Dry cleaner"), msg("Eatery"),
  msg("Electrician"), msg("Electronics store"), msg("Event centre"), msg("Event planner"), msg("Fashion designer"),
  msg("Filling station"), msg("Fitness centre"), msg("Furniture store"), msg("Gas refill station"), msg("Generator repair"),
  msg("Grocery store"), msg("Hardware store"), msg("Hospital"), msg("Hotel"), msg("Interior decorator"), msg("Internet cafe"),
  msg("Laundry"), msg("Law firm"), msg("Logistics company"), msg("Mechanic"), msg("Mobile phone store"), msg("Painter"),
  msg("Pharmacy store"), msg("Photographer"), msg("Plumber"), msg("Poultry farm"), msg("Printing press"),
  msg("Real estate agent"), msg("Restaurant/Bar"), msg("School"), msg("Security company"), msg("Shoe store"),
  msg("Solar installer"), msg("Supermarket"), msg("Tailor"), msg("Travel agency"), msg("Tyre shop"), msg("Vulcanizer"),
  msg("Water factory"), msg("Web developer"),
] as const)();
export type Category = (typeof CATEGORIES)[number];

/**
 * A category as people read it in the current language (issue 36): its common local name where there is one, else
 * the English name (the catalogs' directory.json). Anything not a category is shown as it is.
 */
export function categoryName(category: string): string {
  return (CATEGORIES as readonly string[]).includes(category) ? t(category) : category;
}

/** Countries or sign-up regions for a select: places keep their names; 'Other' is said in the current language. */
export function placeOptions(places: readonly string[]): { value: string; label: string }[] {
  return places.map((place) => ({ value: place, label: place === "Other" ? t("Other") : place }));
}

/** The categories for a select: the English name as the value (stored and in addresses), the current language's as the label. */
export function categoryOptions(): { value: Category; label: string }[] {
  return CATEGORIES.map((category) => ({ value: category, label: categoryName(category) }));
}

/** Finds the category whose name matches case-insensitively (the home grid links use lowercase names). */
export function findCategory(value: string | null | undefined): Category | null {
  if (!value) return null;
  const wanted = value.trim().toLowerCase();
  return CATEGORIES.find((c) => c.toLowerCase() === wanted) ?? null;
}

/** Finds the region whose name matches case-insensitively; 'FCT - Abuja' counts as FCT. */
export function findRegion(value: string | null | undefined): Region | null {
  if (!value) return null;
  const wanted = value.trim().toLowerCase();
  if (wanted === "fct - abuja" || wanted === "abuja") return "FCT";
  return REGIONS.find((r) => r.toLowerCase() === wanted) ?? null;
}

/** 15 countries: Nigeria first and default, 'Other' last, including every phone code's country. */
export const COUNTRIES = [
  "Nigeria", "Ghana", "Kenya", "South Africa", "United States", "Canada", "United Kingdom",
  "India", "China", "Germany", "France", "Cameroon", "Benin", "Togo", "Other",
] as const;
export type Country = (typeof COUNTRIES)[number];
export const DEFAULT_COUNTRY: Country = "Nigeria";

export const PHONE_CODES = [
  { code: "+234", country: "Nigeria" },
  { code: "+1", country: "United States / Canada" },
  { code: "+44", country: "United Kingdom" },
  { code: "+233", country: "Ghana" },
  { code: "+254", country: "Kenya" },
  { code: "+27", country: "South Africa" },
  { code: "+91", country: "India" },
  { code: "+86", country: "China" },
  { code: "+49", country: "Germany" },
  { code: "+33", country: "France" },
] as const;
export const DEFAULT_PHONE_CODE = "+234";

export const ROLES = ["visitor", "business", "admin"] as const;
export type Role = (typeof ROLES)[number];
/** Values the profiles.role column accepts: 'user' is a legacy value read as visitor. */
export const STORED_ROLES = /* @__PURE__ */ (() => [...ROLES, "user"] as const)();

export const KYC_STATUSES = ["none", "pending", "approved", "rejected"] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];
export const APPROVAL_STATUSES = ["pending", "approved", "rejected"] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
export const FEATURED_REQUEST_STATUSES = ["pending", "approved", "rejected"] as const;
export const PRICING_TIERS = ["basic", "standard", "premium", "enterprise"] as const;
export type PricingTier = (typeof PRICING_TIERS)[number];
export const FEEDBACK_STATUSES = ["new", "reviewed", "resolved"] as const;
/** The channels a message leaves by (issue 33): the development outbox keeps each entry's channel. */
export const DELIVERY_CHANNELS = ["email", "sms", "whatsapp"] as const;

export const SENDER_TYPES = ["visitor", "business", "admin"] as const;
export const NOTIFICATION_AUDIENCES = ["all", "visitors", "businesses"] as const;
export const NOTIFICATION_PRIORITIES = ["low", "medium", "high"] as const;
/** 'account': a notice the system sends one account (a rejected paid request and its refund). */
export const NOTIFICATION_KINDS = ["message", "broadcast", "account"] as const;
export const PAYMENT_STATUSES = ["pending", "succeeded", "failed"] as const;
export const PAYMENT_PURPOSES = ["subscription", "featured"] as const;
export const SUBSCRIPTION_STATUSES = ["active", "expired", "cancelled"] as const;
/** A refund owed for a rejected paid featured request: due → requesting → pending (at the provider) | refunded. */
export const REFUND_STATUSES = ["due", "requesting", "pending", "refunded"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
/** What a renewal reminder is about, and how many days before the end each is sent. */
export const RENEWAL_REMINDER_KINDS = ["subscription", "featured"] as const;
export const RENEWAL_REMINDER_DAYS = [7, 1] as const;
/**
 * What is counted about a listing (issue 18, ADR 25): page views, search impressions, the contact actions
 * (CONTACT_CHANNELS), conversations started, messages received, first replies and quote requests received (issue 37).
 */
export const CONTACT_CHANNELS = ["call", "whatsapp", "website", "directions"] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];
export const LISTING_EVENT_KINDS = ["view", "impression", ...CONTACT_CHANNELS, "conversation", "message", "reply", "quote"] as const;
export type ListingEventKind = (typeof LISTING_EVENT_KINDS)[number];

/** Subscription plans (spec 02 §9). Prices in kobo. */
export const PLANS = [
  {
    id: "free", name: "Free", priceKobo: 0, periodDays: null, listingLimit: 1, popular: false,
    features: ["1 listing"],
  },
  {
    id: "standard", name: "Standard", priceKobo: 299_900, periodDays: 30, listingLimit: 3, popular: true,
    features: ["Up to 3 listings", "Messaging", "Analytics", "Priority support"],
  },
  {
    id: "premium", name: "Premium", priceKobo: 999_900, periodDays: 30, listingLimit: 3, popular: false,
    features: [
      "Up to 3 listings", "Featured status", "Search priority", "Advanced analytics", "Messaging",
      "Social promotion", "Dedicated support",
    ],
  },
] as const;
export type PlanId = (typeof PLANS)[number]["id"];
export const PLAN_IDS = /* @__PURE__ */ PLANS.map((p) => p.id) as [PlanId, ...PlanId[]];

/** Featured placement plans (spec 02 §9). Prices in kobo. */
export const FEATURED_PLANS = [
  { id: "basic", name: "Basic", priceKobo: 999_900, periodDays: 30, popular: false },
  { id: "premium", name: "Premium", priceKobo: 2_499_900, periodDays: 90, popular: true },
  { id: "enterprise", name: "Enterprise", priceKobo: 4_999_900, periodDays: 180, popular: false },
] as const;
export type FeaturedPlanId = (typeof FEATURED_PLANS)[number]["id"];

/** Months of featuring an approved request buys, by tier (decisions page: one rule in both admin tabs). */
export function featuredMonthsForTier(tier: string | null | undefined): number {
  switch (tier) {
    case "premium": return 3;
    case "enterprise": return 6;
    default: return 1;
  }
}

/** Constants from spec 01 §9 and spec 02 §9. */
export const LIMITS = {
  messageMinLength: 1,
  messageMaxLength: 1000,
  messageRateLimit: 5,
  messageRateWindowSeconds: 60,
  messageListLimitAdmin: 500,
  messageListLimitBusiness: 200,
  notificationWindowDays: 7,
  notificationLimit: 20,
  homeFeaturedCount: 6,
  carouselIntervalMs: 4000,
  carouselSlides: 3,
  cardProductsShown: 2,
  dashboardCardProductsShown: 3,
  imagesPerListing: 3,
  maxListingsPerOwner: 3,
  kycImageMaxBytes: 5 * 1024 * 1024,
  kycImageTypes: ["jpeg", "jpg", "png", "webp"] as const,
  businessImageMaxBytes: 10_485_760,
  /** KYC document links: a few minutes, and only with the viewer's own session (security finding 10). */
  signedDocumentUrlSeconds: 300,
  /**
   * Largest image (width × height) any upload may have, read from its header before it is decoded: 50
   * megapixels takes the largest photos phones save (48–50 MP modes, e.g. 8160 × 6120) and refuses
   * decompression bombs (a 16000 × 16000 PNG fits in 30 KB and would decode to 256 megapixels).
   */
  imageMaxPixels: 50_000_000,
  kycReviewDaysText: "1-2 business days",
  resetLinkSeconds: 3600,
  mobileBreakpointPx: 768,
  errorScreenRetries: 3,
  tokenRefreshBackoffMs: 200,
  featureRequestTier: "basic",
  sidebarCookieMaxAgeSeconds: 60 * 60 * 24 * 7,
  dataCacheFreshMs: 5 * 60 * 1000,
  dataCacheRetries: 1,
  searchPageSize: 20,
  businessNameMin: 2,
  businessNameMax: 100,
  phoneMinDigits: 10,
  phoneMaxDigits: 15,
  paymentDemoDelayMs: 2000,
  pricingFaqCount: 4,
  chatBubbleMaxWidthPercent: 70,
} as const;

/** Popular This Week on the home page (spec 01 §2): each the search its link runs (in English), shown translated. */
export const POPULAR_SERVICES = /* @__PURE__ */ (() => [msg("Electrician"), msg("Plumber"), msg("Carpenter"), msg("House Cleaning"), msg("AC Repair"), msg("Painter")] as const)();
/** The home page's category grid (spec 01 §2). */
export const HOME_CATEGORIES = ["Supermarket", "Eatery", "Hotel", "Restaurant/Bar"] as const;

/** Reports (issue 16): what can be reported, why, and where a report stands. The CHECKs in db/schema/reports.ts. */
export const REPORT_KINDS = ["listing", "review", "message", "offer"] as const;
export const REPORT_REASONS = ["scam", "fake", "offensive", "wrong-info", "other"] as const;
export const REPORT_STATUSES = ["open", "dismissed", "actioned"] as const;

/**
 * Claims of a listing that an admin reviews (issue 34, ADR 38): by a document when its phone cannot take a code, or a
 * second claimant of an owned listing (a dispute). The CHECKs in db/schema/listing-claims.ts.
 */
export const LISTING_CLAIM_KINDS = ["document", "dispute"] as const;
export type ListingClaimKind = (typeof LISTING_CLAIM_KINDS)[number];
export const LISTING_CLAIM_STATUSES = ["pending", "approved", "rejected", "withdrawn"] as const;
export type ListingClaimStatus = (typeof LISTING_CLAIM_STATUSES)[number];
/** What ties the claimant to the business: the short list the claim form offers. */
export const CLAIM_DOCUMENT_KINDS = ["cac-certificate", "utility-bill", "lease", "signboard-photo", "other"] as const;
export type ClaimDocumentKind = (typeof CLAIM_DOCUMENT_KINDS)[number];

/**
 * Visitors' suggestions (issue 34): a missing business, or a change to a listing ('Something is wrong', 'It has closed',
 * 'It has moved'), and where one stands. The CHECKs in db/schema/suggestions.ts.
 */
export const SUGGESTION_KINDS = ["missing", "edit", "closed", "moved"] as const;
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number];
export const SUGGESTION_STATUSES = ["pending", "approved", "rejected"] as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];
/** What an approval did: a listing added, a change applied, the owner told, a closed listing hidden. */
export const SUGGESTION_OUTCOMES = ["added", "applied", "sent-to-owner", "hidden"] as const;
export type SuggestionOutcome = (typeof SUGGESTION_OUTCOMES)[number];
/** The fields 'Something is wrong' may change. */
export const SUGGESTION_FIELDS = ["name", "phone", "address", "category", "hours"] as const;
export type SuggestionField = (typeof SUGGESTION_FIELDS)[number];
