/**
 * The landing pages' names and addresses (issue 17): slugs of states and categories, category plurals,
 * titles, descriptions and breadcrumb trails, in the current language (issue 36: the addresses stay English). Pure
 * and client-safe; the pages use it in their loaders only, so none of it is shipped to the browser.
 *
 *   /categories                      every category, with counts
 *   /categories/{category}           'Pharmacy stores in Nigeria'
 *   /states/{state}                  'Businesses in Lagos'
 *   /states/{state}/{category}       'Pharmacy stores in Lagos'
 *   /states/{state}/{lga}            'Businesses in Ikeja, Lagos' (a category slug wins over an LGA slug)
 */
import { SITE_NAME } from "../../components/site";
import { msg, t } from "../../lib/i18n/i18n";
import { findLga, lgaSlug } from "../../lib/nigeria-lgas";
import { CATEGORIES, REGIONS, categoryName, findCategory, findRegion, type Category, type Region } from "../../lib/reference";

/** A name as a URL segment: lower case, every run of other characters one hyphen ('Restaurant/Bar' → 'restaurant-bar'). */
export function slugOf(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export function stateSlug(state: Region): string {
  return slugOf(state);
}

export function categorySlug(category: Category): string {
  return slugOf(category);
}

/** The state a slug names, in any letter case ('lagos', 'Akwa-Ibom', 'FCT'); null when none. */
export function findStateBySlug(slug: string): Region | null {
  const wanted = slug.toLowerCase();
  return REGIONS.find((state) => stateSlug(state) === wanted) ?? null;
}

/** The category a slug names, in any letter case ('pharmacy-store'); null when none. */
export function findCategoryBySlug(slug: string): Category | null {
  const wanted = slug.toLowerCase();
  return CATEGORIES.find((category) => categorySlug(category) === wanted) ?? null;
}

/** Each category's plural, as headings and titles say it ('Pharmacy stores in Lagos'); shown with t(). */
const PLURALS: Record<Category, string> = {
  "Accounting firm": msg("Accounting firms"),
  "Agricultural tools store": msg("Agricultural tools stores"),
  "Auto parts store": msg("Auto parts stores"),
  Bakery: msg("Bakeries"),
  Bank: msg("Banks"),
  "Barber shop": msg("Barber shops"),
  "Beauty salon": msg("Beauty salons"),
  Bookshop: msg("Bookshops"),
  Boutique: msg("Boutiques"),
  "Building materials store": msg("Building materials stores"),
  "Car dealer": msg("Car dealers"),
  "Car wash": msg("Car washes"),
  Carpenter: msg("Carpenters"),
  Caterer: msg("Caterers"),
  Cinema: msg("Cinemas"),
  Clinic: msg("Clinics"),
  "Computer repair": msg("Computer repair services"),
  "Cosmetics store": msg("Cosmetics stores"),
  "Courier service": msg("Courier services"),
  Dentist: msg("Dentists"),
  "Driving school": msg("Driving schools"),
  "Dry cleaner": msg("Dry cleaners"),
  Eatery: msg("Eateries"),
  Electrician: msg("Electricians"),
  "Electronics store": msg("Electronics stores"),
  "Event centre": msg("Event centres"),
  "Event planner": msg("Event planners"),
  "Fashion designer": msg("Fashion designers"),
  "Filling station": msg("Filling stations"),
  "Fitness centre": msg("Fitness centres"),
  "Furniture store": msg("Furniture stores"),
  "Gas refill station": msg("Gas refill stations"),
  "Generator repair": msg("Generator repair services"),
  "Grocery store": msg("Grocery stores"),
  "Hardware store": msg("Hardware stores"),
  Hospital: msg("Hospitals"),
  Hotel: msg("Hotels"),
  "Interior decorator": msg("Interior decorators"),
  "Internet cafe": msg("Internet cafes"),
  Laundry: msg("Laundries"),
  "Law firm": msg("Law firms"),
  "Logistics company": msg("Logistics companies"),
  Mechanic: msg("Mechanics"),
  "Mobile phone store": msg("Mobile phone stores"),
  Painter: msg("Painters"),
  "Pharmacy store": msg("Pharmacy stores"),
  Photographer: msg("Photographers"),
  Plumber: msg("Plumbers"),
  "Poultry farm": msg("Poultry farms"),
  "Printing press": msg("Printing presses"),
  "Real estate agent": msg("Real estate agents"),
  "Restaurant/Bar": msg("Restaurants and bars"),
  School: msg("Schools"),
  "Security company": msg("Security companies"),
  "Shoe store": msg("Shoe stores"),
  "Solar installer": msg("Solar installers"),
  Supermarket: msg("Supermarkets"),
  Tailor: msg("Tailors"),
  "Travel agency": msg("Travel agencies"),
  "Tyre shop": msg("Tyre shops"),
  Vulcanizer: msg("Vulcanizers"),
  "Water factory": msg("Water factories"),
  "Web developer": msg("Web developers"),
};

export function categoryPlural(category: Category): string {
  return PLURALS[category];
}

/** A landing page: what it lists. An LGA is always within its state; the category may be absent. */
export type LandingScope = {
  state?: Region | null;
  /** The LGA's name and slug (its state's pages only). */
  lga?: { name: string; slug: string } | null;
  category?: Category | null;
};

export const CATEGORIES_PATH = "/categories";

/** The landing page of a scope; page 1 has no parameter. */
export function landingPath({ state, lga, category }: LandingScope, page = 1): string {
  let path: string;
  if (state) {
    // A state's page narrows by an LGA or by a category, not both (the segment is one or the other).
    const segment = lga ? lga.slug : category ? categorySlug(category) : null;
    path = `/states/${stateSlug(state)}${segment ? `/${segment}` : ""}`;
  } else if (category) {
    path = `/categories/${categorySlug(category)}`;
  } else {
    path = CATEGORIES_PATH;
  }
  return page > 1 ? `${path}?page=${page}` : path;
}

/** Where it is: 'Lagos', 'Ikeja, Lagos', 'Nigeria'. */
function placeOf({ state, lga }: LandingScope): string {
  if (state && lga) return `${lga.name}, ${state}`;
  return state ?? "Nigeria";
}

/** The page's heading: 'Pharmacy stores in Lagos', 'Businesses in Ikeja, Lagos', 'Pharmacy stores in Nigeria'. */
export function landingHeading(scope: LandingScope): string {
  const place = placeOf(scope);
  return scope.category ? t("{{categories}} in {{place}}", { categories: t(categoryPlural(scope.category)), place }) : t("Businesses in {{place}}", { place });
}

/** The document title: 'Pharmacy stores in Lagos — Naija Directory', with ' (page 2)' past the first page. */
export function landingTitle(scope: LandingScope, page = 1): string {
  const heading = landingHeading(scope);
  return `${page > 1 ? t("{{heading}} (page {{page}})", { heading, page }) : heading} — ${SITE_NAME}`;
}

/** The meta description, with the number of listings ('12 pharmacy stores in Lagos…'). */
export function landingDescription(scope: LandingScope, count: string): string {
  const what = scope.category ? t(categoryPlural(scope.category)).toLowerCase() : t("local businesses");
  const text = t("{{total}} {{what}} in {{place}} on {{site}}: see what they offer, their reviews and how to reach them, and message them directly.", {
    total: count,
    what,
    place: placeOf(scope),
    site: SITE_NAME,
  });
  // A language that names the kind before the number starts with it: a capital, as a sentence does.
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export type Crumb = { name: string; path: string };

/** Nigeria, the home page's place: every trail starts there. */
const NIGERIA: Crumb = { name: "Nigeria", path: "/" };

/**
 * The trail to a scope, ending with the page itself: Nigeria › Lagos › Ikeja, Nigeria › Lagos › Pharmacy store,
 * Nigeria › Pharmacy store (no state). Each step links to its landing page.
 */
export function landingTrail({ state, lga, category }: LandingScope): Crumb[] {
  const trail = [NIGERIA];
  if (state) trail.push({ name: state, path: landingPath({ state }) });
  if (state && lga) trail.push({ name: lga.name, path: landingPath({ state, lga }) });
  // A category under an LGA links to the state's page of that category (there are no LGA-and-category pages).
  if (category) trail.push({ name: categoryName(category), path: landingPath({ state, category }) });
  return trail;
}

/** /categories' trail: Nigeria › All categories. */
export function categoriesTrail(): Crumb[] {
  return [NIGERIA, { name: t("All categories"), path: CATEGORIES_PATH }];
}

/** A business page's trail: Nigeria › state › [LGA ›] category › the business (the last step is the page itself). */
export function businessTrail(business: { name: string; path: string; state: string | null; lga: string | null; category: string | null }): Crumb[] {
  const state = findRegion(business.state);
  const lga = state && business.lga ? lgaBySlug(state, business.lga) : null;
  const scope = { state, lga, category: findCategory(business.category) };
  return [...landingTrail(scope), { name: business.name, path: business.path }];
}

/**
 * schema.org BreadcrumbList for a trail, as a string safe inside <script> (every '<' escaped, like the
 * business's JSON-LD). `absolute` makes each path an absolute URL.
 */
export function breadcrumbJsonLd(trail: Crumb[], absolute: (path: string) => string): string {
  const ld = {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, i) => ({ "@type": "ListItem", position: i + 1, name: crumb.name, item: absolute(crumb.path) })),
  };
  return JSON.stringify(ld).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

/**
 * Several JSON-LD documents (each already safe inside <script>) as one top-level array, for the page's one
 * JSON-LD script: a business page's LocalBusiness and its BreadcrumbList.
 */
export function jsonLdList(...documents: string[]): string {
  return `[${documents.join(",")}]`;
}

/** A landing page's route parameters, as typed in the address. */
export type LandingParams = { category?: string; state?: string; place?: string };

/**
 * The scope a landing address names, in any letter case, or null when a segment names nothing (404). The
 * segment after a state is a category slug first, else an LGA slug of that state (`findLga`). The caller
 * compares landingPath(scope) with the address and redirects (301) when it was not the canonical one.
 */
export function resolveLanding(params: LandingParams, lgaOf: (state: Region, slug: string) => LgaRef | null = lgaBySlug): LandingScope | null {
  if (params.category !== undefined) {
    const category = findCategoryBySlug(params.category);
    return category ? { category } : null;
  }
  const state = params.state !== undefined ? findStateBySlug(params.state) : null;
  if (!state) return null;
  if (params.place === undefined) return { state };
  const category = findCategoryBySlug(params.place);
  if (category) return { state, category };
  const lga = lgaOf(state, params.place.toLowerCase());
  return lga ? { state, lga } : null;
}

type LgaRef = { name: string; slug: string };

/** The LGA of the state a slug (or name) names, older spellings included ('somolu' → Shomolu, canonical 'shomolu'). */
export function lgaBySlug(state: Region, slug: string): LgaRef | null {
  const name = findLga(state, slug);
  return name ? { name, slug: lgaSlug(name) } : null;
}
