import { Hono } from "hono";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { SITE_NAME } from "../app/components/site";

/** The manifest changes with a deployment at most: a day in any cache. */
export const MANIFEST_CACHE_CONTROL = "public, max-age=86400";
/** The service worker is checked on every registration and navigation (a new build installs at once). */
export const SERVICE_WORKER_CACHE_CONTROL = "no-cache";

/** The web app manifest (issue 20, ADR 30): installable, standalone, the brand's colours and icons. */
export function webManifest() {
  return {
    id: "/",
    name: SITE_NAME,
    short_name: "Naija Dir",
    description: "Find and contact local businesses across Nigeria, even with little or no connection.",
    lang: "en-NG",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: "#059669",
    background_color: "#f9fafb",
    categories: ["business", "shopping", "lifestyle"],
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
    shortcuts: [{ name: "Saved businesses", url: "/saved", icons: [{ src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" }] }],
  };
}

/**
 * /manifest.webmanifest, and /sw.js: the service worker `npm run build` bundles from app/sw/service-worker.ts
 * (scripts/build-service-worker.mjs) into build/client. Its own CSP governs what it may fetch: our origin and the
 * media CDN. Without a build (development, tests of the Hono app alone) there is none: 404.
 */
export function pwaRoutes(options: { clientDir?: string; mediaOrigin?: string }) {
  const routes = new Hono();
  const manifest = JSON.stringify(webManifest());
  routes.get("/manifest.webmanifest", (c) =>
    c.body(manifest, 200, { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": MANIFEST_CACHE_CONTROL }),
  );
  let worker: Promise<string | null> | undefined;
  const workerSource = () =>
    (worker ??= options.clientDir ? readFile(path.join(options.clientDir, "sw.js"), "utf8").catch(() => null) : Promise.resolve(null));
  routes.get("/sw.js", async (c) => {
    const source = await workerSource();
    if (source === null) return c.text("Not found", 404, { "Cache-Control": "no-store" });
    return c.body(source, 200, {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": SERVICE_WORKER_CACHE_CONTROL,
      "Content-Security-Policy": `default-src 'none'; connect-src 'self'${options.mediaOrigin ? ` ${options.mediaOrigin}` : ""}`,
    });
  });
  return routes;
}
