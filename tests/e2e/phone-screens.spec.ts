/**
 * Issue 32 on a 360 × 780 phone, for what the other journeys do not walk through already (they run at this size too:
 * watchedPage's default): 'pharmacy' and 'pharmacies' finding the same listings, the chosen order shown as chosen,
 * the chosen state's LGAs first in the filters, one tap out of an empty result, 'Popular This Week' never leading to
 * nothing, a visitor's Panel from the bottom navigation, the review stars by keyboard, the owner's dashboard cards
 * (whole names, Delete apart from Edit) and the pricing page's word on Premium and featured placement.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useDemoSession } from "./account-steps";
import { launchBrowser, url, waitForHydration, watchedPage } from "./harness";

const PHONE = { width: 360, height: 780 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The result cards' names on the page open. */
function resultNames(page: Page): Promise<string[]> {
  return page.locator("#results article h3").allInnerTexts();
}

/** The order marked as chosen (aria-current), and the ones offered as links. */
async function orders(page: Page): Promise<{ chosen: string; links: string[] }> {
  return { chosen: await page.locator(".sort-option[aria-current='true']").innerText(), links: await page.locator("a.sort-option").allInnerTexts() };
}

describe("on a 360-px phone (issue 32)", () => {
  it("a visitor's search: singular and plural alike, the order shown as chosen, the state's LGAs first, one tap out of an empty result", async () => {
    const { page, errors, close } = await watchedPage(browser, { viewport: PHONE });
    try {
      await page.goto(url("/businesses?q=pharmacy"));
      const singular = await resultNames(page);
      expect(singular.length).toBeGreaterThan(0);
      expect(await orders(page)).toEqual({ chosen: "Best match", links: ["Highest rated"] });
      await page.goto(url("/businesses?q=pharmacies"));
      expect((await resultNames(page)).sort()).toEqual([...singular].sort());

      // The other order, tapped: now it is the chosen one, and the first is the link.
      await waitForHydration(page);
      await page.getByRole("link", { name: "Highest rated" }).click();
      await page.waitForURL((u) => u.searchParams.get("sort") === "rating");
      await expect.poll(() => orders(page)).toEqual({ chosen: "Highest rated", links: ["Best match"] });

      // With Lagos chosen the filters (an overlay on a phone) list its LGAs before anything else; the regions fold away.
      await page.goto(url("/businesses?region=Lagos"));
      await waitForHydration(page);
      await page.getByRole("link", { name: /^Filters/ }).click();
      const overlay = page.locator("#filters");
      await overlay.getByRole("heading", { name: "LGA" }).waitFor();
      const headings = await overlay.locator("h3").allInnerTexts();
      expect(headings.map((h) => h.toUpperCase()).indexOf("LGA")).toBeLessThan(headings.map((h) => h.toUpperCase()).indexOf("CATEGORY"));
      expect(headings.map((h) => h.toUpperCase())).not.toContain("REGION");
      expect(await overlay.getByRole("link", { name: /^Ikeja\b/ }).count()).toBe(1);
      expect(await overlay.getByText("Region: Lagos · change").isVisible()).toBe(true);

      // 'pharmacy' in a state that has none: not a dead end, one tap to the other states, where they are.
      await page.goto(url("/businesses?q=pharmacy"));
      const withSome = await page.locator("#filters li a").allInnerTexts();
      const none = ["Yobe", "Zamfara", "Kebbi", "Jigawa", "Bayelsa", "Ebonyi", "Taraba"].find((region) => !withSome.some((t) => t.startsWith(region)));
      expect(none, withSome.join(" | ")).toBeDefined();
      await page.goto(url(`/businesses?q=pharmacy&region=${none}`));
      await waitForHydration(page);
      expect(await resultNames(page)).toEqual([]);
      await page.getByRole("link", { name: new RegExp(`^None in ${none} — ${singular.length} in other states$`) }).click();
      await page.waitForURL((u) => u.searchParams.get("q") === "pharmacy" && !u.searchParams.has("region"));
      await expect.poll(async () => (await resultNames(page)).sort()).toEqual([...singular].sort());
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("every 'Popular This Week' link on the home page finds something", async () => {
    const { page, errors, close } = await watchedPage(browser, { viewport: PHONE });
    try {
      await page.goto(url("/"));
      const links = page.locator("section", { has: page.getByRole("heading", { name: "Popular This Week" }) }).getByRole("link");
      const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).getAttribute("href")!));
      expect(hrefs.length).toBeGreaterThan(0);
      for (const href of hrefs) {
        await page.goto(url(href));
        expect((await resultNames(page)).length, href).toBeGreaterThan(0);
      }
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("a visitor's Panel (bottom navigation) has their saved businesses and conversations; the stars of a review are chosen by keyboard", async () => {
    const { page, errors, close } = await watchedPage(browser, { viewport: PHONE });
    try {
      await useDemoSession(page, "visitor@example.com");
      await page.goto(url("/"));
      await waitForHydration(page);
      await page.getByRole("navigation", { name: "Bottom navigation" }).getByRole("link", { name: "Panel" }).click();
      await page.waitForURL((u) => u.pathname === "/dashboard");
      await page.getByRole("heading", { name: "Saved businesses" }).waitFor();
      await page.getByRole("heading", { name: "Your conversations" }).waitFor();
      expect(await page.getByRole("link", { name: /^(All saved businesses \(\d+\)|Saved businesses)$/ }).getAttribute("href")).toBe("/saved");

      // A business page's review form: no star chosen for the visitor, the arrow keys move between the five.
      await page.goto(url("/businesses?q=kitchen"));
      const path = (await page.locator("#results article a[href^='/businesses/']").first().getAttribute("href"))!;
      await page.goto(url(path));
      await waitForHydration(page);
      const one = page.getByRole("radio", { name: "1 star", exact: true });
      await one.focus();
      await page.keyboard.press("Space");
      expect(await one.isChecked()).toBe(true);
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("ArrowRight");
      expect(await page.getByRole("radio", { name: "3 stars" }).isChecked()).toBe(true);
      expect(await one.isChecked()).toBe(false);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("the owner's dashboard cards show whole names with Delete apart from Edit; pricing says Premium already features every listing", async () => {
    const { page, errors, close } = await watchedPage(browser, { viewport: PHONE });
    try {
      await useDemoSession(page, "owner@example.com");
      await page.goto(url("/dashboard"));
      await waitForHydration(page);
      const cards = page.locator("li", { has: page.getByRole("button", { name: "Delete" }) });
      expect(await cards.count()).toBeGreaterThan(1);
      for (const card of await cards.all()) {
        // The whole name: its heading is not cut off (no ellipsis: as wide as its text).
        const heading = card.getByRole("heading").first();
        expect(await heading.evaluate((h) => h.scrollWidth <= h.clientWidth + 1), await heading.innerText()).toBe(true);
        // Edit and Delete: Delete is the last action, not next to Edit.
        const actions = await card.locator("a, button").evaluateAll((els) => els.map((e) => e.textContent?.trim() ?? ""));
        expect(actions.at(-1), actions.join(" | ")).toMatch(/^Delete/);
        expect(actions.indexOf("Edit") + 1, actions.join(" | ")).toBeLessThan(actions.length - 1);
      }

      await page.goto(url("/pricing"));
      const text = await page.locator("main").innerText();
      expect(text).toMatch(/featured status for all your approved listings/);
      expect(text).toMatch(/₦[\d,.]+ a day/);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
