/**
 * Five languages (issue 36, ADR 40) in chromium on a 360-px phone against the production build and the demo data: a
 * visitor switches to Hausa on the home page, searches with a name people use ('mama put'), opens a business and reads
 * every screen in Hausa; another does the same in Pidgin with data saver on; a signed-in person's choice is remembered.
 * "Reads everything in Hausa": no text or label on the page is an English text the Hausa catalog translates
 * differently, and axe and the phone widths pass on every translated page.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogOf } from "../../scripts/i18n-keys.mjs";
import { useDemoSession } from "./account-steps";
import { checkPage, phoneWidthProblems } from "./axe";
import { launchBrowser, url, waitForHydration, watchedPage, type WatchedPage } from "./harness";

const PHONE = "Mozilla/5.0 (Linux; Android 12; TECNO KG5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * The English texts a language's catalog translates into something else (two words or more, or six letters: short
 * words such as 'Jan' may also be a business's own words), with plural forms' English keys.
 */
function englishOnly(locale: string): Set<string> {
  const texts = new Set<string>();
  for (const [name, entries] of catalogOf(locale)) {
    const key = name.replace(/_(zero|one|two|few|many|other)$/, "");
    if (key.includes("{{")) continue;
    if (entries.every((entry) => entry.value !== key) && (key.includes(" ") || key.length >= 6)) texts.add(key);
  }
  return texts;
}

/** Every text and label a person can read or hear on the page: text nodes, and aria-label, title, placeholder, alt. */
async function readable(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest("script, style, template, [hidden]")) continue;
      const text = node.textContent?.replace(/\s+/g, " ").trim();
      if (text) found.push(text);
    }
    for (const element of document.querySelectorAll("[aria-label], [title], [placeholder], img[alt]")) {
      for (const name of ["aria-label", "title", "placeholder", "alt"]) {
        const value = element.getAttribute(name)?.trim();
        if (value) found.push(value);
      }
    }
    return found;
  });
}

/** The page's texts still in English where the language has its own. */
async function untranslated(page: Page, locale: string): Promise<string[]> {
  const english = englishOnly(locale);
  return [...new Set((await readable(page)).filter((text) => english.has(text)))];
}

async function expectInLanguage(watched: WatchedPage, locale: string, label: string) {
  const { page } = watched;
  expect(await page.getAttribute("html", "lang"), label).toBe(locale);
  expect(await untranslated(page, locale), `${label}: English left on a ${locale} page`).toEqual([]);
  expect([...(await checkPage(page, `${label} (${locale})`)), ...(await phoneWidthProblems(page, `${label} (${locale})`))], `${label}: axe and phone widths`).toEqual([]);
}

describe("languages", () => {
  it("a visitor switches to Hausa on the home page, searches 'mama put', opens a business and reads it all in Hausa", async () => {
    const watched = await watchedPage(browser, { userAgent: PHONE, touch: true });
    const { page } = watched;
    try {
      await page.goto(url("/"));
      await waitForHydration(page);
      // On a 360-px phone a visitor's header is full (logo, Login, Get Started): the switch is the footer's.
      expect(await page.locator("header [data-language-switch]").isVisible()).toBe(false);
      await page.locator("footer").getByRole("link", { name: "Hausa", exact: true }).click();
      await page.waitForURL(url("/ha"));
      await expectInLanguage(watched, "ha", "home");

      const search = page.getByRole("searchbox").first();
      await search.fill("mama put");
      await search.press("Enter");
      await page.waitForURL((address) => address.pathname === "/ha/businesses" && address.searchParams.get("q") === "mama put");
      const cards = page.locator("article a[href^='/ha/businesses/']");
      expect(await cards.count(), "eateries found by 'mama put'").toBeGreaterThan(0);
      await expectInLanguage(watched, "ha", "results");

      const detail = (await cards.first().getAttribute("href"))!;
      await page.goto(url(detail));
      expect(new URL(page.url()).pathname).toMatch(/^\/ha\/businesses\/[0-9a-f-]{36}$/);
      await expectInLanguage(watched, "ha", "business page");
      // Every link to one of our pages stays in Hausa.
      const links = await page.locator("a[href^='/']:not([hreflang])").evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href") ?? ""));
      const english = links.filter((href) => !/^\/(ha(\/|$|\?)|go\/|media\/|api\/)/.test(href));
      expect(english, "links leaving Hausa").toEqual([]);
      expect(watched.errors).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it("the same in Pidgin on a phone with data saver on: no image until tapped, every text in Pidgin", async () => {
    const watched = await watchedPage(browser, { userAgent: PHONE, touch: true });
    const { page, context } = watched;
    await context.setExtraHTTPHeaders({ "Save-Data": "on" });
    const images: string[] = [];
    context.on("request", (request) => {
      if (/\/media\/business-images\//.test(new URL(request.url()).pathname)) images.push(request.url());
    });
    try {
      await page.goto(url("/pcm"));
      await expectInLanguage(watched, "pcm", "home, data saver");
      const search = page.getByRole("searchbox").first();
      await search.fill("chemist");
      await search.press("Enter");
      await page.waitForURL((address) => address.pathname === "/pcm/businesses");
      const cards = page.locator("article a[href^='/pcm/businesses/']");
      expect(await cards.count(), "pharmacies found by 'chemist'").toBeGreaterThan(0);
      await expectInLanguage(watched, "pcm", "results, data saver");
      await page.goto(url((await cards.first().getAttribute("href"))!));
      await expectInLanguage(watched, "pcm", "business page, data saver");
      expect(images, "listing images with data saver on").toEqual([]);
      expect(watched.errors).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it("every language's main pages fit a phone and pass axe: longer words, the same layout", async () => {
    const watched = await watchedPage(browser, { userAgent: PHONE, touch: true });
    const { page } = watched;
    const problems: string[] = [];
    try {
      for (const locale of ["pcm", "ha", "yo", "ig"]) {
        for (const path of ["", "/businesses?q=restaurant", "/categories", "/login", "/register", "/pricing", "/help"]) {
          const address = `/${locale}${path}`;
          const response = await page.goto(url(address));
          expect(response?.status(), address).toBe(200);
          problems.push(...(await checkPage(page, address)), ...(await phoneWidthProblems(page, address)));
        }
      }
      // Signed in, an owner's dashboard and the menu, in the language with the longest words (Yoruba's marks, Igbo's).
      await useDemoSession(page, "owner@example.com");
      for (const address of ["/yo/dashboard", "/ig/dashboard", "/yo/menu", "/ig/profile"]) {
        await page.goto(url(address));
        await waitForHydration(page);
        problems.push(...(await checkPage(page, address)), ...(await phoneWidthProblems(page, address)));
      }
      expect(problems).toEqual([]);
      expect(watched.errors).toEqual([]);
    } finally {
      await watched.close();
    }
  });

  it("offline, a page never read in Hausa shows the offline page in Hausa", async () => {
    const watched = await watchedPage(browser, { userAgent: PHONE, serviceWorkers: "allow" });
    const { page, context } = watched;
    try {
      await page.goto(url("/ha"));
      await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), null, { timeout: 30_000 });
      // A page read in Hausa while the worker is in control keeps Hausa's offline page.
      await page.goto(url("/ha/businesses"));
      await page.waitForFunction(async () => Boolean(await caches.match(new URL("/ha/offline", location.origin).href)), null, { timeout: 20_000, polling: 250 });
      await context.setOffline(true);
      await page.goto(url("/ha/categories"));
      expect(new URL(page.url()).pathname).toBe("/ha/offline");
      expect(await page.getAttribute("html", "lang")).toBe("ha");
      expect(await untranslated(page, "ha"), "the offline page in Hausa").toEqual([]);
      await context.setOffline(false);
    } finally {
      await watched.close();
    }
  });

  it("remembers a signed-in person's language: the app hydrates in it, and their next visit opens in it", async () => {
    const watched = await watchedPage(browser, { userAgent: PHONE });
    const { page } = watched;
    try {
      // A demo visitor no other journey signs in as: its remembered language cannot reach another journey.
      await useDemoSession(page, "abubakar.sadiq@example.com");
      await page.goto(url("/businesses"));
      await waitForHydration(page);
      // Signed in, the header has room for it (the bell instead of Login and Get Started).
      await page.locator("header [data-language-switch] summary").click();
      await page.locator("header").getByRole("button", { name: "Yorùbá", exact: true }).click();
      await page.waitForURL(url("/yo/businesses"));
      await waitForHydration(page);
      await expectInLanguage(watched, "yo", "results, signed in");
      // An English address now opens in Yoruba; English undoes it.
      await page.goto(url("/profile"));
      await page.waitForURL(url("/yo/profile"));
      await waitForHydration(page);
      expect(await untranslated(page, "yo"), "profile in Yoruba").toEqual([]);
      await page.locator("footer").getByRole("button", { name: "English", exact: true }).click();
      await page.waitForURL(url("/profile"));
      expect(await page.getAttribute("html", "lang")).toBe("en");
      expect(watched.errors, "hydration and console errors").toEqual([]);
    } finally {
      await watched.close();
    }
  });
});
