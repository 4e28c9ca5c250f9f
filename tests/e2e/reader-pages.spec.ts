/**
 * Reader pages (ADR 29): an anonymous visitor reads /, /businesses and a business page as server-rendered HTML
 * with one small script (app/enhance), never the React app; its behaviours (carousel, filter overlay, share,
 * sidebar, prefetch on intent) work from that script; a signed-in user gets the full app on the same pages, where
 * the same behaviours run from the React components.
 */
import type { Browser, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useDemoSession } from "./account-steps";
import { allCspViolations, BUSINESS_LINK, businessLinks, launchBrowser, url, waitForHydration, watchedPage } from "./harness";

const PHONE = "Mozilla/5.0 (Linux; Android 12; TECNO KG5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";
const DESKTOP = { width: 1280, height: 900 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The scripts a page load asked for, by address. */
function scriptRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") seen.push(request);
  });
  return seen;
}

const hasRouter = (page: Page) => page.evaluate(() => "__reactRouterContext" in window || "__reactRouterDataRouter" in window);

describe("reader pages", () => {
  it("an anonymous visitor reads /, /businesses and a business page with one small script and no React app", async () => {
    const watched = await watchedPage(browser, { userAgent: PHONE });
    try {
      const { page } = watched;
      const scripts = scriptRequests(page);
      await page.goto(url("/businesses"));
      await waitForHydration(page);
      const detail = (await businessLinks(page, "#results")).find((link) => BUSINESS_LINK.test(link.href));
      expect(detail, "a business on /businesses").toBeDefined();
      for (const path of ["/", detail!.href]) {
        await page.goto(url(path));
        await waitForHydration(page);
      }
      // The same one script each time (from the cache after the first), nothing else.
      expect(new Set(scripts.map((request) => new URL(request.url()).pathname)).size).toBe(1);
      expect(scripts[0]!.url()).toMatch(/\/assets\/[\w-]+\.js$/);
      expect(await hasRouter(page)).toBe(false);
      expect(await page.locator('link[rel="modulepreload"]').count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.dataset.enhanced)).toBe("true");
      expect(await allCspViolations(watched)).toEqual([]);
      expect(watched.errors).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it("the home page's carousel moves, stops and goes back without the app", async () => {
    const watched = await watchedPage(browser, { userAgent: PHONE });
    try {
      const { page } = watched;
      await page.goto(url("/"));
      await waitForHydration(page);
      const carousel = page.locator('[aria-roledescription="carousel"]');
      const shown = () => carousel.locator('[aria-roledescription="slide"]:not([hidden])').getAttribute("aria-label");
      await carousel.getByRole("button", { name: "Stop slide rotation" }).click();
      await carousel.getByRole("button", { name: "Start slide rotation" }).waitFor();
      const first = await shown();
      await carousel.getByRole("button", { name: "Next slide" }).click();
      expect(await shown()).not.toBe(first);
      await carousel.getByRole("button", { name: "Previous slide" }).click();
      expect(await shown()).toBe(first);
      await carousel.getByRole("button", { name: "Go to slide 2" }).click();
      expect(await shown()).toMatch(/^2 of /);
      expect(await carousel.getByRole("button", { name: "Go to slide 2" }).getAttribute("aria-current")).toBe("true");
      expect(watched.errors).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it("the phone's filter overlay opens with focus inside, closes on Escape and gives focus back to Filters", async () => {
    const watched = await watchedPage(browser, { userAgent: PHONE });
    try {
      const { page } = watched;
      await page.goto(url("/businesses"));
      await waitForHydration(page);
      const filters = page.locator("#filters");
      const opener = page.getByRole("link", { name: /^Filters/ });
      expect(await filters.isVisible()).toBe(false);
      await opener.click();
      await filters.getByRole("heading", { name: "Filters" }).waitFor();
      expect(await opener.getAttribute("aria-expanded")).toBe("true");
      expect(await page.evaluate(() => document.getElementById("filters")!.contains(document.activeElement))).toBe(true);
      await page.keyboard.press("Escape");
      await filters.waitFor({ state: "hidden" });
      expect(await opener.getAttribute("aria-expanded")).toBe("false");
      expect(await page.evaluate(() => document.activeElement?.textContent?.trim().startsWith("Filters"))).toBe(true);
      // A filter link in the overlay is followed by a page load.
      await opener.click();
      await filters.getByRole("link", { name: "Rated 4+" }).click();
      await page.waitForURL((target) => target.searchParams.get("rating") === "4");
      expect(await hasRouter(page)).toBe(false);
      expect(watched.errors).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it("Share copies the business page's address where there is no share sheet; it is a WhatsApp link without JavaScript", async () => {
    const watched = await watchedPage(browser, { userAgent: PHONE });
    try {
      const { page, context } = watched;
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(url("/")).origin });
      await page.goto(url("/businesses"));
      const detail = (await businessLinks(page, "#results"))[0]!;
      await page.goto(url(detail.href));
      await waitForHydration(page);
      const share = page.getByRole("link", { name: "Share" });
      expect(await share.getAttribute("href")).toMatch(/^https:\/\/wa\.me\/\?text=/);
      // Headless chromium has no share sheet: the link is copied.
      await share.click();
      await page.getByRole("status").filter({ hasText: "Link copied" }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/businesses\/[0-9a-f-]{36}$/);
      expect(page.url()).toContain(detail.href);
      expect(watched.errors).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it("the desktop sidebar toggles without the app (button and Ctrl+B) and the choice is remembered", async () => {
    const watched = await watchedPage(browser, { viewport: DESKTOP, userAgent: PHONE });
    try {
      const { page, context } = watched;
      await page.goto(url("/businesses"));
      await waitForHydration(page);
      const sidebar = page.locator("#app-sidebar");
      const toggle = page.getByRole("button", { name: "Toggle sidebar" });
      expect(await sidebar.isVisible()).toBe(true);
      await toggle.click();
      await sidebar.waitFor({ state: "hidden" });
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");
      expect((await context.cookies()).find((cookie) => cookie.name === "sidebar_state")?.value).toBe("false");
      await page.keyboard.press("Control+b");
      await sidebar.waitFor();
      await page.keyboard.press("Control+b");
      await page.goto(url("/"));
      expect(await page.locator("#app-sidebar").isVisible()).toBe(false);
      expect(watched.errors).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it.each(["block", "allow"] as const)("prefetches a business page on intent, opens it from the prefetch and reports the view with a HEAD of its own address (service worker: %s)", async (serviceWorkers) => {
    const watched = await watchedPage(browser, { viewport: DESKTOP, userAgent: PHONE, serviceWorkers });
    try {
      const { page } = watched;
      await page.goto(url("/businesses?q=restaurant"));
      await waitForHydration(page);
      if (serviceWorkers === "allow") {
        // Opened again under the worker's control (ADR 30), as a returning visitor's pages are.
        await page.evaluate(() => navigator.serviceWorker.ready);
        await page.reload();
        await waitForHydration(page);
        expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
      }
      const link = page.locator("#results a", { hasText: "View Details" }).first();
      const href = (await link.getAttribute("href"))!;
      expect(href).toMatch(BUSINESS_LINK);
      const prefetched = page.waitForRequest((request) => request.url().endsWith(href) && request.method() === "GET");
      await link.hover();
      const request = await prefetched;
      expect((await request.allHeaders())["sec-purpose"]).toMatch(/prefetch/);
      await (await request.response())?.finished();
      expect(await page.locator(`link[rel="prefetch"][href$="${href}"]`).count()).toBe(1);

      const report = page.waitForRequest((r) => r.url().endsWith(href) && r.method() === "HEAD");
      await link.click();
      await page.waitForURL((target) => target.pathname === href);
      const head = await report;
      expect((await head.response())?.status()).toBe(200);
      // The script sends it only when the page arrived without a transfer (from the prefetch), with the token the
      // server handed the prefetched page in its Server-Timing header: only then the server counts it as the visit
      // (issue 38, ADR 41; page-cache.server.test.ts).
      expect((await request.response())?.headers()["server-timing"]).toMatch(/^view-token;desc="[\w.-]+"$/);
      expect((await head.allHeaders())["x-view-token"]).toMatch(/^\d+\.[\w-]{16}\.[\w-]{24}$/);
      expect(watched.errors).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it("a signed-in visitor gets the full app on the same pages, and the overlay works there too", async () => {
    const watched = await watchedPage(browser, { userAgent: PHONE });
    try {
      const { page } = watched;
      await useDemoSession(page, "visitor@example.com");
      await page.goto(url("/businesses"));
      await waitForHydration(page);
      expect(await hasRouter(page)).toBe(true);
      const opener = page.getByRole("link", { name: /^Filters/ });
      await opener.click();
      await page.locator("#filters").getByRole("heading", { name: "Filters" }).waitFor();
      await page.keyboard.press("Escape");
      await page.locator("#filters").waitFor({ state: "hidden" });
      // The app navigates inside the page (no document load) when a filter is chosen.
      await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 7));
      await opener.click();
      await page.locator("#filters").getByRole("link", { name: "Rated 4+" }).click();
      await page.waitForURL((target) => target.searchParams.get("rating") === "4");
      expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(7);
      expect(await allCspViolations(watched)).toEqual([]);
      expect(watched.errors).toEqual([]);
    } finally {
      await watched.close();
    }
  });
});
