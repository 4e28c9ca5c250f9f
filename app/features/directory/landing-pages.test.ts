import { describe, expect, it } from "vitest";
import { lgaSlug, lgasOf } from "../../lib/nigeria-lgas";
import { CATEGORIES, REGIONS } from "../../lib/reference";
import {
  breadcrumbJsonLd, businessTrail, categoriesTrail, categoryPlural, categorySlug, findCategoryBySlug, findStateBySlug, landingDescription,
  landingHeading, landingPath, landingTitle, landingTrail, resolveLanding, slugOf, stateSlug,
} from "./landing-pages";

describe("landing page slugs", () => {
  it("are lower case with hyphens: states and categories", () => {
    expect(stateSlug("Lagos")).toBe("lagos");
    expect(stateSlug("Akwa Ibom")).toBe("akwa-ibom");
    expect(stateSlug("Cross River")).toBe("cross-river");
    expect(stateSlug("FCT")).toBe("fct");
    expect(categorySlug("Pharmacy store")).toBe("pharmacy-store");
    expect(categorySlug("Restaurant/Bar")).toBe("restaurant-bar");
    expect(slugOf("  Café  Ọja / Bar ")).toBe("cafe-oja-bar");
  });

  it("are unique, and each finds its own state or category back, in any letter case", () => {
    expect(new Set(REGIONS.map(stateSlug)).size).toBe(37);
    expect(new Set(CATEGORIES.map(categorySlug)).size).toBe(63);
    for (const state of REGIONS) {
      expect(findStateBySlug(stateSlug(state))).toBe(state);
      expect(findStateBySlug(stateSlug(state).toUpperCase())).toBe(state);
    }
    for (const category of CATEGORIES) expect(findCategoryBySlug(categorySlug(category))).toBe(category);
    expect(findCategoryBySlug("Pharmacy-Store")).toBe("Pharmacy store");
    expect(findStateBySlug("atlantis")).toBeNull();
    expect(findCategoryBySlug("pharmacy store")).toBeNull();
    expect(findCategoryBySlug("")).toBeNull();
  });

  it("never make a category slug that is also a state slug", () => {
    const states = new Set(REGIONS.map(stateSlug));
    for (const category of CATEGORIES) expect(states.has(categorySlug(category))).toBe(false);
  });
});

describe("landing page names", () => {
  it("has a plural for every category", () => {
    for (const category of CATEGORIES) expect(categoryPlural(category)).toMatch(/^[A-Z][a-z ]+[a-z]$/);
    expect(categoryPlural("Pharmacy store")).toBe("Pharmacy stores");
    expect(categoryPlural("Bakery")).toBe("Bakeries");
    expect(categoryPlural("Restaurant/Bar")).toBe("Restaurants and bars");
    expect(categoryPlural("Car wash")).toBe("Car washes");
  });

  it("headings, titles and descriptions say what and where", () => {
    const lagosPharmacies = { state: "Lagos", category: "Pharmacy store" } as const;
    expect(landingHeading(lagosPharmacies)).toBe("Pharmacy stores in Lagos");
    expect(landingTitle(lagosPharmacies)).toBe("Pharmacy stores in Lagos — Naija Directory");
    expect(landingTitle(lagosPharmacies, 2)).toBe("Pharmacy stores in Lagos (page 2) — Naija Directory");
    expect(landingHeading({ category: "Hotel" })).toBe("Hotels in Nigeria");
    expect(landingHeading({ state: "FCT" })).toBe("Businesses in FCT");
    expect(landingHeading({ state: "Lagos", lga: { name: "Ikeja", slug: "ikeja" } })).toBe("Businesses in Ikeja, Lagos");
    expect(landingDescription(lagosPharmacies, "12")).toMatch(/^12 pharmacy stores in Lagos on Naija Directory: /);
    expect(landingDescription({ state: "Lagos" }, "3")).toMatch(/^3 local businesses in Lagos/);
  });
});

describe("landing page addresses", () => {
  it("are canonical and lower case, with ?page= past the first page", () => {
    expect(landingPath({})).toBe("/categories");
    expect(landingPath({ category: "Pharmacy store" })).toBe("/categories/pharmacy-store");
    expect(landingPath({ state: "Akwa Ibom" })).toBe("/states/akwa-ibom");
    expect(landingPath({ state: "Lagos", category: "Pharmacy store" })).toBe("/states/lagos/pharmacy-store");
    expect(landingPath({ state: "Lagos", lga: { name: "Ikeja", slug: "ikeja" } })).toBe("/states/lagos/ikeja");
    expect(landingPath({ state: "Lagos" }, 2)).toBe("/states/lagos?page=2");
    expect(landingPath({ state: "Lagos" }, 1)).toBe("/states/lagos");
  });

  it("resolve from what was typed: a category slug first, else an LGA of the state, else nothing", () => {
    const findLga = (state: string, slug: string) => (state === "Lagos" && slug === "ikeja" ? { name: "Ikeja", slug: "ikeja" } : null);
    expect(resolveLanding({ category: "Pharmacy-Store" })).toEqual({ category: "Pharmacy store" });
    expect(resolveLanding({ category: "unknown" })).toBeNull();
    expect(resolveLanding({ state: "LAGOS" })).toEqual({ state: "Lagos" });
    expect(resolveLanding({ state: "lagos", place: "hotel" }, findLga)).toEqual({ state: "Lagos", category: "Hotel" });
    expect(resolveLanding({ state: "lagos", place: "Ikeja" }, findLga)).toEqual({ state: "Lagos", lga: { name: "Ikeja", slug: "ikeja" } });
    expect(resolveLanding({ state: "kano", place: "ikeja" }, findLga)).toBeNull();
    expect(resolveLanding({ state: "lagos", place: "nowhere" }, findLga)).toBeNull();
    expect(resolveLanding({ state: "atlantis" })).toBeNull();
    expect(resolveLanding({})).toBeNull();
  });

  it("know every state's LGAs, older spellings too (the page then redirects to the canonical slug)", () => {
    expect(resolveLanding({ state: "lagos", place: "ikeja" })).toEqual({ state: "Lagos", lga: { name: "Ikeja", slug: "ikeja" } });
    expect(resolveLanding({ state: "lagos", place: "eti-osa" })).toEqual({ state: "Lagos", lga: { name: "Eti Osa", slug: "eti-osa" } });
    const older = resolveLanding({ state: "lagos", place: "somolu" });
    expect(older).toEqual({ state: "Lagos", lga: { name: "Shomolu", slug: "shomolu" } });
    expect(landingPath(older!)).toBe("/states/lagos/shomolu");
    expect(resolveLanding({ state: "fct", place: "amac" })).toEqual({ state: "FCT", lga: { name: "Abuja Municipal", slug: "abuja-municipal" } });
    // An LGA of another state is not found here.
    expect(resolveLanding({ state: "kano", place: "ikeja" })).toBeNull();
  });

  it("never let an LGA slug hide behind a category slug of the same spelling", () => {
    const categorySlugs = new Set(CATEGORIES.map(categorySlug));
    for (const state of REGIONS) for (const lga of lgasOf(state)) expect(categorySlugs.has(lgaSlug(lga)), `${state}: ${lga}`).toBe(false);
  });
});

describe("breadcrumb trails", () => {
  it("start at Nigeria and link each step to its landing page", () => {
    expect(landingTrail({ state: "Lagos", category: "Pharmacy store" })).toEqual([
      { name: "Nigeria", path: "/" },
      { name: "Lagos", path: "/states/lagos" },
      { name: "Pharmacy store", path: "/states/lagos/pharmacy-store" },
    ]);
    expect(landingTrail({ category: "Hotel" })).toEqual([{ name: "Nigeria", path: "/" }, { name: "Hotel", path: "/categories/hotel" }]);
    expect(categoriesTrail().map((c) => c.path)).toEqual(["/", "/categories"]);
  });

  it("on a business page: Nigeria › state › LGA › category › the business", () => {
    const trail = businessTrail({ name: "Mama Put", path: "/businesses/x", state: "Lagos", lga: "Ikeja", category: "Pharmacy store" });
    expect(trail).toEqual([
      { name: "Nigeria", path: "/" },
      { name: "Lagos", path: "/states/lagos" },
      { name: "Ikeja", path: "/states/lagos/ikeja" },
      { name: "Pharmacy store", path: "/states/lagos/pharmacy-store" },
      { name: "Mama Put", path: "/businesses/x" },
    ]);
    // Without a (known) state or category, those steps are left out.
    expect(businessTrail({ name: "B", path: "/businesses/y", state: null, lga: null, category: "Hotel" }).map((c) => c.path)).toEqual(["/", "/categories/hotel", "/businesses/y"]);
    expect(businessTrail({ name: "B", path: "/businesses/y", state: "Nowhere", lga: null, category: null }).map((c) => c.path)).toEqual(["/", "/businesses/y"]);
    // An LGA with a two-word name, and one that is not of the state (left out).
    expect(businessTrail({ name: "B", path: "/businesses/y", state: "Lagos", lga: "Eti Osa", category: null }).map((c) => c.path)).toEqual(["/", "/states/lagos", "/states/lagos/eti-osa", "/businesses/y"]);
    expect(businessTrail({ name: "B", path: "/businesses/y", state: "Kano", lga: "Ikeja", category: null }).map((c) => c.path)).toEqual(["/", "/states/kano", "/businesses/y"]);
  });

  it("as BreadcrumbList JSON-LD with absolute URLs, safe inside <script>", () => {
    const json = breadcrumbJsonLd([{ name: "Nigeria", path: "/" }, { name: "</script><b>", path: "/businesses/x" }], (p) => `https://example.ng${p}`);
    expect(json).not.toContain("<");
    expect(JSON.parse(json)).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Nigeria", item: "https://example.ng/" },
        { "@type": "ListItem", position: 2, name: "</script><b>", item: "https://example.ng/businesses/x" },
      ],
    });
  });
});
