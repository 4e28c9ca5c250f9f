import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, url, waitForHydration, watchedPage } from "./harness";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("unknown paths", () => {
  it("answer 404 with the not-found page showing the attempted path", async () => {
    const watched = await watchedPage(browser);
    try {
      const { page } = watched;
      const response = await page.goto(url("/this-does-not-exist"));
      expect(response?.status()).toBe(404);
      expect(response?.headers()["content-type"]).toMatch(/^text\/html/);
      await waitForHydration(page);
      await expect.poll(() => page.locator("body").innerText()).toContain("/this-does-not-exist");
      // It is the app's page, not a bare error text.
      expect(await page.locator("h1").count()).toBeGreaterThan(0);
      expect(await page.locator("body").innerText()).not.toContain("Something went wrong");
      expect(await page.locator('a[href="/"]').count(), "a way back home").toBeGreaterThan(0);
    } finally {
      await watched.close();
    }
  });

  it("answer 404 for a deep path too, and never leak a stack trace", async () => {
    const response = await fetch(url("/no/such/page?x=1"));
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("/no/such/page");
    expect(html).not.toMatch(/at \S+ \(.*:\d+:\d+\)/);
  });
});
