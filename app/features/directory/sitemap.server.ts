import { and, asc, count, gte, lt, type SQL } from "drizzle-orm";
import { businesses } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb } from "../../lib/db.server";
import { LOCALES, localizePath } from "../../lib/i18n/locales";
import { businessPath } from "./business-links";
import { landingPagePaths } from "./internal/landing-sitemap.server";
import { isPublicBusiness } from "./internal/public-business.server";
import { publicUrl } from "./public-url.server";

/** The sitemap protocol's limit of URLs per file. */
export const SITEMAP_MAX_URLS = 50_000;
/** Business pages per file once split: well under the limit, as files are cut by id range (below). */
export const SITEMAP_TARGET_URLS = 40_000;

export type SitemapOptions = { maxUrls?: number; targetUrls?: number };

/** Pages besides the business pages that search engines should know. */
const STATIC_PAGES = ["/", "/businesses"];

/** The static pages and the landing pages that have listings (issue 17). */
async function pageUrls(): Promise<SitemapPage[]> {
  return [...STATIC_PAGES, ...(await landingPagePaths())].map((path) => ({ path }));
}

/** A page (its English path); the sitemap lists it in every language (issue 36). */
type SitemapPage = { path: string; lastmod?: Date };

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
const xml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);

/**
 * Each page once per language, each entry naming every language's address and x-default (English) as its
 * alternates, as search engines ask for hreflang in a sitemap (issue 36; the pages' heads say the same).
 */
function urlset(pages: SitemapPage[]): string {
  const entries = pages.flatMap(({ path, lastmod }) => {
    const alternates = [
      ...LOCALES.map((locale) => `<xhtml:link rel="alternate" hreflang="${locale}" href="${xml(publicUrl(localizePath(locale, path)))}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${xml(publicUrl(path))}"/>`,
    ].join("");
    const date = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : "";
    return LOCALES.map((locale) => `<url><loc>${xml(publicUrl(localizePath(locale, path)))}</loc>${date}${alternates}</url>`);
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join("\n")}\n</urlset>\n`;
}

/** A split sitemap's business files: /sitemaps/businesses-1-of-20.xml … (the count is in the name, see below). */
export function businessSitemapPath(file: number, files: number): string {
  return `/sitemaps/businesses-${file}-of-${files}.xml`;
}
export const PAGES_SITEMAP_PATH = "/sitemaps/pages.xml";

/** The uuid at fraction i/n of the uuid space, as Postgres orders uuids (bytewise). */
function uuidAt(i: number, n: number): string {
  const hex = ((BigInt(i) << 128n) / BigInt(n)).toString(16).padStart(32, "0");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

async function countPublicBusinesses(): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(businesses).where(isPublicBusiness);
  return Number(row?.n ?? 0);
}

async function businessUrls(where: SQL | undefined, limit: number): Promise<SitemapPage[]> {
  const rows = await getDb()
    .select({ id: businesses.id, updatedAt: businesses.updatedAt })
    .from(businesses)
    .where(and(isPublicBusiness, where))
    .orderBy(asc(businesses.id))
    .limit(limit);
  return rows.map((row) => ({ path: businessPath(row.id), lastmod: row.updatedAt }));
}

/**
 * /sitemap.xml. While everything fits one file: the urlset itself (the static pages, the landing pages
 * with listings and every public business page, canonical /businesses/{id}, lastmod; each in every language). Past the limit: a
 * sitemap index naming a file of static and landing pages and one file per slice of the id range. Ids are random uuids, so equal slices hold
 * nearly equal numbers of businesses, and each file is one primary-key range scan (no OFFSET), however
 * large the directory. The number of files is part of their names, so a crawler holding an old index
 * never reads a slice cut another way.
 */
export async function buildSitemap({ maxUrls = SITEMAP_MAX_URLS, targetUrls = SITEMAP_TARGET_URLS }: SitemapOptions = {}): Promise<string> {
  // Every page is listed once per language: the limits count addresses, so a file holds a fifth as many pages.
  const perPage = LOCALES.length;
  const total = await countPublicBusinesses();
  const staticUrls = await pageUrls();
  if ((total + staticUrls.length) * perPage <= maxUrls) return urlset([...staticUrls, ...(await businessUrls(undefined, Math.floor(maxUrls / perPage)))]);
  const files = Math.ceil((total * perPage) / targetUrls);
  const locs = [publicUrl(PAGES_SITEMAP_PATH), ...Array.from({ length: files }, (_, i) => publicUrl(businessSitemapPath(i + 1, files)))];
  const entries = locs.map((loc) => `<sitemap><loc>${xml(loc)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</sitemapindex>\n`;
}

/** The static and landing pages' file of a split sitemap. */
export async function buildPagesSitemap(): Promise<string> {
  return urlset(await pageUrls());
}

/** Business file `file` of `files` (1-based) of a split sitemap; refused as not found when there is no such file. */
export async function buildBusinessSitemap(file: number, files: number, { maxUrls = SITEMAP_MAX_URLS }: SitemapOptions = {}): Promise<string> {
  if (!Number.isSafeInteger(files) || files < 1 || files > 100_000 || !Number.isSafeInteger(file) || file < 1 || file > files) {
    throw new AppError("not-found", "Not found");
  }
  const from = gte(businesses.id, uuidAt(file - 1, files));
  const range = file === files ? from : and(from, lt(businesses.id, uuidAt(file, files)));
  return urlset(await businessUrls(range, Math.floor(maxUrls / LOCALES.length)));
}

/** robots.txt: public pages may be crawled, private and per-user pages may not; where the sitemap is. */
export function buildRobotsTxt(): string {
  const disallowed = [
    "/api/", "/dev/", "/kyc-documents/", "/claim-documents/", "/events", "/dashboard", "/kyc-verification", "/business/create", "/business/edit/", "/business/claim/",
    "/messages", "/notifications", "/profile", "/feedback", "/admin", "/payment", "/go/", "/unsubscribe", "/suggest", "/quotes",
  ];
  return ["User-agent: *", "Allow: /", ...disallowed.map((path) => `Disallow: ${path}`), "", `Sitemap: ${publicUrl("/sitemap.xml")}`, ""].join("\n");
}
