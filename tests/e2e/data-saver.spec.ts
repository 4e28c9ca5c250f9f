/**
 * Data saver (issue 20, ADR 32) in chromium against the production build and the demo data: with `Save-Data: on`
 * or the footer's switch, listing images wait for a tap and only the tapped one is downloaded; the switch is
 * remembered, turns off again, and works without JavaScript.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useDemoSession } from "./account-steps";
import { checkPage } from "./axe";
import { BUSINESS_LINK, launchBrowser, url, waitForHydration, watchedPage, type WatchedPage } from "./harness";

const PHONE = "Mozilla/5.0 (Linux; Android 12; TECNO KG5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";
const RESULTS = "/businesses?q=kitchen";
/** Listing images, and the frame's decorative placeholder (dropped with data saver on). */
const IMAGE_REQUEST = /\/media\/business-images\/|\/placeholder\.svg/;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Every image request the context makes, in order (paths with their query). */
function imageRequests(context: BrowserContext): string[] {
  const seen: string[] = [];
  context.on("request", (request) => {
    const { pathname, search } = new URL(request.url());
    if (IMAGE_REQUEST.test(pathname)) seen.push(pathname + search);
  });
  return seen;
}

/**
 * How many different images were asked for: with the service worker (ADR 30) in control, one image is seen twice,
 * the page's request and the worker's fetch of it.
 */
const distinct = (requests: string[]) => new Set(requests).size;

/** Loads a page and waits until the network is quiet (lazy images near the screen included). */
async function open(page: Page, path: string) {
  const response = await page.goto(url(path));
  expect(response?.status(), path).toBe(200);
  await page.waitForLoadState("networkidle");
}

/** A business page with at least one photo, from the demo results. */
async function businessWithPhotos(page: Page): Promise<string> {
  await open(page, RESULTS);
  const links = await page.locator("article a[href]").evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href") ?? ""));
  const details = [...new Set(links.filter((href) => /^\/businesses\/[0-9a-f-]{36}$/.test(href)))];
  for (const href of details) {
    const html = await (await fetch(url(href), { headers: { "user-agent": PHONE } })).text();
    if (/data-src="\/media\/|<img[^>]+src="\/media\//.test(html)) return href;
  }
  throw new Error("no demo business with a photo");
}

const switchButton = (page: Page, pressed: boolean) => page.getByRole("button", { name: "Data saver", pressed });

async function withPage(options: { headers?: Record<string, string> }, run: (watched: WatchedPage, requests: string[]) => Promise<void>) {
  const watched = await watchedPage(browser, { userAgent: PHONE });
  if (options.headers) await watched.context.setExtraHTTPHeaders(options.headers);
  const requests = imageRequests(watched.context);
  try {
    await run(watched, requests);
    expect(watched.errors).toEqual([]);
  } finally {
    await watched.close();
  }
}

describe("data saver", () => {
  it("with Save-Data: on, a results page and a business page load no listing image until one is tapped, then exactly that one", async () => {
    await withPage({ headers: { "Save-Data": "on" } }, async ({ page }, requests) => {
      const detail = await businessWithPhotos(page);
      expect(BUSINESS_LINK.test(detail)).toBe(true);
      expect(requests, "images on the results page").toEqual([]);
      expect(await checkPage(page, "results, data saver on"), "axe: serious or critical").toEqual([]);
      const controls = page.getByRole("link", { name: "Show image" });
      expect(await controls.count()).toBeGreaterThan(1);
      await expect.poll(() => switchButton(page, true).count()).toBe(1);

      // Tap the second card's image: that image only.
      const frame = page.locator('[data-enhance="tap-image"]').nth(1);
      const wanted = await frame.locator("img").getAttribute("data-srcset");
      await frame.getByRole("link", { name: "Show image" }).click();
      await expect.poll(() => distinct(requests)).toBe(1);
      await page.waitForLoadState("networkidle");
      expect(distinct(requests)).toBe(1);
      expect(wanted).toContain(requests[0]);
      expect(page.url()).toBe(url(RESULTS)); // shown in place, not followed
      const shown = frame.locator("img");
      await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      expect(await shown.isVisible()).toBe(true);
      expect(await frame.getByRole("link", { name: "Show image" }).count()).toBe(0);

      // The business page: its main photo and gallery wait too.
      requests.length = 0;
      await open(page, detail);
      expect(requests, "images on the business page").toEqual([]);
      expect(await checkPage(page, "business page, data saver on"), "axe: serious or critical").toEqual([]);
      const main = page.locator('[data-enhance="tap-image"]').first();
      const name = (await page.locator("h1").innerText()).trim();
      expect(await main.innerText()).toContain(name); // its alt text in place of the photo
      await main.locator("[data-tap]").click();
      await expect.poll(() => distinct(requests)).toBe(1);
      await page.waitForLoadState("networkidle");
      expect(distinct(requests)).toBe(1);
      expect(requests[0]).toMatch(/^\/media\/business-images\//);
    });
  });

  it("the switch turns it on without the header, is remembered across pages and visits, and turns it off again", async () => {
    await withPage({}, async ({ page, context }, requests) => {
      await open(page, RESULTS);
      expect(requests.length, "images without data saver").toBeGreaterThan(0);

      await switchButton(page, false).click();
      await page.waitForURL(url(RESULTS));
      await switchButton(page, true).waitFor();
      requests.length = 0;
      await open(page, RESULTS);
      expect(requests).toEqual([]);
      expect(await page.getByRole("link", { name: "Show image" }).count()).toBeGreaterThan(0);

      // Another page, and another visit (a new tab of the same browser, later): still on.
      await open(page, "/");
      expect(requests).toEqual([]);
      expect(await switchButton(page, true).count()).toBe(1);
      const later = await context.newPage();
      await open(later, "/businesses");
      expect(await switchButton(later, true).count()).toBe(1);
      expect(requests).toEqual([]);
      await later.close();

      // Off again: images load.
      await switchButton(page, true).click();
      await page.waitForURL(url("/"));
      await switchButton(page, false).waitFor();
      await page.waitForLoadState("networkidle");
      expect(requests.length, "images once data saver is off").toBeGreaterThan(0);
      expect((await context.cookies()).find((cookie) => cookie.name === "data-saver")).toMatchObject({ value: "off", httpOnly: true, sameSite: "Lax" });
    });
  });

  it("the switch turns it off despite Save-Data: on", async () => {
    await withPage({ headers: { "Save-Data": "on" } }, async ({ page }, requests) => {
      await open(page, RESULTS);
      expect(requests).toEqual([]);
      await switchButton(page, true).click();
      await switchButton(page, false).waitFor();
      await page.waitForLoadState("networkidle");
      expect(requests.length).toBeGreaterThan(0);
    });
  });

  it("for a signed-in user (the hydrated app): the switch in the menu, and a tap shows that one image", async () => {
    await withPage({}, async ({ page }, requests) => {
      await useDemoSession(page, "visitor@example.com");
      await open(page, "/menu");
      await page.getByRole("navigation", { name: "Menu" }).getByRole("button", { name: "Data saver", pressed: false }).click();
      await page.waitForURL(url("/menu"));
      await page.getByRole("navigation", { name: "Menu" }).getByRole("button", { name: "Data saver", pressed: true }).waitFor();
      requests.length = 0;
      await open(page, RESULTS);
      await waitForHydration(page);
      expect(requests).toEqual([]);
      const frame = page.locator('[data-enhance="tap-image"]').first();
      const wanted = await frame.locator("img").getAttribute("data-srcset");
      await frame.getByRole("link", { name: "Show image" }).click();
      await expect.poll(() => distinct(requests)).toBe(1);
      await page.waitForLoadState("networkidle");
      expect(distinct(requests)).toBe(1);
      expect(wanted).toContain(requests[0]);
      expect(page.url()).toBe(url(RESULTS));
      // Off again, from the footer this time.
      await switchButton(page, true).last().click();
      await switchButton(page, false).waitFor();
    });
  });

  it("works without JavaScript: the switch posts and comes back, 'Show image' links to the image", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, userAgent: PHONE, viewport: { width: 390, height: 844 }, locale: "en-NG" });
    const requests = imageRequests(context);
    try {
      const page = await context.newPage();
      await open(page, RESULTS);
      expect(requests.length).toBeGreaterThan(0);
      await switchButton(page, false).click();
      await page.waitForURL(url(RESULTS));
      await switchButton(page, true).waitFor();
      requests.length = 0;
      await open(page, RESULTS);
      expect(requests).toEqual([]);
      const link = page.getByRole("link", { name: "Show image" }).first();
      const href = (await link.getAttribute("href"))!;
      expect(href).toMatch(/^\/media\/business-images\//);
      const [response] = await Promise.all([page.waitForResponse((r) => r.url() === url(href)), link.click()]);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toMatch(/^image\//);

      await open(page, RESULTS);
      await switchButton(page, true).click();
      await switchButton(page, false).waitFor();
    } finally {
      await context.close();
    }
  });
});
