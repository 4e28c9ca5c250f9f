import { Hono, type Context } from "hono";
import { buildBusinessSitemap, buildPagesSitemap, buildRobotsTxt, buildSitemap } from "../app/features/directory/sitemap.server";

// Crawlers come back often; an hour of caching keeps them from re-running the queries.
const CACHE = "public, max-age=3600";
const xmlResponse = (c: Context, body: string) => c.body(body, 200, { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": CACHE });

/** /robots.txt, /sitemap.xml and, for a large directory, the split sitemap files under /sitemaps/. */
export function seoRoutes() {
  const routes = new Hono();
  routes.get("/robots.txt", (c) => c.text(buildRobotsTxt(), 200, { "Cache-Control": CACHE }));
  routes.get("/sitemap.xml", async (c) => xmlResponse(c, await buildSitemap()));
  routes.get("/sitemaps/pages.xml", async (c) => xmlResponse(c, await buildPagesSitemap()));
  routes.get("/sitemaps/:file{businesses-[0-9]+-of-[0-9]+\\.xml}", async (c) => {
    const [file, files] = (c.req.param("file").match(/\d+/g) ?? []).map(Number);
    // No such file: a not-found refusal, answered by the one error mapping (onError).
    return xmlResponse(c, await buildBusinessSitemap(file, files));
  });
  return routes;
}
