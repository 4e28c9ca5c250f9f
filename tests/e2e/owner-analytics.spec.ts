import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useDemoSession } from "./account-steps";
import { allCspViolations, launchBrowser, url, waitForHydration, watchedPage } from "./harness";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("the owner's analytics (issue 18)", () => {
  it("the demo owner (Standard) opens Analytics from the dashboard: 30 days with charts on a phone, one listing for 7 days, 90 days refused", async () => {
    const watched = await watchedPage(browser);
    try {
      const { page } = watched;
      await useDemoSession(page, "owner@example.com");
      await page.goto(url("/dashboard"));
      await waitForHydration(page);
      await page.getByRole("link", { name: "Analytics", exact: true }).click();
      await page.waitForURL((u) => u.pathname === "/dashboard/analytics");
      await page.getByRole("heading", { name: "Analytics", level: 1 }).waitFor();
      const main = page.locator("#main");
      expect(await main.innerText()).toMatch(/All your listings: the last 30 days .*Your plan: Standard\./);
      // The demo data: figures, four server-drawn charts, the Premium parts offered, not faked.
      expect(await page.locator("svg[role=img]").count()).toBe(4);
      const views = await page.locator("li", { hasText: "Page views" }).first().locator("strong").innerText();
      expect(Number(views.replace(/,/g, ""))).toBeGreaterThan(0);
      expect(await main.innerText()).toContain("Contacts by channel and reply times come with the Premium plan.");
      expect(await page.getByText("Download CSV").count()).toBe(0);
      // Readable on a phone: nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      // One listing: it applies when chosen (no button to find); then 7 days, one tap (issue 32).
      const listing = page.getByLabel("Listing");
      const second = await listing.locator("option").nth(1).getAttribute("value");
      await listing.selectOption(second!);
      await page.waitForURL((u) => u.searchParams.get("listing") === second && u.searchParams.get("days") === "30");
      expect(await page.getByRole("button", { name: "Show" }).count()).toBe(0);
      await page.getByRole("link", { name: "7 days", exact: true }).click();
      await page.waitForURL((u) => u.searchParams.get("listing") === second && u.searchParams.get("days") === "7");
      await expect.poll(() => page.locator("svg[role=img] rect").count()).toBe(4 * 7);
      expect(await page.locator('.sort-option[aria-current="true"]').innerText()).toBe("7 days");

      // 90 days is Premium's: refused on the server, the page still shows the plan's 30 days.
      const refused = await page.goto(url("/dashboard/analytics?days=90"));
      expect(refused?.status()).toBe(403);
      expect(await main.innerText()).toContain("Analytics for the last 90 days come with the Premium plan.");
      expect(await main.innerText()).toContain("Showing the last 30 days instead.");
      expect(await page.locator("svg[role=img]").count()).toBe(4);
      const csv = await page.request.get(url("/dashboard/analytics.csv?listing=all&days=30"));
      expect(csv.status()).toBe(403);

      expect(watched.errors.filter((e) => !e.includes("403"))).toEqual([]);
      expect(await allCspViolations(watched)).toEqual([]);
    } finally {
      await watched.close();
    }
  });
});
