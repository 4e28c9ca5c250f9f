/**
 * The public directory journey (spec 01 §2): home → search → filter → business page → contact, anonymous
 * and signed in, on phone and desktop widths, and the listing page without JavaScript.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn as submitSignIn, useDemoSession } from "./account-steps";
import { launchBrowser, url, waitForHydration, watchedPage } from "./harness";

/** The demo accounts' password (README). */
const DEMO_PASSWORD = "Demo-Passw0rd!";
const DESKTOP = { width: 1280, height: 900 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Signs in on the login page already open, and waits to leave it. */
async function signIn(page: Page, email: string): Promise<void> {
  await submitSignIn(page, email, DEMO_PASSWORD);
  await page.waitForURL((target) => !target.pathname.startsWith("/login"));
}

/** Uses the home page's hero form: text, region, 'Search Now'. */
async function searchFromHome(page: Page, text: string, region: string): Promise<void> {
  await page.goto(url("/"));
  await waitForHydration(page);
  await page.getByLabel("What service are you looking for?").fill(`  ${text}  `);
  await page.getByLabel("Region").selectOption(region);
  await page.getByRole("button", { name: "Search Now" }).click();
  // q is trimmed; the empty category is left out.
  await page.waitForURL((target) => target.pathname === "/businesses" && target.search === `?q=${text}&region=${region}`);
  await page.getByRole("heading", { name: "Find Local Businesses" }).waitFor();
}

/** The cards' headings in the results. */
async function resultNames(page: Page): Promise<string[]> {
  return page.locator("#results article h3").allInnerTexts();
}

/** Opens a card's View Details and returns the business page's id. */
async function openBusiness(page: Page, name: string): Promise<string> {
  const card = page.locator("#results article", { has: page.getByRole("heading", { name, exact: true }) }).first();
  await card.getByRole("link", { name: "View Details" }).click();
  await page.waitForURL(/\/businesses\/[0-9a-f-]{36}$/);
  await expect.poll(() => page.locator("h1").innerText()).toBe(name);
  return new URL(page.url()).pathname.split("/").pop()!;
}

function contactUrl(id: string, name: string): string {
  return `/messages?${new URLSearchParams({ businessId: id, businessName: name })}`;
}

describe("directory journey, anonymous", () => {
  it("home → search → filter → business page → Contact Business goes through sign-in and back (phone)", async () => {
    const watched = await watchedPage(browser);
    try {
      const { page } = watched;
      await searchFromHome(page, "kitchen", "Lagos");
      const names = await resultNames(page);
      expect(names.length).toBeGreaterThan(0);
      await expect.poll(() => page.getByRole("status").first().innerText()).toMatch(/business(es)? for “kitchen” · Lagos$/);

      // Below 768px the filters are an overlay opened by the Filters button.
      await page.getByRole("link", { name: /^Filters/ }).click();
      const overlay = page.locator("#filters");
      await overlay.getByRole("link", { name: /^Eatery\s*\d+$/ }).click();
      await page.waitForURL((target) => target.searchParams.get("category") === "Eatery" && target.searchParams.get("q") === "kitchen");
      await expect.poll(() => page.getByRole("link", { name: /^Filters\s*2$/ }).count()).toBe(1);
      const eateries = await resultNames(page);
      expect(eateries).toContain("Mama Cass Kitchen");

      const id = await openBusiness(page, "Mama Cass Kitchen");
      // Call and WhatsApp go through the counted /go/ links (issue 18), which redirect to tel: and wa.me.
      expect(await page.locator(`a[href="/go/${id}/call"]`).count()).toBeGreaterThan(0);
      expect(await page.locator(`a[href="/go/${id}/whatsapp"]`).count()).toBe(1);
      const whatsapp = await page.request.get(url(`/go/${id}/whatsapp`), { maxRedirects: 0 });
      expect(whatsapp.headers().location).toMatch(/^https:\/\/wa\.me\/234\d{10}$/);
      await page.getByRole("link", { name: "Contact Business" }).click();
      await page.waitForURL((target) => target.pathname === "/login");
      expect(new URL(page.url()).searchParams.get("redirectTo")).toBe(contactUrl(id, "Mama Cass Kitchen"));
      await waitForHydration(page);
      await signIn(page, "visitor@example.com");
      await page.waitForURL((target) => target.pathname === "/messages");
      const landed = new URL(page.url());
      expect(landed.searchParams.get("businessId")).toBe(id);
      expect(landed.searchParams.get("businessName")).toBe("Mama Cass Kitchen");
    } finally {
      await watched.close();
    }
  });

  it("featured cards on the home page ask anonymous visitors to log in (Cancel, Sign In)", async () => {
    const watched = await watchedPage(browser);
    try {
      const { page } = watched;
      await page.goto(url("/"));
      await waitForHydration(page);
      const featured = page.locator("section", { has: page.getByRole("heading", { name: "Featured Businesses" }) });
      const dialog = page.getByRole("dialog", { name: "Login Required" });
      await featured.getByRole("link", { name: "View Details" }).first().click();
      await dialog.waitFor();
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "hidden" });
      expect(new URL(page.url()).pathname).toBe("/");

      await featured.getByRole("link", { name: "Contact" }).first().click();
      await dialog.waitFor();
      await dialog.getByRole("link", { name: "Sign In" }).click();
      await page.waitForURL((target) => target.pathname === "/login");
      expect(new URL(page.url()).searchParams.get("redirectTo")).toMatch(/^\/messages\?businessId=[0-9a-f-]{36}&businessName=/);
      expect(watched.errors).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it("finds a misspelt name, and the region and category links from home work with their counts (desktop)", async () => {
    const watched = await watchedPage(browser, { viewport: DESKTOP });
    try {
      const { page } = watched;
      await page.goto(url("/businesses?q=Mama%20Cass%20Kitchn"));
      await waitForHydration(page);
      expect((await resultNames(page))[0]).toBe("Mama Cass Kitchen");

      // The home page's category grid links with a lowercase name; the sidebar counts match the results.
      await page.goto(url("/"));
      await page.getByRole("link", { name: "Restaurant/Bar" }).click();
      await page.waitForURL((target) => target.searchParams.get("category") === "restaurant/bar");
      const sidebar = page.getByRole("complementary", { name: "Filters" });
      const lagos = sidebar.getByRole("link", { name: /^Lagos\s*\d+$/ });
      const lagosCount = Number((await lagos.innerText()).replace(/\D/g, ""));
      await lagos.click();
      await page.waitForURL((target) => target.searchParams.get("region") === "Lagos");
      await expect.poll(() => resultNames(page).then((n) => n.length)).toBe(Math.min(lagosCount, 20));
      await sidebar.getByRole("link", { name: "Clear all filters" }).click();
      await page.waitForURL((target) => target.pathname === "/businesses" && !target.search.includes("region"));
      expect(watched.errors).toEqual([]);
    } finally {
      await watched.close();
    }
  });
});

describe("directory journey, signed in", () => {
  it("search → business page → Contact Business opens the chat with the business", async () => {
    const watched = await watchedPage(browser);
    try {
      const { page } = watched;
      await useDemoSession(page, "visitor@example.com");
      await searchFromHome(page, "bakery", "Lagos");
      const [name] = await resultNames(page);
      expect(name).toBeTruthy();
      const id = await openBusiness(page, name);
      const views = Number((await page.getByText(/\d+ views?$/).innerText()).replace(/\D/g, ""));
      expect(views).toBeGreaterThan(0);
      await page.getByRole("link", { name: "Contact Business" }).click();
      await page.waitForURL((target) => target.pathname === "/messages");
      const landed = new URL(page.url());
      expect(landed.searchParams.get("businessId")).toBe(id);
      expect(landed.searchParams.get("businessName")).toBe(name);
    } finally {
      await watched.close();
    }
  });
});

describe("without JavaScript", () => {
  it("results are in the HTML and the filter links and search form work", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: DESKTOP });
    try {
      const page = await context.newPage();
      const response = await page.goto(url("/businesses?q=pharm"));
      expect(response?.status()).toBe(200);
      expect((await resultNames(page)).some((name) => /pharm/i.test(name))).toBe(true);
      // The first region with results, as a plain link.
      const region = page.getByRole("complementary", { name: "Filters" }).getByRole("link", { name: /^[A-Z][\w ]+\s+\d+$/ }).first();
      const [regionName, regionCount] = (await region.innerText()).split(/\s+(?=\d+$)/);
      await region.click();
      await page.waitForURL((target) => target.searchParams.get("region") === regionName && target.searchParams.get("q") === "pharm");
      expect((await resultNames(page)).length).toBe(Number(regionCount));

      // The search form keeps the region; the new text replaces the old.
      await page.goto(url("/businesses?region=Lagos"));
      await page.getByLabel("Search businesses").fill("kitchen");
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await page.waitForURL((target) => target.searchParams.get("q") === "kitchen" && target.searchParams.get("region") === "Lagos");
      expect(await resultNames(page)).toContain("Mama Cass Kitchen");

      // 'Rated 4+' is a plain link too: every card left shows an average of 4.0 or more.
      await page.goto(url("/businesses"));
      await page.getByRole("complementary", { name: "Filters" }).getByRole("link", { name: "Rated 4+" }).click();
      await page.waitForURL((target) => target.searchParams.get("rating") === "4");
      const cards = await page.locator("main article").allInnerTexts();
      expect(cards.length).toBeGreaterThan(0);
      for (const card of cards) expect(Number(/★ (\d\.\d) \(\d+\)/.exec(card)?.[1] ?? 0), card).toBeGreaterThanOrEqual(4);
      expect(await page.getByRole("status").innerText()).toContain("Rated 4+");
    } finally {
      await context.close();
    }
  });

  it("a missing business answers 404 with the spec's text; pages carry their SEO tags", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      const missing = await page.goto(url("/businesses/00000000-0000-4000-8000-000000000000"));
      expect(missing?.status()).toBe(404);
      await page.getByText("Business not found or not approved yet.").waitFor();

      await page.goto(url("/businesses?q=Mama%20Cass%20Kitchen"));
      const href = await page.locator("#results article a", { hasText: "View Details" }).first().getAttribute("href");
      const detail = await page.goto(url(href!));
      expect(detail?.status()).toBe(200);
      const head = (selector: string, attribute = "content") => page.locator(`head ${selector}`).first().getAttribute(attribute);
      expect(await head('link[rel="canonical"]', "href")).toMatch(/\/businesses\/[0-9a-f-]{36}$/);
      expect(await head('meta[property="og:image"]')).toMatch(/format=jpg/);
      // [LocalBusiness, BreadcrumbList] (ADR 24).
      const [ld] = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
      expect(ld["@type"]).toBe("LocalBusiness");
      expect(ld.name).toBe("Mama Cass Kitchen");
      const image = await page.request.get(await head('meta[property="og:image"]') as string);
      expect(image.headers()["content-type"]).toBe("image/jpeg");
      const robots = await page.request.get(url("/robots.txt"));
      expect(await robots.text()).toMatch(/Sitemap: http.*\/sitemap\.xml/);
      const sitemap = await page.request.get(url("/sitemap.xml"));
      expect(await sitemap.text()).toContain(href!);
    } finally {
      await context.close();
    }
  });
});
