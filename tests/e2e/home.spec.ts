import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessLinks, launchBrowser, url, waitForHydration, watchedPage } from "./harness";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("home page", () => {
  it("shows the demo businesses in the featured section", async () => {
    const watched = await watchedPage(browser);
    try {
      const { page } = watched;
      const response = await page.goto(url("/"));
      expect(response?.status()).toBe(200);
      await waitForHydration(page);
      // The featured section (spec 01 §2: up to 6 featured businesses), each card naming its business.
      const featured = page.getByRole("region", { name: /featured/i }).first();
      await featured.waitFor();
      const cards = featured.getByRole("article");
      const count = await cards.count();
      expect(count, "featured business cards on the home page").toBeGreaterThan(0);
      expect(count).toBeLessThanOrEqual(6);
      const names = await featured.getByRole("heading", { level: 3 }).allInnerTexts();
      expect(names).toHaveLength(count);
      for (const name of names) expect(name.trim().length).toBeGreaterThan(1);
      expect(await featured.getByRole("link", { name: "View Details" }).count()).toBe(count);
      expect(watched.errors).toEqual([]);
    } finally {
      await watched.close();
    }
  });
});

describe("business page", () => {
  it("opens from the listing (Find Local Businesses) and shows the business name", async () => {
    const watched = await watchedPage(browser);
    try {
      const { page } = watched;
      expect((await page.goto(url("/businesses")))?.status()).toBe(200);
      await page.getByRole("heading", { name: "Find Local Businesses" }).waitFor();
      await waitForHydration(page);

      const [first] = await businessLinks(page);
      expect(first, "a link to a business on /businesses").toBeDefined();
      const link = page.locator(`a[href="${first.href}"]`).first();
      // The card's own heading names the business; fall back to the link text.
      const card = link.locator("xpath=ancestor-or-self::*[self::article or self::li][1]");
      const cardHeading = (await card.count()) > 0 ? card.locator("h2, h3, h4").first() : link.locator("h2, h3, h4").first();
      const name = ((await cardHeading.count()) > 0 ? await cardHeading.innerText() : first.text.split("\n")[0]).trim();
      expect(name.length).toBeGreaterThan(1);

      await link.click();
      await page.waitForURL((target) => target.pathname === new URL(first.href, url("/")).pathname);
      await expect.poll(() => page.locator("h1").first().innerText()).toContain(name);
      expect(await page.title()).toContain(name);
      expect(watched.errors).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it("says so when the business does not exist", async () => {
    const watched = await watchedPage(browser);
    try {
      const { page } = watched;
      await page.goto(url("/businesses/00000000-0000-4000-8000-000000000000"));
      await page.getByText("Business not found or not approved yet.").waitFor();
    } finally {
      await watched.close();
    }
  });
});
