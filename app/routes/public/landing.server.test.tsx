/**
 * The landing pages (issue 17) through the whole app (Hono, React Router, the real routes and database):
 * /categories, /categories/{slug}, /states/{state}, /states/{state}/{category or LGA}; their content, counts,
 * pagination, canonical addresses, breadcrumbs, 404s and 301s; the breadcrumbs on a business page; the sitemap.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createBusiness, createOwner, type BusinessRow } from "../../../db/seed/factories";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { CATEGORIES } from "~/lib/reference";
import { parseHtml } from "../../../tests/support/html-safety";
import { pageApp, routeBuild } from "../../../tests/support/route-build";
import { BASE_URL } from "../../../tests/support/screen-harness";

let app: ReturnType<typeof pageApp>;
const base = () => getEnv().PUBLIC_URL;

type Page = { status: number; html: string; text: string; location: string | null };
async function page(path: string): Promise<Page> {
  const response = await app.request(new URL(path, BASE_URL).toString(), { redirect: "manual" });
  const html = await response.text();
  return { status: response.status, html, text: parseHtml(html).text.replace(/\s+/g, " "), location: response.headers.get("location") };
}

const linksOf = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
const canonicalOf = (html: string) => html.match(/<link rel="canonical" href="([^"]*)"/)?.[1]?.replace(/&amp;/g, "&");
const titleOf = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1];
const jsonLdOf = (html: string) => parseHtml(html).scripts.filter((s) => s.attrs.type === "application/ld+json").map((s) => JSON.parse(s.content) as Record<string, unknown>);
/** The breadcrumb landmark: its links and its current page. */
function breadcrumbsOf(html: string) {
  const nav = html.match(/<nav aria-label="Breadcrumb"[^>]*>([\s\S]*?)<\/nav>/)?.[1];
  if (!nav) return null;
  return {
    ordered: nav.includes("<ol"),
    links: [...nav.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((m) => [m[2], m[1]]),
    current: nav.match(/<span aria-current="page"[^>]*>([^<]*)<\/span>/)?.[1],
  };
}

let lagosPharmacies: BusinessRow[];
beforeAll(async () => {
  app = pageApp();
  await routeBuild();
  const db = getDb();
  const owner = await createOwner(db);
  // 22 pharmacies in Lagos (two pages of 20), newest last; the first 5 in Ikeja.
  lagosPharmacies = [];
  for (let i = 0; i < 22; i++) {
    const lga = i < 5 ? "Ikeja" : null;
    lagosPharmacies.push(
      await createBusiness(db, { userId: owner.id, name: `Lagos Pharmacy ${String(i).padStart(2, "0")}`, state: "Lagos", lga, category: "Pharmacy store", createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)) }),
    );
  }
  await createBusiness(db, { userId: owner.id, name: "Eko Hotel Test", state: "Lagos", lga: "Eti Osa", category: "Hotel" });
  await createBusiness(db, { userId: owner.id, name: "Uyo Pharmacy", state: "Akwa Ibom", category: "Pharmacy store" });
  // Not public: their combinations stay empty.
  await createBusiness(db, { userId: owner.id, name: "Pending Bakery", state: "Lagos", category: "Bakery", status: "pending" });
  await createBusiness(db, { userId: owner.id, name: "Suspended Kano Hotel", state: "Kano", category: "Hotel", ownerSuspended: true });
});

describe("/categories", () => {
  it("lists all 63 categories and the states with their counts, linking only those with listings", async () => {
    const p = await page("/categories");
    expect(p.status).toBe(200);
    expect(titleOf(p.html)).toBe("Business categories in Nigeria — Naija Directory");
    expect(canonicalOf(p.html)).toBe(`${base()}/categories`);
    for (const category of CATEGORIES) expect(p.text).toContain(category);
    expect(p.text).toContain("Pharmacy store (23)");
    expect(p.text).toContain("Hotel (1)");
    expect(p.text).toContain("Bakery (0)");
    expect(p.text).toContain("Lagos (23)");
    expect(p.text).toContain("Akwa Ibom (1)");
    expect(p.text).toContain("Kano (0)");
    const links = linksOf(p.html);
    expect(links).toEqual(expect.arrayContaining(["/categories/pharmacy-store", "/categories/hotel", "/states/lagos", "/states/akwa-ibom"]));
    for (const empty of ["/categories/bakery", "/states/kano", "/categories/restaurant-bar"]) expect(links).not.toContain(empty);
    expect(breadcrumbsOf(p.html)).toEqual({ ordered: true, links: [["Nigeria", "/"]], current: "All categories" });
  });

  it("redirects other spellings of its address", async () => {
    expect(await page("/Categories")).toMatchObject({ status: 301, location: "/categories" });
    expect(await page("/categories/")).toMatchObject({ status: 301, location: "/categories" });
  });
});

describe("a category's page", () => {
  it("lists its businesses across Nigeria with the count, breadcrumbs, canonical address and links by state", async () => {
    const p = await page("/categories/pharmacy-store");
    expect(p.status).toBe(200);
    expect(titleOf(p.html)).toBe("Pharmacy stores in Nigeria — Naija Directory");
    expect(p.html).toMatch(/<h1[^>]*>Pharmacy stores in Nigeria<\/h1>/);
    expect(p.html).toContain('<meta name="description" content="23 pharmacy stores in Nigeria on Naija Directory:');
    expect(canonicalOf(p.html)).toBe(`${base()}/categories/pharmacy-store`);
    expect(p.html).not.toContain('name="robots"');
    expect(p.text).toContain("23 businesses");
    expect(p.text).toContain("Uyo Pharmacy");
    expect(p.text).not.toContain("Eko Hotel Test");
    expect(breadcrumbsOf(p.html)).toEqual({ ordered: true, links: [["Nigeria", "/"]], current: "Pharmacy store" });
    const links = linksOf(p.html);
    expect(links).toEqual(expect.arrayContaining(["/states/lagos/pharmacy-store", "/states/akwa-ibom/pharmacy-store", "/businesses?category=Pharmacy+store"]));
    expect(p.text).toContain("Lagos (22)");
    expect(p.text).toContain("Akwa Ibom (1)");
    const [ld] = jsonLdOf(p.html);
    expect(ld).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Nigeria", item: `${base()}/` },
        { "@type": "ListItem", position: 2, name: "Pharmacy store", item: `${base()}/categories/pharmacy-store` },
      ],
    });
  });
});

describe("a state's pages", () => {
  it("/states/lagos lists every category there, with links to each state-and-category page", async () => {
    const p = await page("/states/lagos");
    expect(p.status).toBe(200);
    expect(titleOf(p.html)).toBe("Businesses in Lagos — Naija Directory");
    expect(canonicalOf(p.html)).toBe(`${base()}/states/lagos`);
    expect(p.text).toContain("23 businesses");
    expect(p.text).toContain("Eko Hotel Test");
    expect(p.text).not.toContain("Uyo Pharmacy");
    expect(breadcrumbsOf(p.html)).toEqual({ ordered: true, links: [["Nigeria", "/"]], current: "Lagos" });
    expect(linksOf(p.html)).toEqual(expect.arrayContaining(["/states/lagos/pharmacy-store", "/states/lagos/hotel", "/businesses?region=Lagos"]));
    expect(p.text).toContain("Pharmacy store (22)");
    expect(linksOf(p.html)).not.toContain("/states/lagos/bakery");
    // Its LGAs with listings.
    expect(p.text).toContain("Local government areas in Lagos");
    expect(p.text).toContain("Eti Osa (1)");
    expect(p.text).toContain("Ikeja (5)");
    expect(linksOf(p.html)).toEqual(expect.arrayContaining(["/states/lagos/ikeja", "/states/lagos/eti-osa"]));
    expect(linksOf(p.html)).not.toContain("/states/lagos/shomolu");
  });

  it("/states/lagos/ikeja: 'Businesses in Ikeja, Lagos', only that LGA's listings, through the search's LGA filter", async () => {
    const p = await page("/states/lagos/ikeja");
    expect(p.status).toBe(200);
    expect(titleOf(p.html)).toBe("Businesses in Ikeja, Lagos — Naija Directory");
    expect(p.html).toMatch(/<h1[^>]*>Businesses in Ikeja, Lagos<\/h1>/);
    expect(canonicalOf(p.html)).toBe(`${base()}/states/lagos/ikeja`);
    expect(p.text).toContain("5 businesses");
    for (let i = 0; i < 5; i++) expect(p.text).toContain(`Lagos Pharmacy 0${i}`);
    expect(p.text).not.toContain("Lagos Pharmacy 05");
    expect(p.text).not.toContain("Eko Hotel Test");
    expect(breadcrumbsOf(p.html)).toEqual({ ordered: true, links: [["Nigeria", "/"], ["Lagos", "/states/lagos"]], current: "Ikeja" });
    expect(linksOf(p.html)).toEqual(expect.arrayContaining(["/states/lagos/eti-osa", "/businesses?region=Lagos&lga=Ikeja"]));
    expect(p.text).toContain("Other local government areas in Lagos");
    expect(p.html).toContain('<input type="hidden" name="lga" value="Ikeja"/>');
    // An LGA without listings is not found; an older spelling redirects first.
    expect((await page("/states/lagos/shomolu")).status).toBe(404);
    expect(await page("/states/lagos/somolu")).toMatchObject({ status: 301, location: "/states/lagos/shomolu" });
    expect(await page("/states/Lagos/Ikeja?page=2")).toMatchObject({ status: 301, location: "/states/lagos/ikeja?page=2" });
  });

  it("/states/lagos/pharmacy-store: 'Pharmacy stores in Lagos', paged by 20 with canonical ?page=2", async () => {
    const first = await page("/states/lagos/pharmacy-store");
    expect(first.status).toBe(200);
    expect(titleOf(first.html)).toBe("Pharmacy stores in Lagos — Naija Directory");
    expect(first.html).toMatch(/<h1[^>]*>Pharmacy stores in Lagos<\/h1>/);
    expect(first.text).toContain("22 businesses");
    expect(first.text).toContain("Page 1 of 2");
    expect(canonicalOf(first.html)).toBe(`${base()}/states/lagos/pharmacy-store`);
    expect(breadcrumbsOf(first.html)).toEqual({ ordered: true, links: [["Nigeria", "/"], ["Lagos", "/states/lagos"]], current: "Pharmacy store" });
    // Newest first: 21 … 02 on the first page, 01 and 00 on the second.
    expect(first.text).toContain("Lagos Pharmacy 21");
    expect(first.text).not.toContain("Lagos Pharmacy 01");
    expect(first.html).toMatch(/<a [^>]*href="\/states\/lagos\/pharmacy-store\?page=2"[^>]*rel="next"|<a [^>]*rel="next"[^>]*href="\/states\/lagos\/pharmacy-store\?page=2"/);
    expect(linksOf(first.html)).toEqual(expect.arrayContaining(["/states/akwa-ibom/pharmacy-store", "/states/lagos/hotel", "/businesses?region=Lagos&category=Pharmacy+store"]));
    // A search box within the page's scope: a GET form to /businesses with the fixed filters.
    const [, formTag = "", form = ""] = first.html.match(/(<form [^>]*role="search"[^>]*>)([\s\S]*?)<\/form>/) ?? [];
    expect(formTag).toContain('action="/businesses"');
    expect(form).toContain("Search Pharmacy stores in Lagos");
    expect(form).toContain('name="q"');
    expect(form).toContain('<input type="hidden" name="region" value="Lagos"/>');
    expect(form).toContain('<input type="hidden" name="category" value="Pharmacy store"/>');
    expect(form).not.toContain('name="lga"');

    const second = await page("/states/lagos/pharmacy-store?page=2");
    expect(second.status).toBe(200);
    expect(titleOf(second.html)).toBe("Pharmacy stores in Lagos (page 2) — Naija Directory");
    expect(canonicalOf(second.html)).toBe(`${base()}/states/lagos/pharmacy-store?page=2`);
    expect(second.text).toContain("Page 2 of 2");
    expect(second.text).toContain("Lagos Pharmacy 01");
    expect(second.text).toContain("Lagos Pharmacy 00");
    expect(second.text).not.toContain("Lagos Pharmacy 21");
    expect(linksOf(second.html)).toContain("/states/lagos/pharmacy-store");

    // Past the last page: nothing there.
    expect((await page("/states/lagos/pharmacy-store?page=3")).status).toBe(404);
  });

  it("FCT and two-word states have lower-case hyphenated addresses", async () => {
    const p = await page("/states/akwa-ibom/pharmacy-store");
    expect(p.status).toBe(200);
    expect(p.text).toContain("Pharmacy stores in Akwa Ibom");
    expect(p.text).toContain("1 business");
    expect(breadcrumbsOf(p.html)?.links).toEqual([["Nigeria", "/"], ["Akwa Ibom", "/states/akwa-ibom"]]);
  });
});

describe("addresses that name nothing, or nothing public", () => {
  it("answer 404 with the not-found page, kept out of search indexes", async () => {
    for (const path of [
      "/categories/bakery", // only a listing waiting for review
      "/categories/restaurant-bar", // no listing at all
      "/states/kano", // only a suspended owner's listing
      "/states/lagos/bakery",
      "/states/akwa-ibom/hotel",
      "/categories/no-such-thing",
      "/states/atlantis",
      "/states/atlantis/hotel",
      "/states/lagos/no-such-place",
      "/states/kano/ikeja", // an LGA of another state
    ]) {
      const p = await page(path);
      expect(p.status, path).toBe(404);
      expect(p.text, path).toContain("Page not found");
      expect(p.html, path).toContain('<meta name="robots" content="noindex"/>');
    }
  });

  it("redirect (301) another letter case or a trailing slash to the lower-case address, keeping the page", async () => {
    expect(await page("/categories/Pharmacy-Store")).toMatchObject({ status: 301, location: "/categories/pharmacy-store" });
    expect(await page("/States/LAGOS")).toMatchObject({ status: 301, location: "/states/lagos" });
    expect(await page("/states/Lagos/Pharmacy-Store?page=2")).toMatchObject({ status: 301, location: "/states/lagos/pharmacy-store?page=2" });
    expect(await page("/states/FCT")).toMatchObject({ status: 301, location: "/states/fct" });
    expect(await page("/states/akwa-ibom/")).toMatchObject({ status: 301, location: "/states/akwa-ibom" });
  });
});

describe("a business page's breadcrumbs", () => {
  it("lead back through its state, LGA and category, with BreadcrumbList JSON-LD beside its LocalBusiness", async () => {
    const business = lagosPharmacies[3]!;
    const p = await page(`/businesses/${business.id}`);
    expect(p.status).toBe(200);
    expect(breadcrumbsOf(p.html)).toEqual({
      ordered: true,
      links: [["Nigeria", "/"], ["Lagos", "/states/lagos"], ["Ikeja", "/states/lagos/ikeja"], ["Pharmacy store", "/states/lagos/pharmacy-store"]],
      current: business.name,
    });
    // One JSON-LD script in the head: [LocalBusiness, BreadcrumbList].
    const scripts = jsonLdOf(p.html);
    expect(scripts).toHaveLength(1);
    const [local, crumbs] = scripts[0] as unknown as Record<string, unknown>[];
    expect(local?.["@type"]).toBe("LocalBusiness");
    expect(crumbs).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Nigeria", item: `${base()}/` },
        { "@type": "ListItem", position: 2, name: "Lagos", item: `${base()}/states/lagos` },
        { "@type": "ListItem", position: 3, name: "Ikeja", item: `${base()}/states/lagos/ikeja` },
        { "@type": "ListItem", position: 4, name: "Pharmacy store", item: `${base()}/states/lagos/pharmacy-store` },
        { "@type": "ListItem", position: 5, name: business.name, item: `${base()}/businesses/${business.id}` },
      ],
    });
    // Every step links to a page that answers.
    for (const [, href] of breadcrumbsOf(p.html)!.links) expect((await page(href!)).status, href).toBe(200);
    // Without an LGA: Nigeria › Lagos › Pharmacy store.
    const other = await page(`/businesses/${lagosPharmacies[10]!.id}`);
    expect(breadcrumbsOf(other.html)?.links).toEqual([["Nigeria", "/"], ["Lagos", "/states/lagos"], ["Pharmacy store", "/states/lagos/pharmacy-store"]]);
  });
});

describe("the sitemap", () => {
  it("lists the landing pages that have listings, and none of the empty ones", async () => {
    const xml = await (await app.request("/sitemap.xml")).text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    for (const path of ["/categories", "/categories/pharmacy-store", "/categories/hotel", "/states/lagos", "/states/akwa-ibom", "/states/lagos/pharmacy-store", "/states/lagos/hotel", "/states/lagos/ikeja", "/states/lagos/eti-osa", "/states/akwa-ibom/pharmacy-store"]) {
      expect(locs, path).toContain(`${base()}${path}`);
    }
    for (const path of ["/categories/bakery", "/categories/restaurant-bar", "/states/kano", "/states/lagos/bakery", "/states/akwa-ibom/hotel", "/states/kano/hotel", "/states/lagos/shomolu"]) {
      expect(locs, path).not.toContain(`${base()}${path}`);
    }
    // Each once; landing pages without ?page (page 1 is the canonical entry).
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs.filter((l) => l.includes("?"))).toEqual([]);
  });
});
