/**
 * The landing pages journey (issue 17): /categories → a category → the same category in a state → a business
 * page whose breadcrumbs lead back. In chromium, with JavaScript and without it (the pages are plain
 * server-rendered links).
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, url, waitForHydration, watchedPage } from "./harness";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const heading = (page: Page) => page.locator("h1").innerText();
const breadcrumbs = (page: Page) => page.getByRole("navigation", { name: "Breadcrumb" });

/** /businesses → /categories → Eatery → Eateries in Lagos → the first listing; then back up through its breadcrumbs. */
async function journey(page: Page, withScripts: boolean): Promise<void> {
  await page.goto(url("/businesses"));
  if (withScripts) await waitForHydration(page);
  await page.getByRole("link", { name: "Browse all categories and states" }).click();
  await page.waitForURL((target) => target.pathname === "/categories");
  await expect.poll(() => heading(page)).toBe("Business categories");
  expect(await page.title()).toBe("Business categories in Nigeria — Naija Directory");

  const categories = page.getByRole("region", { name: "All categories" });
  await categories.getByRole("link", { name: "Eatery", exact: true }).click();
  await page.waitForURL((target) => target.pathname === "/categories/eatery");
  await expect.poll(() => heading(page)).toBe("Eateries in Nigeria");
  expect(await page.getByRole("status").first().innerText()).toMatch(/^\d[\d,]* business(es)?$/);
  expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(/\/categories\/eatery$/);

  await page.getByRole("region", { name: "Eateries in other states" }).getByRole("link", { name: "Lagos", exact: true }).click();
  await page.waitForURL((target) => target.pathname === "/states/lagos/eatery");
  await expect.poll(() => heading(page)).toBe("Eateries in Lagos");
  expect(await page.title()).toBe("Eateries in Lagos — Naija Directory");
  expect(await breadcrumbs(page).getByRole("link").allInnerTexts()).toEqual(["Nigeria", "Lagos"]);
  expect(await breadcrumbs(page).locator('[aria-current="page"]').innerText()).toBe("Eatery");

  const card = page.locator("article").first();
  const name = await card.locator("h3").innerText();
  await card.getByRole("link", { name: "View Details" }).click();
  await page.waitForURL(/\/businesses\/[0-9a-f-]{36}$/);
  await expect.poll(() => heading(page)).toBe(name);
  const trail = breadcrumbs(page);
  // Nigeria › Lagos › [its LGA, when it has one ›] Eatery › the business.
  const steps = await trail.getByRole("link").allInnerTexts();
  expect(steps.slice(0, 2)).toEqual(["Nigeria", "Lagos"]);
  expect(steps.at(-1)).toBe("Eatery");
  expect(steps.length).toBeLessThanOrEqual(4);
  expect(await trail.locator('[aria-current="page"]').innerText()).toBe(name);
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  const documents = jsonLd.flatMap((text) => JSON.parse(text) as { "@type": string; itemListElement?: { name: string }[] }[]);
  const crumbs = documents.find((ld) => ld["@type"] === "BreadcrumbList");
  expect(crumbs?.itemListElement?.map((item) => item.name)).toEqual([...steps, name]);

  // Back up the trail: the category in the state, then the state.
  if (withScripts) await waitForHydration(page);
  await trail.getByRole("link", { name: "Eatery" }).click();
  await page.waitForURL((target) => target.pathname === "/states/lagos/eatery");
  await expect.poll(() => heading(page)).toBe("Eateries in Lagos");
  await breadcrumbs(page).getByRole("link", { name: "Lagos" }).click();
  await page.waitForURL((target) => target.pathname === "/states/lagos");
  await expect.poll(() => heading(page)).toBe("Businesses in Lagos");
}

describe("landing pages journey", () => {
  it("categories → category → state and category → business page, and back by its breadcrumbs (phone)", async () => {
    const watched = await watchedPage(browser);
    try {
      await journey(watched.page, true);
      expect(watched.errors).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it("works the same without JavaScript", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 }, locale: "en-NG" });
    context.setDefaultTimeout(20_000);
    try {
      await journey(await context.newPage(), false);
    } finally {
      await context.close();
    }
  });

  it("an empty or unknown landing page is the not-found page (404); another letter case redirects", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      const missing = await page.goto(url("/states/lagos/no-such-place"));
      expect(missing?.status()).toBe(404);
      expect(await heading(page)).toBe("Page not found");
      await page.goto(url("/States/Lagos/Eatery"));
      expect(new URL(page.url()).pathname).toBe("/states/lagos/eatery");
    } finally {
      await context.close();
    }
  });
});
