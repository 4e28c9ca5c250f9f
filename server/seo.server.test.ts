import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createBusiness, createOwner, type BusinessRow } from "../db/seed/factories";
import { buildBusinessSitemap, buildSitemap } from "../app/features/directory/sitemap.server";
import { getDb, queryRows } from "../app/lib/db.server";
import { getEnv } from "../app/lib/env.server";
import { testApp } from "../tests/support/server";

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

let listed: BusinessRow;
let hidden: BusinessRow[];
beforeAll(async () => {
  const db = getDb();
  const owner = await createOwner(db);
  listed = await createBusiness(db, { userId: owner.id, updatedAt: new Date("2026-01-02T03:04:05Z") });
  for (let i = 0; i < 6; i++) await createBusiness(db, { userId: owner.id });
  hidden = [
    await createBusiness(db, { userId: owner.id, status: "pending" }),
    await createBusiness(db, { userId: owner.id, status: "rejected" }),
    await createBusiness(db, { userId: owner.id, ownerSuspended: true }),
    await createBusiness(db, { userId: null }),
  ];
});

async function publicIds(): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    getDb(),
    sql`select id from businesses where approved and approval_status = 'approved' and not owner_suspended and user_id is not null order by id`,
  );
  return rows.map((r) => r.id);
}

describe("robots.txt", () => {
  it("allows public pages, keeps crawlers out of private ones and points to the sitemap", async () => {
    const response = await testApp().request("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toContain("User-agent: *");
    expect(text).toContain(`Sitemap: ${getEnv().PUBLIC_URL}/sitemap.xml`);
    for (const path of ["/dashboard", "/messages", "/admin", "/api/", "/kyc-documents/", "/business/create", "/business/edit/", "/suggest", "/quotes"]) {
      expect(text).toContain(`Disallow: ${path}\n`);
    }
    expect(text).not.toMatch(/Disallow: \/businesses?\n/);
  });
});

describe("sitemap.xml", () => {
  it("lists every public business page once, canonical /businesses/{id} with lastmod, and the main pages", async () => {
    const response = await testApp().request("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/xml/);
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9" xmlns:xhtml="http:\/\/www.w3.org\/1999\/xhtml">/);
    const base = getEnv().PUBLIC_URL;
    const urls = locs(xml);
    expect(urls).toContain(`${base}/`);
    expect(urls).toContain(`${base}/businesses`);
    const businessUrls = urls.filter((u) => u.startsWith(`${base}/businesses/`));
    expect(businessUrls.sort()).toEqual((await publicIds()).map((id) => `${base}/businesses/${id}`).sort());
    for (const row of hidden) expect(xml).not.toContain(row.id);
    // Each page in every language (issue 36), each entry naming all five and x-default as its alternates.
    const path = `/businesses/${listed.id}`;
    const alternates = [
      ...["", "/pcm", "/ha", "/yo", "/ig"].map((prefix, i) => `<xhtml:link rel="alternate" hreflang="${["en", "pcm", "ha", "yo", "ig"][i]}" href="${base}${prefix}${path}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${base}${path}"/>`,
    ].join("");
    for (const prefix of ["", "/pcm", "/ha", "/yo", "/ig"]) {
      expect(xml).toContain(`<url><loc>${base}${prefix}${path}</loc><lastmod>2026-01-02T03:04:05.000Z</lastmod>${alternates}</url>`);
    }
    expect(urls).toContain(`${base}/ha`);
    expect(urls.filter((u) => u.startsWith(`${base}/yo/businesses/`))).toHaveLength(businessUrls.length);
  });

  it("past the per-file limit becomes an index of files that together list every public page exactly once", async () => {
    const index = await buildSitemap({ maxUrls: 5, targetUrls: 3 });
    expect(index).toContain("<sitemapindex");
    const base = getEnv().PUBLIC_URL;
    const files = locs(index);
    expect(files[0]).toBe(`${base}/sitemaps/pages.xml`);
    const total = (await publicIds()).length;
    // Five addresses a page (one per language): the file limits count addresses.
    const count = Math.ceil((total * 5) / 3);
    expect(files.slice(1)).toEqual(Array.from({ length: count }, (_, i) => `${base}/sitemaps/businesses-${i + 1}-of-${count}.xml`));

    const listedIds: string[] = [];
    for (let file = 1; file <= count; file++) {
      const xml = await buildBusinessSitemap(file, count);
      const english = locs(xml).filter((u) => u.startsWith(`${base}/businesses/`));
      expect(locs(xml)).toHaveLength(english.length * 5);
      listedIds.push(...english.map((u) => u.slice(`${base}/businesses/`.length)));
    }
    expect(listedIds.sort()).toEqual(await publicIds());
    await expect(buildBusinessSitemap(count + 1, count)).rejects.toMatchObject({ code: "not-found" });
    await expect(buildBusinessSitemap(0, count)).rejects.toMatchObject({ code: "not-found" });
  });

  it("serves the split files and the pages file, and 404 for files that cannot exist", async () => {
    const app = testApp();
    const first = await app.request("/sitemaps/businesses-1-of-2.xml");
    expect(first.status).toBe(200);
    expect(await first.text()).toContain("<urlset");
    const pages = await app.request("/sitemaps/pages.xml");
    // The static pages, then the landing pages with listings (the factories' listings: Eatery in Lagos).
    const base = getEnv().PUBLIC_URL;
    const paths = ["/", "/businesses", "/categories", "/categories/eatery", "/states/lagos", "/states/lagos/eatery"];
    const inEveryLanguage = paths.flatMap((p) => ["", "/pcm", "/ha", "/yo", "/ig"].map((prefix) => (prefix && p === "/" ? `${base}${prefix}` : `${base}${prefix}${p}`)));
    expect(locs(await pages.text())).toEqual(inEveryLanguage);
    for (const path of ["/sitemaps/businesses-3-of-2.xml", "/sitemaps/businesses-0-of-2.xml", "/sitemaps/businesses-1-of-0.xml"]) {
      expect((await app.request(path)).status).toBe(404);
    }
  });
});
